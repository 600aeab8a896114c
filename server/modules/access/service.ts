import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { customers, retailerCustomers, retailers, userCustomers } from "../../../db/schema/index.ts";
import type { CustomerHeader } from "../../../contract/user.ts";
import { forbidden, notFound } from "../../errors.ts";
import type { AuthContext, SessionUser } from "../../plugins/session.ts";

export const DEFAULT_LOGO = "/wholesalers/default-logo.svg";

const lower = (s: string) => s.toLowerCase();
export const hasRole = (user: Pick<SessionUser, "roles">, ...roles: string[]) =>
  user.roles.some((r) => roles.some((x) => lower(x) === lower(r)));
export const isStaff = (user: Pick<SessionUser, "roles">) => hasRole(user, "Administrator", "SalesPerson");

export const claimValues = (user: Pick<SessionUser, "claims">, claim: string) =>
  user.claims.filter((c) => lower(c.claim) === lower(claim)).map((c) => c.value);

export function retailerIdOf(user: Pick<SessionUser, "claims">): number | null {
  const v = claimValues(user, "retailerid")[0];
  const n = v === undefined ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function toHeader(c: { customerId: string; companyName: string; imgSrc: string | null }): CustomerHeader {
  return { customerID: c.customerId, companyName: c.companyName, imgSrc: c.imgSrc || DEFAULT_LOGO };
}

const headerColumns = { customerId: customers.customerId, companyName: customers.companyName, imgSrc: customers.imgSrc };

/**
 * The customers a user buys for (DOMAIN "A user's customers"): a Retailer's come from its WholesalerId
 * claims, everyone else's from the user-customer links. Staff may act for any customer (see
 * canAccessCustomer) but their own list is only their links, so that one without links gets the default.
 */
export async function ownCustomers(db: DbOrTx, user: SessionUser): Promise<CustomerHeader[]> {
  if (hasRole(user, "Retailer")) {
    const ids = claimValues(user, "WholesalerId");
    if (!ids.length) return [];
    const rows = await db.select(headerColumns).from(customers).where(and(inArray(customers.customerId, ids), eq(customers.active, true))).orderBy(asc(customers.companyName));
    return rows.map(toHeader);
  }
  const rows = await db
    .select(headerColumns)
    .from(userCustomers)
    .innerJoin(customers, eq(customers.customerId, userCustomers.customerId))
    .where(and(eq(userCustomers.userId, user.id), eq(customers.active, true)))
    .orderBy(asc(customers.companyName));
  return rows.map(toHeader);
}

/** Every customer the user may see: all of them for staff. */
export async function visibleCustomers(db: DbOrTx, user: SessionUser): Promise<CustomerHeader[]> {
  if (isStaff(user)) {
    const rows = await db.select(headerColumns).from(customers).orderBy(asc(customers.companyName));
    return rows.map(toHeader);
  }
  return ownCustomers(db, user);
}

export async function canAccessCustomer(db: DbOrTx, user: SessionUser, customerId: string): Promise<boolean> {
  if (isStaff(user)) {
    const [c] = await db.select({ id: customers.customerId }).from(customers).where(eq(customers.customerId, customerId));
    return !!c;
  }
  if (hasRole(user, "Retailer") && claimValues(user, "WholesalerId").includes(customerId)) return true;
  const [link] = await db
    .select({ id: userCustomers.customerId })
    .from(userCustomers)
    .where(and(eq(userCustomers.userId, user.id), eq(userCustomers.customerId, customerId)));
  return !!link;
}

/** `{userId}` in a path must be the signed-in (or impersonated) user. */
export function assertSelf(auth: AuthContext, userId: string) {
  if (auth.user.id !== userId) throw forbidden("You can only act for your own account.");
}

export async function assertCustomer(db: DbOrTx, auth: AuthContext, customerId: string) {
  if (!(await canAccessCustomer(db, auth.user, customerId))) throw forbidden("You do not have access to this customer.");
}

/**
 * A retailer id (0 = none) must be the user's own retailer, or — for the customer's own people and
 * staff — a retailer buying through that customer. A Retailer user can never pass 0 or another id.
 */
export async function assertRetailer(db: DbOrTx, auth: AuthContext, customerId: string, retailerId: number) {
  const own = retailerIdOf(auth.user);
  if (hasRole(auth.user, "Retailer") && !isStaff(auth.user)) {
    if (retailerId !== own) throw forbidden("You can only act for your own shop.");
    return;
  }
  if (retailerId === 0) return;
  const [link] = await db
    .select({ id: retailerCustomers.retailerId })
    .from(retailerCustomers)
    .where(and(eq(retailerCustomers.retailerId, retailerId), eq(retailerCustomers.customerId, customerId)));
  if (!link) throw forbidden("This retailer does not buy through this customer.");
}

/** The common check of every store call: the user is the caller, the customer and retailer are theirs. */
export async function assertOwnership(
  db: DbOrTx,
  auth: AuthContext,
  ids: { userId?: string; customerId?: string; retailerId?: number },
) {
  if (ids.userId !== undefined) assertSelf(auth, ids.userId);
  if (ids.customerId !== undefined) await assertCustomer(db, auth, ids.customerId);
  if (ids.customerId !== undefined && ids.retailerId !== undefined) await assertRetailer(db, auth, ids.customerId, ids.retailerId);
}

export async function getRetailer(db: DbOrTx, retailerId: number) {
  const [r] = await db.select().from(retailers).where(eq(retailers.retailerId, retailerId));
  if (!r) throw notFound("Retailer not found.");
  return r;
}

