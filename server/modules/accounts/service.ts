// The accounts module's rules: who a session is answered as (the signed-in user with roles and claims,
// or, while acting, the impersonated user within the impersonator's present rights) and ending the
// acting sessions a change to a user no longer allows.
import type { DbOrTx } from "../../../db/client.ts";
import { canImpersonate, hasAnyRole, STAFF_ROLES } from "../../../domain/access.ts";
import type { SessionUser } from "../../plugins/auth-context.ts";
import { linkedCustomerIds, retailerBuysThroughAny } from "../buyers/index.ts";
import * as repo from "./repo.ts";

/** The active user `userId` as a session carries it (roles and claims), or null when gone or deactivated. */
export async function loadSessionUser(db: DbOrTx, userId: string): Promise<SessionUser | null> {
  const u = await repo.userWithRoles(db, userId, { activeOnly: true, withClaims: true });
  if (!u) return null;
  return { id: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, roles: u.roles, claims: u.claims };
}

/** A user with its roles (no claims), active or not: what impersonation checks of its target. */
export const findUserWithRoles = (db: DbOrTx, userId: string) => repo.userWithRoles(db, userId);

/** What the acting rule reads of a user (a SessionUser; structural). */
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

/**
 * The user an acting session is answered as, or null when the impersonator has lost the right to it
 * (then the session ends). `actor` is the impersonator as loaded now (null: gone or deactivated).
 * Read afresh with the session whenever the session plugin reads an impersonated session from the
 * database; its in-memory copy is dropped by the change feed on any change to users, roles, claims or
 * customer links ("accounts") or to the session row, so every request of an acting session is answered
 * under the impersonator's present rights.
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

/** Who a session of `userId`, acting for it when `originalUserId` is set, is answered as now; null: the session no longer stands. */
export async function sessionUserOf(db: DbOrTx, userId: string, originalUserId: string | null): Promise<SessionUser | null> {
  const target = await loadSessionUser(db, userId);
  if (!target) return null;
  // An acting session stands only while its impersonator may still act for the target.
  return originalUserId ? actingUser(db, await loadSessionUser(db, originalUserId), target) : target;
}

/**
 * Ends, in the caller's transaction, the acting sessions that no longer stand after a change to
 * `userId` (its active flag, roles, claims or customer links): those in which it acts for someone and
 * those in which someone acts as it, whose impersonator may no longer act for their target. The next
 * request of such a session would end it anyway (the session plugin re-checks); ending it with the
 * change also closes its open live streams at once. Returns how many ended.
 */
export async function endLapsedActingSessions(tx: DbOrTx, userId: string): Promise<number> {
  const acting = await repo.actingSessionsOf(tx, userId);
  let ended = 0;
  for (const s of acting) {
    const target = await loadSessionUser(tx, s.userId);
    const stands = target && (await actingUser(tx, await loadSessionUser(tx, s.originalUserId!), target));
    if (stands) continue;
    await repo.deleteSession(tx, s.id);
    ended++;
  }
  return ended;
}

/**
 * How long after its last touch a session is touched again: a minute (idle expiry needs no more
 * precision, and it spares a write per request) and up to 30 s more, fixed per session by its id (a
 * sha256 in hex). Sessions signed in together (the buyers before a cut-off, everyone after a restart)
 * are then touched spread over half a minute instead of all in the same second: at 500 buyers the
 * touches and the reads after them came in one burst a minute after sign-in and queued the saves.
 * The session plugin answers from memory only within this time, so memory never skips a touch.
 */
export const sessionTouchMs = (id: string) => 60_000 + (Number.parseInt(id.slice(0, 8), 16) % 30_000 || 0);

/**
 * The session of `id` as a request is answered under it, read from the database at `now`: null when
 * it is unknown or expired; ended (deleted) when idle longer than `idleMs` or when its user, or its
 * acting, no longer stands; touched when last seen longer ago than sessionTouchMs (`touched`: its change
 * notice is on its way, so the caller keeps no copy yet).
 */
export async function openSession(db: DbOrTx, id: string, now: Date, idleMs: number): Promise<{ session: repo.SessionRow; user: SessionUser; touched: boolean } | null> {
  const s = await repo.liveSession(db, id, now);
  if (!s) return null;
  if (now.getTime() - s.lastSeenAt.getTime() > idleMs) {
    await repo.deleteSession(db, id);
    return null;
  }
  const target = await loadSessionUser(db, s.userId);
  if (!target) return null;
  // An acting session stands only while its impersonator may still act for the target: read
  // afresh here, and again after any change to users, roles, claims or links drops a kept copy.
  const user = s.originalUserId ? await actingUser(db, await loadSessionUser(db, s.originalUserId), target) : target;
  if (!user) {
    await repo.deleteSession(db, id);
    return null;
  }
  if (now.getTime() - s.lastSeenAt.getTime() > sessionTouchMs(id)) {
    await repo.touchSession(db, id, now);
    return { session: s, user, touched: true };
  }
  return { session: s, user, touched: false };
}
