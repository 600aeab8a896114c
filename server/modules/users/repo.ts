// All SQL of the users module: summaries, who a caller may manage (as a query condition), updates.
import { and, asc, eq, inArray, notExists, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { customers, userClaims, userCustomers, userRoles, users } from "../../../db/schema/index.ts";
import { STAFF_ROLES, type Role } from "../../../domain/access.ts";

export type UserRow = typeof users.$inferSelect;

/** Which users a query covers, in the service's terms; the repo turns it into a condition. */
export type UserScope =
  | { all: true }
  | { id: string }
  /** The user itself and every user who holds no staff role. */
  | { selfAndNonStaff: string }
  | { ids: string[] };

function where(db: DbOrTx, scope: UserScope): SQL | undefined {
  if ("all" in scope) return undefined;
  if ("id" in scope) return eq(users.id, scope.id);
  if ("ids" in scope) return inArray(users.id, scope.ids);
  const staffRole = db
    .select({ one: sql`1` })
    .from(userRoles)
    .where(and(eq(userRoles.userId, users.id), inArray(userRoles.role, [...STAFF_ROLES])));
  return or(eq(users.id, scope.selfAndNonStaff), notExists(staffRole));
}

/** The scope as a condition on `users`, for another module's own query. */
export const scopeCondition = (db: DbOrTx, scope: UserScope) => where(db, scope);

export async function usersIn(db: DbOrTx, scope: UserScope) {
  const rows = await db.select().from(users).where(where(db, scope)).orderBy(asc(users.lastName), asc(users.firstName));
  if (!rows.length) return [];
  const userIds = rows.map((r) => r.id);
  const roles = await db.select().from(userRoles).where(inArray(userRoles.userId, userIds));
  const links = await db.select().from(userCustomers).where(inArray(userCustomers.userId, userIds));
  return rows.map((u) => ({
    u,
    roles: roles.filter((r) => r.userId === u.id).map((r) => r.role),
    customerIds: links.filter((l) => l.userId === u.id).map((l) => l.customerId),
  }));
}

export async function isInScope(db: DbOrTx, userId: string, scope: UserScope): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), where(db, scope)));
  return !!row;
}

export async function userActive(db: DbOrTx, userId: string): Promise<boolean | null> {
  const [row] = await db.select({ active: users.active }).from(users).where(eq(users.id, userId));
  return row ? row.active : null;
}

/** Users linked to any of these customers, and Retailer users whose WholesalerId claim names one. */
export async function usersOfCustomers(db: DbOrTx, customerIds: string[]): Promise<string[]> {
  const linked = await db.select({ id: userCustomers.userId }).from(userCustomers).where(inArray(userCustomers.customerId, customerIds));
  const claimed = await db
    .select({ id: userClaims.userId })
    .from(userClaims)
    .where(and(sql`lower(${userClaims.claim}) = 'wholesalerid'`, inArray(userClaims.value, customerIds)));
  return [...linked.map((r) => r.id), ...claimed.map((r) => r.id)];
}

export async function lockUser(tx: DbOrTx, userId: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  return row ?? null;
}

export async function emailTaken(tx: DbOrTx, email: string): Promise<boolean> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return !!taken;
}

export async function updateUserRow(tx: DbOrTx, userId: string, set: Partial<Pick<UserRow, "email" | "firstName" | "lastName" | "active">>) {
  await tx
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function replaceRoles(tx: DbOrTx, userId: string, roles: Role[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roles.length) await tx.insert(userRoles).values(roles.map((role) => ({ userId, role })));
}

export async function replaceClaims(tx: DbOrTx, userId: string, claims: { claim: string; value: string }[]) {
  await tx.delete(userClaims).where(eq(userClaims.userId, userId));
  if (claims.length) await tx.insert(userClaims).values(claims.map((c) => ({ userId, ...c })));
}

export async function existingCustomerIds(tx: DbOrTx, ids: string[]): Promise<string[]> {
  const found = await tx.select({ id: customers.customerId }).from(customers).where(inArray(customers.customerId, ids));
  return found.map((f) => f.id);
}

export async function replaceCustomerLinks(tx: DbOrTx, userId: string, customerIds: string[]) {
  await tx.delete(userCustomers).where(eq(userCustomers.userId, userId));
  if (customerIds.length) await tx.insert(userCustomers).values(customerIds.map((customerId) => ({ userId, customerId })));
}
