import { QueryClient } from "@tanstack/react-query";
import { PAYLOAD_CACHE_MS } from "./ui-constants.ts";

/**
 * Retries are the api client's job (SPEC §7 rules); the query layer never adds its own. A payload no
 * screen uses any more is kept for SPEC §9's payload cache lifetime (an hour), so going back to a
 * screen shows what it had at once while it refreshes.
 */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, gcTime: PAYLOAD_CACHE_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
