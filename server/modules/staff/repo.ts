import { and, type AnyColumn, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { likeContaining, likeLiteral, type DbOrTx } from "../../../db/client.ts";
import { auditLog, customers, retailerCustomers, retailers, userClaims, userRoles, users } from "../../../db/schema/index.ts";
import type { AuditEntry, AuditQuery } from "../../../contract/staff.ts";

/**
 * Stores who is acting for whom in a transaction-local setting (`bloom.acting`), which the audit
 * triggers of migration 0008 read. Runs in the transaction it is given.
 */
export async function setActingContext(tx: DbOrTx, ctx: unknown) {
  await tx.execute(sql`select set_config('bloom.acting', ${JSON.stringify(ctx)}, true)`);
}

/** Active retailers buying through these customers that have an active Retailer user to act as. */
export async function actableRetailers(db: DbOrTx, customerIds: string[]) {
  if (!customerIds.length) return [];
  const rows = await db
    .selectDistinctOn([retailerCustomers.customerId, retailers.retailerId], {
      customerId: customers.customerId,
      companyName: customers.companyName,
      retailerId: retailers.retailerId,
      name: retailers.name,
      userEmail: users.email,
    })
    .from(retailerCustomers)
    .innerJoin(retailers, eq(retailers.retailerId, retailerCustomers.retailerId))
    .innerJoin(customers, eq(customers.customerId, retailerCustomers.customerId))
    .innerJoin(userClaims, and(sql`lower(${userClaims.claim}) = 'retailerid'`, eq(userClaims.value, sql`${retailers.retailerId}::text`)))
    .innerJoin(users, and(eq(users.id, userClaims.userId), eq(users.active, true)))
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "Retailer")))
    .where(and(inArray(retailerCustomers.customerId, customerIds), eq(retailers.active, true)))
    .orderBy(asc(retailerCustomers.customerId), asc(retailers.retailerId), asc(users.createdAt), asc(users.id));
  return rows.sort((x, y) => x.companyName.localeCompare(y.companyName) || x.name.localeCompare(y.name));
}

const actor = alias(users, "actor");
const target = alias(users, "target");

const fullName = (u: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string | null>`nullif(trim(coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, '')), '')`;
/** The customer an entry is about: named in its detail, on the row the acting trigger kept, or the cart's. */
const entryCustomer = sql`coalesce(${auditLog.detail}->>'customerId', ${auditLog.detail}->'row'->>'customer_id',
  (select c.customer_id from carts c where c.id = nullif(${auditLog.detail}->'row'->>'cart_id', '')::int))`;

export type AuditRow = Omit<AuditEntry, "summary" | "companyName"> & { customerId: string | null };

export async function auditPage(db: DbOrTx, q: AuditQuery, dayRange?: { from: Date; to: Date }): Promise<{ items: AuditRow[]; total: number }> {
  const where: SQL[] = [];
  if (q.actor) where.push(or(eq(auditLog.actorUserId, q.actor), ilike(actor.email, likeContaining(q.actor)), ilike(fullName(actor), likeContaining(q.actor)))!);
  if (q.customer) where.push(sql`upper(${entryCustomer}) = ${q.customer.toUpperCase()}`);
  if (q.order) where.push(sql`coalesce(${auditLog.detail}->>'orderNumber', ${auditLog.detail}->'row'->>'order_number') = ${q.order}`);
  if (dayRange) where.push(and(gte(auditLog.at, dayRange.from), lt(auditLog.at, dayRange.to))!);
  if (q.target) where.push(or(eq(auditLog.targetUserId, q.target), ilike(target.email, likeContaining(q.target)))!);
  if (q.action) where.push(sql`${auditLog.action} like ${likeLiteral(q.action) + "%"}`);
  if (q.from) where.push(gte(auditLog.at, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(auditLog.at, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000)));
  const condition = where.length ? and(...where) : undefined;
  const base = () =>
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        actorUserId: auditLog.actorUserId,
        actorEmail: actor.email,
        actorName: fullName(actor),
        targetUserId: auditLog.targetUserId,
        targetEmail: target.email,
        targetName: fullName(target),
        customerId: sql<string | null>`${entryCustomer}`,
        detail: auditLog.detail,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
      .leftJoin(target, eq(target.id, auditLog.targetUserId))
      .where(condition);
  const [rows, [total]] = await Promise.all([
    base()
      .orderBy(desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
      .leftJoin(target, eq(target.id, auditLog.targetUserId))
      .where(condition),
  ]);
  return {
    items: rows.map((r) => ({ ...r, at: r.at.toISOString(), detail: (r.detail as Record<string, unknown> | null) ?? null })),
    total: Number(total?.n ?? 0),
  };
}
