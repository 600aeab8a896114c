// The order confirmation mail (docs/domain-orders.md "Mail"), written to the outbox in the order's
// transaction: it exists exactly when the order does.
import { formatMoney } from "../../../domain/money.ts";

export interface ConfirmationInput {
  brandName: string;
  publicUrl: string;
  firstName: string;
  orderNumber: number;
  shipDate: string;
  receivingDate: string | null;
  lines: { description: string; quantity: number; quantityPending: number; lineTotalCents: number }[];
  subtotalCents: number;
  discountCents: number;
  voucherCode: string | null;
  totalCents: number;
}

export function orderConfirmationMail(o: ConfirmationInput): { subject: string; text: string } {
  const lines = o.lines.map(
    (l) => `  ${l.quantity} x ${l.description}: ${formatMoney(l.lineTotalCents)}${l.quantityPending > 0 ? ` (${l.quantityPending} pending)` : ""}`,
  );
  const pending = o.lines.filter((l) => l.quantityPending > 0).length;
  const text = [
    `Dear ${o.firstName || "customer"},`,
    "",
    `thank you for your order ${o.orderNumber}, shipping ${o.shipDate}${o.receivingDate ? ` for pickup ${o.receivingDate}` : ""}.`,
    "",
    ...lines,
    "",
    `Subtotal: ${formatMoney(o.subtotalCents)}`,
    ...(o.discountCents > 0 ? [`Voucher ${o.voucherCode}: -${formatMoney(o.discountCents)}`] : []),
    `Total: ${formatMoney(o.totalCents)}`,
    ...(pending > 0 ? ["", `${pending} ${pending === 1 ? "line is" : "lines are"} pending: we confirm ${pending === 1 ? "it" : "them"} before shipping.`] : []),
    "",
    `See the order at ${o.publicUrl}/Orders/${o.orderNumber}`,
    "",
    o.brandName,
  ].join("\n");
  return { subject: `Order ${o.orderNumber} received`, text };
}
