// Administering users: the users page, inviting a user, and a signed-in user's own password, sessions and profile.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Db } from "../../../db/client.ts";
import type { ChangePasswordBody, InviteUserBody, ProfileBody, UserPage } from "../../../contract/administration.ts";
import type { Config } from "../../config.ts";
import { badRequest, forbidden } from "../../errors.ts";
import type { AuthContext } from "../../plugins/session.ts";
import { hasRole, isStaff } from "../../plugins/roles.ts";
import { audit } from "../audit/index.ts";
import { hashPassword, sendResetMail, verifyPassword } from "../auth/index.ts";
import { manageableCondition } from "../users/index.ts";
import * as buyers from "../buyers/index.ts";
import * as repo from "./repo.ts";
import { actAs, customerScope, STAFF } from "./scope.ts";

/**
 * A page of the users the caller may manage (the Users API's own rule, users/manageableUsers):
 * scope customer = customer-side users, staff = staff accounts (an Administrator all of them, a
 * SalesPerson only itself), mm = MassMarket users (Administrator only).
 */
export async function userPage(db: Db, auth: AuthContext, q: repo.UsersQ): Promise<UserPage> {
  const me = auth.user;
  if (q.scope === "mm" && !hasRole(me, "Administrator")) throw forbidden();
  if (q.scope === "staff" && !isStaff(me)) throw forbidden();
  if (q.scope === "customer" && !isStaff(me) && !hasRole(me, "wholesaler")) throw forbidden();
  const { rows, total } = await repo.userPage(db, await manageableCondition(db, me), q);
  // The row action is the staff call (Admin/{userId}/Impersonate); a wholesaler acts for its retailers
  // from its avatar menu and a retailer's page, which know the customer and the shop.
  const staff = isStaff(me);
  return { items: rows.map((r) => ({ ...r, canActAs: staff && r.id !== me.id && actAs(auth, r.roles) })), total, page: q.page, pageSize: q.pageSize };
}

/**
 * Invites a user (the welcome mail of ResendPasswordReset kind `welcome`). Nobody grants a role it
 * does not hold: an Administrator invites anyone, a SalesPerson customer-side users, a wholesaler
 * only further wholesaler users of its own customers.
 */
export async function inviteUser(db: Db, config: Config, auth: AuthContext, body: z.output<typeof InviteUserBody>, ip: string) {
  const me = auth.user;
  const role = body.role;
  if (!isStaff(me) && !hasRole(me, "wholesaler")) throw forbidden();
  if (!hasRole(me, "Administrator")) {
    if (STAFF.includes(role)) throw forbidden("Only an Administrator can invite staff.");
    if (!isStaff(me) && role !== "wholesaler") throw forbidden("You can only invite users with your own role.");
  }
  const customerIds = [...new Set(body.customerIds)];
  let claims: { claim: string; value: string }[] = [];
  let links: string[] = [];
  if (role === "wholesaler" || role === "MassMarket") {
    if (!customerIds.length) throw badRequest("Choose the customer this user buys for.", { customerIds: "This field is required" });
    const found = await buyers.existingCustomerIds(db, customerIds);
    const missing = customerIds.filter((id) => !found.includes(id));
    if (missing.length) throw badRequest(`Unknown customer: ${missing.join(", ")}`, { customerIds: `Unknown customer: ${missing.join(", ")}` });
    const scope = await customerScope(db, me);
    if (scope && customerIds.some((id) => !scope.includes(id))) throw forbidden("You can only invite users for your own customers.");
    links = customerIds;
  } else if (role === "Retailer") {
    if (!body.retailerId) throw badRequest("Choose the shop this user works for.", { retailerId: "This field is required" });
    const r = await buyers.retailerById(db, body.retailerId);
    if (!r) throw badRequest("Unknown retailer.", { retailerId: "Unknown retailer." });
    const through = (await buyers.customersOfRetailer(db, r.retailerId)).map((c) => c.customerId);
    claims = [{ claim: "retailerid", value: String(r.retailerId) }, ...through.map((value) => ({ claim: "WholesalerId", value }))];
  }
  const id = `u-${randomUUID()}`;
  await db.transaction(async (tx) => {
    if (await repo.emailTaken(tx, body.email)) throw badRequest("That e-mail address is already in use.", { email: "That e-mail address is already in use." });
    await repo.insertUser(tx, { id, email: body.email, firstName: body.firstName, lastName: body.lastName, role, customerIds: links, claims });
    await audit(tx, { actorUserId: auth.originalUserId ?? me.id, action: "user.invite", targetUserId: id, ip, detail: { role, customerIds: links, claims } });
  });
  await sendResetMail(db, config, id, "welcome");
  return { id };
}


/**
 * The password and the other sessions are the account owner's own: while acting for someone they are
 * refused (403), so nobody acting can lock the real user out or end their sessions (issue 23).
 */
function refuseWhileActing(auth: AuthContext, what: string) {
  if (auth.originalUserId) throw forbidden(`You are acting for someone: stop acting to ${what}. Only the account's owner can do this.`);
}

export async function changeOwnPassword(db: Db, auth: AuthContext, body: z.output<typeof ChangePasswordBody>, ip: string) {
  refuseWhileActing(auth, "change this account's password");
  if (!(await verifyPassword(await repo.passwordHashOf(db, auth.user.id), body.currentPassword)))
    throw badRequest("Your current password is not correct.", { currentPassword: "Your current password is not correct." });
  const hash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await repo.setPassword(tx, auth.user.id, hash);
    const ended = await repo.sessionsEnd(tx, auth.user.id, auth.sessionId);
    await audit(tx, { actorUserId: auth.user.id, action: "account.password", targetUserId: auth.user.id, ip, detail: { otherSessionsEnded: ended } });
    return { ended };
  });
}

export async function endOtherSessions(db: Db, auth: AuthContext, ip: string) {
  refuseWhileActing(auth, "sign this account out elsewhere");
  return db.transaction(async (tx) => {
    const ended = await repo.sessionsEnd(tx, auth.user.id, auth.sessionId);
    await audit(tx, { actorUserId: auth.user.id, action: "account.sessions", targetUserId: auth.user.id, ip, detail: { ended } });
    return { ended };
  });
}

export async function updateOwnProfile(db: Db, auth: AuthContext, body: z.output<typeof ProfileBody>) {
  await db.transaction((tx) => repo.setNames(tx, auth.user.id, body.firstName, body.lastName));
}
