import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import type { Order, ReorderResponse } from "../../../contract/store.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { ApiError } from "../../lib/api.ts";
import { useReorder } from "./buyer-queries.ts";
import { merchandiseLines } from "./cart-logic.ts";
import { shortDate } from "../../lib/format.ts";
import { useCart, useEarliestDate, useProfile, type StoreIds } from "./queries.ts";

/**
 * "Order again" (issue 13): the order's lines into the cart for a date the buyer chooses. The lines
 * that date offers are added at its prices (through the cart save, so held or pending as usual); the
 * rest are listed by name with why.
 */
export function Reorder({ ids, order }: { ids: StoreIds; order: Order }) {
  const id = useId();
  const profile = useProfile(ids);
  const earliest = useEarliestDate(ids);
  const cartQ = useCart(ids);
  const reorder = useReorder(ids, order.orderNumber);
  const [result, setResult] = useState<ReorderResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);

  const dates = useMemo(() => {
    const open = profile.data?.openDates ?? [];
    if (ids.isRetailer) return earliest.data ? open.filter((d) => d >= earliest.data!) : open;
    return open.filter((d) => isShipDateOpen(d, profile.data?.shipTimes ?? [], new Date()));
  }, [profile.data, earliest.data, ids.isRetailer]);
  const cart = cartQ.data;
  const cartDate = (ids.isRetailer ? cart?.receivingDate : cart?.shipDate) ?? null;
  const cartBusy = !!cart && merchandiseLines(cart.items).length > 0;
  const [date, setDate] = useState("");
  const chosen = date || (cartBusy && cartDate && dates.includes(cartDate) ? cartDate : dates[0]) || "";

  // Arriving from the order list's "Order again" link: bring this section into view.
  useEffect(() => {
    if (window.location.hash === "#order-again") section.current?.scrollIntoView({ block: "start" });
  }, []);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!chosen) return;
    setError(null);
    setResult(null);
    reorder.mutate(chosen, {
      onSuccess: (answer) => setResult(answer),
      onError: (err) => setError(err instanceof ApiError && err.message ? err.message : "The order could not be added to your cart. Please try again."),
    });
  }

  // Not "Pickup date" / "Ship date": the order's own facts above use those words.
  const label = ids.isRetailer ? "Pick up on" : "Ship on";
  return (
    <section ref={section} id="order-again" aria-labelledby={`${id}-h`} className="mt-6 scroll-mt-24 rounded-xl border border-line bg-white p-4">
      <h2 id={`${id}-h`} className="text-xl">
        Order again
      </h2>
      <p className="mt-1 text-sm text-sage">
        Puts this order&apos;s {order.lineCount === 1 ? "line" : `${order.lineCount} lines`} in your cart for the date you choose, at that date&apos;s prices. Flowers the date does not offer are listed, not added.
      </p>
      {profile.isPending ? (
        <p className="mt-3 text-sm text-sage">Loading dates…</p>
      ) : dates.length === 0 ? (
        <p className="mt-3 text-sm">No dates are open for ordering just now.</p>
      ) : (
        <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-date`} className="field-label text-sm">
              {label}
            </label>
            <select id={`${id}-date`} className="field-input !w-auto" value={chosen} onChange={(e) => setDate(e.target.value)}>
              {dates.map((d) => (
                <option key={d} value={d}>
                  {shortDate(d)}
                  {cartBusy && d === cartDate ? " (your cart's date)" : ""}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={reorder.isPending}>
            {reorder.isPending ? "Adding…" : "Add to cart"}
          </button>
        </form>
      )}
      <div aria-live="polite">
        {error && (
          <p role="alert" className="mt-3 text-sm font-semibold text-[#b42318]">
            {error}
          </p>
        )}
        {result && (
          <div className="mt-3 text-sm" role="status">
            <p className="font-semibold">
              {result.added.length === 0
                ? `Nothing was added: none of these flowers can be ordered for ${shortDate(chosen)}.`
                : `Added ${result.added.length} ${result.added.length === 1 ? "line" : "lines"} to your cart for ${shortDate(chosen)}, at that date's prices.`}
            </p>
            {result.skipped.length > 0 && (
              <>
                <p className="mt-2">Not added:</p>
                <ul className="mt-1 list-disc space-y-0.5 pl-5">
                  {result.skipped.map((s) => (
                    <li key={s.productId}>
                      <strong>{s.description}</strong> ({s.quantity} {s.quantity === 1 ? "bunch" : "bunches"}): {s.reason}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {result.added.length > 0 && (
              <Link to="/store" className="btn btn-secondary mt-3">
                Go to the store
              </Link>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
