// Every SQL statement of invoices, credit notes and statements.
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { takeDocumentNumbers } from "../../../db/document-numbers.ts";
import { creditNoteLines, creditNotes, customersRead, invoiceLines, invoices, ordersRead, usersRead } from "../../../db/schema/index.ts";
import type { InvoiceLineDraft } from "../../../domain/invoicing.ts";

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

export { takeDocumentNumbers };

export interface InvoiceFilter {
  /** Only these customers (a wholesaler's own); undefined = every customer (staff). */
  customerIds?: string[];
  customerId?: string;
  from?: string;
  to?: string;
  status: "all" | "paid" | "unpaid";
  number?: string;
}

const credited = sql<number>`(select coalesce(sum(cn.total_cents), 0)::int from ${creditNotes} cn where cn.invoice_id = "invoices"."id")`.mapWith(Number);

function where(f: InvoiceFilter): SQL | undefined {
  return and(
    f.customerIds ? inArray(invoices.customerId, f.customerIds.length ? f.customerIds : [""]) : undefined,
    f.customerId ? eq(invoices.customerId, f.customerId) : undefined,
    f.from ? gte(invoices.invoiceDate, f.from) : undefined,
    f.to ? lte(invoices.invoiceDate, f.to) : undefined,
    f.status === "paid" ? eq(invoices.paid, true) : f.status === "unpaid" ? eq(invoices.paid, false) : undefined,
    f.number ? numberPrefix(f.number) : undefined,
  );
}

/**
 * Invoice numbers starting with the given digits, as ranges the unique index on invoice_number
 * answers (12 -> 12, 120..129, 1200..1299, …) instead of a scan of every number as text.
 */
function numberPrefix(digits: string): SQL {
  const p = Number(digits);
  const ranges: SQL[] = [];
  for (let scale = 1, d = digits.length; d <= 10; scale *= 10, d++) {
    const lo = p * scale;
    const hi = (p + 1) * scale - 1;
    if (lo > 2_147_483_647) break;
    ranges.push(sql`${invoices.invoiceNumber} between ${lo} and ${Math.min(hi, 2_147_483_647)}`);
  }
  return ranges.length ? sql`(${sql.join(ranges, sql` or `)})` : sql`false`;
}

const listColumns = { i: invoices, companyName: customersRead.companyName, orderNumber: ordersRead.orderNumber, shipDate: ordersRead.shipDate, poNumber: ordersRead.poNumber, deliveryNotes: ordersRead.deliveryNotes, orderUserId: ordersRead.userId, credited };

/**
 * One page, newest first. The page's ids are found first (the date index read backwards, skipping
 * `offset` rows without joining or summing anything for them); only those rows are then joined.
 */
export async function listInvoices(db: DbOrTx, f: InvoiceFilter, limit: number, offset: number) {
  const page = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(where(f))
    .orderBy(desc(invoices.invoiceDate), desc(invoices.invoiceNumber))
    .limit(limit)
    .offset(offset);
  return db
    .select(listColumns)
    .from(invoices)
    .innerJoin(customersRead, eq(customersRead.customerId, invoices.customerId))
    .innerJoin(ordersRead, eq(ordersRead.id, invoices.orderId))
    .where(inArray(invoices.id, page))
    .orderBy(desc(invoices.invoiceDate), desc(invoices.invoiceNumber));
}

export async function countInvoices(db: DbOrTx, f: InvoiceFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(invoices).where(where(f));
  return row?.n ?? 0;
}

export async function findInvoice(db: DbOrTx, invoiceNumber: number, lock = false) {
  const q = db
    .select(listColumns)
    .from(invoices)
    .innerJoin(customersRead, eq(customersRead.customerId, invoices.customerId))
    .innerJoin(ordersRead, eq(ordersRead.id, invoices.orderId))
    .where(eq(invoices.invoiceNumber, invoiceNumber));
  const [row] = lock ? await q.for("update", { of: invoices }) : await q;
  return row;
}

export async function invoiceLinesOf(db: DbOrTx, invoiceId: number): Promise<InvoiceLineRow[]> {
  return db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.id));
}

/** Units credited so far per invoice line. */
export async function creditedQuantities(db: DbOrTx, invoiceId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: creditNoteLines.invoiceLineId, q: sql<number>`sum(${creditNoteLines.quantity})::int`.mapWith(Number) })
    .from(creditNoteLines)
    .innerJoin(creditNotes, eq(creditNotes.id, creditNoteLines.creditNoteId))
    .where(eq(creditNotes.invoiceId, invoiceId))
    .groupBy(creditNoteLines.invoiceLineId);
  return new Map(rows.map((r) => [r.id, r.q]));
}

export async function creditNotesOf(db: DbOrTx, invoiceId: number) {
  const notes = await db.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId)).orderBy(asc(creditNotes.creditNoteNumber));
  const lines = notes.length
    ? await db.select().from(creditNoteLines).where(inArray(creditNoteLines.creditNoteId, notes.map((n) => n.id))).orderBy(asc(creditNoteLines.id))
    : [];
  return notes.map((n) => ({ ...n, lines: lines.filter((l) => l.creditNoteId === n.id) }));
}

export async function insertInvoice(
  tx: DbOrTx,
  values: Omit<typeof invoices.$inferInsert, "id" | "invoiceNumber">,
  lines: InvoiceLineDraft[],
): Promise<InvoiceRow> {
  const invoiceNumber = await takeDocumentNumbers(tx, "invoice");
  const [inv] = await tx.insert(invoices).values({ ...values, invoiceNumber }).returning();
  if (lines.length) await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId: inv!.id })));
  return inv!;
}

export async function setPaid(db: DbOrTx, id: number, paid: boolean) {
  await db
    .update(invoices)
    .set({ paid, paidAt: paid ? new Date() : null })
    .where(eq(invoices.id, id));
}

export async function insertCreditNote(
  tx: DbOrTx,
  values: Omit<typeof creditNotes.$inferInsert, "id" | "creditNoteNumber">,
  lines: Omit<typeof creditNoteLines.$inferInsert, "id" | "creditNoteId">[],
) {
  const creditNoteNumber = await takeDocumentNumbers(tx, "credit_note");
  const [note] = await tx.insert(creditNotes).values({ ...values, creditNoteNumber }).returning();
  await tx.insert(creditNoteLines).values(lines.map((l) => ({ ...l, creditNoteId: note!.id })));
  return note!;
}

export async function customerOf(db: DbOrTx, customerId: string) {
  const [c] = await db.select().from(customersRead).where(eq(customersRead.customerId, customerId));
  return c;
}

/** Where an invoice goes: the customer's e-mail, else the e-mail of the user who placed the order. */
export async function invoiceRecipient(db: DbOrTx, customerId: string, userId: string): Promise<string | null> {
  const c = await customerOf(db, customerId);
  if (c?.email) return c.email;
  const [u] = await db.select({ email: usersRead.email }).from(usersRead).where(eq(usersRead.id, userId));
  return u?.email ?? null;
}

/** A customer's unpaid invoices issued on or before a date, with what was credited on each. */
export async function openInvoices(db: DbOrTx, customerId: string, asOf: string) {
  return db
    .select({ i: invoices, credited })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), eq(invoices.paid, false), lte(invoices.invoiceDate, asOf)))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.invoiceNumber));
}
