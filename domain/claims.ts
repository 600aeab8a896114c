// The claim window (docs/claims.md): a buyer may claim on an order from its ship date until the
// window (CLAIM_WINDOW_HOURS, 48 by default) has passed after the end of the ship date, New York time.
// Ship Thu Nov 26, 48 h: claims are taken until Sat Nov 28 ends; afterwards they are refused with
// "Claims for this order closed on Sat, Nov 28."
import { DateTime } from "luxon";
import { CUTOFF_TIMEZONE } from "./constants.ts";

export interface ClaimWindowState {
  /** The instant claims stop being taken. */
  closesAt: Date;
  /** The last calendar day (YYYY-MM-DD, New York) claims are taken. */
  lastDay: string;
  open: boolean;
}

export function claimWindow(shipDate: string, windowMs: number, now: Date): ClaimWindowState {
  const endOfShipDay = DateTime.fromISO(shipDate, { zone: CUTOFF_TIMEZONE }).plus({ days: 1 }).startOf("day");
  const closesAt = new Date(endOfShipDay.toMillis() + windowMs);
  const lastDay = DateTime.fromMillis(closesAt.getTime() - 1, { zone: CUTOFF_TIMEZONE }).toISODate()!;
  return { closesAt, lastDay, open: now.getTime() < closesAt.getTime() };
}

/** "Sat, Nov 28" */
export function claimDay(isoDate: string): string {
  return DateTime.fromISO(isoDate, { zone: CUTOFF_TIMEZONE }).setLocale("en-US").toFormat("ccc, LLL d");
}

export const claimClosedMessage = (lastDay: string) => `Claims for this order closed on ${claimDay(lastDay)}.`;

/**
 * The order lines' units a claim of `quantity` takes on an invoice's lines of the same product (a line
 * sold partly by the pail is invoiced as two lines): loose bunches first, then the rest, never more
 * than is left uncredited on each. Null when the invoice's lines cannot carry that many units.
 */
export function allocateCredit(lines: readonly { id: number; quantity: number; credited: number }[], quantity: number): { invoiceLineId: number; quantity: number }[] | null {
  const out: { invoiceLineId: number; quantity: number }[] = [];
  let left = quantity;
  for (const l of [...lines].reverse()) {
    if (left <= 0) break;
    const take = Math.min(left, l.quantity - l.credited);
    if (take > 0) {
      out.push({ invoiceLineId: l.id, quantity: take });
      left -= take;
    }
  }
  return left > 0 ? null : out;
}
