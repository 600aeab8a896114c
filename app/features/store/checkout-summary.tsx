import type { Cart, CartItem } from "../../../contract/store.ts";
import { InlineAlert } from "../../components/ui/alert.tsx";
import { count } from "../../lib/format.ts";
import { BoxedSwitch } from "./checkout-boxed.tsx";
import { OrderFieldInputs, type OrderFields } from "./checkout-order-fields.tsx";
import { CheckoutTotal, VoucherField, type VoucherEntry } from "./checkout-voucher.tsx";

interface SummaryProps {
  cart: Cart;
  lines: CartItem[];
  isRetailer: boolean;
  dateText: string;
  counts: { lines: number; bunches: number };
  boxed: boolean;
  alwaysBoxed: boolean;
  onToggleBoxed: (next: boolean) => void;
  fields: OrderFields;
  voucher: VoucherEntry;
  placing: boolean;
  busy: boolean;
  error: string | null;
  onPlace: () => void;
}

/** The checkout's side panel: the order's facts, boxing, its own fields, the voucher, the total and "Place order". */
export function CheckoutSummary(p: SummaryProps) {
  const { cart, lines, placing } = p;
  const pendingCount = lines.filter((l) => l.quantityPending > 0 || l.quantityConfirmed === 0 || l.ysnPending).length;
  return (
    <aside aria-label="Order summary" className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4 lg:sticky lg:top-20">
      <h2 className="text-xl">Order summary</h2>
      <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
        <dt className="text-sage">{p.isRetailer ? "Pickup date" : "Ship date"}</dt>
        <dd className="text-right font-semibold">{p.dateText}</dd>
        <dt className="text-sage">Lines</dt>
        <dd className="text-right tabular">{count(p.counts.lines)}</dd>
        <dt className="text-sage">Bunches</dt>
        <dd className="text-right tabular">{count(p.counts.bunches)}</dd>
        <dt className="text-sage">Pending lines</dt>
        <dd className="text-right tabular">{count(pendingCount)}</dd>
      </dl>
      <BoxedSwitch boxed={p.boxed} alwaysBoxed={p.alwaysBoxed} disabled={placing} lines={lines} onToggle={p.onToggleBoxed} />
      <OrderFieldInputs fields={p.fields} readOnly={placing} />
      <VoucherField voucher={p.voucher} readOnly={placing} />
      <CheckoutTotal voucher={p.voucher} subtotal={cart.subtotal} />
      {p.error && <InlineAlert alert={{ type: "error", title: "Order not placed", message: p.error }} />}
      <button id="place-order" type="button" className="btn btn-primary w-full" onClick={p.onPlace} disabled={placing || p.busy || !cart.shipDate}>
        {placing ? "Placing the order…" : p.error ? "Try again" : "Place order"}
      </button>
      <p className="text-xs text-sage">Placing the order confirms the held stock. You can see it any time under Orders.</p>
    </aside>
  );
}
