import { memo, type ReactNode } from "react";
import type { Product } from "../../../contract/store.ts";
import { availabilityState, isOrderable, type AvailabilityKind } from "../../../domain/availability.ts";
import { shortDate } from "../../lib/format.ts";

const TONE: Record<AvailabilityKind, string> = {
  preconfirmed: "bg-leaf-light text-leaf-dark",
  pending: "bg-cream text-amber-text",
  availabilityPending: "bg-mist text-sage",
  soldOutToday: "bg-petal-light text-[#8f2249]",
  notAvailable: "bg-mist text-sage",
};

/**
 * The state's mark, drawn rather than typed: the geometric glyphs (● ◐ ○ ✕) are in none of the page's
 * web fonts, and looking up a system font for them is a pause of its own the first time a list shows.
 */
const ICON: Record<AvailabilityKind, ReactNode> = {
  preconfirmed: <circle cx="5" cy="5" r="4" fill="currentColor" />,
  pending: (
    <>
      <circle cx="5" cy="5" r="3.4" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <path d="M5 1.6a3.4 3.4 0 0 0 0 6.8z" fill="currentColor" />
    </>
  ),
  availabilityPending: <circle cx="5" cy="5" r="3.4" fill="none" stroke="currentColor" strokeWidth="1.2" />,
  soldOutToday: <path d="M2 2l6 6M8 2l-6 6" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />,
  notAvailable: <path d="M2 5h6" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />,
};

type AvailabilityFields = Pick<Product, "quantityRemaining" | "originalQuantityRemaining" | "showStore" | "nextAvailableDate" | "isFinalProduct">;

/** SPEC §4 product availability in words (and colour), with the next available date when known. */
export const AvailabilityBadge = memo(function AvailabilityBadge({ product }: { product: AvailabilityFields }) {
  const state = availabilityState(product);
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-sm font-medium whitespace-nowrap tabular ${TONE[state.kind]}`}>
        <svg aria-hidden="true" viewBox="0 0 10 10" className="h-[0.6em] w-[0.6em] shrink-0">
          {ICON[state.kind]}
        </svg>
        <span>{state.kind === "preconfirmed" ? `${product.quantityRemaining.toLocaleString("en-US")} available` : state.label}</span>
      </span>
      {(state.kind === "pending" || (state.kind === "availabilityPending" && !product.isFinalProduct)) && (
        <span className="text-xs text-sage">Ordered as a request</span>
      )}
      {state.nextAvailableDate && <span className="text-xs text-sage">Next available {shortDate(state.nextAvailableDate)}</span>}
    </span>
  );
});

/** Whether an offer line can be put in the cart at all (domain isOrderable: final products are capped at what remains). */
export function canOrder(product: AvailabilityFields): boolean {
  return isOrderable(product);
}
