// Promotions on the supply desk (issue 25 item 4; docs/domain-supply.md "Promotions"): the pure rules
// of combo specials and blitz vouchers as staff make them. Checkout's own rules stay in voucher.ts.
import { addDays, isoDateAt, newYorkInstant } from "./dates.ts";

/** A combo takes at most this many percent off (above it is a typing error, not a promotion). */
export const COMBO_MAX_PERCENT = 90;
export const COMBO_MAX_PRODUCTS = 20;
/** A voucher takes at most this many dollars off an order. */
export const VOUCHER_MAX_AMOUNT = 5_000;
export const VOUCHER_MAX_USES = 1_000;

export type ComboStatus = "running" | "coming" | "ended";

/** Running on `today` (both days included), coming later, or ended. */
export function comboStatus(c: { startsOn: string; endsOn: string }, today: string): ComboStatus {
  if (c.endsOn < today) return "ended";
  return c.startsOn > today ? "coming" : "running";
}

/** A voucher valid until a day (New York) lapses at the start of the next day. */
export function voucherExpiresAt(validUntil: string): Date {
  return newYorkInstant(addDays(validUntil, 1), 0);
}

/** The day a voucher may last be used (New York): the day before the instant it lapses. */
export function voucherValidUntil(expiresAt: Date): string {
  return isoDateAt(new Date(expiresAt.getTime() - 1));
}

/** The first instant of a day in New York. */
export const voucherStartsAt = (startsOn: string): Date => newYorkInstant(startsOn, 0);

export type VoucherStatus = "running" | "coming" | "expired" | "withdrawn" | "used up";

/** The voucher as staff read it now (uses: orders that used it; per customer for a one-customer voucher). */
export function voucherStatus(
  v: { startsAt: Date; expiresAt: Date; redeemedAt: Date | null; usesPerCustomer: number | null; customerId: string | null },
  uses: number,
  now: Date,
): VoucherStatus {
  if (v.redeemedAt) return "withdrawn";
  if (now.getTime() >= v.expiresAt.getTime()) return "expired";
  if (v.customerId && v.usesPerCustomer !== null && uses >= v.usesPerCustomer) return "used up";
  return now.getTime() < v.startsAt.getTime() ? "coming" : "running";
}

const CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A code nobody could guess from another (BLITZ- and six letters or digits, no 0/O or 1/I). */
export function newVoucherCode(random: (n: number) => Uint8Array): string {
  return `BLITZ-${[...random(6)].map((b) => CODE_LETTERS[b % CODE_LETTERS.length]).join("")}`;
}

/** A price less a percent, to the cent (half up). */
export function lessPercent(cents: number, percent: number): number {
  return Math.round((cents * (100 - percent)) / 100);
}
