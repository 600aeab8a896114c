import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../../db/client.ts";
import type {
  ApproveReferralBody,
  ChangePasswordBody,
  CustomerCreateBody,
  CustomerDetail,
  CustomerPage,
  CustomerUpdateBody,
  InviteUserBody,
  ProfileBody,
  ReferralBody,
  RetailerBody,
  RetailerDetail,
  RetailerPage,
  UserPage,
} from "../../../contract/administration.ts";
import { LOGO_MAX_BYTES } from "../../../contract/administration.ts";
import { canImpersonate, STAFF_ROLES } from "../../../domain/access.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../../errors.ts";
import type { AuthContext } from "../../plugins/session.ts";
import { hasRole, isStaff } from "../../plugins/roles.ts";
import { customerScope, DEFAULT_LOGO } from "../buyers/index.ts";
import { audit } from "../audit/index.ts";
import { hashPassword, sendResetMail, verifyPassword } from "../auth/index.ts";
import { screenPublicForm } from "../public/index.ts";
import { manageableCondition } from "../users/index.ts";
import * as repo from "./repo.ts";

const STAFF: readonly string[] = STAFF_ROLES;
const actAs = (auth: AuthContext, roles: string[]) => canImpersonate(auth.user.roles, roles, !!auth.originalUserId);


function requireStaff(auth: AuthContext) {
  if (!isStaff(auth.user)) throw forbidden();
}

/* ------------------------------------------------------------------ users */

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
    const found = await repo.existingCustomerIds(db, customerIds);
    const missing = customerIds.filter((id) => !found.includes(id));
    if (missing.length) throw badRequest(`Unknown customer: ${missing.join(", ")}`, { customerIds: `Unknown customer: ${missing.join(", ")}` });
    const scope = await customerScope(db, me);
    if (scope && customerIds.some((id) => !scope.includes(id))) throw forbidden("You can only invite users for your own customers.");
    links = customerIds;
  } else if (role === "Retailer") {
    if (!body.retailerId) throw badRequest("Choose the shop this user works for.", { retailerId: "This field is required" });
    const r = await repo.findRetailer(db, body.retailerId);
    if (!r) throw badRequest("Unknown retailer.", { retailerId: "Unknown retailer." });
    const through = (await repo.customersOfRetailer(db, r.retailerId)).map((c) => c.customerId);
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

/* ------------------------------------------------------------------ the signed-in user's own account */

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

/* ------------------------------------------------------------------ customers */

export async function customerPage(db: Db, auth: AuthContext, q: repo.CustomersQ): Promise<CustomerPage> {
  requireStaff(auth);
  const { rows, total } = await repo.customerPage(db, q);
  return { items: rows.map((r) => ({ ...r, imgSrc: r.imgSrc || DEFAULT_LOGO })), total, page: q.page, pageSize: q.pageSize };
}

export async function customerDetail(db: Db, auth: AuthContext, customerId: string): Promise<CustomerDetail> {
  requireStaff(auth);
  const c = await repo.findCustomer(db, customerId);
  if (!c) throw notFound("Customer not found.");
  const [times, users, retailers, referrals, logo, catalogIds] = await Promise.all([
    repo.shipTimesOf(db, customerId),
    repo.usersOfCustomer(db, customerId),
    repo.retailersOfCustomer(db, customerId),
    repo.referralsOf(db, [customerId], "pending"),
    repo.hasLogo(db, customerId),
    repo.catalogIdsOfCustomer(db, customerId),
  ]);
  return {
    customerId: c.customerId,
    companyName: c.companyName,
    kind: c.kind,
    email: c.email,
    phone: c.phone,
    address: c.address,
    city: c.city,
    state: c.state,
    zip: c.zip,
    alwaysBoxed: c.alwaysBoxed,
    referralApproved: c.referralApproved,
    active: c.active,
    discountPercent: c.discountPercent,
    catalogIds,
    imgSrc: c.imgSrc || DEFAULT_LOGO,
    hasLogo: logo,
    shipTimes: times,
    users: users.map((u) => ({ ...u, canActAs: u.id !== auth.user.id && actAs(auth, u.roles) })),
    retailers,
    referrals,
  };
}

const KIND_WORDS = { wholesale: "wholesale", massMarket: "mass-market" } as const;

/**
 * Checks a change of the restricted catalogs a customer is named on: every catalog must exist and be
 * of the customer's kind; one open to every customer cannot be added (it is seen already, and naming
 * one customer would close it to the others); one naming this customer alone cannot be left (it would
 * open to every customer). Answers the links to add and to remove.
 */
async function catalogChange(tx: DbOrTx, kind: "wholesale" | "massMarket", current: number[], wanted: number[]) {
  const add = wanted.filter((id) => !current.includes(id));
  const remove = current.filter((id) => !wanted.includes(id));
  const found = await repo.catalogsForLinks(tx, [...add, ...remove]);
  const byId = new Map(found.map((c) => [c.id, c]));
  const fail = (message: string) => badRequest(message, { catalogIds: message });
  const missing = add.filter((id) => !byId.has(id));
  if (missing.length) throw fail(`Unknown catalog: ${missing.join(", ")}`);
  for (const id of add) {
    const c = byId.get(id)!;
    if (c.kind !== kind) throw fail(`Catalog “${c.title}” is for ${KIND_WORDS[c.kind]} customers, not ${KIND_WORDS[kind]} ones.`);
    if (c.customers === 0) throw fail(`Catalog “${c.title}” is open to every ${KIND_WORDS[kind]} customer already.`);
  }
  for (const id of remove) {
    const c = byId.get(id);
    if (c && c.customers <= 1) throw fail(`Catalog “${c.title}” names only this customer: without it, it would open to every customer. Change it on the supply desk.`);
  }
  return { add, remove };
}

const sortedTimes = (times: { weekday: number; cutoffShipTime: string }[]) => [...times].sort((a, b) => a.weekday - b.weekday);

/** A new wholesale or mass-market customer, with its ship times and catalogs; audited. */
export async function createCustomer(db: Db, auth: AuthContext, body: z.output<typeof CustomerCreateBody>, ip: string): Promise<CustomerDetail> {
  requireStaff(auth);
  const { shipTimes, catalogIds, ...fields } = body;
  await db.transaction(async (tx) => {
    const taken = await repo.customerByCodeCi(tx, fields.customerId);
    if (taken) throw codeTaken(taken.customerId);
    const { add } = await catalogChange(tx, fields.kind, [], catalogIds);
    await repo.insertCustomer(tx, fields, sortedTimes(shipTimes));
    await repo.linkCatalogs(tx, fields.customerId, add, []);
    await audit(tx, {
      actorUserId: auth.originalUserId ?? auth.user.id,
      action: "customer.create",
      ip,
      detail: { customerId: fields.customerId, kind: fields.kind, after: { ...fields, shipTimes: sortedTimes(shipTimes), catalogIds } },
    });
  }).catch((err: unknown) => {
    // Two creations of one code at once: the loser meets the primary key.
    if (uniqueViolation(err)) throw codeTaken(fields.customerId);
    throw err;
  });
  return customerDetail(db, auth, fields.customerId);
}

const codeTaken = (code: string) => new HttpError(409, `A customer with code ${code} already exists.`, { customerId: `The code ${code} is taken` });

function uniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e?.cause?.code ?? e?.code) === "23505";
}

export async function updateCustomer(db: Db, auth: AuthContext, customerId: string, body: z.output<typeof CustomerUpdateBody>, ip: string) {
  requireStaff(auth);
  await db.transaction(async (tx) => {
    const before = await repo.findCustomer(tx, customerId);
    if (!before) throw notFound("Customer not found.");
    const { shipTimes, catalogIds, ...fields } = body;
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    let catalogs: { add: number[]; remove: number[] } | undefined;
    if (catalogIds) {
      catalogs = await catalogChange(tx, before.kind, await repo.catalogIdsOfCustomer(tx, customerId), catalogIds);
      await repo.linkCatalogs(tx, customerId, catalogs.add, catalogs.remove);
    }
    await repo.updateCustomer(tx, customerId, set, sortedTimes(shipTimes));
    const changed = Object.fromEntries(Object.entries(set).filter(([k, v]) => (before as Record<string, unknown>)[k] !== v));
    const detail: Record<string, unknown> = { customerId, changed, shipTimes };
    if (catalogs && (catalogs.add.length || catalogs.remove.length)) detail.catalogs = { added: catalogs.add, removed: catalogs.remove };
    await audit(tx, { actorUserId: auth.originalUserId ?? auth.user.id, action: "customer.update", ip, detail });
  });
}

/** The image types a logo may be, recognised by their first bytes (the declared type must agree). */
function sniffImage(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && bytes.toString("ascii", 0, 4) === "RIFF" && bytes.toString("ascii", 8, 12) === "WEBP") return "image/webp";
  return null;
}

export const LOGO_MESSAGES = {
  type: "The logo must be a PNG, JPEG or WebP image.",
  size: `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`,
  empty: "Choose an image file to upload.",
};

export async function uploadLogo(db: Db, auth: AuthContext, customerId: string, declaredType: string, bytes: Buffer, ip: string) {
  requireStaff(auth);
  if (!bytes.length) throw badRequest(LOGO_MESSAGES.empty, { file: LOGO_MESSAGES.empty });
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest(LOGO_MESSAGES.size, { file: LOGO_MESSAGES.size });
  const sniffed = sniffImage(bytes);
  if (!sniffed || sniffed !== declaredType) throw badRequest(LOGO_MESSAGES.type, { file: LOGO_MESSAGES.type });
  return db.transaction(async (tx) => {
    if (!(await repo.findCustomer(tx, customerId))) throw notFound("Customer not found.");
    const version = await repo.saveLogo(tx, customerId, sniffed, bytes);
    const imgSrc = `/wholesalers/logo/${encodeURIComponent(customerId)}/${version}`;
    await repo.setCustomerImage(tx, customerId, imgSrc);
    await audit(tx, { actorUserId: auth.originalUserId ?? auth.user.id, action: "customer.logo", ip, detail: { customerId, bytes: bytes.length, type: sniffed } });
    return { imgSrc };
  });
}

export async function deleteLogo(db: Db, auth: AuthContext, customerId: string, ip: string) {
  requireStaff(auth);
  await db.transaction(async (tx) => {
    if (!(await repo.findCustomer(tx, customerId))) throw notFound("Customer not found.");
    await repo.removeLogo(tx, customerId);
    await audit(tx, { actorUserId: auth.originalUserId ?? auth.user.id, action: "customer.logo.remove", ip, detail: { customerId } });
  });
  return { imgSrc: DEFAULT_LOGO };
}

export const logoOf = repo.logoOf;

/* ------------------------------------------------------------------ retailers */

export async function retailerPage(db: Db, auth: AuthContext, q: repo.RetailersQ): Promise<RetailerPage> {
  const scope = await customerScope(db, auth.user);
  // A foreign customer is refused, as every other call naming one is (issue 23), not answered empty.
  if (q.customerId && scope && !scope.includes(q.customerId)) throw forbidden("You do not have access to this customer.");
  const { rows, total } = await repo.retailerPage(db, scope, q);
  return { items: rows.map((r) => ({ ...r, customerIds: scope ? r.customerIds.filter((c) => scope.includes(c)) : r.customerIds })), total, page: q.page, pageSize: q.pageSize };
}

async function visibleRetailer(db: Db, scope: string[] | null, retailerId: number) {
  const r = await repo.findRetailer(db, retailerId);
  if (!r) throw notFound("Retailer not found.");
  if (scope) {
    const through = (await repo.customersOfRetailer(db, retailerId)).map((c) => c.customerId);
    if (!through.some((c) => scope.includes(c))) throw notFound("Retailer not found.");
  }
  return r;
}

export async function retailerDetail(db: Db, auth: AuthContext, retailerId: number): Promise<RetailerDetail> {
  const scope = await customerScope(db, auth.user);
  const r = await visibleRetailer(db, scope, retailerId);
  const [customers, users] = await Promise.all([repo.customersOfRetailer(db, retailerId), repo.usersOfRetailer(db, retailerId)]);
  const shown = scope ? customers.filter((c) => scope.includes(c.customerId)) : customers;
  return {
    retailerId: r.retailerId,
    code: r.code,
    name: r.name,
    contactName: r.contactName,
    email: r.email,
    phone: r.phone,
    address: r.address,
    city: r.city,
    state: r.state,
    zip: r.zip,
    active: r.active,
    pickupDays: { monday: r.pickupMonday, tuesday: r.pickupTuesday, wednesday: r.pickupWednesday, thursday: r.pickupThursday, friday: r.pickupFriday },
    customerIds: shown.map((c) => c.customerId),
    customers: shown,
    users: users.map((u) => ({ ...u, canActAs: actAs(auth, u.roles) })),
  };
}

export function retailerValues(b: z.output<typeof RetailerBody>): repo.RetailerValues {
  return {
    code: b.code ?? null,
    name: b.name,
    contactName: b.contactName ?? null,
    email: b.email ?? null,
    phone: b.phone ?? null,
    address: b.address ?? null,
    city: b.city ?? null,
    state: b.state ?? null,
    zip: b.zip ?? null,
    pickupMonday: b.pickupDays.monday,
    pickupTuesday: b.pickupDays.tuesday,
    pickupWednesday: b.pickupDays.wednesday,
    pickupThursday: b.pickupDays.thursday,
    pickupFriday: b.pickupDays.friday,
    active: b.active,
  };
}

async function checkRetailerLinks(db: Db, scope: string[] | null, customerIds: string[]) {
  const ids = [...new Set(customerIds)];
  if (!ids.length && !scope) return ids;
  if (!ids.length) throw badRequest("Choose at least one of your customers.", { customerIds: "This field is required" });
  const found = await repo.existingCustomerIds(db, ids);
  const missing = ids.filter((id) => !found.includes(id));
  if (missing.length) throw badRequest(`Unknown wholesaler: ${missing.join(", ")}`, { customerIds: `Unknown wholesaler: ${missing.join(", ")}` });
  if (scope && ids.some((id) => !scope.includes(id))) throw forbidden("You can only link shops to your own customers.");
  return ids;
}

const CODE_TAKEN = "Another retailer already has this code.";

export async function createRetailer(db: Db, auth: AuthContext, body: z.output<typeof RetailerBody>, ip: string) {
  const scope = await customerScope(db, auth.user);
  const links = await checkRetailerLinks(db, scope, body.customerIds);
  return db.transaction(async (tx) => {
    if (body.code && (await repo.retailerByCode(tx, body.code))) throw badRequest(CODE_TAKEN, { code: CODE_TAKEN });
    const retailerId = await repo.insertRetailer(tx, retailerValues(body));
    await repo.setRetailerLinks(tx, retailerId, links, null);
    await audit(tx, { actorUserId: auth.originalUserId ?? auth.user.id, action: "retailer.create", ip, detail: { retailerId, code: body.code ?? null, customerIds: links } });
    return { retailerId };
  });
}

export async function updateRetailer(db: Db, auth: AuthContext, retailerId: number, body: z.output<typeof RetailerBody>, ip: string) {
  const scope = await customerScope(db, auth.user);
  await visibleRetailer(db, scope, retailerId);
  const links = await checkRetailerLinks(db, scope, body.customerIds);
  await db.transaction(async (tx) => {
    if (body.code && (await repo.retailerByCode(tx, body.code, retailerId))) throw badRequest(CODE_TAKEN, { code: CODE_TAKEN });
    await repo.updateRetailer(tx, retailerId, retailerValues(body));
    // A wholesaler changes only its own links; the shop's other wholesalers are not its business.
    await repo.setRetailerLinks(tx, retailerId, links, scope);
    await audit(tx, { actorUserId: auth.originalUserId ?? auth.user.id, action: "retailer.update", ip, detail: { retailerId, customerIds: links } });
  });
}

export { customerScope };

/* ------------------------------------------------------------------ referrals */

const NOT_OPEN = "This referral page is not available.";

export async function submitReferral(db: Db, config: Config, customerId: string, body: z.output<typeof ReferralBody>, ip: string) {
  const c = await repo.findCustomer(db, customerId);
  if (!c || !c.active || !c.referralApproved || c.kind !== "wholesale") throw notFound(NOT_OPEN);
  const form = await screenPublicForm(db, config, "referral", body, ip);
  const id = await db.transaction(async (tx) => {
    await form.spend(tx as unknown as Db);
    return repo.insertReferral(tx, {
      customerId,
      shopName: body.shopName,
      contactName: body.contactName,
      email: body.email,
      phone: body.phone ?? null,
      city: body.city ?? null,
      message: body.message ?? null,
    });
  });
  return { ok: true as const, reference: `R-${id}` };
}

export async function referralQueue(db: Db, auth: AuthContext, customerId: string | undefined, status: "pending" | "approved" | "declined") {
  const scope = await customerScope(db, auth.user);
  if (customerId && scope && !scope.includes(customerId)) throw forbidden("You do not have access to this customer.");
  return repo.referralsOf(db, customerId ? [customerId] : scope, status);
}

/**
 * Approving a referral creates the retailer (buying through that wholesaler) and invites its user
 * with the welcome mail, in one transaction with the decision and its audit row.
 */
export async function approveReferral(db: Db, config: Config, auth: AuthContext, id: number, body: z.output<typeof ApproveReferralBody>, ip: string) {
  const scope = await customerScope(db, auth.user);
  const actor = auth.originalUserId ?? auth.user.id;
  const userId = `u-${randomUUID()}`;
  const result = await db.transaction(async (tx) => {
    const r = await repo.lockReferral(tx, id);
    if (!r || (scope && !scope.includes(r.customerId))) throw notFound("Referral not found.");
    if (r.status !== "pending") throw conflict("This referral was already decided.");
    if (await repo.emailTaken(tx, r.email)) throw conflict("A user with this e-mail address already exists. Link that user to a shop on the Users screen instead.");
    if (body.code && (await repo.retailerByCode(tx, body.code))) throw badRequest(CODE_TAKEN, { code: CODE_TAKEN });
    const pickup = body.pickupDays ?? { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true };
    const retailerId = await repo.insertRetailer(tx, {
      code: body.code ?? null,
      name: r.shopName,
      contactName: r.contactName,
      email: r.email,
      phone: r.phone,
      city: r.city,
      address: null,
      state: null,
      zip: null,
      pickupMonday: pickup.monday,
      pickupTuesday: pickup.tuesday,
      pickupWednesday: pickup.wednesday,
      pickupThursday: pickup.thursday,
      pickupFriday: pickup.friday,
      active: true,
    });
    await repo.setRetailerLinks(tx, retailerId, [r.customerId], null);
    const [first, ...rest] = r.contactName.split(/\s+/);
    await repo.insertUser(tx, {
      id: userId,
      email: r.email,
      firstName: first ?? "",
      lastName: rest.join(" "),
      role: "Retailer",
      customerIds: [],
      claims: [
        { claim: "WholesalerId", value: r.customerId },
        { claim: "retailerid", value: String(retailerId) },
      ],
    });
    await repo.decideReferral(tx, id, "approved", actor, retailerId);
    await audit(tx, { actorUserId: actor, action: "referral.approve", targetUserId: userId, ip, detail: { referralId: id, customerId: r.customerId, retailerId } });
    return { retailerId, userId };
  });
  await sendResetMail(db, config, userId, "welcome");
  return result;
}

export async function declineReferral(db: Db, auth: AuthContext, id: number, ip: string) {
  const scope = await customerScope(db, auth.user);
  const actor = auth.originalUserId ?? auth.user.id;
  await db.transaction(async (tx) => {
    const r = await repo.lockReferral(tx, id);
    if (!r || (scope && !scope.includes(r.customerId))) throw notFound("Referral not found.");
    if (r.status !== "pending") throw conflict("This referral was already decided.");
    await repo.decideReferral(tx, id, "declined", actor, null);
    await audit(tx, { actorUserId: actor, action: "referral.decline", ip, detail: { referralId: id, customerId: r.customerId } });
  });
}
