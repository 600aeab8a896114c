// What every step of the demo seed shares: the transaction, the seeded random numbers (drawn in one
// fixed order, so each step runs in the order seed() calls it), the clock and the row counts.
import type { DbOrTx } from "../../client.ts";
import { addDays, specWeekday } from "../../factories/index.ts";
import type { Random } from "../random.ts";

export interface SeedContext {
  tx: DbOrTx;
  random: Random;
  now: Date;
  /** New York date of `now`. */
  today: string;
  taxRateBp: number;
  /** Rows written per kind, reported by the seed. */
  counts: Record<string, number>;
}

const CHUNK = 1_000;

export function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

// Weekdays as the spec numbers them (Sunday=1 .. Saturday=7).
export const MON = 2;
export const TUE = 3;
export const WED = 4;
export const THU = 5;
export const FRI = 6;
export const SAT = 7;

/** Monday of the week holding `iso`. */
export function mondayOf(iso: string): string {
  return addDays(iso, -((specWeekday(iso) + 5) % 7));
}
