import { useCallback, useMemo } from "react";
import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { z } from "zod";
import { api, ApiError, type Query } from "./api.ts";

/** What one save ended in: the saved cart, or the error and whether a 409 carried the current cart. */
export type CartSaveOutcome<C> = { ok: true; cart: C } | { ok: false; conflict: boolean; error: ApiError };

export interface CartSaveTarget<C> {
  /** The query the cart lives under; a save answer or a 409's current cart replaces it. */
  key: QueryKey;
  path: string;
  query?: Query;
  /** The contract's cart schema: the answer and a 409's body are parsed with it, never cast. */
  schema: z.ZodType<C>;
}

/**
 * The one browser save path of both stores' carts. Saves run one after another, each built from the
 * cart as the last save left it, so quick successive changes never send a stale version; one asked
 * for while none is in flight is sent at once, before the caller returns. The
 * server's cart is the truth afterwards: a 409 carries the current cart, which replaces ours when it
 * parses as a cart. `build` returning null sends nothing.
 */
export function cartSaver<C, B>(client: QueryClient, target: CartSaveTarget<C>) {
  let chain: Promise<unknown> = Promise.resolve();
  // Saves asked for and not yet answered.
  let inFlight = 0;
  return (build: (cart: C) => B | null): Promise<CartSaveOutcome<C> | null> => {
    const run = async (): Promise<CartSaveOutcome<C> | null> => {
      const current = client.getQueryData<C>(target.key);
      if (current === undefined) return null;
      const body = build(current);
      if (body === null) return null;
      try {
        const saved = await api.post(target.path, body, target.query, undefined, target.schema);
        client.setQueryData(target.key, saved);
        return { ok: true, cart: saved };
      } catch (err) {
        const error = err instanceof ApiError ? err : new ApiError(0, String(err));
        const fresh = error.status === 409 ? target.schema.safeParse(error.data) : null;
        if (fresh?.success) client.setQueryData(target.key, fresh.data);
        return { ok: false, conflict: !!fresh?.success, error };
      }
    };
    // With no save before it, it is built and sent at once, in the caller's own task (a date's click):
    // not after what runs at that task's end (React's render of the click, issue 30).
    const next = inFlight === 0 ? run() : chain.then(run, run);
    inFlight++;
    const done = () => void inFlight--;
    void next.then(done, done);
    chain = next.catch(() => undefined);
    return next;
  };
}

/** `cartSaver` for a screen: one chain per cart (key and path), kept across renders. */
export function useSerialCartSaver<C, B>(target: CartSaveTarget<C> | null) {
  const client = useQueryClient();
  const identity = target ? JSON.stringify([target.key, target.path, target.query]) : null;
  // The target object is rebuilt by each render; its key, path and query say whether it changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const save = useMemo(() => (target ? cartSaver<C, B>(client, target) : null), [client, identity]);
  return useCallback(
    (build: (cart: C) => B | null): Promise<CartSaveOutcome<C> | null> => (save ? save(build) : Promise.resolve(null)),
    [save],
  );
}
