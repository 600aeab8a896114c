import { and, asc, eq, inArray, notExists, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { customers, retailers, shipTimes, userClaims, userCustomers, userRoles, users } from "../../../db/schema/index.ts";
import type { StoreProfile, User, UserSummary, UserUpdateBody } from "../../../contract/user.ts";
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
 * or lock out an administrator or a colleague); a wholesaler the users of its own customers (linked
 * users, and Retailer users whose WholesalerId claim names one of them).
 */
export async function manageableUsers(db: Db, actor: SessionUser): Promise<SQL | undefined> {
  if (hasRole(actor, "Administrator")) return undefined;
  if (isStaff(actor)) {
    const staffRole = db
      .select({ one: sql`1` })
      .from(userRoles)
      .where(and(eq(userRoles.userId, users.id), inArray(userRoles.role, ["Administrator", "SalesPerson"])));
    return or(eq(users.id, actor.id), notExists(staffRole));
  }
  if (!hasRole(actor, "wholesaler")) return eq(users.id, actor.id);
  const mine = (await ownCustomers(db, actor)).map((c) => c.customerID);
  if (!mine.length) return eq(users.id, actor.id);
  const linked = await db.select({ id: userCustomers.userId }).from(userCustomers).where(inArray(userCustomers.customerId, mine));
  const claimed = await db
    .select({ id: userClaims.userId })
    .from(userClaims)
    .where(and(sql`lower(${userClaims.claim}) = 'wholesalerid'`, inArray(userClaims.value, mine)));
  return inArray(users.id, [...new Set([actor.id, ...linked.map((r) => r.id), ...claimed.map((r) => r.id)])]);
}

export async function listUsers(db: Db, auth: AuthContext) {
  return summaries(db, await manageableUsers(db, auth.user));
}

async function assertManageable(db: Db, actor: SessionUser, targetId: string) {
  const condition = await manageableUsers(db, actor);
  if (!condition) return;
  const [allowed] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, targetId), condition));
  if (!allowed) throw forbidden("You cannot manage this user.");
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
    const [existing] = await tx.select().from(users).where(eq(users.id, targetId)).for("update");
    if (!existing) throw notFound("User not found.");
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
    if (body.roles) {
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
