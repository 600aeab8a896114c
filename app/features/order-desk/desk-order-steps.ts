// The steps an order can take next on the order desk (confirm, pack, ship and invoice, invoice, cancel),
// each with the question its dialog asks: what it will do, who is mailed.
import type { DeskOrder } from "../../../contract/order-desk.ts";
import { money, shortDate } from "../../lib/format.ts";
import type { Ask } from "./order-desk-parts.tsx";

export interface DeskStepButton {
  action: DeskOrder["actions"][number];
  label: string;
  primary?: boolean;
  go: () => void;
}

export function orderSteps(o: DeskOrder, ask: Ask): DeskStepButton[] {
  const mail = `An e-mail goes to ${o.mailTo}.`;
  return [
    {
      action: "confirm",
      label: "Confirm order",
      primary: true,
      go: () =>
        ask(
          { kind: "confirm" },
          {
            title: `Confirm order ${o.orderNumber}?`,
            consequences: [`The order of ${o.companyName} for ${shortDate(o.shipDate)} is confirmed.`, mail],
            confirmLabel: "Confirm order",
          },
        ),
    },
    {
      action: "pack",
      label: "Mark packed",
      primary: true,
      go: () =>
        ask(
          { kind: "pack" },
          {
            title: `Mark order ${o.orderNumber} packed?`,
            consequences: ["Its lines can no longer be changed and it can no longer be cancelled.", mail],
            confirmLabel: "Mark packed",
          },
        ),
    },
    {
      action: "ship",
      label: "Ship and invoice",
      primary: true,
      go: () =>
        ask(
          { kind: "ship" },
          {
            title: `Ship order ${o.orderNumber}?`,
            consequences: [
              `An invoice for ${money(o.total)} plus tax is issued with the next invoice number; it is never edited afterwards (a credit note corrects it).`,
              `The invoice PDF is e-mailed to ${o.mailTo}, with a shipping notice.`,
              ...(o.shipsEarly ? [`It ships on ${shortDate(o.shipDate)}: shipping before then needs a reason, which is kept in the audit log.`] : []),
            ],
            confirmLabel: "Ship and invoice",
            reason: o.shipsEarly ? { label: "Why does it ship early?", required: true } : undefined,
          },
        ),
    },
    {
      action: "invoice",
      label: "Issue invoice",
      primary: true,
      go: () =>
        ask(
          { kind: "invoice" },
          {
            title: `Invoice order ${o.orderNumber}?`,
            consequences: [`An invoice for ${money(o.total)} plus tax is issued with the next invoice number.`, `The invoice PDF is e-mailed to ${o.mailTo}.`],
            confirmLabel: "Issue invoice",
          },
        ),
    },
    {
      action: "cancel",
      label: "Cancel order",
      go: () =>
        ask(
          { kind: "cancel" },
          {
            title: `Cancel order ${o.orderNumber}?`,
            consequences: [
              `Every confirmed ${o.store === "mm" ? "bouquet" : "bunch"} goes back to stock (${o.lines.filter((l) => !l.fee).length} lines).`,
              ...(o.voucherCode ? [`The blitz voucher ${o.voucherCode} goes back to the buyer.`] : []),
              `${o.mailTo} gets an e-mail that the order is cancelled (with your reason, if you give one).`,
            ],
            confirmLabel: "Cancel the order",
            danger: true,
            reason: { label: "Reason for the customer", required: false },
          },
        ),
    },
  ];
}
