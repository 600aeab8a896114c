// Reorder (docs/domain-mm.md "Reorder"): a past order's bouquets, with their shelf labels and boxed
// choice, into the cart at today's prices and availability; what could not be added is said.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import type { MmReorderResponse } from "../../../contract/mm.ts";
import { InlineAlert } from "../../components/ui/alert.tsx";
import { errorMessage } from "../../lib/api.ts";
import { plural, shortDate } from "../../lib/format.ts";
import { mmKeys, type StoreIds } from "./queries.ts";
import { reorderMm } from "./programs-queries.ts";

export type ReorderOutcome = { orderNumber: number; result: MmReorderResponse } | { orderNumber: number; error: string };

/** Reorder as a mutation: the cart's query takes the saved cart. */
export function useReorder(ids: StoreIds, onDone: (outcome: ReorderOutcome) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderNumber: number) => reorderMm(ids, orderNumber),
    onSuccess: (result, orderNumber) => {
      client.setQueryData(mmKeys.cart(ids), result.cart);
      onDone({ orderNumber, result });
    },
    onError: (err, orderNumber) => onDone({ orderNumber, error: errorMessage(err, "The order could not be added to your cart. Please try again.") }),
  });
}

export function ReorderButton({ orderNumber, onReorder, pending, className = "btn btn-secondary" }: { orderNumber: number; onReorder: (n: number) => void; pending: boolean; className?: string }) {
  return (
    <button type="button" className={className} disabled={pending} onClick={() => onReorder(orderNumber)} aria-label={`Order again: order ${orderNumber}`}>
      {pending ? "Adding…" : "Order again"}
    </button>
  );
}

/** What a reorder did: added to the cart for its date, and each bouquet not added in full. */
export function ReorderResult({ outcome }: { outcome: ReorderOutcome | null }) {
  return (
    <div role="status" aria-live="polite">
      {outcome &&
        ("error" in outcome ? (
          <InlineAlert alert={{ type: "error", title: `Order ${outcome.orderNumber} not added`, message: outcome.error }} />
        ) : (
          <div className="rounded-2xl border border-line bg-white p-4" data-testid="reorder-result">
            <p className="font-semibold">
              {(() => {
                const added = outcome.result.cart.items.filter((i) => i.id !== 0).length;
                return `Order ${outcome.orderNumber} is in your cart for ${shortDate(outcome.result.cart.shipDate)}: ${plural(added, "bouquet line", "bouquet lines")}, at today's prices.`;
              })()}
            </p>
            {outcome.result.notAdded.length > 0 && (
              <>
                <p className="mt-2">Not added in full:</p>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {outcome.result.notAdded.map((n) => (
                    <li key={n.productId}>
                      {n.description}: {n.added} of {n.asked} added. {n.message}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              <Link to="/MM/Store/checkout" className="btn btn-primary">
                Review and check out
              </Link>
              <Link to="/MM/Store" className="btn btn-secondary">
                Open the store
              </Link>
            </div>
          </div>
        ))}
    </div>
  );
}
