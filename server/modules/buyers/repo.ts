// All SQL of the buyers module: customers, their ship times, retailers, and who is linked to whom.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
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

export async function retailerBuysThrough(db: DbOrTx, retailerId: number, customerId: string): Promise<boolean> {
  const [link] = await db
    .select({ id: retailerCustomers.retailerId })
    .from(retailerCustomers)
    .where(and(eq(retailerCustomers.retailerId, retailerId), eq(retailerCustomers.customerId, customerId)));
  return !!link;
}
