// Every SQL statement of claims and their photos.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { claimPhotos, claims, creditNoteLinesRead, creditNotesRead, customersRead, invoiceLinesRead, invoicesRead, orderLinesRead, ordersRead, usersRead } from "../../../db/schema/index.ts";

export type ClaimRow = typeof claims.$inferSelect;
export type OrderRow = typeof ordersRead.$inferSelect;
export type LineRow = typeof orderLinesRead.$inferSelect;

export interface ClaimScope {
  customerId: string;
  retailerId?: number;
}

const scopeWhere = (s: ClaimScope): SQL => and(eq(ordersRead.customerId, s.customerId), eq(ordersRead.store, "wholesale"), s.retailerId !== undefined ? eq(ordersRead.retailerId, s.retailerId) : undefined)!;

export async function orderInScope(db: DbOrTx, scope: ClaimScope, orderNumber: number): Promise<OrderRow | null> {
  const [o] = await db.select().from(ordersRead).where(and(scopeWhere(scope), eq(ordersRead.orderNumber, orderNumber)));
  return o ?? null;
}

export async function linesOf(db: DbOrTx, orderId: number): Promise<LineRow[]> {
  return db.select().from(orderLinesRead).where(eq(orderLinesRead.orderId, orderId)).orderBy(asc(orderLinesRead.position), asc(orderLinesRead.id));
}

/** The line, locked: two claims on one line at once queue here, so they cannot both take the same units. */
export async function lockLine(db: DbOrTx, orderId: number, lineId: number): Promise<LineRow | null> {
  const [l] = await db.select().from(orderLinesRead).where(and(eq(orderLinesRead.orderId, orderId), eq(orderLinesRead.id, lineId))).for("update");
  return l ?? null;
}

/** Units asked by the claims already on each line. */
export async function claimedByLine(db: DbOrTx, lineIds: number[]): Promise<Map<number, number>> {
  if (!lineIds.length) return new Map();
  const rows = await db
    .select({ id: claims.orderLineId, q: sql<number>`sum(${claims.quantity})::int`.mapWith(Number) })
    .from(claims)
    .where(inArray(claims.orderLineId, lineIds))
    .groupBy(claims.orderLineId);
  return new Map(rows.map((r) => [r.id, r.q]));
}

export async function insertClaim(db: DbOrTx, values: typeof claims.$inferInsert, photos: Omit<typeof claimPhotos.$inferInsert, "claimId">[]): Promise<ClaimRow> {
  const [row] = await db.insert(claims).values(values).returning();
  if (photos.length) await db.insert(claimPhotos).values(photos.map((p) => ({ ...p, claimId: row!.id })));
  return row!;
}

const listColumns = {
  c: claims,
  orderNumber: ordersRead.orderNumber,
  shipDate: ordersRead.shipDate,
  companyName: customersRead.companyName,
  productId: orderLinesRead.productId,
  description: orderLinesRead.description,
  lineQuantity: orderLinesRead.quantity,
  creditNoteNumber: creditNotesRead.creditNoteNumber,
  credited: creditNotesRead.totalCents,
  invoiceNumber: invoicesRead.invoiceNumber,
};

function listQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(listColumns)
    .from(claims)
    .innerJoin(ordersRead, eq(ordersRead.id, claims.orderId))
    .innerJoin(orderLinesRead, eq(orderLinesRead.id, claims.orderLineId))
    .innerJoin(customersRead, eq(customersRead.customerId, claims.customerId))
    .leftJoin(creditNotesRead, eq(creditNotesRead.id, claims.creditNoteId))
    .leftJoin(invoicesRead, eq(invoicesRead.orderId, claims.orderId))
    .where(where);
}

export type ClaimListRow = Awaited<ReturnType<typeof listQuery>>[number];

export async function claimsOfScope(db: DbOrTx, scope: ClaimScope, limit: number): Promise<ClaimListRow[]> {
  return listQuery(db, scopeWhere(scope)).orderBy(desc(claims.createdAt), desc(claims.id)).limit(limit);
}

/** The desk's list: open claims by their answer deadline (soonest first), or answered ones newest first. */
export async function deskClaims(db: DbOrTx, status: "open" | "answered" | "all", limit: number): Promise<ClaimListRow[]> {
  const where = status === "open" ? eq(claims.status, "open") : status === "answered" ? ne(claims.status, "open") : undefined;
  const order = status === "open" ? [asc(claims.answerBy), asc(claims.id)] : [desc(claims.createdAt), desc(claims.id)];
  return listQuery(db, where).orderBy(...order).limit(limit);
}

export async function claimById(db: DbOrTx, claimId: number): Promise<ClaimListRow | null> {
  const [row] = await listQuery(db, eq(claims.id, claimId));
  return row ?? null;
}

export async function lockClaim(db: DbOrTx, claimId: number): Promise<ClaimRow | null> {
  const [row] = await db.select().from(claims).where(eq(claims.id, claimId)).for("update");
  return row ?? null;
}

export async function updateClaim(db: DbOrTx, claimId: number, set: Partial<typeof claims.$inferInsert>) {
  await db.update(claims).set(set).where(eq(claims.id, claimId));
}

export async function photoListOf(db: DbOrTx, claimIds: number[]) {
  if (!claimIds.length) return [];
  return db
    .select({ id: claimPhotos.id, claimId: claimPhotos.claimId, width: claimPhotos.width, height: claimPhotos.height })
    .from(claimPhotos)
    .where(inArray(claimPhotos.claimId, claimIds))
    .orderBy(asc(claimPhotos.claimId), asc(claimPhotos.position));
}

export async function photo(db: DbOrTx, claimId: number, photoId: number) {
  const [row] = await db
    .select({ bytes: claimPhotos.bytes, contentType: claimPhotos.contentType })
    .from(claimPhotos)
    .where(and(eq(claimPhotos.claimId, claimId), eq(claimPhotos.id, photoId)));
  return row ?? null;
}

export async function invoiceOfOrder(db: DbOrTx, orderId: number) {
  const [row] = await db.select().from(invoicesRead).where(eq(invoicesRead.orderId, orderId));
  return row ?? null;
}

/** An invoice's lines of one product with the units credited on each so far. */
export async function invoiceLinesOfProduct(db: DbOrTx, invoiceId: number, productId: string) {
  const credited = sql<number>`(select coalesce(sum(cl.quantity), 0)::int from ${creditNoteLinesRead} cl where cl.invoice_line_id = "invoice_lines_read"."id")`.mapWith(Number);
  return db
    .select({ id: invoiceLinesRead.id, description: invoiceLinesRead.description, quantity: invoiceLinesRead.quantity, lineTotalCents: invoiceLinesRead.lineTotalCents, credited })
    .from(invoiceLinesRead)
    .where(and(eq(invoiceLinesRead.invoiceId, invoiceId), eq(invoiceLinesRead.productId, productId)))
    .orderBy(asc(invoiceLinesRead.id));
}

export async function creditNoteIdOf(db: DbOrTx, creditNoteNumber: number): Promise<number> {
  const [row] = await db.select({ id: creditNotesRead.id }).from(creditNotesRead).where(eq(creditNotesRead.creditNoteNumber, creditNoteNumber));
  return row!.id;
}

export async function emailOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [u] = await db.select({ email: usersRead.email }).from(usersRead).where(eq(usersRead.id, userId));
  return u?.email || null;
}
