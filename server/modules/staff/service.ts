import type { Db } from "../../../db/client.ts";
import { canImpersonate, hasAnyRole, STAFF_ROLES } from "../../../domain/access.ts";
import type { ActableRetailer, AuditPage, AuditQuery } from "../../../contract/staff.ts";
import { badRequest, conflict, forbidden, notFound } from "../../errors.ts";
import type { AuthContext } from "../../plugins/auth-context.ts";
import { hasRole, isStaff } from "../../plugins/roles.ts";
import * as accounts from "../accounts/index.ts";
import * as buyers from "../buyers/index.ts";
import { ownCustomers } from "../buyers/index.ts";
import { audit } from "../audit/index.ts";
import { auditSentence } from "../../../domain/audit-words.ts";
import { addDays, newYorkInstant } from "../../../domain/dates.ts";
import * as repo from "./repo.ts";

const holds = (roles: string[], ...names: string[]) => hasAnyRole(roles, names);

export interface Origin {
  ip: string;
  userAgent?: string;
}

/**
 * DOMAIN "Staff impersonation": an Administrator may act as any active non-administrator, a
 * SalesPerson as any customer-side user (never staff). Nobody acts as itself; no nesting.
 */
export async function impersonateUser(db: Db, auth: AuthContext, targetId: string, origin: Origin) {
  if (auth.originalUserId) throw conflict("You are already acting for someone. Stop first, then choose another user.");
  const me = auth.user;
  if (!isStaff(me)) throw forbidden("Only an Administrator or a SalesPerson can act for another user.");
  if (targetId === me.id) throw badRequest("You cannot act as yourself.");
  const target = await accounts.findUserWithRoles(db, targetId);
  if (!target) throw notFound("User not found.");
  if (!target.active) throw badRequest("This user is deactivated and cannot be acted for.");
  if (holds(target.roles, "Administrator")) throw forbidden("Nobody can act as an Administrator.");
  if (!canImpersonate(me.roles, target.roles)) throw forbidden("A SalesPerson can only act for customers, never for staff.");
  await start(db, auth, target.id, null, { via: "admin" }, origin);
}

/**
 * A wholesaler user acts for one of its own retailers (staff may too): {customerId} must be one of the
 * caller's customers and the retailer must buy through it. The session acts as the retailer's user,
 * with that wholesaler chosen as the current customer.
 */
export async function impersonateRetailer(db: Db, auth: AuthContext, ids: { userId: string; customerId: string; retailerId: number }, origin: Origin): Promise<string> {
  if (auth.originalUserId) throw conflict("You are already acting for someone. Stop first, then choose another user.");
  const me = auth.user;
  if (ids.userId !== me.id) throw forbidden("You can only act for your own account.");
  if (!isStaff(me)) {
    if (!hasRole(me, "wholesaler")) throw forbidden("Only a wholesaler or staff can act for a retailer.");
    const mine = await ownCustomers(db, me);
    if (!mine.some((c) => c.customerID === ids.customerId)) throw forbidden("You do not have access to this customer.");
  }
  if (!(await buyers.retailerBuysThrough(db, ids.retailerId, ids.customerId))) throw forbidden("This retailer does not buy through this customer.");
  const candidates = await accounts.retailerUserIds(db, ids.retailerId);
  for (const id of candidates) {
    if (id === me.id) continue;
    const target = await accounts.findUserWithRoles(db, id);
    if (!target || holds(target.roles, ...STAFF_ROLES, "wholesaler") || !canImpersonate(me.roles, target.roles)) continue;
    await start(db, auth, id, ids.customerId, { via: "retailer", customerId: ids.customerId, retailerId: ids.retailerId }, origin);
    return id;
  }
  throw notFound("This retailer has no active user to act as.");
}

async function start(db: Db, auth: AuthContext, targetId: string, customerId: string | null, detail: Record<string, unknown>, origin: Origin) {
  await db.transaction(async (tx) => {
    const s = await accounts.lockSession(tx, auth.sessionId);
    if (!s) throw forbidden("Your session has ended. Please sign in again.");
    // Two tabs starting at once: the second sees the first's change under the lock.
    if (s.originalUserId || s.userId !== auth.user.id) throw conflict("You are already acting for someone. Stop first, then choose another user.");
    await accounts.setSessionIdentity(tx, auth.sessionId, { userId: targetId, originalUserId: auth.user.id, currentCustomerId: customerId });
    await audit(tx, { actorUserId: auth.user.id, action: "impersonation.start", targetUserId: targetId, ip: origin.ip, detail: { ...detail, userAgent: origin.userAgent ?? null } });
  });
}

/** Stops acting: the session is the original user's again, with no customer chosen. */
export async function stopImpersonating(db: Db, auth: AuthContext, origin: Origin) {
  const original = auth.originalUserId;
  if (!original) throw conflict("You are not acting for anyone.");
  await db.transaction(async (tx) => {
    const s = await accounts.lockSession(tx, auth.sessionId);
    if (!s || s.originalUserId !== original) throw conflict("You are not acting for anyone.");
    await accounts.setSessionIdentity(tx, auth.sessionId, { userId: original, originalUserId: null, currentCustomerId: null });
    await audit(tx, { actorUserId: original, action: "impersonation.stop", targetUserId: s.userId, ip: origin.ip, detail: { userAgent: origin.userAgent ?? null } });
  });
  return original;
}

/** The retailers the signed-in wholesaler may act for (staff: none here, they use the user lists). */
export async function retailersToActFor(db: Db, auth: AuthContext): Promise<ActableRetailer[]> {
  if (auth.originalUserId || !hasRole(auth.user, "wholesaler")) return [];
  const mine = await ownCustomers(db, auth.user);
  const rows = await repo.actableRetailers(db, mine.map((c) => c.customerID));
  return rows.filter((r) => r.userEmail.toLowerCase() !== auth.user.email.toLowerCase());
}

export async function auditLogPage(db: Db, auth: AuthContext, q: AuditQuery): Promise<AuditPage> {
  if (!isStaff(auth.user)) throw forbidden();
  if (q.from && q.to && q.from > q.to) throw badRequest("The start date must be on or before the end date.", { from: "The start date must be on or before the end date." });
  const day = q.day ? { from: newYorkInstant(q.day, 0), to: newYorkInstant(addDays(q.day, 1), 0) } : undefined;
  const { items, total } = await repo.auditPage(db, q, day);
  // Who someone acted for: the entry's customer, else the one customer of the user acted as.
  const sole = await buyers.soleCustomers(db, [...new Set(items.filter((i) => !i.customerId && i.targetUserId).map((i) => i.targetUserId!))]);
  const customerOf = (i: (typeof items)[number]) => i.customerId ?? (i.targetUserId ? (sole.get(i.targetUserId) ?? null) : null);
  const names = await buyers.companyNames(db, [...new Set(items.map(customerOf).filter((c): c is string => !!c))]);
  return {
    items: items.map(({ customerId: _c, ...i }) => {
      const customer = customerOf({ customerId: _c, ...i });
      const companyName = customer ? (names.get(customer) ?? customer) : null;
      const target = i.targetName ? `${i.targetName}${i.targetEmail ? ` (${i.targetEmail})` : ""}` : (i.targetEmail ?? i.targetUserId);
      return {
        ...i,
        companyName,
        summary: auditSentence({ action: i.action, detail: i.detail, actor: i.actorName ?? i.actorEmail ?? i.actorUserId, target, company: companyName }),
      };
    }),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
