// The supply desk's mass-market half (issue 25; docs/domain-supply.md): staff create, edit and retire
// bouquets and packages (box types and the RFLP1 pail fee), and publish bouquets on mass-market
// catalogs. Same rules as the wholesale half (service.ts): a bouquet ever ordered is retired, never
// deleted; a quantity is never set below sold + held, decided under the line's row lock and checked
// again by the database at commit (migration 0018); one transaction and one audit entry per change.
// The MM store hears every change through the change feed: mm_catalog_products (and, through their
// lines' versions, mm_products) notify "mm:<catalog>", mm_packages and catalogs "offers".
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { BouquetCreate, BouquetUpdate, MmLineCreate, MmLineEdit, PackageCreate, PackageUpdate, SupplyBouquet, SupplyBouquetList, SupplyMmLine, SupplyMmLineList, SupplyPackage, SupplyPackageList } from "../../../contract/supply-mm.ts";
import { freeStock } from "../../../domain/free-stock.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { boxTypeProblem, PAIL_FEE_PACKAGE } from "../../../domain/supply-mm.ts";
import { nextQuantity, quantityRefusal, shipDays } from "../../../domain/supply.ts";
import { badRequest, conflict, HttpError, notFound } from "../../errors.ts";
import { supplyDesk as mm } from "../mm/index.ts";
import { supplyDesk as catalogRepo } from "../catalog/index.ts";
import { changes, editAction, guardedTransaction, record, refuseDeleteOfUsed, violatesCheck, type Actor } from "./service.ts";

const cents = (d: number) => Math.round(d * 100);
const dollars = (c: number) => centsToDollars(c);
const BOUQUET_LIMIT = 2000;

/** A PostgreSQL error raised by the mass-market never-oversold checks. */
export function isMmOversold(err: unknown): boolean {
  return violatesCheck(err, ["mm_catalog_products_not_oversold", "mm_catalog_products_ordered"]);
}

export const MM_OVERSOLD_MESSAGE = "Buyers took some of these bouquets while you were changing them: nothing was changed. Reload and try again.";

const inTransaction = guardedTransaction(isMmOversold, MM_OVERSOLD_MESSAGE);

// ---- bouquets ---------------------------------------------------------------------------------

function bouquetView(row: { b: mm.BouquetRow; ordered: number; catalogLines: number }): SupplyBouquet {
  const { b } = row;
  return {
    productId: b.productId,
    description: b.description,
    category: b.category,
    colour: b.colour,
    colourHex: b.colourHex,
    imageName: b.imageName,
    price: dollars(b.priceCents),
    pricePerBouquet: dollars(b.pricePerBouquetCents),
    pricePerBouquetNoBox: dollars(b.pricePerBouquetNoBoxCents),
    boxType: b.boxType,
    unitOfMeasure: b.unitOfMeasure,
    packSize: b.packSize,
    bouquet: b.bouquet,
    active: b.active,
    ordered: row.ordered,
    catalogLines: row.catalogLines,
  };
}

/** The stored columns of a bouquet's fields (dollars → cents). */
function bouquetColumns(body: Partial<BouquetCreate & BouquetUpdate>): Partial<mm.NewBouquetRow> {
  const out: Partial<mm.NewBouquetRow> = {};
  for (const k of ["description", "category", "colour", "colourHex", "imageName", "boxType", "unitOfMeasure", "packSize", "bouquet", "active"] as const) {
    if (body[k] !== undefined) (out as Record<string, unknown>)[k] = body[k];
  }
  if (body.price !== undefined) out.priceCents = cents(body.price);
  if (body.pricePerBouquet !== undefined) out.pricePerBouquetCents = cents(body.pricePerBouquet);
  if (body.pricePerBouquetNoBox !== undefined) out.pricePerBouquetNoBoxCents = cents(body.pricePerBouquetNoBox);
  return out;
}

/** A box type must exist, be a box and not be retired; the package is share-locked until commit. */
async function checkBoxType(tx: DbOrTx, type: string | null | undefined) {
  if (!type) return;
  const found = await mm.packageForBouquet(tx, type);
  const why = boxTypeProblem(type, found);
  if (why) throw badRequest(why, { boxType: why });
}

export async function listBouquets(db: DbOrTx, q: { q?: string }): Promise<SupplyBouquetList> {
  const rows = await mm.listBouquets(db, q.q || undefined, BOUQUET_LIMIT + 1);
  return { bouquets: rows.slice(0, BOUQUET_LIMIT).map(bouquetView), truncated: rows.length > BOUQUET_LIMIT };
}

export async function bouquet(db: DbOrTx, productId: string): Promise<SupplyBouquet> {
  const row = await mm.bouquetById(db, productId);
  if (!row) throw notFound(`There is no bouquet ${productId}.`);
  return bouquetView(row);
}

export async function createBouquet(db: Db, actor: Actor, body: BouquetCreate): Promise<SupplyBouquet> {
  await db.transaction(async (tx) => {
    await checkBoxType(tx, body.boxType);
    const values = { productId: body.productId, ...bouquetColumns(body), active: true } as mm.NewBouquetRow;
    if (!(await mm.insertBouquet(tx, values))) {
      throw new HttpError(409, `A bouquet with code ${body.productId} already exists.`, { productId: "This code is taken" });
    }
    await record(tx, actor, "supply.bouquet.create", { productId: body.productId, summary: `${body.description} created at $${body.pricePerBouquet.toFixed(2)} boxed, $${body.pricePerBouquetNoBox.toFixed(2)} unboxed`, after: values });
  });
  return bouquet(db, body.productId);
}

export async function updateBouquet(db: Db, actor: Actor, productId: string, body: BouquetUpdate): Promise<SupplyBouquet> {
  await db.transaction(async (tx) => {
    const row = await mm.bouquetById(tx, productId, true);
    if (!row) throw notFound(`There is no bouquet ${productId}.`);
    const set = bouquetColumns(body);
    const diff = changes(row.b, set as Partial<mm.BouquetRow>);
    if (!Object.keys(diff.after).length) return;
    if (diff.after.boxType) await checkBoxType(tx, diff.after.boxType);
    await mm.updateBouquet(tx, productId, diff.after);
    const action = editAction("bouquet", diff.after);
    const summary =
      action === "supply.bouquet.retire"
        ? `${row.b.description} retired (no longer sold; kept for its orders)`
        : action === "supply.bouquet.reinstate"
          ? `${row.b.description} on sale again`
          : `${row.b.description}: ${Object.keys(diff.after).join(", ")} changed`;
    await record(tx, actor, action, { productId, summary, ...diff });
  });
  return bouquet(db, productId);
}

/** Deletes a bouquet nobody ever ordered and on no catalog line; one ever ordered is retired instead (409). */
export async function deleteBouquet(db: Db, actor: Actor, productId: string): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    const row = await mm.bouquetById(tx, productId, true);
    if (!row) throw notFound(`There is no bouquet ${productId}.`);
    refuseDeleteOfUsed(row.b.description, { ordered: `${row.ordered} bouquets`, orderLines: row.orderLines, lines: row.catalogLines, line: "catalog line" });
    await mm.deleteBouquet(tx, productId);
    await record(tx, actor, "supply.bouquet.delete", { productId, summary: `${row.b.description} deleted`, before: row.b });
    return { deleted: true as const };
  });
}

// ---- packages ---------------------------------------------------------------------------------

function packageView(row: { p: mm.PackageRow; bouquets: number; orderLines: number }): SupplyPackage {
  return { type: row.p.type, category: row.p.category, size: row.p.size, description: row.p.description, price: dollars(row.p.priceCents), active: row.p.active, bouquets: row.bouquets, orderLines: row.orderLines };
}

function packageColumns(body: Partial<PackageCreate & PackageUpdate>): Partial<mm.NewPackageRow> {
  const out: Partial<mm.NewPackageRow> = {};
  for (const k of ["category", "size", "description", "active"] as const) if (body[k] !== undefined) (out as Record<string, unknown>)[k] = body[k];
  if (body.price !== undefined) out.priceCents = cents(body.price);
  return out;
}

export async function listPackages(db: DbOrTx): Promise<SupplyPackageList> {
  return { packages: (await mm.listPackages(db)).map(packageView) };
}

async function onePackage(db: DbOrTx, type: string): Promise<SupplyPackage> {
  const row = await mm.packageByType(db, type);
  if (!row) throw notFound(`There is no package ${type}.`);
  return packageView(row);
}

export async function createPackage(db: Db, actor: Actor, body: PackageCreate): Promise<SupplyPackage> {
  if (body.type === PAIL_FEE_PACKAGE && body.category !== "pails") {
    throw badRequest(`${PAIL_FEE_PACKAGE} is the pail fee: its category is pails.`, { category: "The pail fee's category is pails" });
  }
  await db.transaction(async (tx) => {
    const values = { type: body.type, ...packageColumns(body), active: true } as mm.NewPackageRow;
    if (!(await mm.insertPackage(tx, values))) throw new HttpError(409, `A package of type ${body.type} already exists.`, { type: "This type is taken" });
    await record(tx, actor, "supply.package.create", { type: body.type, summary: `${body.description} (${body.type}, ${body.category}) created at $${body.price.toFixed(2)}`, after: values });
  });
  return onePackage(db, body.type);
}

export async function updatePackage(db: Db, actor: Actor, type: string, body: PackageUpdate): Promise<SupplyPackage> {
  await db.transaction(async (tx) => {
    const row = await mm.packageByType(tx, type, true);
    if (!row) throw notFound(`There is no package ${type}.`);
    const diff = changes(row.p, packageColumns(body) as Partial<mm.PackageRow>);
    if (!Object.keys(diff.after).length) return;
    if (type === PAIL_FEE_PACKAGE && diff.after.active === false) {
      throw conflict(`${PAIL_FEE_PACKAGE} is the pail fee every unboxed cart with pails is charged: change its price, it cannot be retired.`);
    }
    if (type === PAIL_FEE_PACKAGE && diff.after.category !== undefined) {
      throw badRequest(`${PAIL_FEE_PACKAGE} is the pail fee: its category is pails.`, { category: "The pail fee's category is pails" });
    }
    if (diff.after.category !== undefined && row.bouquets > 0) {
      const message = `${type} is the box of ${row.bouquets} bouquet${row.bouquets > 1 ? "s" : ""}: its category cannot change.`;
      throw badRequest(message, { category: message });
    }
    await mm.updatePackage(tx, type, diff.after);
    const action = editAction("package", diff.after);
    const summary =
      diff.after.priceCents !== undefined
        ? `${row.p.description} (${type}): $${dollars(row.p.priceCents).toFixed(2)} → $${dollars(diff.after.priceCents).toFixed(2)}`
        : action === "supply.package.retire"
          ? `${row.p.description} (${type}) retired: no new bouquet may take it`
          : action === "supply.package.reinstate"
            ? `${row.p.description} (${type}) in use again`
            : `${row.p.description} (${type}): ${Object.keys(diff.after).join(", ")} changed`;
    await record(tx, actor, action, { type, summary, ...diff });
  });
  return onePackage(db, type);
}

/** Deletes a package no bouquet takes and no order charged; never the pail fee. */
export async function deletePackage(db: Db, actor: Actor, type: string): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    const row = await mm.packageByType(tx, type, true);
    if (!row) throw notFound(`There is no package ${type}.`);
    if (type === PAIL_FEE_PACKAGE) throw conflict(`${PAIL_FEE_PACKAGE} is the pail fee every unboxed cart with pails is charged: it cannot be deleted.`);
    if (row.bouquets > 0) {
      throw conflict(`${row.p.description} (${type}) is the box of ${row.bouquets} bouquet${row.bouquets > 1 ? "s" : ""}: it cannot be deleted. Give them another box first, or retire it.`);
    }
    if (row.orderLines > 0) {
      throw conflict(`${row.p.description} (${type}) was charged on ${row.orderLines} order line${row.orderLines > 1 ? "s" : ""}: it cannot be deleted. Retire it instead.`);
    }
    await mm.deletePackage(tx, type);
    await record(tx, actor, "supply.package.delete", { type, summary: `${row.p.description} (${type}) deleted`, before: row.p });
    return { deleted: true as const };
  });
}

// ---- a mass-market catalog's lines ------------------------------------------------------------------

async function mmCatalog(db: DbOrTx, catalogId: number) {
  const c = await catalogRepo.catalogById(db, catalogId);
  if (!c) throw notFound(`There is no catalog ${catalogId}.`);
  if (c.c.kind !== "massMarket") throw conflict("This is a wholesale catalog: it carries products, not bouquets.");
  return c.c;
}

const orNull = (c: number | null) => (c === null ? null : dollars(c));

function lineView(r: mm.MmLineWithBouquet): SupplyMmLine {
  const { line, b } = r;
  return {
    catalogId: line.catalogId,
    productId: b.productId,
    description: b.description,
    category: b.category,
    colourHex: b.colourHex,
    imageName: b.imageName,
    productActive: b.active,
    quantity: line.available,
    sold: line.quantityOrdered,
    held: r.held,
    free: freeStock({ stock: line.available, ordered: line.quantityOrdered, heldByOthers: r.held }),
    price: orNull(line.priceCents),
    pricePerBouquet: orNull(line.pricePerBouquetCents),
    pricePerBouquetNoBox: orNull(line.pricePerBouquetNoBoxCents),
    listPrice: dollars(b.priceCents),
    listPricePerBouquet: dollars(b.pricePerBouquetCents),
    listPricePerBouquetNoBox: dollars(b.pricePerBouquetNoBoxCents),
  };
}

export async function catalogLines(db: DbOrTx, catalogId: number): Promise<SupplyMmLineList> {
  const c = await mmCatalog(db, catalogId);
  const rows = await mm.catalogLines(db, catalogId);
  return {
    catalog: { catalogId: c.id, orderId: c.orderId, kind: "massMarket", title: c.title, shipDateFrom: c.shipDateFrom, shipDateTo: c.shipDateTo },
    lines: rows.map(lineView),
  };
}

async function oneLine(db: DbOrTx, catalogId: number, productId: string): Promise<SupplyMmLine> {
  const [row] = await mm.catalogLines(db, catalogId, [productId]);
  if (!row) throw notFound(`${productId} is not in catalog ${catalogId}.`);
  return lineView(row);
}

/** The price columns of an edit (null: the list price; left out: kept). */
function priceColumns(body: Pick<MmLineEdit, "price" | "pricePerBouquet" | "pricePerBouquetNoBox">) {
  const out: { priceCents?: number | null; pricePerBouquetCents?: number | null; pricePerBouquetNoBoxCents?: number | null } = {};
  if (body.price !== undefined) out.priceCents = body.price === null ? null : cents(body.price);
  if (body.pricePerBouquet !== undefined) out.pricePerBouquetCents = body.pricePerBouquet === null ? null : cents(body.pricePerBouquet);
  if (body.pricePerBouquetNoBox !== undefined) out.pricePerBouquetNoBoxCents = body.pricePerBouquetNoBox === null ? null : cents(body.pricePerBouquetNoBox);
  return out;
}

const price = (c: number | null | undefined) => (c === null || c === undefined ? "list price" : `$${dollars(c).toFixed(2)}`);

export async function addLine(db: Db, actor: Actor, catalogId: number, body: MmLineCreate): Promise<SupplyMmLine> {
  await inTransaction(db, async (tx) => {
    const c = await mmCatalog(tx, catalogId);
    const found = await mm.bouquetById(tx, body.productId);
    if (!found) throw badRequest(`There is no bouquet ${body.productId}.`, { productId: `There is no bouquet ${body.productId}` });
    if (!found.b.active) throw badRequest(`${found.b.description} is retired: bring it back first.`, { productId: "This bouquet is retired" });
    const prices = priceColumns(body);
    const values = { catalogId, productId: body.productId, available: body.quantity, quantityOrdered: 0, ...prices };
    if (!(await mm.insertMmLine(tx, values))) throw conflict(`${found.b.description} is already offered in this catalog: change its line instead.`);
    await record(tx, actor, "supply.mmline.create", {
      catalogId,
      orderId: c.orderId,
      productId: body.productId,
      summary: `${found.b.description}, ${shipDays(c.shipDateFrom, c.shipDateTo)}: ${body.quantity} bouquets published at ${price(prices.pricePerBouquetCents)} boxed, ${price(prices.pricePerBouquetNoBoxCents)} unboxed`,
      after: values,
    });
  });
  return oneLine(db, catalogId, body.productId);
}

export async function editLine(db: Db, actor: Actor, catalogId: number, productId: string, body: MmLineEdit): Promise<SupplyMmLine> {
  await inTransaction(db, async (tx) => {
    const c = await mmCatalog(tx, catalogId);
    const locked = await mm.lockMmLine(tx, catalogId, productId);
    if (!locked) throw notFound(`${productId} is not in catalog ${catalogId}.`);
    const { line, b, held } = locked;
    const set: Partial<mm.MmLineRow> = { ...priceColumns(body) };
    if (body.quantity !== undefined) {
      const mode = body.mode ?? "set";
      const next = nextQuantity(mode, line.available, body.quantity);
      const why = quantityRefusal({ description: b.description, days: shipDays(c.shipDateFrom, c.shipDateTo) }, { sold: line.quantityOrdered, held }, mode, next);
      if (why) throw new HttpError(409, why.replace(/ bunches /, " bouquets "), { quantity: why }, { sold: line.quantityOrdered, held, asked: next });
      set.available = next;
    }
    const diff = changes(line, set);
    if (!Object.keys(diff.after).length) return;
    await mm.updateMmLine(tx, catalogId, productId, diff.after);
    const days = shipDays(c.shipDateFrom, c.shipDateTo);
    const parts: string[] = [];
    if (diff.after.available !== undefined) parts.push(`${diff.before.available} → ${diff.after.available} bouquets (${line.quantityOrdered} sold, ${held} held)`);
    for (const [k, words] of [
      ["priceCents", "price"],
      ["pricePerBouquetCents", "boxed"],
      ["pricePerBouquetNoBoxCents", "unboxed"],
    ] as const) {
      if (k in diff.after) parts.push(`${words} ${price(diff.before[k])} → ${price(diff.after[k])}`);
    }
    await record(tx, actor, "supply.mmline.update", { catalogId, orderId: c.orderId, productId, summary: `${b.description}, ${days}: ${parts.join("; ")}`, ...diff });
  });
  return oneLine(db, catalogId, productId);
}

/** Removes a line nobody bought or holds. */
export async function deleteLine(db: Db, actor: Actor, catalogId: number, productId: string): Promise<{ deleted: true }> {
  return inTransaction(db, async (tx) => {
    const c = await mmCatalog(tx, catalogId);
    const locked = await mm.lockMmLine(tx, catalogId, productId);
    if (!locked) throw notFound(`${productId} is not in catalog ${catalogId}.`);
    if (locked.line.quantityOrdered > 0 || locked.held > 0) {
      throw conflict(`${locked.b.description}: ${locked.line.quantityOrdered} sold, ${locked.held} held. A line with purchases or holds cannot be removed; set its quantity to what is sold and held instead.`);
    }
    await mm.deleteMmLine(tx, catalogId, productId);
    await record(tx, actor, "supply.mmline.delete", { catalogId, orderId: c.orderId, productId, summary: `${locked.b.description}, ${shipDays(c.shipDateFrom, c.shipDateTo)}: line removed`, before: locked.line });
    return { deleted: true as const };
  });
}
