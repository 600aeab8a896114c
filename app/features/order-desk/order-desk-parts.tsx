// The order desk's shared pieces: the page frame, status and step words, cut-off times, the store badge,
// and what a bulk confirm or decline will do (for its dialog).
import { type ReactNode } from "react";
import type { DeskOrderSummary, DeskStep } from "../../../contract/order-desk.ts";
import { CUTOFF_TIMEZONE } from "../../../domain/constants.ts";
import { type ConfirmRequest } from "../../components/ui/confirm-dialog.tsx";
import { type DeskChange } from "./queries.ts";

export function Page({ children }: { children: ReactNode }) {
  return <section className="mx-auto max-w-6xl px-3 py-6 sm:px-4 md:px-6">{children}</section>;
}

export const STATUSES = ["submitted", "confirmed", "shipped", "invoiced", "cancelled"] as const;

export const STEP_LABEL: Record<DeskStep, string> = {
  decide: "Decide pending",
  confirm: "To confirm",
  pack: "To pack",
  ship: "To ship",
};

export const STEP_COUNT: Record<DeskStep, (n: number) => string> = {
  decide: (n) => `${n} with pending lines`,
  confirm: (n) => `${n} to confirm`,
  pack: (n) => `${n} to pack`,
  ship: (n) => `${n} to ship`,
};

const cutoffTime = new Intl.DateTimeFormat("en-US", {
  timeZone: CUTOFF_TIMEZONE,
  hour: "numeric",
  minute: "2-digit",
});

export const cutoffLabel = (iso: string | null) => (iso ? cutoffTime.format(new Date(iso)) : "—");

export const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function StoreBadge({ store }: { store: DeskOrderSummary["store"] }) {
  return store === "mm" ? <span className="ml-1 inline-block rounded-full bg-[#efe6f7] px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-[#4b2a66]">Mass market</span> : null;
}

/** What confirming or declining these orders will do, for the dialog. */
export function bulkConsequences(action: "confirm" | "decline", chosen: DeskOrderSummary[]): string[] {
  const pending = chosen.reduce((s, o) => s + o.pendingQuantity, 0);
  const withPending = chosen.filter((o) => o.pendingQuantity > 0).length;
  const customers = new Set(chosen.map((o) => o.customerId)).size;
  if (action === "confirm") {
    return [
      pending > 0
        ? `${count(pending, "pending bunch", "pending bunches")} on ${count(withPending, "order", "orders")} will be confirmed, taking that stock; if any is not free, nothing is changed.`
        : "No order has pending bunches.",
      `${count(chosen.filter((o) => o.status === "submitted").length, "submitted order", "submitted orders")} will be confirmed: ${chosen.map((o) => o.orderNumber).join(", ")}.`,
      `${count(customers, "customer gets", "customers get")} an e-mail for each change.`,
    ];
  }
  return [
    `${count(pending, "pending bunch", "pending bunches")} on ${count(withPending, "order", "orders")} will be declined and removed from the orders; an order left without lines is cancelled.`,
    `${count(customers, "customer gets", "customers get")} an e-mail saying what we cannot supply.`,
    "Declined bunches cannot be brought back from here: the buyer would have to order them again.",
  ];
}

export type Ask = (c: DeskChange, request: Omit<ConfirmRequest, "onConfirm">) => void;
