// Live availability (issue 14): an open store page follows its catalog's quantities over server-sent
// events (GET /api/Store/Catalog/Live/… and /api/MMStore/Live) and writes them into the products
// query's cached list in place: no refetch, and only the rows whose quantity changed get new objects,
// so only those rows render again. The stream closes when the page or the date changes. EventSource
// reconnects by itself with Last-Event-ID; the server then answers "nothing missed" or a snapshot.
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import type { LiveChange, LiveEnd, LiveSnapshot } from "../../contract/live.ts";

interface Row {
  productId: string;
  offerOrderNumber: number;
}

/** The list with `field` set from `available` for the catalog's own rows; the same list when nothing changed. */
export function withAvailable<T extends Row>(list: T[], available: Record<string, number>, orderId: number, field: keyof T & string): T[] {
  let changed = false;
  const next = list.map((p) => {
    const q = available[p.productId];
    if (q === undefined || p.offerOrderNumber !== orderId || p[field] === q) return p;
    changed = true;
    return { ...p, [field]: q };
  });
  return changed ? next : list;
}

/**
 * Follows `url` (null: nothing to follow) and keeps the cached list under `queryKey` up to date:
 * `field` of each row of catalog `orderId` (other rows, e.g. products only a later offer has, stay).
 */
export function useLiveAvailability<T extends Row>(url: string | null, queryKey: QueryKey, orderId: number | null, field: keyof T & string, alsoOnRefresh?: QueryKey) {
  const client = useQueryClient();
  const key = JSON.stringify(queryKey);
  const also = alsoOnRefresh ? JSON.stringify(alsoOnRefresh) : null;
  useEffect(() => {
    if (!url || orderId === null || typeof EventSource === "undefined") return;
    const queryKey = JSON.parse(key) as QueryKey;
    const apply = (available: Record<string, number>) =>
      client.setQueryData<T[]>(queryKey, (old) => (old ? withAvailable(old, available, orderId, field) : old));
    const read = <D,>(ev: Event) => JSON.parse((ev as MessageEvent<string>).data) as D;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let done = false;
    const open = () => {
      const s = (source = new EventSource(url, { withCredentials: true }));
      s.addEventListener("snapshot", (ev) => {
        failures = 0;
        apply(read<LiveSnapshot>(ev).available);
      });
      s.addEventListener("ready", () => (failures = 0));
      s.addEventListener("change", (ev) => {
        const change = read<LiveChange>(ev);
        apply(change.available);
        // Lines came or went (the grower changed the offer): the list itself is read again, once.
        // Prices, specials or combo specials moved too: `alsoOnRefresh` (the combos) is read again with it.
        if (change.refresh) {
          void client.invalidateQueries({ queryKey });
          if (also) void client.invalidateQueries({ queryKey: JSON.parse(also) as QueryKey });
        }
      });
      // The grower closed or opened a date: the dates offered (the profile) and everything shown for
      // them are read again (a rare event, so simply every active query).
      s.addEventListener("calendar", () => void client.invalidateQueries());
      // Signed out: nothing to reconnect for. A server shutting down is reconnected to another instance.
      s.addEventListener("end", (ev) => {
        if (read<LiveEnd>(ev).reason !== "signed-out") return;
        done = true;
        s.close();
      });
      // EventSource reconnects by itself after a dropped connection, but gives up for good on an answer
      // other than 200 (503 while the database is away, 429 past the cap): try again later, more slowly
      // each time, and read the list again meanwhile so its numbers are not left to age.
      s.addEventListener("error", () => {
        if (s.readyState !== EventSource.CLOSED || done) return;
        failures += 1;
        void client.invalidateQueries({ queryKey });
        retry = setTimeout(open, Math.min(60_000, 5_000 * 2 ** Math.min(failures - 1, 4)));
      });
    };
    open();
    return () => {
      done = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [client, url, key, orderId, field, also]);
}
