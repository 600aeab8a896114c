// The administration desk's own SQL: referral requests, the catalogs offered for a customer's links,
// users with their roles and links. Customers, their ship times and logos, retailers and their links are
// the buyers module's (its index), users the accounts module's: the desk's services ask them.
import { and, asc, desc, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { catalogsRead, customersRead, referralRequests, userCustomersRead, usersRead } from "../../../db/schema/index.ts";
import type { Role } from "../../../domain/access.ts";
import * as accounts from "../accounts/index.ts";
import * as buyers from "../buyers/index.ts";
import { catalogCustomerCountSql } from "../catalog/index.ts";

export { catalogIdsOfCustomer, linkCatalogs } from "../catalog/index.ts";
import type { CustomerListQuery, RetailerListQuery, UserListQuery } from "../../../contract/administration.ts";
import type { z } from "zod";

export type UsersQ = z.output<typeof UserListQuery>;
export type CustomersQ = z.output<typeof CustomerListQuery>;
export type RetailersQ = z.output<typeof RetailerListQuery>;


/* ------------------------------------------------------------------ users */
// Users, roles, claims and sessions are the accounts module's, customer links the buyers module's:
// this desk asks them.

export const userPage = async (db: DbOrTx, visible: SQL | undefined, q: UsersQ) => {
  const { rows, total } = await accounts.userPage(db, visible, q);
  return { rows: await withRolesAndCustomers(db, rows), total };
};

export async function withRolesAndCustomers<T extends { id: string }>(db: DbOrTx, rows: T[]) {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [roles, links] = await Promise.all([accounts.rolesOf(db, ids), buyers.customerLinksOf(db, ids)]);
  return rows.map((r) => ({
    ...r,
    roles: roles.filter((x) => x.userId === r.id).map((x) => x.role as string),
    customerIds: links.filter((x) => x.userId === r.id).map((x) => x.customerId),
  }));
}

export const emailTaken = (db: DbOrTx, email: string, exceptId?: string) => accounts.emailTakenExcept(db, email, exceptId);

export async function insertUser(
  tx: DbOrTx,
  u: { id: string; email: string; firstName: string; lastName: string; role: string; customerIds: string[]; claims: { claim: string; value: string }[] },
) {
  await accounts.insertUser(tx, { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName });
  await accounts.insertRoles(tx, u.id, [u.role as Role]);
  await buyers.linkNewUser(tx, u.id, u.customerIds);
  await accounts.insertClaims(tx, u.id, u.claims);
}

/** Users linked to a customer (its wholesaler or mass-market users). */
export async function usersOfCustomer(db: DbOrTx, customerId: string) {
  const rows = await db
    .selectDistinct({ id: usersRead.id, email: usersRead.email, firstName: usersRead.firstName, lastName: usersRead.lastName, active: usersRead.active })
    .from(usersRead)
    .where(exists(sql`(select 1 from ${userCustomersRead} where ${userCustomersRead.userId} = ${usersRead.id} and ${userCustomersRead.customerId} = ${customerId})`))
    .orderBy(asc(usersRead.lastName), asc(usersRead.firstName))
    .limit(500);
  return withRolesAndCustomers(db, rows);
}

export async function usersOfRetailer(db: DbOrTx, retailerId: number) {
  return withRolesAndCustomers(db, await accounts.usersOfRetailer(db, retailerId));
}

/** Ends a user's other sessions: its own, and those in which it acts for someone. */
export const sessionsEnd = (db: DbOrTx, userId: string, keepSessionId: string) => accounts.endOtherSessions(db, userId, keepSessionId);
export const passwordHashOf = (db: DbOrTx, userId: string) => accounts.passwordHashOf(db, userId);
export const setPassword = (db: DbOrTx, userId: string, passwordHash: string) => accounts.setPasswordHash(db, userId, passwordHash);
export const setNames = (db: DbOrTx, userId: string, firstName: string, lastName: string) => accounts.setNames(db, userId, firstName, lastName);

/** The catalogs named, with their kind and how many customers each is restricted to (none: open to all). */
export async function catalogsForLinks(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: catalogsRead.id,
      kind: catalogsRead.kind,
      title: catalogsRead.title,
      customers: catalogCustomerCountSql(sql`"catalogs_read"."id"`),
    })
    .from(catalogsRead)
    .where(inArray(catalogsRead.id, ids));
}

/* ------------------------------------------------------------------ referrals */

export async function referralsOf(db: DbOrTx, customerIds: string[] | null, status: "pending" | "approved" | "declined") {
  const rows = await db
    .select({
      id: referralRequests.id,
      customerId: referralRequests.customerId,
      companyName: customersRead.companyName,
      shopName: referralRequests.shopName,
      contactName: referralRequests.contactName,
      email: referralRequests.email,
      phone: referralRequests.phone,
      city: referralRequests.city,
      message: referralRequests.message,
      status: referralRequests.status,
      createdAt: referralRequests.createdAt,
      retailerId: referralRequests.retailerId,
    })
    .from(referralRequests)
    .innerJoin(customersRead, eq(customersRead.customerId, referralRequests.customerId))
    .where(and(eq(referralRequests.status, status), customerIds ? inArray(referralRequests.customerId, customerIds.length ? customerIds : [""]) : undefined))
    .orderBy(desc(referralRequests.id))
    .limit(200);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function insertReferral(tx: DbOrTx, values: typeof referralRequests.$inferInsert) {
  const [r] = await tx.insert(referralRequests).values(values).returning({ id: referralRequests.id });
  return r!.id;
}

export async function lockReferral(tx: DbOrTx, id: number) {
  const [r] = await tx.select().from(referralRequests).where(eq(referralRequests.id, id)).for("update");
  return r ?? null;
}

export async function decideReferral(tx: DbOrTx, id: number, status: "approved" | "declined", by: string, retailerId: number | null) {
  await tx.update(referralRequests).set({ status, decidedAt: new Date(), decidedBy: by, retailerId }).where(eq(referralRequests.id, id));
}

/* ------------------------------------------------------------------ retailer import */

const IMPORT_LOCK = 727_301;

/** One import at a time (for the transaction): two files naming the same new code would otherwise race. */
export async function lockImports(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
}

