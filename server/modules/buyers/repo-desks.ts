// The staff desks' reads and writes of the buyers' rows: the administration desk's customers, their
// ship times and logos, retailers and their links to customers (the retailer import included), and the
// calendar desk's ship times and pickup days. Each takes `DbOrTx`, so a desk runs it in its transaction.
import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, count, desc, eq, exists, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { likeContaining, type DbOrTx } from "../../../db/client.ts";
import { customerLogos, customers, retailerCustomers, retailers, shipTimes, userCustomersRead } from "../../../db/schema/index.ts";
import type { CustomerListQuery, RetailerListQuery } from "../../../contract/administration.ts";
import type { RetailerRow } from "./repo.ts";

type CustomersQ = z.output<typeof CustomerListQuery>;
type RetailersQ = z.output<typeof RetailerListQuery>;
type ShipTimeValues = { weekday: number; cutoffShipTime: string }[];

/* ------------------------------------------------------------------ customers (administration) */

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

/** A customer whose code equals `code` without regard to case (codes are unique that way). */
export async function customerByCodeCi(db: DbOrTx, code: string) {
  const [c] = await db.select({ customerId: customers.customerId }).from(customers).where(sql`lower(${customers.customerId}) = lower(${code})`);
  return c ?? null;
}

/** A new customer with its ship times. */
export async function insertCustomer(tx: DbOrTx, values: typeof customers.$inferInsert, times: ShipTimeValues) {
  await tx.insert(customers).values(values);
  if (times.length) await tx.insert(shipTimes).values(times.map((t) => ({ customerId: values.customerId, ...t })));
}

export async function hasLogo(db: DbOrTx, customerId: string) {
  const [row] = await db.select({ v: customerLogos.version }).from(customerLogos).where(eq(customerLogos.customerId, customerId));
  return !!row;
}

/** Changes a customer and sets its ship times (the whole week). */
export async function updateCustomer(tx: DbOrTx, customerId: string, set: Partial<typeof customers.$inferInsert>, times: ShipTimeValues) {
  await tx.update(customers).set(set).where(eq(customers.customerId, customerId));
  await replaceShipTimes(tx, customerId, times);
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

/* ------------------------------------------------------------------ retailers (administration) */

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

/* ------------------------------------------------------------------ the retailer import (administration) */

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

/* ------------------------------------------------------------------ ship times and pickup days (calendar) */

/** A customer's ship weekdays become exactly `times` (a weekday left out does not ship). */
export async function replaceShipTimes(db: DbOrTx, customerId: string, times: ShipTimeValues) {
  await db.delete(shipTimes).where(eq(shipTimes.customerId, customerId));
  if (times.length) await db.insert(shipTimes).values(times.map((t) => ({ customerId, ...t })));
}

/** The first `limit` customers by company name, each with its ship times by weekday. */
export async function customersWithShipTimes(db: DbOrTx, limit: number) {
  return db
    .select({
      customerId: customers.customerId,
      companyName: customers.companyName,
      kind: customers.kind,
      active: customers.active,
      shipTimes: sql<{ weekday: number; cutoffShipTime: string }[]>`coalesce((select json_agg(json_build_object('weekday', st.weekday, 'cutoffShipTime', st.cutoff_ship_time) order by st.weekday) from ship_times st where st.customer_id = "customers"."customer_id"), '[]'::json)`,
    })
    .from(customers)
    .orderBy(asc(customers.companyName), asc(customers.customerId))
    .limit(limit);
}

/** A customer's code and name, its row locked against other changes until the transaction ends. */
export async function customerForUpdate(db: DbOrTx, customerId: string) {
  const [c] = await db.select({ customerId: customers.customerId, companyName: customers.companyName }).from(customers).where(eq(customers.customerId, customerId)).for("no key update");
  return c ?? null;
}

const pickupDayColumns = { monday: retailers.pickupMonday, tuesday: retailers.pickupTuesday, wednesday: retailers.pickupWednesday, thursday: retailers.pickupThursday, friday: retailers.pickupFriday };
const pickupColumns = { retailerId: retailers.retailerId, name: retailers.name, code: retailers.code, active: retailers.active, ...pickupDayColumns };

/** The first `limit` retailers by name, each with its pickup days. */
export async function retailersWithPickupDays(db: DbOrTx, limit: number) {
  return db.select(pickupColumns).from(retailers).orderBy(asc(retailers.name), asc(retailers.retailerId)).limit(limit);
}

/** A retailer with its pickup days, its row locked against other changes until the transaction ends. */
export async function retailerForUpdate(db: DbOrTx, retailerId: number) {
  const [r] = await db.select(pickupColumns).from(retailers).where(eq(retailers.retailerId, retailerId)).for("no key update");
  return r ?? null;
}

export async function setPickupDays(db: DbOrTx, retailerId: number, d: { monday: boolean; tuesday: boolean; wednesday: boolean; thursday: boolean; friday: boolean }) {
  await db
    .update(retailers)
    .set({ pickupMonday: d.monday, pickupTuesday: d.tuesday, pickupWednesday: d.wednesday, pickupThursday: d.thursday, pickupFriday: d.friday })
    .where(eq(retailers.retailerId, retailerId));
}
