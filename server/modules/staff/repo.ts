import { and, type AnyColumn, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { likeContaining, likeLiteral, type DbOrTx } from "../../../db/client.ts";
import { auditLogRead, customersRead, retailerCustomersRead, retailersRead, userClaimsRead, userRolesRead, usersRead } from "../../../db/schema/index.ts";
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
    .selectDistinctOn([retailerCustomersRead.customerId, retailersRead.retailerId], {
      customerId: customersRead.customerId,
      companyName: customersRead.companyName,
      retailerId: retailersRead.retailerId,
      name: retailersRead.name,
      userEmail: usersRead.email,
    })
    .from(retailerCustomersRead)
    .innerJoin(retailersRead, eq(retailersRead.retailerId, retailerCustomersRead.retailerId))
    .innerJoin(customersRead, eq(customersRead.customerId, retailerCustomersRead.customerId))
    .innerJoin(userClaimsRead, and(sql`lower(${userClaimsRead.claim}) = 'retailerid'`, eq(userClaimsRead.value, sql`${retailersRead.retailerId}::text`)))
    .innerJoin(usersRead, and(eq(usersRead.id, userClaimsRead.userId), eq(usersRead.active, true)))
    .innerJoin(userRolesRead, and(eq(userRolesRead.userId, usersRead.id), eq(userRolesRead.role, "Retailer")))
    .where(and(inArray(retailerCustomersRead.customerId, customerIds), eq(retailersRead.active, true)))
    .orderBy(asc(retailerCustomersRead.customerId), asc(retailersRead.retailerId), asc(usersRead.createdAt), asc(usersRead.id));
  return rows.sort((x, y) => x.companyName.localeCompare(y.companyName) || x.name.localeCompare(y.name));
}

const actor = alias(usersRead, "actor");
const target = alias(usersRead, "target");

const fullName = (u: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string | null>`nullif(trim(coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, '')), '')`;
/** The customer an entry is about: named in its detail, on the row the acting trigger kept, or the cart's. */
const entryCustomer = sql`coalesce(${auditLogRead.detail}->>'customerId', ${auditLogRead.detail}->'row'->>'customer_id',
  (select c.customer_id from carts_read c where c.id = nullif(${auditLogRead.detail}->'row'->>'cart_id', '')::int))`;

export type AuditRow = Omit<AuditEntry, "summary" | "companyName"> & { customerId: string | null };

export async function auditPage(db: DbOrTx, q: AuditQuery, dayRange?: { from: Date; to: Date }): Promise<{ items: AuditRow[]; total: number }> {
  const where: SQL[] = [];
  if (q.actor) where.push(or(eq(auditLogRead.actorUserId, q.actor), ilike(actor.email, likeContaining(q.actor)), ilike(fullName(actor), likeContaining(q.actor)))!);
  if (q.customer) where.push(sql`upper(${entryCustomer}) = ${q.customer.toUpperCase()}`);
  if (q.order) where.push(sql`coalesce(${auditLogRead.detail}->>'orderNumber', ${auditLogRead.detail}->'row'->>'order_number') = ${q.order}`);
  if (dayRange) where.push(and(gte(auditLogRead.at, dayRange.from), lt(auditLogRead.at, dayRange.to))!);
  if (q.target) where.push(or(eq(auditLogRead.targetUserId, q.target), ilike(target.email, likeContaining(q.target)))!);
  if (q.action) where.push(sql`${auditLogRead.action} like ${likeLiteral(q.action) + "%"}`);
  if (q.from) where.push(gte(auditLogRead.at, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(auditLogRead.at, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000)));
  const condition = where.length ? and(...where) : undefined;
  const base = () =>
    db
      .select({
        id: auditLogRead.id,
        at: auditLogRead.at,
        action: auditLogRead.action,
        actorUserId: auditLogRead.actorUserId,
        actorEmail: actor.email,
        actorName: fullName(actor),
        targetUserId: auditLogRead.targetUserId,
        targetEmail: target.email,
        targetName: fullName(target),
        customerId: sql<string | null>`${entryCustomer}`,
        detail: auditLogRead.detail,
        ip: auditLogRead.ip,
      })
      .from(auditLogRead)
      .leftJoin(actor, eq(actor.id, auditLogRead.actorUserId))
      .leftJoin(target, eq(target.id, auditLogRead.targetUserId))
      .where(condition);
  const [rows, [total]] = await Promise.all([
    base()
      .orderBy(desc(auditLogRead.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(auditLogRead)
      .leftJoin(actor, eq(actor.id, auditLogRead.actorUserId))
      .leftJoin(target, eq(target.id, auditLogRead.targetUserId))
      .where(condition),
  ]);
  return {
    items: rows.map((r) => ({ ...r, at: r.at.toISOString(), detail: (r.detail as Record<string, unknown> | null) ?? null })),
    total: Number(total?.n ?? 0),
  };
}
