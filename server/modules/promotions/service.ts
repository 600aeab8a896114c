// Promotions on the supply desk (issue 25 item 4; docs/domain-supply.md "Promotions"): offer lines on
// special (set through the supply desk's own line edit: same rules, lock and audit), combo specials,
// and blitz vouchers for one customer (or one user of it). What the buyer's dashboard will show is read
// with the dashboard's own functions. Every change is one transaction and one audit entry; combo and
// offer-line changes tell every instance through the change feed (topic "offers", migrations 0011/0019).
import { randomBytes } from "node:crypto";
import type { Db, DbOrTx } from "../../../db/client.ts";
import type {
  ComboBody,
  DashboardPreview,
  PromotionBuyers,
  PromotionSpecialList,
  SpecialBody,
  SupplyCombo,
  SupplyComboList,
  SupplyVoucher,
  SupplyVoucherList,
  VoucherCreate,
  VoucherUpdate,
} from "../../../contract/promotions.ts";
import type { SupplyLine } from "../../../contract/supply.ts";
import { isoDateAt } from "../../../domain/dates.ts";
import { centsToDollars } from "../../../domain/money.ts";
import {
  comboStatus,
  lessPercent,
  newVoucherCode,
  voucherExpiresAt,
  voucherStartsAt,
  voucherStatus,
  voucherValidUntil,
} from "../../../domain/promotions.ts";
import { badRequest, conflict, HttpError, notFound } from "../../errors.ts";
import { loadBuyer } from "../buyers/index.ts";
import { activeComboSpecials, futureSpecials, specials } from "../dashboard/index.ts";
import { editLine, record, type Actor } from "../supply/index.ts";
import * as repo from "./repo.ts";

const LIST_LIMIT = 2000;
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// ---- specials ---------------------------------------------------------------------------------

export async function listSpecials(db: DbOrTx, now = new Date()): Promise<PromotionSpecialList> {
  const rows = await repo.specialsFrom(db, isoDateAt(now), LIST_LIMIT);
  return {
    specials: rows.map((r) => ({
      lineId: Number(r.line_id),
      catalogId: Number(r.catalog_id),
      orderId: Number(r.order_id),
      catalogTitle: r.title,
      shipDateFrom: r.ship_date_from,
      shipDateTo: r.ship_date_to,
      productId: r.product_id,
      description: r.description,
      colour: r.colour,
      price: centsToDollars(Number(r.standard_price_cents)),
      priceNoPail: centsToDollars(Number(r.standard_price_no_pail_cents)),
      specialPrice: centsToDollars(Number(r.price_cents)),
      specialPriceNoPail: centsToDollars(Number(r.price_no_pail_cents)),
      percentOff: Math.round((1 - Number(r.price_no_pail_cents) / Number(r.standard_price_no_pail_cents)) * 100),
      free: Number(r.free),
      shown: !!r.shown,
    })),
  };
}

/** Puts a line on special at the given prices, or takes it off (same rules as the line edit). */
export async function setSpecial(db: Db, actor: Actor, lineId: number, body: SpecialBody): Promise<SupplyLine> {
  const line = await repo.catalogOfLine(db, lineId);
  if (!line) throw notFound(`There is no offer line ${lineId}.`);
  const edit = body.special
    ? { special: true, specialPrice: body.specialPrice, specialPriceNoPail: body.specialPriceNoPail }
    : { special: false };
  return editLine(db, actor, line.catalogId, lineId, edit, {
    action: body.special ? "supply.special.set" : "supply.special.clear",
    summary: (description, days) =>
      body.special
        ? `${description}, ${days}: on special at ${money(Math.round(body.specialPrice! * 100))} by the pail, ${money(Math.round(body.specialPriceNoPail! * 100))} loose`
        : `${description}, ${days}: no longer on special`,
  });
}

/** What one customer's dashboard shows now, read by the dashboard's own functions. */
export async function dashboardPreview(db: Db, customerId: string, userId: string): Promise<DashboardPreview> {
  const customer = await repo.customerById(db, customerId);
  if (!customer) throw badRequest(`Unknown customer: ${customerId}`, { customerId: `Unknown customer: ${customerId}` });
  const buyer = await loadBuyer(db, customerId, 0);
  const [s, f, c] = await Promise.all([specials(db, buyer, userId), futureSpecials(db, buyer, userId), activeComboSpecials(db)]);
  return { customerId, companyName: customer.companyName, specials: s, futureSpecials: f, combos: c };
}

// ---- combos -----------------------------------------------------------------------------------

async function comboViews(db: DbOrTx, combos: repo.ComboRow[], now = new Date()): Promise<SupplyCombo[]> {
  const today = isoDateAt(now);
  const items = await repo.comboProducts(db, combos.map((c) => c.id), today);
  return combos.map((c) => {
    const percent = Number(c.discountPercent);
    return {
      comboId: c.id,
      title: c.title,
      description: c.description,
      discountPercent: percent,
      startsOn: c.startsOn,
      endsOn: c.endsOn,
      status: comboStatus(c, today),
      products: items
        .filter((i) => i.comboId === c.id)
        .map((i) => {
          const cents = i.priceCents === null ? null : Number(i.priceCents);
          return { productId: i.productId, description: i.description, price: cents === null ? null : centsToDollars(cents), comboPrice: cents === null ? null : centsToDollars(lessPercent(cents, percent)) };
        }),
    };
  });
}

export async function listCombos(db: DbOrTx): Promise<SupplyComboList> {
  return { combos: await comboViews(db, await repo.listCombos(db, LIST_LIMIT)) };
}

async function oneCombo(db: DbOrTx, id: number): Promise<SupplyCombo> {
  const row = await repo.comboById(db, id);
  if (!row) throw notFound(`There is no combo special ${id}.`);
  return (await comboViews(db, [row]))[0]!;
}

/** The products named, each existing and active, each once; a 400 naming what is wrong otherwise. */
async function checkProducts(tx: DbOrTx, ids: string[]): Promise<string[]> {
  const twice = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  if (twice.length) throw badRequest(`Named twice: ${twice.join(", ")}`, { productIds: `Named twice: ${twice.join(", ")}` });
  const found = new Map((await repo.productsByIds(tx, ids)).map((p) => [p.productId, p]));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length) throw badRequest(`Unknown product: ${unknown.join(", ")}`, { productIds: `Unknown product: ${unknown.join(", ")}` });
  const retired = ids.filter((id) => !found.get(id)!.active);
  if (retired.length) throw badRequest(`Retired, no longer sold: ${retired.join(", ")}`, { productIds: `Retired, no longer sold: ${retired.join(", ")}` });
  return [...ids].sort();
}

const PAST_END = "The last day is in the past";

export async function createCombo(db: Db, actor: Actor, body: ComboBody, now = new Date()): Promise<SupplyCombo> {
  if (body.endsOn < isoDateAt(now)) throw badRequest(PAST_END, { endsOn: PAST_END });
  const id = await db.transaction(async (tx) => {
    const productIds = await checkProducts(tx, body.productIds);
    const values = { title: body.title, description: body.description, discountPercent: body.discountPercent.toFixed(2), startsOn: body.startsOn, endsOn: body.endsOn };
    const row = await repo.insertCombo(tx, values);
    await repo.setComboProducts(tx, row.id, productIds);
    await record(tx, actor, "supply.combo.create", {
      comboId: row.id,
      summary: `Combo special "${body.title}": ${body.discountPercent}% off ${productIds.join(", ")}, ${body.startsOn} to ${body.endsOn}`,
      after: { ...values, productIds },
    });
    return row.id;
  });
  return oneCombo(db, id);
}

export async function updateCombo(db: Db, actor: Actor, comboId: number, body: ComboBody, now = new Date()): Promise<SupplyCombo> {
  await db.transaction(async (tx) => {
    const row = await repo.comboById(tx, comboId, true);
    if (!row) throw notFound(`There is no combo special ${comboId}.`);
    if (body.endsOn !== row.endsOn && body.endsOn < isoDateAt(now)) throw badRequest(PAST_END, { endsOn: PAST_END });
    const productIds = await checkProducts(tx, body.productIds);
    const before = { title: row.title, description: row.description, discountPercent: Number(row.discountPercent).toFixed(2), startsOn: row.startsOn, endsOn: row.endsOn, productIds: (await repo.productIdsOfCombo(tx, comboId)).join(",") };
    const after = { title: body.title, description: body.description, discountPercent: body.discountPercent.toFixed(2), startsOn: body.startsOn, endsOn: body.endsOn, productIds: productIds.join(",") };
    const b: Record<string, unknown> = {};
    const a: Record<string, unknown> = {};
    for (const k of Object.keys(after) as (keyof typeof after)[]) if (after[k] !== before[k]) [b[k], a[k]] = [before[k], after[k]];
    if (!Object.keys(a).length) return;
    const { productIds: _p, ...columns } = after;
    await repo.updateCombo(tx, comboId, columns);
    if (a.productIds !== undefined) await repo.setComboProducts(tx, comboId, productIds);
    await record(tx, actor, "supply.combo.update", { comboId, summary: `Combo special "${body.title}": ${Object.keys(a).join(", ")} changed`, before: b, after: a });
  });
  return oneCombo(db, comboId);
}

/** Ends a combo now: its last day becomes yesterday (one not started yet is deleted instead). */
export async function endCombo(db: Db, actor: Actor, comboId: number, now = new Date()): Promise<SupplyCombo | { deleted: true }> {
  const today = isoDateAt(now);
  const yesterday = isoDateAt(new Date(now.getTime() - 86_400_000));
  const result = await db.transaction(async (tx) => {
    const row = await repo.comboById(tx, comboId, true);
    if (!row) throw notFound(`There is no combo special ${comboId}.`);
    const status = comboStatus(row, today);
    if (status === "ended") throw conflict(`"${row.title}" ended on ${row.endsOn}.`);
    if (status === "coming") {
      await repo.deleteCombo(tx, comboId);
      await record(tx, actor, "supply.combo.delete", { comboId, summary: `Combo special "${row.title}" withdrawn before it started`, before: row });
      return "deleted" as const;
    }
    const endsOn = yesterday < row.startsOn ? row.startsOn : yesterday;
    if (endsOn === row.startsOn && row.startsOn === today) {
      // Started today: nothing to keep, it never ran a whole day.
      await repo.deleteCombo(tx, comboId);
      await record(tx, actor, "supply.combo.delete", { comboId, summary: `Combo special "${row.title}" ended on its first day`, before: row });
      return "deleted" as const;
    }
    await repo.updateCombo(tx, comboId, { endsOn });
    await record(tx, actor, "supply.combo.end", { comboId, summary: `Combo special "${row.title}" ended: last day ${endsOn}`, before: { endsOn: row.endsOn }, after: { endsOn } });
    return "ended" as const;
  });
  return result === "deleted" ? { deleted: true as const } : oneCombo(db, comboId);
}

export async function deleteCombo(db: Db, actor: Actor, comboId: number): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    const row = await repo.comboById(tx, comboId, true);
    if (!row) throw notFound(`There is no combo special ${comboId}.`);
    const productIds = await repo.productIdsOfCombo(tx, comboId);
    await repo.deleteCombo(tx, comboId);
    await record(tx, actor, "supply.combo.delete", { comboId, summary: `Combo special "${row.title}" deleted`, before: { ...row, productIds } });
    return { deleted: true as const };
  });
}

// ---- vouchers ---------------------------------------------------------------------------------

type VoucherListRow = Awaited<ReturnType<typeof repo.voucherById>> & object;

function voucherView(r: VoucherListRow, now = new Date()): SupplyVoucher {
  const { v } = r;
  return {
    voucherId: v.id,
    code: v.code,
    customerId: v.customerId,
    companyName: r.companyName,
    userId: v.userId,
    userName: r.userName ?? r.email,
    description: v.description,
    percentOff: v.percentOff,
    amountOff: centsToDollars(v.amountOffCents),
    startsAt: v.startsAt.toISOString(),
    expiresAt: v.expiresAt.toISOString(),
    validUntil: voucherValidUntil(v.expiresAt),
    usesPerCustomer: v.usesPerCustomer,
    uses: r.uses,
    withdrawnAt: v.redeemedAt ? v.redeemedAt.toISOString() : null,
    status: voucherStatus(v, r.uses, now),
  };
}

export async function listVouchers(db: DbOrTx): Promise<SupplyVoucherList> {
  const rows = await repo.listVouchers(db, LIST_LIMIT + 1);
  return { vouchers: rows.slice(0, LIST_LIMIT).map((r) => voucherView(r)), truncated: rows.length > LIST_LIMIT };
}

async function oneVoucher(db: DbOrTx, id: number): Promise<SupplyVoucher> {
  const row = await repo.voucherById(db, id);
  if (!row) throw notFound(`There is no voucher ${id}.`);
  return voucherView(row);
}

const PAST_UNTIL = "The last day it may be used is in the past";
/** In words for the audit log: "10% off" / "$25.00 off". */
const offWords = (v: { percentOff: number; amountOffCents: number }) => (v.percentOff > 0 ? `${v.percentOff}% off` : `${money(v.amountOffCents)} off`);

export async function createVoucher(db: Db, actor: Actor, body: VoucherCreate, now = new Date()): Promise<SupplyVoucher> {
  const today = isoDateAt(now);
  if (body.validUntil < today) throw badRequest(PAST_UNTIL, { validUntil: PAST_UNTIL });
  if (body.startsOn !== undefined && body.startsOn < today) throw badRequest("The first day is in the past", { startsOn: "The first day is in the past" });
  const id = await db.transaction(async (tx) => {
    const customer = await repo.customerById(tx, body.customerId);
    if (!customer) throw badRequest(`Unknown customer: ${body.customerId}`, { customerId: `Unknown customer: ${body.customerId}` });
    if (body.userId !== null) {
      const u = await repo.userOfCustomer(tx, body.userId, body.customerId);
      if (!u.exists) throw badRequest(`Unknown user: ${body.userId}`, { userId: `Unknown user: ${body.userId}` });
      if (!u.ofCustomer) throw badRequest(`This user does not buy for ${customer.companyName}`, { userId: `This user does not buy for ${customer.companyName}` });
    }
    const values = {
      code: body.code ?? newVoucherCode((n) => randomBytes(n)),
      userId: body.userId,
      customerId: body.customerId,
      description: body.description,
      percentOff: body.percentOff,
      amountOffCents: Math.round(body.amountOff * 100),
      startsAt: body.startsOn && body.startsOn > today ? voucherStartsAt(body.startsOn) : now,
      expiresAt: voucherExpiresAt(body.validUntil),
      usesPerCustomer: body.usesPerCustomer,
    };
    const row = await repo.insertVoucher(tx, values);
    if (!row) throw new HttpError(409, `A voucher with code ${values.code} already exists.`, { code: "This code is taken" });
    await record(tx, actor, "supply.voucher.create", {
      voucherId: row.id,
      code: row.code,
      customerId: body.customerId,
      ...(body.userId ? { userId: body.userId } : {}),
      summary: `Blitz voucher ${row.code} for ${customer.companyName}: ${offWords(values)}, valid until ${body.validUntil}`,
      after: { ...values, startsAt: values.startsAt.toISOString(), expiresAt: values.expiresAt.toISOString() },
    });
    return row.id;
  });
  return oneVoucher(db, id);
}

export async function updateVoucher(db: Db, actor: Actor, voucherId: number, body: VoucherUpdate, now = new Date()): Promise<SupplyVoucher> {
  await db.transaction(async (tx) => {
    const row = await repo.voucherById(tx, voucherId, true);
    if (!row) throw notFound(`There is no voucher ${voucherId}.`);
    const { v } = row;
    if (v.redeemedAt) throw conflict(`${v.code} was withdrawn: make a new voucher instead.`);
    const validUntil = voucherValidUntil(v.expiresAt);
    if (body.validUntil !== undefined && body.validUntil !== validUntil && body.validUntil < isoDateAt(now)) throw badRequest(PAST_UNTIL, { validUntil: PAST_UNTIL });
    // One kind: giving the percent clears the amount and the other way round.
    const percentOff = body.percentOff ?? (body.amountOff !== undefined && body.amountOff > 0 ? 0 : v.percentOff);
    const amountOffCents = body.amountOff !== undefined ? Math.round(body.amountOff * 100) : body.percentOff !== undefined && body.percentOff > 0 ? 0 : v.amountOffCents;
    if (percentOff === 0 && amountOffCents === 0) throw badRequest("Give an amount or a percent off", { amountOff: "Give an amount or a percent off" });
    const before = { description: v.description, percentOff: v.percentOff, amountOffCents: v.amountOffCents, validUntil, usesPerCustomer: v.usesPerCustomer };
    const after = { description: body.description ?? v.description, percentOff, amountOffCents, validUntil: body.validUntil ?? validUntil, usesPerCustomer: body.usesPerCustomer === undefined ? v.usesPerCustomer : body.usesPerCustomer };
    const b: Record<string, unknown> = {};
    const a: Record<string, unknown> = {};
    for (const k of Object.keys(after) as (keyof typeof after)[]) if (after[k] !== before[k]) [b[k], a[k]] = [before[k], after[k]];
    if (!Object.keys(a).length) return;
    await repo.updateVoucher(tx, voucherId, {
      description: after.description,
      percentOff,
      amountOffCents,
      expiresAt: voucherExpiresAt(after.validUntil),
      usesPerCustomer: after.usesPerCustomer,
    });
    await record(tx, actor, "supply.voucher.update", {
      voucherId,
      code: v.code,
      summary: `Blitz voucher ${v.code}: ${offWords(after)}, valid until ${after.validUntil} (${Object.keys(a).join(", ")} changed)`,
      before: b,
      after: a,
    });
  });
  return oneVoucher(db, voucherId);
}

/** Closes a voucher for everyone from now on (orders that used it keep their saving). */
export async function withdrawVoucher(db: Db, actor: Actor, voucherId: number, now = new Date()): Promise<SupplyVoucher> {
  await db.transaction(async (tx) => {
    const row = await repo.voucherById(tx, voucherId, true);
    if (!row) throw notFound(`There is no voucher ${voucherId}.`);
    if (row.v.redeemedAt) throw conflict(`${row.v.code} was already withdrawn.`);
    await repo.updateVoucher(tx, voucherId, { redeemedAt: now });
    await record(tx, actor, "supply.voucher.withdraw", {
      voucherId,
      code: row.v.code,
      summary: `Blitz voucher ${row.v.code} withdrawn (used on ${row.uses} order${row.uses === 1 ? "" : "s"})`,
      before: { withdrawnAt: null },
      after: { withdrawnAt: now.toISOString() },
    });
  });
  return oneVoucher(db, voucherId);
}

/** Deletes a voucher nobody used; one already used stays with its orders (withdraw it instead). */
export async function deleteVoucher(db: Db, actor: Actor, voucherId: number): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    const row = await repo.voucherById(tx, voucherId, true);
    if (!row) throw notFound(`There is no voucher ${voucherId}.`);
    // Counted again after the lock (a checkout using it right now commits first: its use is seen).
    const uses = await repo.usesOfVoucher(tx, voucherId);
    if (uses > 0) {
      throw conflict(`${row.v.code} was used on ${uses} order${uses === 1 ? "" : "s"}: it cannot be deleted. Withdraw it instead.`);
    }
    await repo.deleteVoucher(tx, voucherId);
    await record(tx, actor, "supply.voucher.delete", { voucherId, code: row.v.code, summary: `Blitz voucher ${row.v.code} deleted (never used)`, before: { ...row.v } });
    return { deleted: true as const };
  });
}

export async function buyers(db: DbOrTx): Promise<PromotionBuyers> {
  return { customers: await repo.buyers(db, LIST_LIMIT) };
}
