// Blitz vouchers at checkout (docs/domain-orders.md "Vouchers"): which code may be used now, and what
// it takes off an order. Integer cents throughout.

import { formatMoney } from "./money.ts";

export const VOUCHER_INVALID_MESSAGE = "This voucher code is not valid.";
export const VOUCHER_EXPIRED_MESSAGE = "This voucher has expired.";
export const VOUCHER_USED_MESSAGE = "This voucher has already been used.";
export const voucherNotYetMessage = (isoDate: string) => `This voucher can be used from ${isoDate}.`;

export interface VoucherTerms {
  percentOff: number;
  amountOffCents: number;
  startsAt: Date;
  expiresAt: Date;
  /** null: no limit. */
  usesPerCustomer: number | null;
  /** Set on a voucher closed by hand (or by the old one-shot rule): no further use. */
  redeemedAt: Date | null;
}

/** Why the voucher cannot be used now by a customer that used it `usesSoFar` times; null when it can. */
export function voucherProblem(v: VoucherTerms, now: Date, usesSoFar: number): string | null {
  if (now.getTime() < v.startsAt.getTime()) return voucherNotYetMessage(v.startsAt.toISOString().slice(0, 10));
  if (now.getTime() >= v.expiresAt.getTime()) return VOUCHER_EXPIRED_MESSAGE;
  if (v.redeemedAt) return VOUCHER_USED_MESSAGE;
  if (v.usesPerCustomer !== null && usesSoFar >= v.usesPerCustomer) return VOUCHER_USED_MESSAGE;
  return null;
}

/**
 * The saving on a subtotal: percent off (rounded half up to the cent) plus the fixed amount, never more
 * than the subtotal, never negative.
 */
export function voucherDiscountCents(subtotalCents: number, v: Pick<VoucherTerms, "percentOff" | "amountOffCents">): number {
  if (!Number.isInteger(subtotalCents) || !Number.isInteger(v.amountOffCents) || !Number.isInteger(v.percentOff)) {
    throw new RangeError("amounts must be integer cents and the percentage an integer");
  }
  if (subtotalCents <= 0) return 0;
  const percent = Math.floor((subtotalCents * Math.min(Math.max(v.percentOff, 0), 100) + 50) / 100);
  return Math.min(subtotalCents, percent + Math.max(v.amountOffCents, 0));
}

/** What the checkout says before the order is placed: "Voucher BLITZ-7 saves $12.50". */
export function voucherSavingText(code: string, subtotalCents: number, v: Pick<VoucherTerms, "percentOff" | "amountOffCents">): string {
  return `Voucher ${code} saves ${formatMoney(voucherDiscountCents(subtotalCents, v))}`;
}

/** Codes are compared without case and surrounding spaces: "blitz-7 " is BLITZ-7. */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * The invoice line showing an order's voucher saving: one unit at minus the saving, never more than
 * the invoiced merchandise (an invoice of fewer confirmed bunches than ordered cannot go below zero).
 */
export function voucherInvoiceLine(
  merchandise: readonly { lineTotalCents: number }[],
  discountCents: number,
  code: string | null,
): { productId: string; description: string; pails: number; quantity: number; unitPriceCents: number; lineTotalCents: number } | null {
  const merchandiseCents = merchandise.reduce((s, l) => s + l.lineTotalCents, 0);
  const saving = Math.min(discountCents, Math.max(merchandiseCents, 0));
  if (saving <= 0) return null;
  return { productId: "VOUCHER", description: `Blitz voucher ${code ?? ""}`.trim(), pails: 0, quantity: 1, unitPriceCents: -saving, lineTotalCents: -saving };
}
