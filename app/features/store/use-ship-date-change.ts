// SPEC §4 "Changing the ship date (wholesale)" for the store page, and the dates it offers. Split out
// of store-page.tsx.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { Cart, Product, Profile } from "../../../contract/store.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { useAlert } from "../../components/ui/alert.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { dateChangeQuestion, linesForDateChange, merchandiseLines, partitionForDate, type CartPatch } from "./cart-logic.ts";
import { CART_CHANGED_DURING_DATE_CHECK } from "./messages.ts";
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
  updateCart: (patch: CartPatch | ((latest: Cart) => CartPatch | null), holdsChanged?: boolean) => Promise<SaveOutcome | null>;
  setAnnouncement: (text: string) => void;
}) {
  const client = useQueryClient();
  const showAlert = useAlert();
  const toast = useToast();
  const [busyDate, setBusyDate] = useState<string | null>(null);
  // The date chosen once its save is on its way (asked and answered, if there was a question): the
  // page lists that date from then on, not after the save's answer (issue 30).
  const [savingDate, setSavingDate] = useState<string | null>(null);
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
      // The lines are worked out when the date's save has its turn, from the cart as it is then: a line
      // added or changed while the products were read or the question was open is kept or, when the
      // check did not cover it, the date is not saved (linesForDateChange).
      let products: Product[] | null = null;
      let cleared: string[] | null = null;
      const empty = merchandiseLines(cart.items).length === 0;
      // Nothing in the cart to check against the new date: its offer is read while the date is
      // saved, not after, so the list is there when the cart says the new date (issue 30).
      if (empty) prefetchProductsFor(client, ids, nextShip);
      if (!empty) {
        products = await loadProductsFor(client, ids, nextShip);
        const { changed } = partitionForDate(cart.items, products);
        const question = dateChangeQuestion(changed, shortDate(date));
        if (question) {
          // One question: No leaves the cart and its date as they were (nothing is saved, so the
          // date picker still shows the cart's date); Yes clears the lines asked about and saves the new date.
          const yes = await showAlert({ type: "question", ...question });
          if (!yes) {
            setAnnouncement(selectedDate ? `Date not changed. Your cart stays on ${shortDate(selectedDate)}.` : "Date not changed.");
            return;
          }
          cleared = merchandiseLines(cart.items).map((i) => i.productId);
        }
        // Otherwise every line keeps its offer: the server reprices the same lines for the new date.
      }
      setSavingDate(date);
      let items: CartPatch["items"];
      let unchecked = false;
      // Without lines the save holds and releases nothing: no second read of thousands of products.
      const outcome = await updateCart(
        (latest) => {
          // An empty cart was checked as empty: lines in it now were not checked against the new date.
          items = products ? (linesForDateChange(latest.items, products, cleared) ?? undefined) : undefined;
          unchecked = products ? items === undefined : merchandiseLines(latest.items).length > 0;
          return unchecked ? null : { shipDate: nextShip, receivingDate: nextReceiving, items };
        },
        !empty,
      );
      if (unchecked) {
        setDateError(CART_CHANGED_DURING_DATE_CHECK);
        return;
      }
      if (outcome?.ok) {
        const repriced = cleared ? 0 : (items?.length ?? 0);
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
      setSavingDate(null);
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

  return { selectedDate, busyDate, savingDate, dateError, chooseDate, intendDate, dateOptions };
}
