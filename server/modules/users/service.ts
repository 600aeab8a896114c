import type { Db, DbOrTx } from "../../../db/client.ts";
import type { User, UserSummary, UserUpdateBody } from "../../../contract/user.ts";
import { ROLES } from "../../../domain/access.ts";
import { audit } from "../audit/index.ts";
import { badRequest, forbidden, notFound } from "../../errors.ts";
import type { AuthContext, SessionUser } from "../../plugins/auth-context.ts";
import { hasRole, isStaff, retailerIdOf } from "../../plugins/roles.ts";
import * as accounts from "../accounts/index.ts";
import { endLapsedActingSessions, loadSessionUser, type UserScope } from "../accounts/index.ts";
import * as buyers from "../buyers/index.ts";
import { canAccessCustomer, customerHeader, ownCustomers, storeProfileFor } from "../buyers/index.ts";

/** The users in scope with their roles and customer links, by name. */
async function usersIn(db: Db, scope: UserScope) {
  const rows = await accounts.usersIn(db, scope);
  if (!rows.length) return [];
  const links = await buyers.customerLinksOf(db, rows.map((r) => r.u.id));
  return rows.map((r) => ({ ...r, customerIds: links.filter((l) => l.userId === r.u.id).map((l) => l.customerId) }));
}

/** Users linked to any of these customers, and Retailer users whose WholesalerId claim names one. */
async function usersOfCustomers(db: Db, customerIds: string[]): Promise<string[]> {
  const linked = await buyers.userIdsLinkedTo(db, customerIds);
  return [...linked, ...(await accounts.userIdsByClaim(db, "WholesalerId", customerIds))];
}

/** What an update may change, as it is now (for the audit log and the role rules). */
async function accountOf(tx: DbOrTx, userId: string) {
  const [{ roles, claims }, customerIds] = await Promise.all([accounts.rolesAndClaimsOf(tx, userId), buyers.linkedCustomerIds(tx, userId)]);
  return { roles, claims, customerIds };
}

/** The user as the client sees it: roles, claims, customers, the chosen customer and its store profile. */
export async function userPayload(db: Db, user: SessionUser, currentCustomerId: string | null): Promise<User> {
  const list = await ownCustomers(db, user);
  let current = currentCustomerId ? (list.find((c) => c.customerID === currentCustomerId) ?? null) : null;
  if (!current && currentCustomerId && isStaff(user) && (await canAccessCustomer(db, user, currentCustomerId))) {
    current = await customerHeader(db, currentCustomerId);
  }
  const retailerID = retailerIdOf(user);
  const active = await accounts.userActive(db, user.id);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: user.roles,
    claims: user.claims,
    customers: list,
    currentCustomer: current,
    retailerID,
    storeProfile: current ? await storeProfileFor(db, current.customerID, retailerID) : null,
    active: active ?? true,
  };
}

async function summaries(db: Db, scope: UserScope): Promise<UserSummary[]> {
  return (await usersIn(db, scope)).map(({ u, roles, customerIds }) => ({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    active: u.active,
    roles,
    customerIds,
  }));
}

/**
 * Users the caller may manage: an Administrator everyone (no condition); a SalesPerson itself and every
 * user who holds no staff role (so a sales account can never edit, demote or lock out an administrator
 * or a colleague); a wholesaler itself and the users of its own customers (linked users, and Retailer
 * users whose WholesalerId claim names one of them) who hold no staff role: a user without a staff role
 * never sees, edits or resets one, whatever links them (DOMAIN "Accounts", docs/security.md).
 */
async function manageableUsers(db: Db, actor: SessionUser): Promise<UserScope> {
  if (hasRole(actor, "Administrator")) return { all: true };
  if (isStaff(actor)) return { selfAndNonStaff: actor.id };
  if (!hasRole(actor, "wholesaler")) return { id: actor.id };
  const mine = (await ownCustomers(db, actor)).map((c) => c.customerID);
  if (!mine.length) return { id: actor.id };
  return { self: actor.id, nonStaffOf: (await usersOfCustomers(db, mine)).filter((id) => id !== actor.id) };
}

/** May the signed-in user see, edit or send a password mail to this user? (The user list's rule.) */
export async function canManage(db: Db, actor: SessionUser, targetId: string): Promise<boolean> {
  const scope = await manageableUsers(db, actor);
  return accounts.isInScope(db, targetId, scope);
}

/** The users a caller may manage, as a condition on `users` (the staff desk's paged lists). */
export async function manageableCondition(db: Db, actor: SessionUser) {
  return accounts.scopeCondition(db, await manageableUsers(db, actor));
}

export async function listUsers(db: Db, auth: AuthContext) {
  return summaries(db, await manageableUsers(db, auth.user));
}

async function assertManageable(db: Db, actor: SessionUser, targetId: string) {
  const scope = await manageableUsers(db, actor);
  if ("all" in scope) return;
  if (!(await accounts.isInScope(db, targetId, scope))) throw forbidden("You cannot manage this user.");
}

/** Roles a caller may hand out or take away: an Administrator any, a SalesPerson the customer-side ones. */
function grantableRoles(actor: SessionUser): readonly string[] {
  if (hasRole(actor, "Administrator")) return ROLES;
  if (isStaff(actor)) return ["wholesaler", "Retailer", "MassMarket"];
  return [];
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const x = new Set(a.map((r) => r.toLowerCase()));
  const y = new Set(b.map((r) => r.toLowerCase()));
  return x.size === y.size && [...x].every((r) => y.has(r));
};

export async function userDetails(db: Db, auth: AuthContext, targetId: string): Promise<User> {
  await assertManageable(db, auth.user, targetId);
  const target = await loadSessionUser(db, targetId);
  if (!target) {
    if ((await accounts.userActive(db, targetId)) === null) throw notFound("User not found.");
    throw notFound("This user is deactivated.");
  }
  return userPayload(db, target, null);
}

/**
 * Updates a user. Nobody edits its own roles, nobody grants or removes a role it may not hand out
 * (grantableRoles), only staff change claims, customer links or the active flag, and a wholesaler edits
 * names and e-mail of its own (non-staff) users only. Every change of e-mail, roles, claims, customer
 * links or the active flag is written to the audit log in the same transaction.
 */
export async function updateUser(db: Db, auth: AuthContext, targetId: string, body: UserUpdateBody, meta: { ip?: string } = {}): Promise<UserSummary> {
  await assertManageable(db, auth.user, targetId);
  const actor = auth.user;
  const staff = isStaff(actor);
  if ((body.claims || body.customerIds) && !staff) throw forbidden("Only staff can change a user's customers.");
  if (body.active !== undefined && !staff) throw forbidden("Only staff can activate or deactivate a user.");
  if (targetId === actor.id && body.active === false) throw badRequest("You cannot deactivate yourself.", { active: "You cannot deactivate yourself." });

  await db.transaction(async (tx) => {
    const existing = await accounts.lockUser(tx, targetId);
    if (!existing) throw notFound("User not found.");
    const now = await accountOf(tx, targetId);
    const rolesChange = body.roles !== undefined && !sameSet(now.roles, body.roles);
    if (rolesChange) {
      if (targetId === actor.id) throw forbidden("You cannot change your own roles.");
      const grantable = grantableRoles(actor).map((r) => r.toLowerCase());
      if (!grantable.length) throw forbidden("Only staff can change roles.");
      const before = new Set(now.roles.map((r) => r.toLowerCase()));
      const after = new Set(body.roles!.map((r) => r.toLowerCase()));
      const touched = [...after].filter((r) => !before.has(r)).concat([...before].filter((r) => !after.has(r)));
      if (touched.some((r) => !grantable.includes(r))) throw forbidden("Only an Administrator can grant or remove staff roles.");
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (body.email !== undefined && body.email !== existing.email) changes.email = { from: existing.email, to: body.email };
    if (rolesChange) changes.roles = { from: now.roles, to: [...new Set(body.roles)] };
    if (body.active !== undefined && body.active !== existing.active) changes.active = { from: existing.active, to: body.active };
    const claimKey = (c: { claim: string; value: string }) => `${c.claim}\u0000${c.value}`;
    if (body.claims && !sameSet(now.claims.map(claimKey), body.claims.map(claimKey))) changes.claims = { from: now.claims, to: body.claims };
    if (body.customerIds && !sameSet(now.customerIds, body.customerIds)) changes.customerIds = { from: now.customerIds, to: [...new Set(body.customerIds)] };
    if (Object.keys(changes).length) {
      await audit(tx, {
        actorUserId: actor.id,
        action: "user.update",
        targetUserId: targetId,
        detail: { changes, ...(auth.originalUserId ? { originalUserId: auth.originalUserId } : {}) },
        ip: meta.ip,
      });
    }
    if (body.email && body.email.toLowerCase() !== existing.email.toLowerCase()) {
      if (await accounts.emailTaken(tx, body.email)) throw badRequest("That e-mail address is already in use.", { email: "That e-mail address is already in use." });
    }
    await accounts.updateUserRow(tx, targetId, {
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
      ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    });
    if (rolesChange) await accounts.replaceRoles(tx, targetId, [...new Set(body.roles!)]);
    if (body.claims) {
      const seen = new Set<string>();
      const claims = body.claims.filter((c) => !seen.has(`${c.claim}\u0000${c.value}`) && seen.add(`${c.claim}\u0000${c.value}`));
      await accounts.replaceClaims(tx, targetId, claims);
    }
    if (body.customerIds) {
      const ids = [...new Set(body.customerIds)];
      if (ids.length) {
        const found = await buyers.existingCustomerIds(tx, ids);
        const missing = ids.filter((id) => !found.includes(id));
        if (missing.length) throw badRequest(`Unknown customer: ${missing.join(", ")}`, { customerIds: `Unknown customer: ${missing.join(", ")}` });
      }
      await buyers.replaceCustomerLinks(tx, targetId, ids);
    }
    // Deactivated, a role or a customer taken away: the acting sessions that lost their right end now.
    if (body.active === false || rolesChange || body.claims || body.customerIds) await endLapsedActingSessions(tx, targetId);
  });
  const [summary] = await summaries(db, { id: targetId });
  return summary!;
}
