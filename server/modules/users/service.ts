import type { Db } from "../../../db/client.ts";
import type { User, UserSummary, UserUpdateBody } from "../../../contract/user.ts";
import { badRequest, forbidden, notFound } from "../../errors.ts";
import { loadSessionUser, type AuthContext, type SessionUser } from "../../plugins/session.ts";
import { hasRole, isStaff, retailerIdOf } from "../../plugins/roles.ts";
import { canAccessCustomer, customerHeader, ownCustomers, storeProfileFor } from "../buyers/index.ts";
import * as repo from "./repo.ts";
import type { UserScope } from "./repo.ts";

/** The user as the client sees it: roles, claims, customers, the chosen customer and its store profile. */
export async function userPayload(db: Db, user: SessionUser, currentCustomerId: string | null): Promise<User> {
  const list = await ownCustomers(db, user);
  let current = currentCustomerId ? (list.find((c) => c.customerID === currentCustomerId) ?? null) : null;
  if (!current && currentCustomerId && isStaff(user) && (await canAccessCustomer(db, user, currentCustomerId))) {
    current = await customerHeader(db, currentCustomerId);
  }
  const retailerID = retailerIdOf(user);
  const active = await repo.userActive(db, user.id);
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
  return (await repo.usersIn(db, scope)).map(({ u, roles, customerIds }) => ({
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
 * Users the caller may manage: an Administrator everyone (no condition); a
 * SalesPerson itself and every user who holds no staff role (so a sales account can never edit, demote
 * or lock out an administrator or a colleague); a wholesaler the users of its own customers (linked
 * users, and Retailer users whose WholesalerId claim names one of them).
 */
async function manageableUsers(db: Db, actor: SessionUser): Promise<UserScope> {
  if (hasRole(actor, "Administrator")) return { all: true };
  if (isStaff(actor)) return { selfAndNonStaff: actor.id };
  if (!hasRole(actor, "wholesaler")) return { id: actor.id };
  const mine = (await ownCustomers(db, actor)).map((c) => c.customerID);
  if (!mine.length) return { id: actor.id };
  return { ids: [...new Set([actor.id, ...(await repo.usersOfCustomers(db, mine))])] };
}

/** The users a caller may manage, as a condition on `users` (the staff desk's paged lists). */
export async function manageableCondition(db: Db, actor: SessionUser) {
  return repo.scopeCondition(db, await manageableUsers(db, actor));
}

export async function listUsers(db: Db, auth: AuthContext) {
  return summaries(db, await manageableUsers(db, auth.user));
}

async function assertManageable(db: Db, actor: SessionUser, targetId: string) {
  const scope = await manageableUsers(db, actor);
  if ("all" in scope) return;
  if (!(await repo.isInScope(db, targetId, scope))) throw forbidden("You cannot manage this user.");
}

export async function userDetails(db: Db, auth: AuthContext, targetId: string): Promise<User> {
  await assertManageable(db, auth.user, targetId);
  const target = await loadSessionUser(db, targetId);
  if (!target) {
    if ((await repo.userActive(db, targetId)) === null) throw notFound("User not found.");
    throw notFound("This user is deactivated.");
  }
  return userPayload(db, target, null);
}

/**
 * Updates a user. Only an Administrator changes roles, and nobody grants a role above their own:
 * a SalesPerson cannot make staff; a wholesaler can only edit names and e-mail of its own users.
 */
export async function updateUser(db: Db, auth: AuthContext, targetId: string, body: UserUpdateBody): Promise<UserSummary> {
  await assertManageable(db, auth.user, targetId);
  const actor = auth.user;
  const admin = hasRole(actor, "Administrator");
  const staff = isStaff(actor);
  if (body.roles && !admin) {
    if (!staff) throw forbidden("Only staff can change roles.");
    if (body.roles.some((r) => r === "Administrator" || r === "SalesPerson")) throw forbidden("Only an Administrator can grant staff roles.");
  }
  if ((body.claims || body.customerIds) && !staff) throw forbidden("Only staff can change a user's customers.");
  if (body.active !== undefined && !staff) throw forbidden("Only staff can activate or deactivate a user.");
  if (targetId === actor.id && body.active === false) throw badRequest("You cannot deactivate yourself.", { active: "You cannot deactivate yourself." });
  if (targetId === actor.id && body.roles && !body.roles.includes("Administrator") && admin)
    throw badRequest("You cannot remove your own Administrator role.", { roles: "You cannot remove your own Administrator role." });

  await db.transaction(async (tx) => {
    const existing = await repo.lockUser(tx, targetId);
    if (!existing) throw notFound("User not found.");
    if (body.email && body.email.toLowerCase() !== existing.email.toLowerCase()) {
      if (await repo.emailTaken(tx, body.email)) throw badRequest("That e-mail address is already in use.", { email: "That e-mail address is already in use." });
    }
    await repo.updateUserRow(tx, targetId, {
      ...(body.email !== undefined ? { email: body.email } : {}),
      ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
      ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    });
    if (body.roles) await repo.replaceRoles(tx, targetId, [...new Set(body.roles)]);
    if (body.claims) {
      const seen = new Set<string>();
      const claims = body.claims.filter((c) => !seen.has(`${c.claim}\u0000${c.value}`) && seen.add(`${c.claim}\u0000${c.value}`));
      await repo.replaceClaims(tx, targetId, claims);
    }
    if (body.customerIds) {
      const ids = [...new Set(body.customerIds)];
      if (ids.length) {
        const found = await repo.existingCustomerIds(tx, ids);
        const missing = ids.filter((id) => !found.includes(id));
        if (missing.length) throw badRequest(`Unknown customer: ${missing.join(", ")}`, { customerIds: `Unknown customer: ${missing.join(", ")}` });
      }
      await repo.replaceCustomerLinks(tx, targetId, ids);
    }
  });
  const [summary] = await summaries(db, { id: targetId });
  return summary!;
}
