// Administering retailers: the retailers page and detail, creating and updating one and the wholesalers it buys through.
import type { z } from "zod";
import type { Db } from "../../../db/client.ts";
import type { RetailerBody, RetailerDetail, RetailerPage } from "../../../contract/administration.ts";
import { badRequest, forbidden, notFound } from "../../errors.ts";
import type { AuthContext } from "../../plugins/session.ts";
import { audit } from "../audit/index.ts";
import * as buyers from "../buyers/index.ts";
import * as repo from "./repo.ts";
import { actAs, customerScope } from "./scope.ts";

export async function retailerPage(db: Db, auth: AuthContext, q: repo.RetailersQ): Promise<RetailerPage> {
  const scope = await customerScope(db, auth.user);
  // A foreign customer is refused, as every other call naming one is (issue 23), not answered empty.
  if (q.customerId && scope && !scope.includes(q.customerId)) throw forbidden("You do not have access to this customer.");
  const { rows, total } = await buyers.retailerPage(db, scope, q);
  return { items: rows.map((r) => ({ ...r, customerIds: scope ? r.customerIds.filter((c) => scope.includes(c)) : r.customerIds })), total, page: q.page, pageSize: q.pageSize };
}

async function visibleRetailer(db: Db, scope: string[] | null, retailerId: number) {
  const r = await buyers.retailerById(db, retailerId);
  if (!r) throw notFound("Retailer not found.");
  if (scope) {
    const through = (await buyers.customersOfRetailer(db, retailerId)).map((c) => c.customerId);
    if (!through.some((c) => scope.includes(c))) throw notFound("Retailer not found.");
  }
  return r;
}

export async function retailerDetail(db: Db, auth: AuthContext, retailerId: number): Promise<RetailerDetail> {
  const scope = await customerScope(db, auth.user);
  const r = await visibleRetailer(db, scope, retailerId);
  const [customers, users] = await Promise.all([buyers.customersOfRetailer(db, retailerId), repo.usersOfRetailer(db, retailerId)]);
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

export function retailerValues(b: z.output<typeof RetailerBody>): buyers.RetailerValues {
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
  const found = await buyers.existingCustomerIds(db, ids);
  const missing = ids.filter((id) => !found.includes(id));
  if (missing.length) throw badRequest(`Unknown wholesaler: ${missing.join(", ")}`, { customerIds: `Unknown wholesaler: ${missing.join(", ")}` });
  if (scope && ids.some((id) => !scope.includes(id))) throw forbidden("You can only link shops to your own customers.");
  return ids;
}

export const CODE_TAKEN = "Another retailer already has this code.";

export async function createRetailer(db: Db, auth: AuthContext, body: z.output<typeof RetailerBody>, ip: string) {
  const scope = await customerScope(db, auth.user);
  const links = await checkRetailerLinks(db, scope, body.customerIds);
  return db.transaction(async (tx) => {
    if (body.code && (await buyers.retailerByCode(tx, body.code))) throw badRequest(CODE_TAKEN, { code: CODE_TAKEN });
    const retailerId = await buyers.insertRetailer(tx, retailerValues(body));
    await buyers.setRetailerLinks(tx, retailerId, links, null);
    await audit(tx, { actorUserId: auth.originalUserId ?? auth.user.id, action: "retailer.create", ip, detail: { retailerId, code: body.code ?? null, customerIds: links } });
    return { retailerId };
  });
}

export async function updateRetailer(db: Db, auth: AuthContext, retailerId: number, body: z.output<typeof RetailerBody>, ip: string) {
  const scope = await customerScope(db, auth.user);
  await visibleRetailer(db, scope, retailerId);
  const links = await checkRetailerLinks(db, scope, body.customerIds);
  await db.transaction(async (tx) => {
    if (body.code && (await buyers.retailerByCode(tx, body.code, retailerId))) throw badRequest(CODE_TAKEN, { code: CODE_TAKEN });
    await buyers.updateRetailer(tx, retailerId, retailerValues(body));
    // A wholesaler changes only its own links; the shop's other wholesalers are not its business.
    await buyers.setRetailerLinks(tx, retailerId, links, scope);
    await audit(tx, { actorUserId: auth.originalUserId ?? auth.user.id, action: "retailer.update", ip, detail: { retailerId, customerIds: links } });
  });
}
