import { and, asc, eq, inArray, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { customers, retailers, shipTimes, userClaims, userCustomers, userRoles, users } from "../../../db/schema/index.ts";
import { RoleName, type StoreProfile, type User, type UserSummary, type UserUpdateBody } from "../../../contract/user.ts";
import { audit } from "../audit/service.ts";
import { badRequest, forbidden, notFound } from "../../errors.ts";
import { loadSessionUser, type AuthContext, type SessionUser } from "../../plugins/session.ts";
import { canAccessCustomer, hasRole, isStaff, ownCustomers, retailerIdOf, toHeader } from "../access/service.ts";

export async function storeProfileFor(db: Db, customerId: string, retailerId: number | null): Promise<StoreProfile | null> {
  const [c] = await db.select().from(customers).where(eq(customers.customerId, customerId));
  if (!c) return null;
  const times = await db
    .select({ weekday: shipTimes.weekday, cutoffShipTime: shipTimes.cutoffShipTime })
    .from(shipTimes)
    .where(eq(shipTimes.customerId, customerId))
    .orderBy(asc(shipTimes.weekday));
  let pickupDays: StoreProfile["pickupDays"] = null;
  if (retailerId) {
    const [r] = await db.select().from(retailers).where(eq(retailers.retailerId, retailerId));
    if (r)
      pickupDays = {
        monday: r.pickupMonday,
        tuesday: r.pickupTuesday,
        wednesday: r.pickupWednesday,
        thursday: r.pickupThursday,
        friday: r.pickupFriday,
      };
  }
  return { shipTimes: times, pickupDays, alwaysBoxed: c.alwaysBoxed, kind: c.kind };
}

/** The user as the client sees it: roles, claims, customers, the chosen customer and its store profile. */
export async function userPayload(db: Db, user: SessionUser, currentCustomerId: string | null): Promise<User> {
  const list = await ownCustomers(db, user);
  let current = currentCustomerId ? (list.find((c) => c.customerID === currentCustomerId) ?? null) : null;
  if (!current && currentCustomerId && isStaff(user) && (await canAccessCustomer(db, user, currentCustomerId))) {
    const [c] = await db.select().from(customers).where(eq(customers.customerId, currentCustomerId));
    current = c ? toHeader(c) : null;
  }
  const retailerID = retailerIdOf(user);
  const [row] = await db.select({ active: users.active }).from(users).where(eq(users.id, user.id));
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
    active: row?.active ?? true,
  };
}

async function summaries(db: Db, where: SQL | undefined): Promise<UserSummary[]> {
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName));
  if (!rows.length) return [];
  const userIds = rows.map((r) => r.id);
  const [roles, links] = await Promise.all([
    db.select().from(userRoles).where(inArray(userRoles.userId, userIds)),
    db.select().from(userCustomers).where(inArray(userCustomers.userId, userIds)),
  ]);
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    active: u.active,
    roles: roles.filter((r) => r.userId === u.id).map((r) => r.role),
    customerIds: links.filter((l) => l.userId === u.id).map((l) => l.customerId),
  }));
}

/**
 * Users the caller may manage, as a condition on `users`: an Administrator everyone (no condition); a
 * SalesPerson itself and every user who holds no staff role (so a sales account can never edit, demote
 * or lock out an administrator or a colleague); a wholesaler itself and the users of its own customers
 * (linked users, and Retailer users whose WholesalerId claim names one of them) who hold no staff role:
 * a user without a staff role never sees, edits or resets one, whatever links them (DOMAIN "Accounts").
 */
async function manageableUsers(db: Db, actor: SessionUser): Promise<SQL | undefined> {
  if (hasRole(actor, "Administrator")) return undefined;
  const staffRole = db
    .select({ one: sql`1` })
    .from(userRoles)
    .where(and(eq(userRoles.userId, users.id), sql`lower(${userRoles.role}) in ('administrator', 'salesperson')`));
  if (isStaff(actor)) return or(eq(users.id, actor.id), notExists(staffRole));
  if (!hasRole(actor, "wholesaler")) return eq(users.id, actor.id);
  const mine = (await ownCustomers(db, actor)).map((c) => c.customerID);
  if (!mine.length) return eq(users.id, actor.id);
  const linked = await db.select({ id: userCustomers.userId }).from(userCustomers).where(inArray(userCustomers.customerId, mine));
  const claimed = await db
    .select({ id: userClaims.userId })
    .from(userClaims)
    .where(and(sql`lower(${userClaims.claim}) = 'wholesalerid'`, inArray(userClaims.value, mine)));
  const others = [...new Set([...linked.map((r) => r.id), ...claimed.map((r) => r.id)])].filter((id) => id !== actor.id);
  if (!others.length) return eq(users.id, actor.id);
  return or(eq(users.id, actor.id), and(inArray(users.id, others), notExists(staffRole)));
}

/** May the signed-in user see, edit or send a reset to this user? (The same rule as the user list.) */
export async function canManage(db: Db, actor: SessionUser, targetId: string): Promise<boolean> {
  const condition = await manageableUsers(db, actor);
  const [row] = await db.select({ id: users.id }).from(users).where(condition ? and(eq(users.id, targetId), condition) : eq(users.id, targetId));
  return !!row;
}

export async function listUsers(db: Db, auth: AuthContext) {
  return summaries(db, await manageableUsers(db, auth.user));
}

async function assertManageable(db: Db, actor: SessionUser, targetId: string) {
  if (!(await canManage(db, actor, targetId))) throw forbidden("You cannot manage this user.");
}

export async function userDetails(db: Db, auth: AuthContext, targetId: string): Promise<User> {
  await assertManageable(db, auth.user, targetId);
  const target = await loadSessionUser(db, targetId);
  if (!target) {
    const [inactive] = await db.select({ id: users.id }).from(users).where(eq(users.id, targetId));
    if (!inactive) throw notFound("User not found.");
    throw notFound("This user is deactivated.");
  }
  return userPayload(db, target, null);
}

/** Roles a caller may hand out or take away: an Administrator any, a SalesPerson the customer-side ones. */
function grantableRoles(actor: SessionUser): readonly string[] {
  if (hasRole(actor, "Administrator")) return RoleName.options;
  if (isStaff(actor)) return ["wholesaler", "Retailer", "MassMarket"];
  return [];
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const x = new Set(a.map((r) => r.toLowerCase()));
  const y = new Set(b.map((r) => r.toLowerCase()));
  return x.size === y.size && [...x].every((r) => y.has(r));
};

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
    const [existing] = await tx.select().from(users).where(eq(users.id, targetId)).for("update");
    if (!existing) throw notFound("User not found.");
    const oldRoles = (await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, targetId))).map((r) => r.role);
    const rolesChange = body.roles !== undefined && !sameSet(oldRoles, body.roles);
    if (rolesChange) {
      if (targetId === actor.id) throw forbidden("You cannot change your own roles.");
      const grantable = grantableRoles(actor).map((r) => r.toLowerCase());
      if (!grantable.length) throw forbidden("Only staff can change roles.");
      const before = new Set(oldRoles.map((r) => r.toLowerCase()));
      const after = new Set(body.roles!.map((r) => r.toLowerCase()));
      const touched = [...after].filter((r) => !before.has(r)).concat([...before].filter((r) => !after.has(r)));
      if (touched.some((r) => !grantable.includes(r))) throw forbidden("Only an Administrator can grant or remove staff roles.");
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (body.email !== undefined && body.email !== existing.email) changes.email = { from: existing.email, to: body.email };
    if (rolesChange) changes.roles = { from: oldRoles, to: [...new Set(body.roles)] };
    if (body.active !== undefined && body.active !== existing.active) changes.active = { from: existing.active, to: body.active };
    if (body.claims) {
      const old = await tx.select({ claim: userClaims.claim, value: userClaims.value }).from(userClaims).where(eq(userClaims.userId, targetId));
      const key = (c: { claim: string; value: string }) => `${c.claim}\u0000${c.value}`;
      if (!sameSet(old.map(key), body.claims.map(key))) changes.claims = { from: old, to: body.claims };
    }
    if (body.customerIds) {
      const old = (await tx.select({ id: userCustomers.customerId }).from(userCustomers).where(eq(userCustomers.userId, targetId))).map((r) => r.id);
      if (!sameSet(old, body.customerIds)) changes.customerIds = { from: old, to: [...new Set(body.customerIds)] };
    }
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
      const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${body.email.toLowerCase()}`);
      if (taken) throw badRequest("That e-mail address is already in use.", { email: "That e-mail address is already in use." });
    }
    await tx
      .update(users)
      .set({
        ...(body.email !== undefined ? { email: body.email } : {}),
        ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
        ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, targetId));
    if (rolesChange) {
      await tx.delete(userRoles).where(eq(userRoles.userId, targetId));
      const unique = [...new Set(body.roles)];
      if (unique.length) await tx.insert(userRoles).values(unique.map((role) => ({ userId: targetId, role })));
    }
    if (body.claims) {
      await tx.delete(userClaims).where(eq(userClaims.userId, targetId));
      const seen = new Set<string>();
      const claims = body.claims.filter((c) => !seen.has(`${c.claim}\u0000${c.value}`) && seen.add(`${c.claim}\u0000${c.value}`));
      if (claims.length) await tx.insert(userClaims).values(claims.map((c) => ({ userId: targetId, ...c })));
    }
    if (body.customerIds) {
      const ids = [...new Set(body.customerIds)];
      if (ids.length) {
        const found = await tx.select({ id: customers.customerId }).from(customers).where(inArray(customers.customerId, ids));
        const missing = ids.filter((id) => !found.some((f) => f.id === id));
        if (missing.length) throw badRequest(`Unknown customer: ${missing.join(", ")}`, { customerIds: `Unknown customer: ${missing.join(", ")}` });
      }
      await tx.delete(userCustomers).where(eq(userCustomers.userId, targetId));
      if (ids.length) await tx.insert(userCustomers).values(ids.map((customerId) => ({ userId: targetId, customerId })));
    }
  });
  const [summary] = await summaries(db, eq(users.id, targetId));
  return summary!;
}
