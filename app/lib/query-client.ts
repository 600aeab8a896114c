import { QueryClient } from "@tanstack/react-query";

/** Retries are the api client's job (SPEC §7 rules); the query layer never adds its own. */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
