// The head of one order on the order desk: number, status, store, invoice, and its facts (customer,
// ship date and cut-off, buyer, total, PO number, delivery notes).
import { Link } from "react-router";
import type { DeskOrder } from "../../../contract/order-desk.ts";
import { money, shortDate } from "../../lib/format.ts";
import { OrderStatusBadge } from "../store/order-parts.tsx";
import { card } from "../../components/ui/classes.ts";
import { cutoffLabel, StoreBadge } from "./order-desk-parts.tsx";

export function OrderFacts({ o }: { o: DeskOrder }) {
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl">Order {o.orderNumber}</h1>
        <OrderStatusBadge status={o.status} />
        <StoreBadge store={o.store} />
        {o.packed && o.status === "confirmed" && <span className="text-sm text-sage">Packed</span>}
        {o.invoiceNumber && (
          <Link className="underline" to={`/Invoices/details?number=${o.invoiceNumber}`}>
            Invoice {o.invoiceNumber}
          </Link>
        )}
      </div>
      <dl className={`${card} mb-5 grid grid-cols-1 gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4`}>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Customer</dt>
          <dd>
            {o.companyName} ({o.customerId})
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Ship date</dt>
          <dd>
            {shortDate(o.shipDate)}
            {o.cutoff && <span className="block text-sm text-sage">Cut-off {cutoffLabel(o.cutoff)}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Buyer</dt>
          <dd className="break-words">{o.userEmail}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-sage uppercase">Total</dt>
          <dd className="text-lg font-semibold tabular">
            {money(o.total)}
            {o.voucherCode && (
              <span className="block text-sm font-normal text-sage">
                Voucher {o.voucherCode}: −{money(o.discount)}
              </span>
            )}
          </dd>
        </div>
        {o.poNumber && (
          <div>
            <dt className="text-xs font-semibold text-sage uppercase">PO number</dt>
            <dd className="break-all">{o.poNumber}</dd>
          </div>
        )}
        {o.deliveryNotes && (
          <div className="sm:col-span-2 lg:col-span-4">
            <dt className="text-xs font-semibold text-sage uppercase">Delivery notes</dt>
            <dd className="break-words whitespace-pre-line">{o.deliveryNotes}</dd>
          </div>
        )}
      </dl>
    </>
  );
}
