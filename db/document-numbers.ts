// Gap-free document numbers (invoices, credit notes): see the document_counters table.
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "./client.ts";

/** The number before the first of each kind: invoices start at 500001, credit notes at 900001. */
export const DOCUMENT_NUMBER_BASE = { invoice: 500_000, credit_note: 900_000 } as const;
export type DocumentKind = keyof typeof DOCUMENT_NUMBER_BASE;

/**
 * Takes `count` consecutive numbers of one kind and returns the first. Must run inside the transaction
 * that writes the documents: the counter row stays locked until it commits (concurrent issuers queue),
 * and a rollback returns the numbers, so the series never has a gap — unlike a sequence, whose
 * nextval() is never rolled back.
 */
export async function takeDocumentNumbers(tx: DbOrTx, kind: DocumentKind, count = 1): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError("count must be a positive integer");
  const result = await tx.execute(sql`
    insert into document_counters (name, last_value) values (${kind}, ${DOCUMENT_NUMBER_BASE[kind] + count})
    on conflict (name) do update set last_value = document_counters.last_value + ${count}
    returning last_value`);
  const last = Number(rowsOf<{ last_value: number }>(result)[0]!.last_value);
  return last - count + 1;
}
