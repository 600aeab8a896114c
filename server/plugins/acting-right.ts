// Whether an acting session still stands, read afresh with the session (issue 23 items 1 and 2).
// The session plugin calls this whenever it reads an impersonated session from the database; its
// in-memory copy is dropped by the change feed on any change to users, roles, claims or customer
// links ("accounts") or to the session row, so every request of an acting session is answered under
// the impersonator's present rights.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { retailerCustomers, userCustomers } from "../../db/schema/index.ts";
import { canImpersonate, hasAnyRole, STAFF_ROLES } from "../../domain/access.ts";

/** What the rule reads of a user (a SessionUser; structural, so the session plugin can import this file). */
interface Person {
  id: string;
  roles: string[];
  claims: { claim: string; value: string }[];
}
const claimValues = (p: Person, claim: string) => p.claims.filter((c) => c.claim.toLowerCase() === claim.toLowerCase()).map((c) => c.value);
const retailerIdOf = (p: Person) => {
  const n = Number(claimValues(p, "retailerid")[0]);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The customers a user is linked to (a wholesaler's own customers), active or not. */
async function linkedCustomerIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ id: userCustomers.customerId }).from(userCustomers).where(eq(userCustomers.userId, userId));
  return rows.map((r) => r.id);
}

async function retailerBuysThroughAny(db: DbOrTx, retailerId: number, customerIds: string[]): Promise<boolean> {
  if (!customerIds.length) return false;
  const [link] = await db
    .select({ n: sql<number>`1` })
    .from(retailerCustomers)
    .where(and(eq(retailerCustomers.retailerId, retailerId), inArray(retailerCustomers.customerId, customerIds)))
    .limit(1);
  return !!link;
}

/**
 * The user an acting session is answered as, or null when the impersonator has lost the right to it
 * (then the session ends). `actor` is the impersonator as loaded now (null: gone or deactivated).
 *
 * - Staff may still act for `target` by the rule that let them start (domain/access.ts canImpersonate:
 *   an Administrator for any non-administrator, a SalesPerson for customer-side users only). Staff
 *   reach every customer, so the session reaches the target's own customers.
 * - A wholesaler user acts only for a Retailer user whose shop buys through one of its customers; the
 *   session reaches only the customers both share (`reach`): acting never widens the wholesaler's
 *   customers, even when the shop also buys through another wholesaler.
 */
export async function actingUser<U extends Person>(db: DbOrTx, actor: Person | null, target: U): Promise<(U & { reach?: readonly string[] }) | null> {
  if (!actor || actor.id === target.id) return null;
  if (hasAnyRole(target.roles, ["Administrator"]) || !canImpersonate(actor.roles, target.roles)) return null;
  if (hasAnyRole(actor.roles, STAFF_ROLES)) return target;
  if (!hasAnyRole(actor.roles, ["wholesaler"]) || hasAnyRole(target.roles, [...STAFF_ROLES, "wholesaler"])) return null;
  const mine = await linkedCustomerIds(db, actor.id);
  const shared = claimValues(target, "WholesalerId").filter((c) => mine.includes(c));
  const shop = retailerIdOf(target);
  if (!shared.length || shop === null || !(await retailerBuysThroughAny(db, shop, shared))) return null;
  return { ...target, reach: shared };
}
