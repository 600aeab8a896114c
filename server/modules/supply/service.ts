// The supply desk (issue 25; docs/domain-supply.md): staff create, edit and retire products, open
// catalogs for a run of ship dates and publish their offer lines. THE RULE: a quantity on offer is
// never set below what is sold plus held (domain/supply.ts quantityRefusal), decided under the
// offer line's row lock, and checked again by the database at commit (migration 0014). Every change
// is one transaction and one audit entry naming who, what, before and after; the offer tables'
// triggers tell every instance's open stores (change feed topic "offers").
import type { Db, DbOrTx } from "../../../db/client.ts";
import type {
  CatalogBody,
  LineCreate,
  LineEdit,
  ProductCreate,
  ProductUpdate,
  SupplyCatalog,
  SupplyLine,
  SupplyLineList,
  SupplyProduct,
  SupplyProductList,
} from "../../../contract/supply.ts";
import { freeStock } from "../../../domain/free-stock.ts";
import { centsToDollars } from "../../../domain/money.ts";
import {
  nextQuantity,
  priceProblems,
  quantityRefusal,
  shipDays,
  specialPercent,
  type LinePrices,
  type QuantityMode,
} from "../../../domain/supply.ts";
import { badRequest, conflict, HttpError, notFound } from "../../errors.ts";
import type { AuthContext } from "../../plugins/session.ts";
import { audit } from "../audit/index.ts";
import { supplyDesk as catalogRepo } from "../catalog/index.ts";
import { buyersOf, customersByIds } from "./repo.ts";

/** Who makes a change: the signed-in staff member (the one behind an impersonation, if any). */
export interface Actor {
  auth: AuthContext;
  ip?: string;
  /** A change made through the integration API (issue 28): audited under the token's name, not a person's. */
  token?: { id: number; name: string };
}

export async function record(db: DbOrTx, actor: Actor, action: string, detail: Record<string, unknown>) {
  const { auth, token } = actor;
  if (token) {
    await audit(db, { actorUserId: null, action, ip: actor.ip, detail: { ...detail, apiToken: token.name, apiTokenId: token.id } });
    return;
  }
  await audit(db, {
    actorUserId: auth.originalUserId ?? auth.user.id,
    action,
    ip: actor.ip,
    detail: { ...detail, ...(auth.originalUserId ? { asUserId: auth.user.id } : {}) },
  });
}

/** Only the fields that differ, as { before, after }. */
/** The audit action of an edit of a product, bouquet or package: retiring it, reinstating it, or any other change. */
export function editAction<K extends string>(kind: K, after: { active?: boolean }): `supply.${K}.${"retire" | "reinstate" | "update"}` {
  return `supply.${kind}.${after.active === false ? "retire" : after.active === true ? "reinstate" : "update"}`;
}

export function changes<T extends object>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const k of Object.keys(after) as (keyof T)[]) {
    if (after[k] === undefined || after[k] === before[k]) continue;
    b[k] = before[k];
    a[k] = after[k];
  }
  return { before: b, after: a };
}

/** A PostgreSQL check violation (23514, on the error or its cause) of one of these constraints. */
export function violatesCheck(err: unknown, constraints: readonly string[]): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint;
  return code === "23514" && constraints.includes(constraint ?? "");
}

/** A PostgreSQL error raised by the never-oversold constraint (its check at commit). */
export function isOversold(err: unknown): boolean {
  return violatesCheck(err, ["offer_lines_not_oversold", "offer_lines_ordered_within_quantity"]);
}

export const OVERSOLD_MESSAGE = "Buyers took some of this stock while you were changing it: nothing was changed. Reload and try again.";

/** A transaction runner under which an error `oversold` knows becomes a 409 with this message, never a 500. */
export function guardedTransaction(oversold: (err: unknown) => boolean, message: string) {
  return async <T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (oversold(err)) throw conflict(message);
      throw err;
    }
  };
}

/** Runs a supply transaction; the database's never-oversold check becomes a 409, never a 500. */
export const inTransaction = guardedTransaction(isOversold, OVERSOLD_MESSAGE);

// ---- products ---------------------------------------------------------------------------------

const PRODUCT_LIMIT = 2000;

function productView(row: { p: catalogRepo.ProductRow; ordered: number; offerLines: number }): SupplyProduct {
  const { p } = row;
  return {
    productId: p.productId,
    description: p.description,
    variety: p.variety,
    category: p.category,
    colour: p.colour,
    colourHex: p.colourHex,
    grade: p.grade,
    stemLengthCm: p.stemLengthCm,
    unitOfMeasure: p.unitOfMeasure,
    unitOfMeasureQty: p.unitOfMeasureQty,
    stemsPerBunch: p.stemsPerBunch,
    bunchesPerBox: p.bunchesPerBox,
    stemsPerBox: p.stemsPerBox,
    image: p.image,
    showStore: p.showStore,
    active: p.active,
    ordered: row.ordered,
    offerLines: row.offerLines,
  };
}

export async function listProducts(db: DbOrTx, q: { q?: string; retired?: "true" | "false" }): Promise<SupplyProductList> {
  const rows = await catalogRepo.listProducts(db, { q: q.q || undefined, retired: q.retired === undefined ? undefined : q.retired === "true" }, PRODUCT_LIMIT + 1);
  return { products: rows.slice(0, PRODUCT_LIMIT).map(productView), truncated: rows.length > PRODUCT_LIMIT };
}

export async function product(db: DbOrTx, productId: string): Promise<SupplyProduct> {
  const row = await catalogRepo.productById(db, productId);
  if (!row) throw notFound(`There is no product ${productId}.`);
  return productView(row);
}

export async function createProduct(db: Db, actor: Actor, body: ProductCreate): Promise<SupplyProduct> {
  const values: catalogRepo.NewProductRow = { ...body, stemsPerBox: body.stemsPerBox ?? body.stemsPerBunch * body.bunchesPerBox, active: true };
  await db.transaction(async (tx) => {
    if (!(await catalogRepo.insertProduct(tx, values))) {
      throw new HttpError(409, `A product with code ${body.productId} already exists.`, { productId: "This code is taken" });
    }
    await record(tx, actor, "supply.product.create", { productId: body.productId, after: values });
  });
  return product(db, body.productId);
}

export async function updateProduct(db: Db, actor: Actor, productId: string, body: ProductUpdate): Promise<SupplyProduct> {
  await db.transaction(async (tx) => {
    const row = await catalogRepo.productById(tx, productId, true);
    if (!row) throw notFound(`There is no product ${productId}.`);
    const diff = changes(row.p, body as Partial<catalogRepo.ProductRow>);
    if (!Object.keys(diff.after).length) return;
    await catalogRepo.updateProduct(tx, productId, diff.after);
    const action = editAction("product", diff.after);
    await record(tx, actor, action, { productId, ...diff });
  });
  return product(db, productId);
}

/**
 * A product or bouquet ever ordered, or named by a line, is not deleted: 409 saying what to do
 * instead (retire it, or remove the lines first).
 */
export function refuseDeleteOfUsed(description: string, use: { ordered: string; orderLines: number; lines: number; line: string }): void {
  if (use.orderLines > 0) throw conflict(`${description} was ordered (${use.ordered} on ${use.orderLines} order lines): it cannot be deleted. Retire it instead.`);
  if (use.lines > 0) throw conflict(`${description} is on ${use.lines} ${use.line}${use.lines > 1 ? "s" : ""}: remove those lines first, or retire it.`);
}

/**
 * Deletes a product nobody ever ordered and no offer line names. One that was ever ordered is
 * retired instead (kept for its orders and invoices): 409 saying so.
 */
export async function deleteProduct(db: Db, actor: Actor, productId: string): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    const row = await catalogRepo.productById(tx, productId, true);
    if (!row) throw notFound(`There is no product ${productId}.`);
    refuseDeleteOfUsed(row.p.description, { ordered: `${row.ordered} bunches`, orderLines: row.orderLines, lines: row.offerLines, line: "offer line" });
    await catalogRepo.deleteProduct(tx, productId);
    await record(tx, actor, "supply.product.delete", { productId, before: row.p });
    return { deleted: true as const };
  });
}

// ---- catalogs ---------------------------------------------------------------------------------

export function catalogView(row: { c: catalogRepo.CatalogRow; customerIds: string[]; lines: number }): SupplyCatalog {
  return {
    catalogId: row.c.id,
    orderId: row.c.orderId,
    kind: row.c.kind,
    title: row.c.title,
    shipDateFrom: row.c.shipDateFrom,
    shipDateTo: row.c.shipDateTo,
    customerIds: row.customerIds ?? [],
    lines: row.lines,
  };
}

export async function listCatalogs(db: DbOrTx, range: { from?: string; to?: string }) {
  return { catalogs: (await catalogRepo.listCatalogs(db, range)).map(catalogView) };
}

async function checkCustomers(tx: DbOrTx, kind: "wholesale" | "massMarket", ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids.map((s) => s.trim()))].sort();
  const found = await customersByIds(tx, wanted);
  const known = new Map(found.map((c) => [c.customerId, c.kind]));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(`Unknown customer: ${unknown.join(", ")}`, { customerIds: `Unknown customer: ${unknown.join(", ")}` });
  const other = wanted.filter((id) => known.get(id) !== kind);
  if (other.length) {
    const message = `${other.join(", ")} ${other.length > 1 ? "are not" : "is not a"} ${kind === "wholesale" ? "wholesale" : "mass-market"} customer${other.length > 1 ? "s" : ""}`;
    throw badRequest(message, { customerIds: message });
  }
  return wanted;
}

export async function createCatalog(db: Db, actor: Actor, body: CatalogBody): Promise<SupplyCatalog> {
  const id = await db.transaction(async (tx) => {
    const customerIds = await checkCustomers(tx, body.kind, body.customerIds);
    const orderId = await catalogRepo.nextCatalogOrderId(tx);
    const c = await catalogRepo.insertCatalog(tx, { orderId, kind: body.kind, title: body.title, shipDateFrom: body.shipDateFrom, shipDateTo: body.shipDateTo });
    await catalogRepo.setCatalogCustomers(tx, c.id, customerIds);
    await record(tx, actor, "supply.catalog.create", { catalogId: c.id, orderId, after: { ...body, customerIds } });
    return c.id;
  });
  return catalogView((await catalogRepo.catalogById(db, id))!);
}

export async function updateCatalog(db: Db, actor: Actor, catalogId: number, body: CatalogBody): Promise<SupplyCatalog> {
  await db.transaction(async (tx) => {
    const row = await catalogRepo.catalogById(tx, catalogId, true);
    if (!row) throw notFound(`There is no catalog ${catalogId}.`);
    if (body.kind !== row.c.kind) throw badRequest("A catalog's kind cannot change: open a new catalog instead.", { kind: "A catalog's kind cannot change" });
    const customerIds = await checkCustomers(tx, body.kind, body.customerIds);
    const before = { title: row.c.title, shipDateFrom: row.c.shipDateFrom, shipDateTo: row.c.shipDateTo, customerIds: (row.customerIds ?? []).join(",") };
    const diff = changes(before, { title: body.title, shipDateFrom: body.shipDateFrom, shipDateTo: body.shipDateTo, customerIds: customerIds.join(",") });
    if (!Object.keys(diff.after).length) return;
    await catalogRepo.updateCatalog(tx, catalogId, { title: body.title, shipDateFrom: body.shipDateFrom, shipDateTo: body.shipDateTo });
    if (diff.after.customerIds !== undefined) await catalogRepo.setCatalogCustomers(tx, catalogId, customerIds);
    await record(tx, actor, "supply.catalog.update", { catalogId, orderId: row.c.orderId, ...diff });
  });
  return catalogView((await catalogRepo.catalogById(db, catalogId))!);
}

// ---- offer lines ------------------------------------------------------------------------------

export const dollars = (cents: number) => centsToDollars(cents);
const cents = (d: number) => Math.round(d * 100);

/** The offer line's stored prices as LinePrices. */
export function pricesOf(ol: catalogRepo.OfferLineRow): LinePrices {
  return {
    standardPriceCents: ol.standardPriceCents,
    standardPriceNoPailCents: ol.standardPriceNoPailCents,
    special: ol.special,
    priceCents: ol.priceCents,
    priceNoPailCents: ol.priceNoPailCents,
    discountQuantity: ol.discountQuantity,
    discountPriceCents: ol.discountPriceCents,
    discountPriceNoPailCents: ol.discountPriceNoPailCents,
    discountQuantity2: ol.discountQuantity2,
    discountPrice2Cents: ol.discountPrice2Cents,
    discountPriceNoPail2Cents: ol.discountPriceNoPail2Cents,
  };
}

/** The price fields of an edit, in dollars (any may be left out: kept). */
export type PriceEdit = Partial<Pick<LineEdit, "price" | "priceNoPail" | "special" | "specialPrice" | "specialPriceNoPail" | "tier1Quantity" | "tier1Price" | "tier1PriceNoPail" | "tier2Quantity" | "tier2Price" | "tier2PriceNoPail">>;

/**
 * The prices after an edit. A line that is not special sells at its standard prices; a tier left
 * without prices of its own starts at the price it discounts.
 */
export function editedPrices(current: LinePrices | null, e: PriceEdit): LinePrices {
  const standardPriceCents = e.price !== undefined ? cents(e.price) : (current?.standardPriceCents ?? 0);
  const standardPriceNoPailCents = e.priceNoPail !== undefined ? cents(e.priceNoPail) : (current?.standardPriceNoPailCents ?? 0);
  const special = e.special ?? current?.special ?? false;
  const pick = (v: number | null | undefined, kept: number | undefined, fallback: number) => (v !== undefined && v !== null ? cents(v) : (kept ?? fallback));
  const priceCents = special ? pick(e.specialPrice, current?.special ? current.priceCents : undefined, standardPriceCents) : standardPriceCents;
  const priceNoPailCents = special ? pick(e.specialPriceNoPail, current?.special ? current.priceNoPailCents : undefined, standardPriceNoPailCents) : standardPriceNoPailCents;
  const discountQuantity = e.tier1Quantity ?? current?.discountQuantity ?? 0;
  const discountQuantity2 = e.tier2Quantity ?? current?.discountQuantity2 ?? 0;
  const tier1Kept = current && current.discountQuantity > 0 ? current : undefined;
  const tier2Kept = current && current.discountQuantity2 > 0 ? current : undefined;
  const discountPriceCents = pick(e.tier1Price, tier1Kept?.discountPriceCents, priceCents);
  const discountPriceNoPailCents = pick(e.tier1PriceNoPail, tier1Kept?.discountPriceNoPailCents, priceNoPailCents);
  return {
    standardPriceCents,
    standardPriceNoPailCents,
    special,
    priceCents,
    priceNoPailCents,
    discountQuantity,
    discountPriceCents,
    discountPriceNoPailCents,
    discountQuantity2,
    discountPrice2Cents: pick(e.tier2Price, tier2Kept?.discountPrice2Cents, discountPriceCents),
    discountPriceNoPail2Cents: pick(e.tier2PriceNoPail, tier2Kept?.discountPriceNoPail2Cents, discountPriceNoPailCents),
  };
}

/** LinePrices field → the API's field name, for messages. */
export const PRICE_FIELD: Record<keyof LinePrices, string> = {
  standardPriceCents: "price",
  standardPriceNoPailCents: "priceNoPail",
  special: "special",
  priceCents: "specialPrice",
  priceNoPailCents: "specialPriceNoPail",
  discountQuantity: "tier1Quantity",
  discountPriceCents: "tier1Price",
  discountPriceNoPailCents: "tier1PriceNoPail",
  discountQuantity2: "tier2Quantity",
  discountPrice2Cents: "tier2Price",
  discountPriceNoPail2Cents: "tier2PriceNoPail",
};

/** The API's field → message for prices that do not hang together. */
export function priceFieldProblems(p: LinePrices): Record<string, string> {
  return Object.fromEntries(Object.entries(priceProblems(p)).map(([k, v]) => [PRICE_FIELD[k as keyof LinePrices] ?? k, v]));
}

/** The stored columns of prices. */
export function priceColumns(p: LinePrices) {
  return { ...p, discount: specialPercent(p) };
}

function lineView(r: catalogRepo.LineWithProduct, buyers: SupplyLine["buyers"] = []): SupplyLine {
  const { ol, p } = r;
  return {
    lineId: ol.id,
    catalogId: ol.catalogId,
    productId: ol.productId,
    description: p.description,
    category: p.category,
    colour: p.colour,
    productActive: p.active,
    quantity: ol.originalQuantity,
    sold: ol.quantityOrdered,
    held: r.held,
    free: freeStock({ stock: ol.originalQuantity, ordered: ol.quantityOrdered, heldByOthers: r.held }),
    price: dollars(ol.standardPriceCents),
    priceNoPail: dollars(ol.standardPriceNoPailCents),
    special: ol.special,
    specialPrice: dollars(ol.priceCents),
    specialPriceNoPail: dollars(ol.priceNoPailCents),
    tier1Quantity: ol.discountQuantity,
    tier1Price: dollars(ol.discountPriceCents),
    tier1PriceNoPail: dollars(ol.discountPriceNoPailCents),
    tier2Quantity: ol.discountQuantity2,
    tier2Price: dollars(ol.discountPrice2Cents),
    tier2PriceNoPail: dollars(ol.discountPriceNoPail2Cents),
    showStore: ol.showStore,
    isFinalProduct: ol.isFinalProduct,
    nextAvailableDate: ol.nextAvailableDate,
    buyers,
  };
}

export async function catalogLines(db: DbOrTx, catalogId: number): Promise<SupplyLineList> {
  const c = await catalogRepo.catalogById(db, catalogId);
  if (!c) throw notFound(`There is no catalog ${catalogId}.`);
  const rows = await catalogRepo.catalogLines(db, catalogId);
  const bought = await buyersOf(db, rows.map((r) => r.ol.id));
  const byLine = new Map<number, SupplyLine["buyers"]>();
  for (const b of bought) {
    const list = byLine.get(b.lineId!) ?? [];
    list.push({ customerId: b.customerId, companyName: b.companyName, orderNumber: b.orderNumber, quantity: b.quantity });
    byLine.set(b.lineId!, list);
  }
  return { catalog: catalogView(c), lines: rows.map((r) => lineView(r, byLine.get(r.ol.id))) };
}

async function oneLine(db: DbOrTx, catalogId: number, lineId: number): Promise<SupplyLine> {
  const { lines } = await catalogLines(db, catalogId);
  const line = lines.find((l) => l.lineId === lineId);
  if (!line) throw notFound(`Line ${lineId} is not in catalog ${catalogId}.`);
  return line;
}

async function wholesaleCatalog(tx: DbOrTx, catalogId: number) {
  const c = await catalogRepo.catalogById(tx, catalogId);
  if (!c) throw notFound(`There is no catalog ${catalogId}.`);
  if (c.c.kind !== "wholesale") throw conflict("This is a mass-market catalog: it carries bouquets (Supply/Catalogs/{catalogId}/Bouquets), not products.");
  return c.c;
}

const flagColumns = (e: Pick<LineEdit, "showStore" | "isFinalProduct" | "nextAvailableDate">) => ({
  ...(e.showStore !== undefined ? { showStore: e.showStore } : {}),
  ...(e.isFinalProduct !== undefined ? { isFinalProduct: e.isFinalProduct } : {}),
  ...(e.nextAvailableDate !== undefined ? { nextAvailableDate: e.nextAvailableDate } : {}),
});

export async function addLine(db: Db, actor: Actor, catalogId: number, body: LineCreate): Promise<SupplyLine> {
  const lineId = await inTransaction(db, async (tx) => {
    const c = await wholesaleCatalog(tx, catalogId);
    const found = await catalogRepo.productById(tx, body.productId);
    if (!found) throw badRequest(`There is no product ${body.productId}.`, { productId: `There is no product ${body.productId}` });
    if (!found.p.active) throw badRequest(`${found.p.description} is retired: bring it back first.`, { productId: "This product is retired" });
    const prices = editedPrices(null, body);
    const problems = priceFieldProblems(prices);
    if (Object.keys(problems).length) throw badRequest(Object.values(problems)[0]!, problems);
    const existing = await catalogRepo.lineIdsOfProducts(tx, catalogId, [body.productId]);
    if (existing.size) throw conflict(`${found.p.description} is already offered in this catalog: change its line instead.`);
    const values: catalogRepo.NewOfferLineRow = {
      catalogId,
      productId: body.productId,
      originalQuantity: body.quantity,
      quantityOrdered: 0,
      ...priceColumns(prices),
      showStore: body.showStore ?? true,
      isFinalProduct: body.isFinalProduct ?? false,
      nextAvailableDate: body.nextAvailableDate ?? null,
    };
    const [row] = await catalogRepo.insertLines(tx, [values]);
    await record(tx, actor, "supply.line.create", {
      catalogId,
      orderId: c.orderId,
      lineId: row!.id,
      productId: body.productId,
      summary: `${found.p.description}, ${shipDays(c.shipDateFrom, c.shipDateTo)}: ${body.quantity} bunches published`,
      after: values,
    });
    return row!.id;
  });
  return oneLine(db, catalogId, lineId);
}

/**
 * `words` lets another desk (promotions) name the change its own way in the audit log: its action and
 * plain-words summary; the rules, the lock and before/after stay this one edit's.
 */
export async function editLine(db: Db, actor: Actor, catalogId: number, lineId: number, body: LineEdit, words?: { action: string; summary: (description: string, days: string) => string }): Promise<SupplyLine> {
  await inTransaction(db, async (tx) => {
    const c = await wholesaleCatalog(tx, catalogId);
    const locked = (await catalogRepo.lockLines(tx, catalogId, [lineId])).get(lineId);
    if (!locked) throw notFound(`Line ${lineId} is not in catalog ${catalogId}.`);
    const { ol, p } = locked;
    const set: Partial<catalogRepo.NewOfferLineRow> = { ...flagColumns(body) };
    if (body.quantity !== undefined) {
      const mode: QuantityMode = body.mode ?? "set";
      const next = nextQuantity(mode, ol.originalQuantity, body.quantity);
      const why = quantityRefusal({ description: p.description, days: shipDays(c.shipDateFrom, c.shipDateTo) }, { sold: ol.quantityOrdered, held: locked.held }, mode, next);
      if (why) throw new HttpError(409, why, { quantity: why }, { sold: ol.quantityOrdered, held: locked.held, asked: next });
      set.originalQuantity = next;
    }
    const priceEdit: PriceEdit = body;
    if (Object.keys(PRICE_FIELD).some((k) => (priceEdit as Record<string, unknown>)[PRICE_FIELD[k as keyof LinePrices]] !== undefined)) {
      const prices = editedPrices(pricesOf(ol), priceEdit);
      const problems = priceFieldProblems(prices);
      if (Object.keys(problems).length) throw badRequest(Object.values(problems)[0]!, problems);
      Object.assign(set, priceColumns(prices));
    }
    const diff = changes(ol as catalogRepo.NewOfferLineRow, set);
    if (!Object.keys(diff.after).length) return;
    await catalogRepo.updateLine(tx, lineId, diff.after);
    const summary = words
      ? words.summary(p.description, shipDays(c.shipDateFrom, c.shipDateTo))
      : diff.after.originalQuantity !== undefined
        ? `${p.description}, ${shipDays(c.shipDateFrom, c.shipDateTo)}: ${diff.before.originalQuantity ?? "not confirmed"} → ${diff.after.originalQuantity} bunches (${ol.quantityOrdered} sold, ${locked.held} held)`
        : `${p.description}, ${shipDays(c.shipDateFrom, c.shipDateTo)}: ${Object.keys(diff.after).join(", ")} changed`;
    await record(tx, actor, words?.action ?? "supply.line.update", { catalogId, orderId: c.orderId, lineId, productId: ol.productId, summary, ...diff });
  });
  return oneLine(db, catalogId, lineId);
}

/** Removes a line nobody bought or holds; one with purchases or holds stays (set showStore false to hide it). */
export async function deleteLine(db: Db, actor: Actor, catalogId: number, lineId: number): Promise<{ deleted: true }> {
  return inTransaction(db, async (tx) => {
    const c = await wholesaleCatalog(tx, catalogId);
    const locked = (await catalogRepo.lockLines(tx, catalogId, [lineId])).get(lineId);
    if (!locked) throw notFound(`Line ${lineId} is not in catalog ${catalogId}.`);
    if (locked.ol.quantityOrdered > 0 || locked.held > 0) {
      throw conflict(`${locked.p.description}: ${locked.ol.quantityOrdered} sold, ${locked.held} held. A line with purchases or holds cannot be removed; hide it from the store instead.`);
    }
    await catalogRepo.deleteLine(tx, lineId);
    await record(tx, actor, "supply.line.delete", { catalogId, orderId: c.orderId, lineId, productId: locked.ol.productId, before: locked.ol });
    return { deleted: true as const };
  });
}
