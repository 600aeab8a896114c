import { Link } from "react-router";
import type { PlaceOrderResponse } from "../../../contract/store.ts";
import { money, shortDate } from "../../lib/format.ts";

/** `pickupDate`: a retailer's pickup date, said instead of the wholesaler's ship date. */
export function Confirmation({ result, pickupDate }: { result: PlaceOrderResponse; pickupDate: string | null }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <div className="rounded-2xl border border-leaf/40 bg-white p-6 text-center shadow-sm sm:p-10" role="status">
        <p aria-hidden="true" className="mx-auto mb-3 grid h-14 w-14 place-items-center rounded-full bg-leaf-light text-2xl text-leaf">
          ✓
        </p>
        <h1 className="text-3xl">Order {result.orderNumber} is placed</h1>
        <p className="mt-3 text-sage">
          {pickupDate ? `Pickup ${shortDate(pickupDate)}` : `Shipping ${shortDate(result.shipDate)}`}
          {result.discount !== undefined && result.subtotal !== undefined && (
            <>
              {" "}
              · subtotal <span className="tabular">{money(result.subtotal)}</span> · voucher {result.voucherCode} saves{" "}
              <strong className="text-ink tabular">{money(result.discount)}</strong>
            </>
          )}{" "}
          · total <strong className="text-ink tabular">{money(result.total)}</strong>
        </p>
        {result.pendingLines > 0 && (
          <p className="mx-auto mt-3 max-w-prose rounded-lg bg-cream px-4 py-2 text-sm text-amber-text">
            {result.pendingLines} {result.pendingLines === 1 ? "line is" : "lines are"} pending: we confirm {result.pendingLines === 1 ? "it" : "them"} before shipping and let you
            know if anything changes.
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={`/Orders/${result.orderNumber}`} className="btn btn-primary">
            View order {result.orderNumber}
          </Link>
          <Link to="/store" className="btn btn-secondary">
            Start another order
          </Link>
        </div>
      </div>
    </section>
  );
}
