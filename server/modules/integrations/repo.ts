// Storage of the integration API (issue 28): tokens, idempotent answers, and documents paged by
// their change number (migration 0023).
import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  apiChanges,
  apiIdempotency,
  apiTokens,
  catalogs,
  creditNoteLines,
  creditNotes,
  customers,
  invoiceLines,
  invoices,
  orderLines,
  orders,
  users,
} from "../../../db/schema/index.ts";

export type TokenRow = typeof apiTokens.$inferSelect;

export async function insertToken(db: DbOrTx, values: typeof apiTokens.$inferInsert): Promise<TokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

export async function listTokens(db: DbOrTx) {
  return db
    .select({ t: apiTokens, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.createdBy))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(500);
}

export async function tokenById(db: DbOrTx, id: number): Promise<TokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(eq(apiTokens.id, id));
  return row;
}

/** A live (not revoked) token by the hash of its secret. */
export async function liveTokenByHash(db: DbOrTx, hash: string): Promise<TokenRow | undefined> {
  const [row] = await db.select().from(apiTokens).where(and(eq(apiTokens.tokenHash, hash), isNull(apiTokens.revokedAt)));
  return row;
}

export async function revokeToken(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.update(apiTokens).set({ revokedAt: new Date() }).where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt))).returning({ id: apiTokens.id });
  return rows.length > 0;
}

/** Last use, written at most once a minute per token (it spares a write per request). */
export async function touchToken(db: DbOrTx, id: number): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date() })
    .where(and(eq(apiTokens.id, id), sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < now() - interval '1 minute')`));
}

// ---- idempotency -------------------------------------------------------------------------------

/**
 * Claims a key for this request in the caller's transaction. A concurrent request with the same key
 * waits here for the first one's commit (the primary key's lock), then finds its answer. Returns the
 * stored answer when the key was used before (and has not expired), else null (claimed).
 */
export async function claimKey(tx: DbOrTx, tokenId: number, key: string, requestHash: string, expiresAt: Date) {
  await tx.delete(apiIdempotency).where(and(eq(apiIdempotency.tokenId, tokenId), eq(apiIdempotency.key, key), lte(apiIdempotency.expiresAt, new Date())));
  const inserted = await tx
    .insert(apiIdempotency)
    .values({ tokenId, key, requestHash, status: 0, response: {}, expiresAt })
    .onConflictDoNothing()
    .returning({ key: apiIdempotency.key });
  if (inserted.length) return null;
  const [row] = await tx.select().from(apiIdempotency).where(and(eq(apiIdempotency.tokenId, tokenId), eq(apiIdempotency.key, key)));
  return row ?? null;
}

export async function storeAnswer(tx: DbOrTx, tokenId: number, key: string, status: number, response: unknown) {
  await tx.update(apiIdempotency).set({ status, response }).where(and(eq(apiIdempotency.tokenId, tokenId), eq(apiIdempotency.key, key)));
}

export async function storedAnswer(db: DbOrTx, tokenId: number, key: string) {
  const [row] = await db
    .select()
    .from(apiIdempotency)
    .where(and(eq(apiIdempotency.tokenId, tokenId), eq(apiIdempotency.key, key), gt(apiIdempotency.expiresAt, new Date())));
  return row;
}

export async function insertAnswer(db: DbOrTx, tokenId: number, key: string, requestHash: string, response: unknown, expiresAt: Date) {
  await db
    .insert(apiIdempotency)
    .values({ tokenId, key, requestHash, status: 200, response, expiresAt })
    .onConflictDoUpdate({ target: [apiIdempotency.tokenId, apiIdempotency.key], set: { requestHash, status: 200, response, createdAt: new Date(), expiresAt } });
}

export async function deleteExpiredKeys(db: DbOrTx) {
  await db.delete(apiIdempotency).where(lt(apiIdempotency.expiresAt, new Date()));
}

// ---- catalogs for availability lines -----------------------------------------------------------

/** Catalogs covering any of these ship dates (both kinds: a line naming an MM one is refused). */
export async function catalogsCovering(db: DbOrTx, from: string, to: string) {
  return db
    .select({ id: catalogs.id, kind: catalogs.kind, shipDateFrom: catalogs.shipDateFrom, shipDateTo: catalogs.shipDateTo })
    .from(catalogs)
    .where(and(lte(catalogs.shipDateFrom, to), gte(catalogs.shipDateTo, from)))
    .limit(5000);
}

export async function catalogsByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: catalogs.id, kind: catalogs.kind, shipDateFrom: catalogs.shipDateFrom, shipDateTo: catalogs.shipDateTo }).from(catalogs).where(inArray(catalogs.id, ids));
}

// ---- documents by change -----------------------------------------------------------------------

export async function ordersAfter(db: DbOrTx, since: number, limit: number) {
  const rows = await db
    .select({ seq: apiChanges.seq, changedAt: apiChanges.changedAt, o: orders, customerName: customers.companyName })
    .from(apiChanges)
    .innerJoin(orders, eq(orders.id, apiChanges.refId))
    .innerJoin(customers, eq(customers.customerId, orders.customerId))
    .where(and(eq(apiChanges.kind, "order"), gt(apiChanges.seq, since)))
    .orderBy(asc(apiChanges.seq))
    .limit(limit);
  const ids = rows.map((r) => r.o.id);
  const lines = ids.length
    ? await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.orderId), asc(orderLines.position), asc(orderLines.id))
    : [];
  return { rows, lines };
}

export async function invoicesAfter(db: DbOrTx, since: number, limit: number) {
  const changes = await db
    .select({ kind: apiChanges.kind, refId: apiChanges.refId, seq: apiChanges.seq, changedAt: apiChanges.changedAt })
    .from(apiChanges)
    .where(and(inArray(apiChanges.kind, ["invoice", "credit_note"]), gt(apiChanges.seq, since)))
    .orderBy(asc(apiChanges.seq))
    .limit(limit);
  const invoiceIds = changes.filter((c) => c.kind === "invoice").map((c) => c.refId);
  const noteIds = changes.filter((c) => c.kind === "credit_note").map((c) => c.refId);
  const [inv, invLines, notes, noteLines] = await Promise.all([
    invoiceIds.length
      ? db
          .select({ i: invoices, orderNumber: orders.orderNumber, customerName: customers.companyName })
          .from(invoices)
          .innerJoin(orders, eq(orders.id, invoices.orderId))
          .innerJoin(customers, eq(customers.customerId, invoices.customerId))
          .where(inArray(invoices.id, invoiceIds))
      : [],
    invoiceIds.length ? db.select().from(invoiceLines).where(inArray(invoiceLines.invoiceId, invoiceIds)).orderBy(asc(invoiceLines.id)) : [],
    noteIds.length
      ? db
          .select({ n: creditNotes, invoiceNumber: invoices.invoiceNumber, orderNumber: orders.orderNumber, customerName: customers.companyName })
          .from(creditNotes)
          .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
          .innerJoin(orders, eq(orders.id, invoices.orderId))
          .innerJoin(customers, eq(customers.customerId, creditNotes.customerId))
          .where(inArray(creditNotes.id, noteIds))
      : [],
    noteIds.length
      ? db
          .select({ l: creditNoteLines, productId: invoiceLines.productId })
          .from(creditNoteLines)
          .innerJoin(invoiceLines, eq(invoiceLines.id, creditNoteLines.invoiceLineId))
          .where(inArray(creditNoteLines.creditNoteId, noteIds))
          .orderBy(asc(creditNoteLines.id))
      : [],
  ]);
  return { changes, inv, invLines, notes, noteLines };
}
