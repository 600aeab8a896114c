// Referrals: a prospective retailer asks through a customer's referral page; staff or the customer approve or decline.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Db } from "../../../db/client.ts";
import type { ApproveReferralBody, ReferralBody } from "../../../contract/administration.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict, forbidden, notFound } from "../../errors.ts";
import type { AuthContext } from "../../plugins/session.ts";
import { audit } from "../audit/index.ts";
import { sendResetMail } from "../auth/index.ts";
import { screenPublicForm } from "../public/index.ts";
import * as buyers from "../buyers/index.ts";
import * as repo from "./repo.ts";
import { customerScope } from "./scope.ts";
import { CODE_TAKEN } from "./retailers.ts";

const NOT_OPEN = "This referral page is not available.";

export async function submitReferral(db: Db, config: Config, customerId: string, body: z.output<typeof ReferralBody>, ip: string) {
  const c = await buyers.customerById(db, customerId);
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
    if (body.code && (await buyers.retailerByCode(tx, body.code))) throw badRequest(CODE_TAKEN, { code: CODE_TAKEN });
    const pickup = body.pickupDays ?? { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true };
    const retailerId = await buyers.insertRetailer(tx, {
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
    await buyers.setRetailerLinks(tx, retailerId, [r.customerId], null);
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
