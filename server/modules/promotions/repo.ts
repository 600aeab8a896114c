// Storage of the supply desk's promotions: offer lines on special, combo specials and their products,
// blitz vouchers and their uses. Every function takes DbOrTx so the service runs it in its transaction.
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { comboSpecialProducts, comboSpecials, customersRead, productsRead, userClaimsRead, userCustomersRead, usersRead, voucherRedemptionsRead, vouchers } from "../../../db/schema/index.ts";

export type ComboRow = typeof comboSpecials.$inferSelect;
export type VoucherRow = typeof vouchers.$inferSelect;

// ---- specials ---------------------------------------------------------------------------------

export interface SpecialRow {
  line_id: number;
  catalog_id: number;
  order_id: number;
  title: string;
  ship_date_from: string;
  ship_date_to: string;
  product_id: string;
  description: string;
  colour: string;
  standard_price_cents: number;
  standard_price_no_pail_cents: number;
  price_cents: number;
  price_no_pail_cents: number;
  free: number;
  shown: boolean;
}

/** Offer lines on special of wholesale catalogs shipping on `today` or later, soonest first. */
export async function specialsFrom(db: DbOrTx, today: string, limit: number): Promise<SpecialRow[]> {
  return rowsOf<SpecialRow>(
    await db.execute(sql`
      select ol.id as line_id, c.id as catalog_id, c.order_id, c.title, c.ship_date_from::text as ship_date_from, c.ship_date_to::text as ship_date_to,
             p.product_id, p.description, p.colour, ol.standard_price_cents, ol.standard_price_no_pail_cents, ol.price_cents, ol.price_no_pail_cents,
             greatest(0, coalesce(ol.original_quantity, 0) - ol.quantity_ordered
               - coalesce((select sum(h.quantity) from holds_read h where h.offer_line_id = ol.id and h.expires_at > now()), 0))::int as free,
             (ol.show_store and p.show_store and p.active) as shown
        from offer_lines_read ol
        join catalogs_read c on c.id = ol.catalog_id
        join products_read p on p.product_id = ol.product_id
       where ol.special and c.kind = 'wholesale' and c.ship_date_to >= ${today}::date
       order by c.ship_date_from, c.id, p.description, p.product_id
       limit ${limit}`),
  );
}

export async function catalogOfLine(db: DbOrTx, lineId: number): Promise<{ catalogId: number; description: string; from: string; to: string } | null> {
  const [row] = rowsOf<{ catalog_id: number; description: string; from: string; to: string }>(
    await db.execute(sql`
      select ol.catalog_id, p.description, c.ship_date_from::text as "from", c.ship_date_to::text as "to"
        from offer_lines_read ol join catalogs_read c on c.id = ol.catalog_id join products_read p on p.product_id = ol.product_id
       where ol.id = ${lineId}`),
  );
  return row ? { catalogId: Number(row.catalog_id), description: row.description, from: row.from, to: row.to } : null;
}

// ---- combos -----------------------------------------------------------------------------------

export async function listCombos(db: DbOrTx, limit: number) {
  return db.select().from(comboSpecials).orderBy(desc(comboSpecials.endsOn), desc(comboSpecials.id)).limit(limit);
}

export async function comboById(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(comboSpecials).where(eq(comboSpecials.id, id));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

/** The products of these combos with the lowest standard price (by the pail) on offer from `today`. */
export async function comboProducts(db: DbOrTx, comboIds: number[], today: string) {
  if (!comboIds.length) return [];
  return db
    .select({
      comboId: comboSpecialProducts.comboSpecialId,
      productId: productsRead.productId,
      description: productsRead.description,
      priceCents: sql<number | null>`(select min(ol.standard_price_cents) from offer_lines_read ol join catalogs_read c on c.id = ol.catalog_id
                                        where ol.product_id = ${productsRead.productId} and c.kind = 'wholesale' and c.ship_date_to >= ${today}::date)`,
    })
    .from(comboSpecialProducts)
    .innerJoin(productsRead, eq(productsRead.productId, comboSpecialProducts.productId))
    .where(inArray(comboSpecialProducts.comboSpecialId, comboIds))
    .orderBy(asc(productsRead.description), asc(productsRead.productId));
}

export async function productsByIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ productId: productsRead.productId, description: productsRead.description, active: productsRead.active }).from(productsRead).where(inArray(productsRead.productId, ids));
}

export async function insertCombo(db: DbOrTx, values: typeof comboSpecials.$inferInsert): Promise<ComboRow> {
  const [row] = await db.insert(comboSpecials).values(values).returning();
  return row!;
}

export async function updateCombo(db: DbOrTx, id: number, values: Partial<typeof comboSpecials.$inferInsert>) {
  await db.update(comboSpecials).set(values).where(eq(comboSpecials.id, id));
}

export async function setComboProducts(db: DbOrTx, id: number, productIds: string[]) {
  await db.delete(comboSpecialProducts).where(eq(comboSpecialProducts.comboSpecialId, id));
  if (productIds.length) await db.insert(comboSpecialProducts).values(productIds.map((productId) => ({ comboSpecialId: id, productId })));
}

export async function productIdsOfCombo(db: DbOrTx, id: number): Promise<string[]> {
  const rows = await db.select({ productId: comboSpecialProducts.productId }).from(comboSpecialProducts).where(eq(comboSpecialProducts.comboSpecialId, id)).orderBy(asc(comboSpecialProducts.productId));
  return rows.map((r) => r.productId);
}

export async function deleteCombo(db: DbOrTx, id: number) {
  await db.delete(comboSpecials).where(eq(comboSpecials.id, id));
}

// ---- vouchers ---------------------------------------------------------------------------------

const usesOf = sql<number>`(select count(*)::int from ${voucherRedemptionsRead} r where r.voucher_id = ${vouchers.id})`.mapWith(Number);
const userName = sql<string | null>`nullif(trim(${usersRead.firstName} || ' ' || ${usersRead.lastName}), '')`;

export async function listVouchers(db: DbOrTx, limit: number) {
  return db
    .select({ v: vouchers, uses: usesOf, companyName: customersRead.companyName, userName, email: usersRead.email })
    .from(vouchers)
    .leftJoin(customersRead, eq(customersRead.customerId, vouchers.customerId))
    .leftJoin(usersRead, eq(usersRead.id, vouchers.userId))
    .orderBy(desc(vouchers.expiresAt), desc(vouchers.id))
    .limit(limit);
}

export async function voucherById(db: DbOrTx, id: number, lock = false) {
  const q = db
    .select({ v: vouchers, uses: usesOf, companyName: customersRead.companyName, userName, email: usersRead.email })
    .from(vouchers)
    .leftJoin(customersRead, eq(customersRead.customerId, vouchers.customerId))
    .leftJoin(usersRead, eq(usersRead.id, vouchers.userId))
    .where(eq(vouchers.id, id));
  const [row] = lock ? await q.for("update", { of: vouchers }) : await q;
  return row ?? null;
}

/** Inserts unless the code is taken (then null). */
export async function insertVoucher(db: DbOrTx, values: typeof vouchers.$inferInsert): Promise<VoucherRow | null> {
  const [row] = await db.insert(vouchers).values(values).onConflictDoNothing({ target: vouchers.code }).returning();
  return row ?? null;
}

export async function updateVoucher(db: DbOrTx, id: number, values: Partial<typeof vouchers.$inferInsert>) {
  await db.update(vouchers).set(values).where(eq(vouchers.id, id));
}

export async function usesOfVoucher(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(voucherRedemptionsRead).where(eq(voucherRedemptionsRead.voucherId, id));
  return row?.n ?? 0;
}

export async function deleteVoucher(db: DbOrTx, id: number) {
  await db.delete(vouchers).where(eq(vouchers.id, id));
}

export async function customerById(db: DbOrTx, customerId: string) {
  const [row] = await db.select({ customerId: customersRead.customerId, companyName: customersRead.companyName, kind: customersRead.kind }).from(customersRead).where(eq(customersRead.customerId, customerId));
  return row ?? null;
}

/** Whether the user buys for the customer (linked to it, or its Retailer/wholesaler claim names it). */
export async function userOfCustomer(db: DbOrTx, userId: string, customerId: string): Promise<{ exists: boolean; ofCustomer: boolean }> {
  const [u] = await db.select({ id: usersRead.id }).from(usersRead).where(eq(usersRead.id, userId));
  if (!u) return { exists: false, ofCustomer: false };
  const [linked] = await db.select({ userId: userCustomersRead.userId }).from(userCustomersRead).where(and(eq(userCustomersRead.userId, userId), eq(userCustomersRead.customerId, customerId)));
  if (linked) return { exists: true, ofCustomer: true };
  const [claim] = await db
    .select({ id: userClaimsRead.id })
    .from(userClaimsRead)
    .where(and(eq(userClaimsRead.userId, userId), eq(userClaimsRead.claim, "WholesalerId"), eq(userClaimsRead.value, customerId)));
  return { exists: true, ofCustomer: !!claim };
}

/** Wholesale customers with their active users (linked or by claim), by company name. */
export async function buyers(db: DbOrTx, limit: number) {
  const cs = await db
    .select({ customerId: customersRead.customerId, companyName: customersRead.companyName })
    .from(customersRead)
    .where(eq(customersRead.kind, "wholesale"))
    .orderBy(asc(customersRead.companyName), asc(customersRead.customerId))
    .limit(limit);
  const us = rowsOf<{ customer_id: string; user_id: string; name: string; email: string }>(
    await db.execute(sql`
      select x.customer_id, u.id as user_id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name, u.email
        from (select user_id, customer_id from user_customers_read
              union select user_id, value from user_claims_read where claim = 'WholesalerId') x
        join users_read u on u.id = x.user_id and u.active
       order by name, u.email`),
  );
  const byCustomer = new Map<string, { userId: string; name: string; email: string }[]>();
  for (const u of us) {
    const list = byCustomer.get(u.customer_id) ?? [];
    list.push({ userId: u.user_id, name: u.name, email: u.email });
    byCustomer.set(u.customer_id, list);
  }
  return cs.map((c) => ({ ...c, users: byCustomer.get(c.customerId) ?? [] }));
}

