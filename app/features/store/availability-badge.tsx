import { memo } from "react";
import type { Product } from "../../../contract/store.ts";
import { availabilityState, isOrderable, type AvailabilityKind } from "../../../domain/availability.ts";
import { shortDate } from "./format.ts";

const TONE: Record<AvailabilityKind, string> = {
  preconfirmed: "bg-leaf-light text-leaf-dark",
  pending: "bg-cream text-amber-text",
  availabilityPending: "bg-mist text-sage",
  soldOutToday: "bg-petal-light text-[#8f2249]",
  notAvailable: "bg-mist text-sage",
};

const ICON: Record<AvailabilityKind, string> = {
  preconfirmed: "●",
  pending: "◐",
  availabilityPending: "○",
  soldOutToday: "✕",
  notAvailable: "–",
};

type AvailabilityFields = Pick<Product, "quantityRemaining" | "originalQuantityRemaining" | "showStore" | "nextAvailableDate" | "isFinalProduct">;

/** SPEC §4 product availability in words (and colour), with the next available date when known. */
export const AvailabilityBadge = memo(function AvailabilityBadge({ product }: { product: AvailabilityFields }) {
  const state = availabilityState(product);
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <span className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-sm font-medium whitespace-nowrap tabular ${TONE[state.kind]}`}>
        <span aria-hidden="true" className="text-[0.7em]">
          {ICON[state.kind]}
        </span>
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
