// SPEC §4 "Changing the ship date (wholesale)" for the store page, and the dates it offers. Split out
// of store-page.tsx.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { Cart, Profile } from "../../../contract/store.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { useAlert } from "../../components/ui/alert.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { dateChangeQuestion, merchandiseLines, partitionForDate, type CartPatch } from "./cart-logic.ts";
import { shortDate } from "../../lib/format.ts";
import { fetchRetailerShipDate, loadProductsFor, prefetchCatalogs, prefetchProductsFor, type SaveOutcome, type StoreIds } from "./queries.ts";

export function useShipDateChange({
  ids,
  cart,
  profile,
  earliest,
  now,
  updateCart,
  setAnnouncement,
}: {
  ids: StoreIds;
  cart: Cart | undefined;
  profile: Profile | undefined;
  earliest: string | null | undefined;
  now: number;
  updateCart: (patch: CartPatch, holdsChanged?: boolean) => Promise<SaveOutcome | null>;
  setAnnouncement: (text: string) => void;
}) {
  const client = useQueryClient();
  const showAlert = useAlert();
  const toast = useToast();
  const [busyDate, setBusyDate] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const selectedDate = (ids.isRetailer ? cart?.receivingDate : cart?.shipDate) ?? null;

  /** SPEC §4 "Changing the ship date (wholesale)". */
  async function chooseDate(date: string) {
    if (!cart || busyDate || date === selectedDate) return;
    setBusyDate(date);
    setDateError(null);
    try {
      let nextShip = date;
      let nextReceiving: string | null = null;
      if (ids.isRetailer) {
        const mapped = await fetchRetailerShipDate(ids, date);
        if (!mapped) {
          setDateError(`We could not find a ship date for a pickup on ${shortDate(date)}. Please choose another pickup date.`);
          return;
        }
        nextShip = mapped;
        nextReceiving = date;
      }
      let items: CartPatch["items"];
      let cleared = false;
      let repriced = 0;
      const empty = merchandiseLines(cart.items).length === 0;
      // Nothing in the cart to check against the new date: its offer is read while the date is
      // saved, not after, so the list is there when the cart says the new date (issue 30).
      if (empty) prefetchProductsFor(client, ids, nextShip);
      if (!empty) {
        const nextProducts = await loadProductsFor(client, ids, nextShip);
        const { kept, changed } = partitionForDate(cart.items, nextProducts);
        const question = dateChangeQuestion(changed, shortDate(date));
        if (question) {
          // One question: No leaves the cart and its date as they were (nothing is saved, so the
          // date picker still shows the cart's date); Yes clears the cart and saves the new date.
          const yes = await showAlert({ type: "question", ...question });
          if (!yes) {
            setAnnouncement(selectedDate ? `Date not changed. Your cart stays on ${shortDate(selectedDate)}.` : "Date not changed.");
            return;
          }
          items = [];
          cleared = true;
        } else {
          // Every line keeps its offer: the server reprices the same lines for the new date.
          items = kept.map((i) => ({ productId: i.productId, quantity: i.quantity }));
          repriced = kept.length;
        }
      }
      // Without lines the save holds and releases nothing: no second read of thousands of products.
      const outcome = await updateCart({ shipDate: nextShip, receivingDate: nextReceiving, items }, items !== undefined);
      if (outcome?.ok) {
        const set = ids.isRetailer ? `Pickup date set to ${shortDate(date)}, shipping ${shortDate(nextShip)}.` : `Ship date set to ${shortDate(date)}.`;
        const after = cleared
          ? " The cart was cleared."
          : repriced > 0
            ? ` ${repriced} ${repriced === 1 ? "line" : "lines"} priced for the new date.`
            : "";
        setAnnouncement(`${set}${after}`);
        if (after) toast(after.trim(), { type: "success", title: "Date changed" });
      }
    } finally {
      setBusyDate(null);
    }
  }

  const dateOptions = useMemo(() => {
    const open = profile?.openDates ?? [];
    if (ids.isRetailer) return earliest ? open.filter((d) => d >= earliest) : open;
    const at = new Date(now);
    return open.filter((d) => isShipDateOpen(d, profile?.shipTimes ?? [], at));
  }, [profile, ids.isRetailer, earliest, now]);

  // The dates' catalogs (a short answer each), read one after another as soon as the dates are known:
  // choosing a date then asks for its products at the click, not after its catalog's answer (issue 30).
  // Ship dates only: a pickup date's ship date is looked up when it is chosen.
  // Once per list of dates (the list is worked out again every minute, most often the same): a
  // catalog read before and gone stale still names its products' request (loadProductsFor).
  const isRetailer = ids.isRetailer;
  const datesKey = dateOptions.join(",");
  useEffect(() => {
    if (isRetailer || datesKey === "") return;
    const stop = new AbortController();
    const t = setTimeout(() => void prefetchCatalogs(client, ids, datesKey.split(","), stop.signal), 0);
    return () => {
      stop.abort();
      clearTimeout(t);
    };
  }, [client, ids, isRetailer, datesKey]);

  // A date the buyer's pointer or focus rests on: its offer is read ahead of the click (a buyer's
  // pointer rests on a date some 100–300 ms before choosing it). Ship dates only, as above.
  const busy = busyDate !== null;
  const intendDate = useCallback(
    (date: string) => {
      if (isRetailer || busy || date === selectedDate) return;
      prefetchProductsFor(client, ids, date);
    },
    [client, ids, isRetailer, busy, selectedDate],
  );

  return { selectedDate, busyDate, dateError, chooseDate, intendDate, dateOptions };
}
