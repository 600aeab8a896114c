import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, count, desc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { likeContaining, type DbOrTx } from "../../../db/client.ts";
import {
  catalogsRead,
  customerLogos,
  customers,
  referralRequests,
  retailerCustomers,
  retailers,
  shipTimes,
  userCustomersRead,
  usersRead,
} from "../../../db/schema/index.ts";
import type { Role } from "../../../domain/access.ts";
import * as accounts from "../accounts/index.ts";
import * as buyers from "../buyers/index.ts";
import { catalogCustomerCountSql } from "../store/index.ts";

export { catalogIdsOfCustomer, linkCatalogs } from "../store/index.ts";
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

/* ------------------------------------------------------------------ customers */

export async function customerPage(db: DbOrTx, q: CustomersQ) {
  const where: (SQL | undefined)[] = [eq(customers.kind, q.kind)];
  if (q.active) where.push(eq(customers.active, q.active === "true"));
  if (q.q) {
    const p = likeContaining(q.q);
    where.push(or(ilike(customers.companyName, p), ilike(customers.customerId, p), ilike(customers.city, p)));
  }
  const condition = and(...where);
  const dir = q.dir === "desc" ? desc : asc;
  const order = q.sort === "code" ? [dir(customers.customerId)] : q.sort === "city" ? [dir(customers.city), asc(customers.customerId)] : [dir(sql`lower(${customers.companyName})`), asc(customers.customerId)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        customerId: customers.customerId,
        companyName: customers.companyName,
        city: customers.city,
        state: customers.state,
        active: customers.active,
        referralApproved: customers.referralApproved,
        imgSrc: customers.imgSrc,
        // Aliased and qualified by hand: in a one-table select drizzle writes columns without their
        // table, so `${userCustomers.customerId} = ${customers.customerId}` came out as
        // "customer_id" = "customer_id", true on every link: each row showed the totals of all links.
        users: sql<number>`(select count(*)::int from ${userCustomersRead} uc where uc.customer_id = "customers"."customer_id")`.mapWith(Number),
        retailers: sql<number>`(select count(*)::int from ${retailerCustomers} rc where rc.customer_id = "customers"."customer_id")`.mapWith(Number),
      })
      .from(customers)
      .where(condition)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(customers).where(condition),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findCustomer(db: DbOrTx, customerId: string) {
  const [c] = await db.select().from(customers).where(eq(customers.customerId, customerId));
  return c ?? null;
}

/** A customer whose code equals `code` without regard to case (codes are unique that way). */
export async function customerByCodeCi(db: DbOrTx, code: string) {
  const [c] = await db.select({ customerId: customers.customerId }).from(customers).where(sql`lower(${customers.customerId}) = lower(${code})`);
  return c ?? null;
}

export async function insertCustomer(tx: DbOrTx, values: typeof customers.$inferInsert, times: { weekday: number; cutoffShipTime: string }[]) {
  await tx.insert(customers).values(values);
  if (times.length) await tx.insert(shipTimes).values(times.map((t) => ({ customerId: values.customerId, ...t })));
}

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

export async function existingCustomerIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db.select({ id: customers.customerId }).from(customers).where(inArray(customers.customerId, ids));
  return rows.map((r) => r.id);
}

export async function shipTimesOf(db: DbOrTx, customerId: string) {
  return db.select({ weekday: shipTimes.weekday, cutoffShipTime: shipTimes.cutoffShipTime }).from(shipTimes).where(eq(shipTimes.customerId, customerId)).orderBy(asc(shipTimes.weekday));
}

export async function hasLogo(db: DbOrTx, customerId: string) {
  const [row] = await db.select({ v: customerLogos.version }).from(customerLogos).where(eq(customerLogos.customerId, customerId));
  return !!row;
}

export async function updateCustomer(tx: DbOrTx, customerId: string, set: Partial<typeof customers.$inferInsert>, times: { weekday: number; cutoffShipTime: string }[]) {
  await tx.update(customers).set(set).where(eq(customers.customerId, customerId));
  await tx.delete(shipTimes).where(eq(shipTimes.customerId, customerId));
  if (times.length) await tx.insert(shipTimes).values(times.map((t) => ({ customerId, ...t })));
}

export async function saveLogo(tx: DbOrTx, customerId: string, contentType: string, bytes: Buffer): Promise<number> {
  const [row] = await tx
    .insert(customerLogos)
    .values({ customerId, contentType, bytes, version: 1 })
    .onConflictDoUpdate({ target: customerLogos.customerId, set: { contentType, bytes, version: sql`${customerLogos.version} + 1`, updatedAt: new Date() } })
    .returning({ version: customerLogos.version });
  return row!.version;
}

export async function removeLogo(tx: DbOrTx, customerId: string) {
  await tx.delete(customerLogos).where(eq(customerLogos.customerId, customerId));
  await tx.update(customers).set({ imgSrc: null }).where(eq(customers.customerId, customerId));
}

export async function setCustomerImage(tx: DbOrTx, customerId: string, imgSrc: string | null) {
  await tx.update(customers).set({ imgSrc }).where(eq(customers.customerId, customerId));
}

export async function logoOf(db: DbOrTx, customerId: string) {
  const [row] = await db.select().from(customerLogos).where(eq(customerLogos.customerId, customerId));
  return row ?? null;
}

/* ------------------------------------------------------------------ retailers */

const retailerRowColumns = {
  retailerId: retailers.retailerId,
  code: retailers.code,
  name: retailers.name,
  contactName: retailers.contactName,
  email: retailers.email,
  city: retailers.city,
  active: retailers.active,
};

/** `scope`: the customers whose retailers the caller sees; null = all (staff). */
export async function retailerPage(db: DbOrTx, scope: string[] | null, q: RetailersQ) {
  const where: (SQL | undefined)[] = [];
  const through = (ids: string[]) =>
    exists(sql`(select 1 from ${retailerCustomers} where ${retailerCustomers.retailerId} = ${retailers.retailerId} and ${inArray(retailerCustomers.customerId, ids)})`);
  if (scope) where.push(scope.length ? through(scope) : sql`false`);
  if (q.customerId) where.push(through([q.customerId]));
  if (q.active) where.push(eq(retailers.active, q.active === "true"));
  if (q.q) {
    const p = likeContaining(q.q);
    where.push(or(ilike(retailers.name, p), ilike(retailers.code, p), ilike(retailers.city, p), ilike(retailers.contactName, p), ilike(retailers.email, p)));
  }
  const condition = and(...where);
  const dir = q.dir === "desc" ? desc : asc;
  const order =
    q.sort === "code"
      ? [dir(sql`lower(${retailers.code})`), asc(retailers.retailerId)]
      : q.sort === "city"
        ? [dir(retailers.city), asc(retailers.retailerId)]
        : q.sort === "created"
          ? [dir(retailers.retailerId)]
          : [dir(sql`lower(${retailers.name})`), asc(retailers.retailerId)];
  const [rows, [total]] = await Promise.all([
    db.select(retailerRowColumns).from(retailers).where(condition).orderBy(...order).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(retailers).where(condition),
  ]);
  return { rows: await withCustomerIds(db, rows), total: Number(total?.n ?? 0) };
}

export async function withCustomerIds<T extends { retailerId: number }>(db: DbOrTx, rows: T[]) {
  if (!rows.length) return [];
  const links = await db
    .select()
    .from(retailerCustomers)
    .where(inArray(retailerCustomers.retailerId, rows.map((r) => r.retailerId)))
    .orderBy(asc(retailerCustomers.customerId));
  return rows.map((r) => ({ ...r, customerIds: links.filter((l) => l.retailerId === r.retailerId).map((l) => l.customerId) }));
}

export async function retailersOfCustomer(db: DbOrTx, customerId: string) {
  const rows = await db
    .select(retailerRowColumns)
    .from(retailers)
    .innerJoin(retailerCustomers, and(eq(retailerCustomers.retailerId, retailers.retailerId), eq(retailerCustomers.customerId, customerId)))
    .orderBy(asc(retailers.name))
    .limit(500);
  return withCustomerIds(db, rows);
}

export async function findRetailer(db: DbOrTx, retailerId: number) {
  const [r] = await db.select().from(retailers).where(eq(retailers.retailerId, retailerId));
  return r ?? null;
}

export async function retailerByCode(db: DbOrTx, code: string, exceptId?: number) {
  const [r] = await db
    .select({ retailerId: retailers.retailerId })
    .from(retailers)
    .where(and(sql`lower(${retailers.code}) = ${code.toLowerCase()}`, exceptId ? ne(retailers.retailerId, exceptId) : undefined));
  return r ?? null;
}

export async function customersOfRetailer(db: DbOrTx, retailerId: number) {
  return db
    .select({ customerId: customers.customerId, companyName: customers.companyName })
    .from(retailerCustomers)
    .innerJoin(customers, eq(customers.customerId, retailerCustomers.customerId))
    .where(eq(retailerCustomers.retailerId, retailerId))
    .orderBy(asc(customers.companyName));
}

export type RetailerValues = Omit<typeof retailers.$inferInsert, "retailerId" | "createdAt">;

export async function insertRetailer(tx: DbOrTx, values: RetailerValues) {
  const [r] = await tx.insert(retailers).values(values).returning({ retailerId: retailers.retailerId });
  return r!.retailerId;
}

export async function updateRetailer(tx: DbOrTx, retailerId: number, values: Partial<RetailerValues>) {
  await tx.update(retailers).set(values).where(eq(retailers.retailerId, retailerId));
}

/** Replaces the retailer's links among `within` (all links when null) with `customerIds`. */
export async function setRetailerLinks(tx: DbOrTx, retailerId: number, customerIds: string[], within: string[] | null) {
  await tx
    .delete(retailerCustomers)
    .where(and(eq(retailerCustomers.retailerId, retailerId), within ? inArray(retailerCustomers.customerId, within.length ? within : [""]) : undefined));
  if (customerIds.length) await tx.insert(retailerCustomers).values(customerIds.map((customerId) => ({ retailerId, customerId }))).onConflictDoNothing();
}

/* ------------------------------------------------------------------ referrals */

export async function referralsOf(db: DbOrTx, customerIds: string[] | null, status: "pending" | "approved" | "declined") {
  const rows = await db
    .select({
      id: referralRequests.id,
      customerId: referralRequests.customerId,
      companyName: customers.companyName,
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
    .innerJoin(customers, eq(customers.customerId, referralRequests.customerId))
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

export type RetailerRow = typeof retailers.$inferSelect;

const IMPORT_LOCK = 727_301;

/** One import at a time (for the transaction): two files naming the same new code would otherwise race. */
export async function lockImports(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
}

/** Retailers whose code, lower-cased, is one of `lowerCodes`. */
export function retailersByLowerCode(db: DbOrTx, lowerCodes: string[]): Promise<RetailerRow[]> {
  return db.select().from(retailers).where(inArray(sql`lower(${retailers.code})`, lowerCodes));
}

/** The customer links of these retailers. */
export function retailerLinks(db: DbOrTx, retailerIds: number[]) {
  return db.select().from(retailerCustomers).where(inArray(retailerCustomers.retailerId, retailerIds));
}

// The import's writes go a small chunk per statement, the event loop turning between them: on the
// embedded database (PGlite) a statement runs on the event loop itself, ~1 ms a shop on a busy machine.

/** Inserts new retailers, 100 per statement; answers their ids by lower-cased code. */
export async function insertRetailers(tx: DbOrTx, rows: RetailerValues[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 100) {
    const saved = await tx.insert(retailers).values(rows.slice(i, i + 100)).returning({ retailerId: retailers.retailerId, code: retailers.code });
    for (const s of saved) ids.set(s.code!.toLowerCase(), s.retailerId);
    await nextTurn();
  }
  return ids;
}

/** Rewrites existing retailers' imported fields, 100 per statement. */
export async function updateRetailers(tx: DbOrTx, rows: { retailerId: number; values: RetailerValues }[]) {
  for (let i = 0; i < rows.length; i += 100) {
    const values = sql.join(
      rows.slice(i, i + 100).map(
        ({ retailerId, values: v }) =>
          sql`(${retailerId}::int, ${v.code}::text, ${v.name}::text, ${v.contactName}::text, ${v.email}::text, ${v.phone}::text, ${v.address}::text, ${v.city}::text, ${v.state}::text, ${v.zip}::text, ${v.pickupMonday}::boolean, ${v.pickupTuesday}::boolean, ${v.pickupWednesday}::boolean, ${v.pickupThursday}::boolean, ${v.pickupFriday}::boolean, ${v.active}::boolean)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update retailers r set code = v.code, name = v.name, contact_name = v.contact_name, email = v.email, phone = v.phone,
        address = v.address, city = v.city, state = v.state, zip = v.zip, pickup_monday = v.mon, pickup_tuesday = v.tue,
        pickup_wednesday = v.wed, pickup_thursday = v.thu, pickup_friday = v.fri, active = v.active
      from (values ${values}) as v(id, code, name, contact_name, email, phone, address, city, state, zip, mon, tue, wed, thu, fri, active)
      where r.retailer_id = v.id`);
    await nextTurn();
  }
}

/** Removes these retailers' links to customers (only to `scope`'s customers when given). */
export async function unlinkRetailers(tx: DbOrTx, retailerIds: number[], scope: string[] | null) {
  for (let i = 0; i < retailerIds.length; i += 1000) {
    await tx
      .delete(retailerCustomers)
      .where(and(inArray(retailerCustomers.retailerId, retailerIds.slice(i, i + 1000)), scope ? inArray(retailerCustomers.customerId, scope) : undefined));
  }
}

/** Links retailers to customers; an existing link stays. */
export async function linkRetailers(tx: DbOrTx, links: { retailerId: number; customerId: string }[]) {
  for (let i = 0; i < links.length; i += 250) {
    await tx.insert(retailerCustomers).values(links.slice(i, i + 250)).onConflictDoNothing();
    await nextTurn();
  }
}
