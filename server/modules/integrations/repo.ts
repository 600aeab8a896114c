// Storage of the integration API (issue 28): tokens, idempotent answers, and documents paged by
// their change number (migration 0023).
import { and, asc, desc, eq, getViewSelectedFields, gt, inArray, isNull, lt, lte, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  apiChanges,
  apiIdempotency,
  apiTokens,
  catalogsRead,
  creditNoteLinesRead,
  creditNotesRead,
  customersRead,
  invoiceLinesRead,
  invoicesRead,
  orderLinesRead,
  ordersRead,
  usersRead,
} from "../../../db/schema/index.ts";

export type TokenRow = typeof apiTokens.$inferSelect;

export async function insertToken(db: DbOrTx, values: typeof apiTokens.$inferInsert): Promise<TokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

export async function listTokens(db: DbOrTx) {
  return db
    .select({ t: apiTokens, firstName: usersRead.firstName, lastName: usersRead.lastName, email: usersRead.email })
    .from(apiTokens)
    .leftJoin(usersRead, eq(usersRead.id, apiTokens.createdBy))
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
    .select({ id: catalogsRead.id, kind: catalogsRead.kind, shipDateFrom: catalogsRead.shipDateFrom, shipDateTo: catalogsRead.shipDateTo })
    .from(catalogsRead)
    .where(and(lte(catalogsRead.shipDateFrom, to), gte(catalogsRead.shipDateTo, from)))
    .limit(5000);
}

export async function catalogsByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: catalogsRead.id, kind: catalogsRead.kind, shipDateFrom: catalogsRead.shipDateFrom, shipDateTo: catalogsRead.shipDateTo }).from(catalogsRead).where(inArray(catalogsRead.id, ids));
}

// ---- documents by change -----------------------------------------------------------------------

export async function ordersAfter(db: DbOrTx, since: number, limit: number) {
  const rows = await db
    .select({ seq: apiChanges.seq, changedAt: apiChanges.changedAt, o: getViewSelectedFields(ordersRead), customerName: customersRead.companyName })
    .from(apiChanges)
    .innerJoin(ordersRead, eq(ordersRead.id, apiChanges.refId))
    .innerJoin(customersRead, eq(customersRead.customerId, ordersRead.customerId))
    .where(and(eq(apiChanges.kind, "order"), gt(apiChanges.seq, since)))
    .orderBy(asc(apiChanges.seq))
    .limit(limit);
  const ids = rows.map((r) => r.o.id);
  const lines = ids.length
    ? await db.select().from(orderLinesRead).where(inArray(orderLinesRead.orderId, ids)).orderBy(asc(orderLinesRead.orderId), asc(orderLinesRead.position), asc(orderLinesRead.id))
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
          .select({ i: getViewSelectedFields(invoicesRead), orderNumber: ordersRead.orderNumber, customerName: customersRead.companyName })
          .from(invoicesRead)
          .innerJoin(ordersRead, eq(ordersRead.id, invoicesRead.orderId))
          .innerJoin(customersRead, eq(customersRead.customerId, invoicesRead.customerId))
          .where(inArray(invoicesRead.id, invoiceIds))
      : [],
    invoiceIds.length ? db.select().from(invoiceLinesRead).where(inArray(invoiceLinesRead.invoiceId, invoiceIds)).orderBy(asc(invoiceLinesRead.id)) : [],
    noteIds.length
      ? db
          .select({ n: getViewSelectedFields(creditNotesRead), invoiceNumber: invoicesRead.invoiceNumber, orderNumber: ordersRead.orderNumber, customerName: customersRead.companyName })
          .from(creditNotesRead)
          .innerJoin(invoicesRead, eq(invoicesRead.id, creditNotesRead.invoiceId))
          .innerJoin(ordersRead, eq(ordersRead.id, invoicesRead.orderId))
          .innerJoin(customersRead, eq(customersRead.customerId, creditNotesRead.customerId))
          .where(inArray(creditNotesRead.id, noteIds))
      : [],
    noteIds.length
      ? db
          .select({ l: getViewSelectedFields(creditNoteLinesRead), productId: invoiceLinesRead.productId })
          .from(creditNoteLinesRead)
          .innerJoin(invoiceLinesRead, eq(invoiceLinesRead.id, creditNoteLinesRead.invoiceLineId))
          .where(inArray(creditNoteLinesRead.creditNoteId, noteIds))
          .orderBy(asc(creditNoteLinesRead.id))
      : [],
  ]);
  return { changes, inv, invLines, notes, noteLines };
}
