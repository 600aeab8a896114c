// Buyers: who buys (a customer, and for a retailer its shop), what the store needs to know about
// them (price level, ship times, pickup days), which customers a user buys for, and the ownership
// check every buyer's call makes (server/plugins/guard.ts runs it from each route's declaration).
import type { DbOrTx } from "../../../db/client.ts";
import type { CustomerHeader, StoreProfile } from "../../../contract/user.ts";
import type { PickupDays, ShipTime } from "../../../domain/ship-dates.ts";
import type { ClosedDays } from "../../../domain/closed-days.ts";
import { closedDaysOf } from "../calendar/index.ts";
import { forbidden, notFound } from "../../errors.ts";
import { claimValues, hasRole, isRetailerUser, isStaff, retailerIdOf } from "../../plugins/roles.ts";
import type { AuthContext, SessionUser } from "../../plugins/auth-context.ts";
import * as repo from "./repo.ts";

export const DEFAULT_LOGO = "/wholesalers/default-logo.svg";

/** Who is buying: the customer (price level, ship times) and, for a retailer, its pickup days. */
export interface Buyer {
  customerId: string;
  kind: "wholesale" | "massMarket";
  alwaysBoxed: boolean;
  discountPercent: number;
  shipTimes: ShipTime[];
  /** 0 when the buyer is the customer itself. */
  retailerId: number;
  pickupDays: PickupDays | null;
  /** The closed days of the buyer's store (issue 25 "Calendar"): never offered nor accepted. */
  closed: ClosedDays;
}

const pickupDaysOf = (r: repo.RetailerRow): PickupDays => ({
  monday: r.pickupMonday,
  tuesday: r.pickupTuesday,
  wednesday: r.pickupWednesday,
  thursday: r.pickupThursday,
  friday: r.pickupFriday,
});

/**
 * The one buyer query: null when the customer does not exist; `retailerFound` false when a
 * retailer id (> 0) names no retailer (the buyer then has no pickup days).
 */
export async function findBuyer(db: DbOrTx, customerId: string, retailerId: number): Promise<{ buyer: Buyer; retailerFound: boolean } | null> {
  const c = await repo.customerById(db, customerId);
  if (!c) return null;
  const times = await repo.shipTimesOf(db, customerId);
  const r = retailerId > 0 ? await repo.retailerById(db, retailerId) : null;
  const buyer: Buyer = {
    customerId,
    kind: c.kind,
    alwaysBoxed: c.alwaysBoxed,
    discountPercent: c.discountPercent,
    shipTimes: times,
    retailerId,
    pickupDays: r ? pickupDaysOf(r) : null,
    closed: await closedDaysOf(db, c.kind),
  };
  return { buyer, retailerFound: retailerId <= 0 || !!r };
}

/** The buyer of a store call: a missing customer or retailer is a 404. */
export async function loadBuyer(db: DbOrTx, customerId: string, retailerId: number): Promise<Buyer> {
  const found = await findBuyer(db, customerId, retailerId);
  if (!found) throw notFound("Customer not found.");
  if (!found.retailerFound) throw notFound("Retailer not found.");
  return found.buyer;
}

/**
 * The store profile inside the user payload (CheckToken, login): null for a missing customer; a
 * retailer claim naming no retailer leaves the profile without pickup days rather than failing the
 * sign-in.
 */
export async function storeProfileFor(db: DbOrTx, customerId: string, retailerId: number | null): Promise<StoreProfile | null> {
  const found = await findBuyer(db, customerId, retailerId ?? 0);
  if (!found) return null;
  const { buyer } = found;
  return { shipTimes: buyer.shipTimes, pickupDays: buyer.pickupDays, alwaysBoxed: buyer.alwaysBoxed, kind: buyer.kind };
}

export function toHeader(c: repo.CustomerHeaderRow): CustomerHeader {
  return { customerID: c.customerId, companyName: c.companyName, imgSrc: c.imgSrc || DEFAULT_LOGO };
}

/** One customer's header, active or not (a staff member's chosen customer). */
export async function customerHeader(db: DbOrTx, customerId: string): Promise<CustomerHeader | null> {
  const c = await repo.customerById(db, customerId);
  return c ? toHeader(c) : null;
}

/**
 * The customers a user buys for (DOMAIN "A user's customers"): a Retailer's come from its WholesalerId
 * claims, everyone else's from the user-customer links. Staff may act for any customer (see
 * canAccessCustomer) but their own list is only their links, so that one without links gets the default.
 */
export async function ownCustomers(db: DbOrTx, user: SessionUser): Promise<CustomerHeader[]> {
  return withinReach(user, await ownCustomerHeaders(db, user));
}

async function ownCustomerHeaders(db: DbOrTx, user: SessionUser): Promise<CustomerHeader[]> {
  if (hasRole(user, "Retailer")) {
    const ids = claimValues(user, "WholesalerId");
    if (!ids.length) return [];
    return (await repo.activeCustomerHeaders(db, ids)).map(toHeader);
  }
  return (await repo.linkedCustomerHeaders(db, user.id)).map(toHeader);
}

/** While a wholesaler acts for a shop: only the customers both share (SessionUser.reach). */
const withinReach = (user: SessionUser, list: CustomerHeader[]) => (user.reach ? list.filter((c) => user.reach!.includes(c.customerID)) : list);

/**
 * The one scope of staff desks and lists, "staff, or your own customers": null for staff (every
 * customer), a wholesaler's own customer ids, and 403 for anyone else.
 */
export async function customerScope(db: DbOrTx, user: SessionUser): Promise<string[] | null> {
  if (isStaff(user)) return null;
  if (!hasRole(user, "wholesaler")) throw forbidden();
  return (await ownCustomers(db, user)).map((c) => c.customerID);
}

/** Every customer the user may see: all of them for staff. */
export async function visibleCustomers(db: DbOrTx, user: SessionUser): Promise<CustomerHeader[]> {
  if (isStaff(user)) return withinReach(user, (await repo.allCustomerHeaders(db)).map(toHeader));
  return ownCustomers(db, user);
}

export async function canAccessCustomer(db: DbOrTx, user: SessionUser, customerId: string): Promise<boolean> {
  if (user.reach && !user.reach.includes(customerId)) return false;
  if (isStaff(user)) return repo.customerExists(db, customerId);
  if (hasRole(user, "Retailer") && claimValues(user, "WholesalerId").includes(customerId)) return true;
  return repo.userLinkedToCustomer(db, user.id, customerId);
}

/** `{userId}` in a path must be the signed-in (or impersonated) user. */
function assertSelf(auth: AuthContext, userId: string) {
  if (auth.user.id !== userId) throw forbidden("You can only act for your own account.");
}

async function assertCustomer(db: DbOrTx, auth: AuthContext, customerId: string) {
  if (!(await canAccessCustomer(db, auth.user, customerId))) throw forbidden("You do not have access to this customer.");
}

/**
 * A retailer id (0 = none) must be the user's own retailer, or — for the customer's own people and
 * staff — a retailer buying through that customer. A Retailer user can never pass 0 or another id.
 */
async function assertRetailer(db: DbOrTx, auth: AuthContext, customerId: string, retailerId: number) {
  if (isRetailerUser(auth)) {
    if (retailerId !== retailerIdOf(auth.user)) throw forbidden("You can only act for your own shop.");
    return;
  }
  if (retailerId === 0) return;
  if (!(await repo.retailerBuysThrough(db, retailerId, customerId))) throw forbidden("This retailer does not buy through this customer.");
}

export interface NamedIds {
  userId?: string;
  customerId?: string;
  retailerId?: number;
}

/** The one ownership check: the user is the caller, the customer and the retailer are theirs (403 otherwise). */
export async function assertOwnership(db: DbOrTx, auth: AuthContext, ids: NamedIds) {
  if (ids.userId !== undefined) assertSelf(auth, ids.userId);
  if (ids.customerId !== undefined) await assertCustomer(db, auth, ids.customerId);
  if (ids.customerId !== undefined && ids.retailerId !== undefined) await assertRetailer(db, auth, ids.customerId, ids.retailerId);
}

/**
 * The retailer a call means when it names none: the caller's own shop for a Retailer user (0 when it
 * has none, which the ownership check then refuses), else `otherwise` (0 = the customer itself, or
 * undefined = every retailer of the customer).
 */
export function defaultRetailer(auth: AuthContext, otherwise: 0 | undefined): number | undefined {
  return isRetailerUser(auth) ? (retailerIdOf(auth.user) ?? 0) : otherwise;
}

/** What a wholesaler's public referral page shows; null when there is no such customer. */
export async function referralPage(db: DbOrTx, customerId: string) {
  const c = await repo.customerById(db, customerId);
  if (!c) return null;
  return { approved: c.referralApproved, companyName: c.companyName, imgSrc: c.imgSrc ?? DEFAULT_LOGO, email: c.email, phone: c.phone, city: c.city };
}
