// All SQL of the buyers module: customers, their ship times, retailers, and who is linked to whom.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { customers, retailerCustomers, retailers, shipTimes, userCustomers } from "../../../db/schema/index.ts";

export type CustomerRow = typeof customers.$inferSelect;
export type RetailerRow = typeof retailers.$inferSelect;

const headerColumns = { customerId: customers.customerId, companyName: customers.companyName, imgSrc: customers.imgSrc };
export type CustomerHeaderRow = { customerId: string; companyName: string; imgSrc: string | null };

export async function customerById(db: DbOrTx, customerId: string): Promise<CustomerRow | null> {
  const [c] = await db.select().from(customers).where(eq(customers.customerId, customerId));
  return c ?? null;
}

export async function shipTimesOf(db: DbOrTx, customerId: string) {
  return db
    .select({ weekday: shipTimes.weekday, cutoffShipTime: shipTimes.cutoffShipTime })
    .from(shipTimes)
    .where(eq(shipTimes.customerId, customerId))
    .orderBy(asc(shipTimes.weekday));
}

export async function retailerById(db: DbOrTx, retailerId: number): Promise<RetailerRow | null> {
  const [r] = await db.select().from(retailers).where(eq(retailers.retailerId, retailerId));
  return r ?? null;
}

/** Active customers among `ids`, by company name. */
export async function activeCustomerHeaders(db: DbOrTx, ids: string[]): Promise<CustomerHeaderRow[]> {
  return db.select(headerColumns).from(customers).where(and(inArray(customers.customerId, ids), eq(customers.active, true))).orderBy(asc(customers.companyName));
}

/** The active customers a user is linked to, by company name. */
export async function linkedCustomerHeaders(db: DbOrTx, userId: string): Promise<CustomerHeaderRow[]> {
  return db
    .select(headerColumns)
    .from(userCustomers)
    .innerJoin(customers, eq(customers.customerId, userCustomers.customerId))
    .where(and(eq(userCustomers.userId, userId), eq(customers.active, true)))
    .orderBy(asc(customers.companyName));
}

export async function allCustomerHeaders(db: DbOrTx): Promise<CustomerHeaderRow[]> {
  return db.select(headerColumns).from(customers).orderBy(asc(customers.companyName));
}

export async function customerExists(db: DbOrTx, customerId: string): Promise<boolean> {
  const [c] = await db.select({ id: customers.customerId }).from(customers).where(eq(customers.customerId, customerId));
  return !!c;
}

export async function userLinkedToCustomer(db: DbOrTx, userId: string, customerId: string): Promise<boolean> {
  const [link] = await db
    .select({ id: userCustomers.customerId })
    .from(userCustomers)
    .where(and(eq(userCustomers.userId, userId), eq(userCustomers.customerId, customerId)));
  return !!link;
}

/** Does the retailer buy through any of these customers? */
export async function retailerBuysThroughAny(db: DbOrTx, retailerId: number, customerIds: string[]): Promise<boolean> {
  if (!customerIds.length) return false;
  const [link] = await db
    .select({ n: sql<number>`1` })
    .from(retailerCustomers)
    .where(and(eq(retailerCustomers.retailerId, retailerId), inArray(retailerCustomers.customerId, customerIds)))
    .limit(1);
  return !!link;
}

/** The customers a user is linked to (a wholesaler's own customers), active or not. */
export async function linkedCustomerIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ id: userCustomers.customerId }).from(userCustomers).where(eq(userCustomers.userId, userId));
  return rows.map((r) => r.id);
}

/** The customer links of these users. */
export async function customerLinksOf(db: DbOrTx, userIds: string[]): Promise<{ userId: string; customerId: string }[]> {
  return db.select({ userId: userCustomers.userId, customerId: userCustomers.customerId }).from(userCustomers).where(inArray(userCustomers.userId, userIds));
}

/** The users linked to any of these customers. */
export async function userIdsLinkedTo(db: DbOrTx, customerIds: string[]): Promise<string[]> {
  const rows = await db.select({ id: userCustomers.userId }).from(userCustomers).where(inArray(userCustomers.customerId, customerIds));
  return rows.map((r) => r.id);
}

/** Those of `ids` that name a customer (no statement for none). */
export async function existingCustomerIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const found = await db.select({ id: customers.customerId }).from(customers).where(inArray(customers.customerId, ids));
  return found.map((f) => f.id);
}

/** Links a new user (no links yet) to these customers. */
export async function linkNewUser(db: DbOrTx, userId: string, customerIds: string[]) {
  if (customerIds.length) await db.insert(userCustomers).values(customerIds.map((customerId) => ({ userId, customerId })));
}

/** Links a user to exactly these customers. */
export async function replaceCustomerLinks(db: DbOrTx, userId: string, customerIds: string[]) {
  await db.delete(userCustomers).where(eq(userCustomers.userId, userId));
  if (customerIds.length) await db.insert(userCustomers).values(customerIds.map((customerId) => ({ userId, customerId })));
}

export async function retailerBuysThrough(db: DbOrTx, retailerId: number, customerId: string): Promise<boolean> {
  const [link] = await db
    .select({ id: retailerCustomers.retailerId })
    .from(retailerCustomers)
    .where(and(eq(retailerCustomers.retailerId, retailerId), eq(retailerCustomers.customerId, customerId)));
  return !!link;
}

/** Company names of customers, by code. */
export async function companyNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: customers.customerId, name: customers.companyName }).from(customers).where(inArray(customers.customerId, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The customer a user buys for when it has exactly one (who someone acted for). */
export async function soleCustomers(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  if (!userIds.length) return new Map();
  const rows = rowsOf<{ user_id: string; customer_id: string }>(
    await db.execute(sql`select user_id, min(customer_id) as customer_id from user_customers where user_id in (${sql.join(userIds.map((u) => sql`${u}`), sql`, `)}) group by user_id having count(*) = 1`),
  );
  return new Map(rows.map((r) => [r.user_id, r.customer_id]));
}

/** Adds a customer unless one with its code exists. */
export async function ensureCustomer(db: DbOrTx, c: { customerId: string; companyName: string; kind: CustomerRow["kind"] }) {
  await db.insert(customers).values(c).onConflictDoNothing();
}

/** A customer's company name (its code when there is no such customer). */
export async function companyName(db: DbOrTx, customerId: string): Promise<string> {
  const [row] = await db.select({ name: customers.companyName }).from(customers).where(eq(customers.customerId, customerId));
  return row?.name ?? customerId;
}
