// Administering customers: the customers page and detail, creating and updating a customer (ship
// times, catalogs), and its logo.
import type { z } from "zod";
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { CustomerCreateBody, CustomerDetail, CustomerPage, CustomerUpdateBody } from "../../../contract/administration.ts";
import { LOGO_MAX_BYTES } from "../../../contract/administration.ts";
import { badRequest, HttpError, notFound } from "../../errors.ts";
import type { AuthContext } from "../../plugins/session.ts";
import * as buyers from "../buyers/index.ts";
import { audit } from "../audit/index.ts";
import * as repo from "./repo.ts";
import { actAs, requireStaff } from "./scope.ts";

export async function customerPage(db: Db, auth: AuthContext, q: repo.CustomersQ): Promise<CustomerPage> {
  requireStaff(auth);
  const { rows, total } = await buyers.customerPage(db, q);
  return { items: rows.map((r) => ({ ...r, imgSrc: r.imgSrc || buyers.DEFAULT_LOGO })), total, page: q.page, pageSize: q.pageSize };
}

export async function customerDetail(db: Db, auth: AuthContext, customerId: string): Promise<CustomerDetail> {
  requireStaff(auth);
  const c = await buyers.customerById(db, customerId);
  if (!c) throw notFound("Customer not found.");
  const [times, users, retailers, referrals, logo, catalogIds] = await Promise.all([
    buyers.shipTimesOf(db, customerId),
    repo.usersOfCustomer(db, customerId),
    buyers.retailersOfCustomer(db, customerId),
    repo.referralsOf(db, [customerId], "pending"),
    buyers.hasLogo(db, customerId),
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
    imgSrc: c.imgSrc || buyers.DEFAULT_LOGO,
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
    const taken = await buyers.customerByCodeCi(tx, fields.customerId);
    if (taken) throw codeTaken(taken.customerId);
    const { add } = await catalogChange(tx, fields.kind, [], catalogIds);
    await buyers.insertCustomer(tx, fields, sortedTimes(shipTimes));
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
    const before = await buyers.customerById(tx, customerId);
    if (!before) throw notFound("Customer not found.");
    const { shipTimes, catalogIds, ...fields } = body;
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    let catalogs: { add: number[]; remove: number[] } | undefined;
    if (catalogIds) {
      catalogs = await catalogChange(tx, before.kind, await repo.catalogIdsOfCustomer(tx, customerId), catalogIds);
      await repo.linkCatalogs(tx, customerId, catalogs.add, catalogs.remove);
    }
    await buyers.updateCustomer(tx, customerId, set, sortedTimes(shipTimes));
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
    if (!(await buyers.customerById(tx, customerId))) throw notFound("Customer not found.");
    const version = await buyers.saveLogo(tx, customerId, sniffed, bytes);
    const imgSrc = `/wholesalers/logo/${encodeURIComponent(customerId)}/${version}`;
    await buyers.setCustomerImage(tx, customerId, imgSrc);
    await audit(tx, { actorUserId: auth.originalUserId ?? auth.user.id, action: "customer.logo", ip, detail: { customerId, bytes: bytes.length, type: sniffed } });
    return { imgSrc };
  });
}

export async function deleteLogo(db: Db, auth: AuthContext, customerId: string, ip: string) {
  requireStaff(auth);
  await db.transaction(async (tx) => {
    if (!(await buyers.customerById(tx, customerId))) throw notFound("Customer not found.");
    await buyers.removeLogo(tx, customerId);
    await audit(tx, { actorUserId: auth.originalUserId ?? auth.user.id, action: "customer.logo.remove", ip, detail: { customerId } });
  });
  return { imgSrc: buyers.DEFAULT_LOGO };
}

export const logoOf = buyers.logoOf;
