// "Copy this day to …" (issue 25 item 2; docs/domain-supply.md): a catalog's lines (quantities,
// prices, tiers, specials, flags) copied to another catalog, or to a new one-day catalog for
// another ship date, in one transaction. Lines the target already offers are skipped or
// overwritten, as the staff member chose; an overwrite goes through the upload's own plan in "set"
// mode, so it can never go below what the target's line has sold plus held (such a row is refused
// with the numbers, and then nothing is written). A preview writes nothing.
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { CopyBody, CopyResult, CopyRow } from "../../../contract/supply.ts";
import { shipDays, shortDate } from "../../../domain/supply.ts";
import { badRequest, HttpError, notFound } from "../../errors.ts";
import { supplyDesk as catalogRepo } from "../catalog/index.ts";
import { catalogView, inTransaction, record, type Actor } from "./service.ts";
import { linesByProduct, plan, productsOf, type Planned, type UploadRecord } from "./upload.ts";

const money = (c: number) => (c / 100).toFixed(2);
const yes = (b: boolean) => (b ? "yes" : "no");

/** A source line as the upload's cells (the same rules then decide it). */
function cellsOf(ol: catalogRepo.OfferLineRow): UploadRecord["cells"] {
  return {
    product: ol.productId,
    quantity: String(ol.originalQuantity ?? ""),
    price: money(ol.standardPriceCents),
    priceNoPail: money(ol.standardPriceNoPailCents),
    special: yes(ol.special),
    ...(ol.special ? { specialPrice: money(ol.priceCents), specialPriceNoPail: money(ol.priceNoPailCents) } : {}),
    tier1Quantity: String(ol.discountQuantity),
    ...(ol.discountQuantity ? { tier1Price: money(ol.discountPriceCents), tier1PriceNoPail: money(ol.discountPriceNoPailCents) } : {}),
    tier2Quantity: String(ol.discountQuantity2),
    ...(ol.discountQuantity2 ? { tier2Price: money(ol.discountPrice2Cents), tier2PriceNoPail: money(ol.discountPriceNoPail2Cents) } : {}),
    showStore: yes(ol.showStore),
    isFinalProduct: yes(ol.isFinalProduct),
    nextAvailableDate: ol.nextAvailableDate ?? "",
  };
}

interface Target {
  catalog: catalogRepo.CatalogRow | null;
  customerIds: string[];
  from: string;
  to: string;
}

async function targetOf(db: DbOrTx, source: catalogRepo.CatalogRow, body: CopyBody): Promise<Target> {
  if (body.toCatalogId !== undefined) {
    if (body.toCatalogId === source.id) throw badRequest("Choose another catalog: this is the one you are copying from.", { toCatalogId: "This is the catalog you are copying from" });
    const t = await catalogRepo.catalogById(db, body.toCatalogId);
    if (!t) throw notFound(`There is no catalog ${body.toCatalogId}.`);
    if (t.c.kind !== "wholesale") throw new HttpError(409, "Mass-market catalogs carry bouquets, which are not copied here yet.");
    return { catalog: t.c, customerIds: t.customerIds ?? [], from: t.c.shipDateFrom, to: t.c.shipDateTo };
  }
  const day = body.toShipDate!;
  if (day === source.shipDateFrom && day === source.shipDateTo) throw badRequest("Choose another ship date: this catalog is already for that day.", { toShipDate: "This catalog is already for that day" });
  return { catalog: null, customerIds: [], from: day, to: day };
}

function copyRows(planned: Planned[], skipped: CopyRow[]): CopyRow[] {
  return [
    ...planned.map(({ row }): CopyRow => ({ productId: row.productId, description: row.description, action: row.action === "change" ? "overwrite" : row.action, before: row.before, after: row.after, sold: row.sold, held: row.held, reasons: row.reasons })),
    ...skipped,
  ].sort((a, b) => a.description.localeCompare(b.description) || a.productId.localeCompare(b.productId));
}

async function planCopy(tx: DbOrTx, sourceId: number, body: CopyBody, lock: boolean) {
  const source = await catalogRepo.catalogById(tx, sourceId);
  if (!source) throw notFound(`There is no catalog ${sourceId}.`);
  if (source.c.kind !== "wholesale") throw new HttpError(409, "Mass-market catalogs carry bouquets, which are not copied here yet.");
  const target = await targetOf(tx, source.c, body);
  const lines = await catalogRepo.catalogLines(tx, sourceId);
  if (!lines.length) throw badRequest("This catalog has no lines to copy.");
  const skipped: CopyRow[] = [];
  const records: UploadRecord[] = [];
  const skip = (l: catalogRepo.LineWithProduct, reason: string, t?: catalogRepo.LineWithProduct) =>
    skipped.push({ productId: l.ol.productId, description: l.p.description, action: "skip", before: t?.ol.originalQuantity ?? null, after: t?.ol.originalQuantity ?? null, sold: t?.ol.quantityOrdered ?? 0, held: t?.held ?? 0, reasons: [reason] });
  const targetLines = target.catalog ? await linesByProduct(tx, target.catalog.id, lock, lines.map((l) => l.ol.productId)) : new Map<string, catalogRepo.LineWithProduct>();
  lines.forEach((l, i) => {
    const there = targetLines.get(l.ol.productId);
    if (!l.p.active) skip(l, `${l.p.description} is retired`, there);
    else if (l.ol.originalQuantity === null) skip(l, "Its stock is not confirmed yet (no quantity)", there);
    else if (there && body.existing === "skip") skip(l, `Already offered there (${there.ol.originalQuantity ?? "no"} bunches): left as it is`, there);
    else records.push({ line: i + 1, cells: cellsOf(l.ol), formula: [] });
  });
  const productsById = await productsOf(tx, records);
  const catalog: catalogRepo.CatalogRow = target.catalog ?? { ...source.c, id: 0, shipDateFrom: target.from, shipDateTo: target.to };
  const planned = plan("set", catalog, records, productsById, targetLines);
  return { source: source.c, sourceCustomers: source.customerIds ?? [], target, planned, rows: copyRows(planned, skipped) };
}

function resultOf(body: CopyBody, target: Target, rows: CopyRow[], applied: boolean, toCatalog: CopyResult["toCatalog"]): CopyResult {
  const counts = { add: 0, overwrite: 0, unchanged: 0, skip: 0, refuse: 0 };
  for (const r of rows) counts[r.action]++;
  return { existing: body.existing, applied, toCatalog, toShipDateFrom: target.from, toShipDateTo: target.to, counts, rows };
}

/** What the copy would do, line by line. Writes nothing. */
export async function previewCopy(db: Db, catalogId: number, body: CopyBody): Promise<CopyResult> {
  const { target, rows } = await planCopy(db, catalogId, body, false);
  const t = target.catalog ? await catalogRepo.catalogById(db, target.catalog.id) : undefined;
  return resultOf(body, target, rows, false, t ? catalogView(t) : null);
}

/**
 * Copies in one transaction: the target's lines are locked first, every line is planned again, and
 * when any is refused nothing is written (409, the rows in `data`). A new ship date opens a one-day
 * catalog for the source's customers. One audit entry lists each line's quantity before and after.
 */
export async function applyCopy(db: Db, actor: Actor, catalogId: number, body: CopyBody): Promise<CopyResult> {
  const targetId = await inTransaction(db, async (tx) => {
    const { source, sourceCustomers, target, planned, rows } = await planCopy(tx, catalogId, body, true);
    const outcome = resultOf(body, target, rows, false, null);
    if (outcome.counts.refuse) {
      const n = outcome.counts.refuse;
      throw new HttpError(409, `${n} line${n > 1 ? "s are" : " is"} refused: nothing was copied.`, undefined, outcome);
    }
    let to = target.catalog;
    if (!to) {
      const orderId = await catalogRepo.nextCatalogOrderId(tx);
      const title = `Availability for ${shortDate(target.from)}`;
      to = await catalogRepo.insertCatalog(tx, { orderId, kind: "wholesale", title, shipDateFrom: target.from, shipDateTo: target.to });
      await catalogRepo.setCatalogCustomers(tx, to.id, sourceCustomers);
      await record(tx, actor, "supply.catalog.create", { catalogId: to.id, orderId, after: { kind: "wholesale", title, shipDateFrom: target.from, shipDateTo: target.to, customerIds: sourceCustomers }, copiedFrom: source.id });
    }
    const toId = to.id;
    const inserts = planned.filter((p) => p.write && p.write.id === undefined).map((p) => ({ ...p.write!.values, catalogId: toId, quantityOrdered: 0 }));
    const updates = planned.filter((p) => p.write?.id !== undefined).map((p) => ({ id: p.write!.id!, set: { ...p.write!.values, catalogId: toId } }));
    await catalogRepo.insertLines(tx, inserts);
    await catalogRepo.updateLines(tx, updates);
    const changed = rows.filter((r) => r.action === "add" || r.action === "overwrite");
    await record(tx, actor, "supply.copy", {
      catalogId: toId,
      orderId: to.orderId,
      fromCatalogId: source.id,
      fromOrderId: source.orderId,
      existing: body.existing,
      summary: `Copied ${changed.length} line${changed.length === 1 ? "" : "s"} of ${shipDays(source.shipDateFrom, source.shipDateTo)} to ${shipDays(to.shipDateFrom, to.shipDateTo)} (${outcome.counts.add} new, ${outcome.counts.overwrite} overwritten, ${outcome.counts.skip} skipped)`,
      lines: changed.slice(0, 5000).map((r) => ({ productId: r.productId, before: r.before, after: r.after })),
    });
    return { toId, rows };
  });
  const t = (await catalogRepo.catalogById(db, targetId.toId))!;
  return resultOf(body, { catalog: t.c, customerIds: t.customerIds ?? [], from: t.c.shipDateFrom, to: t.c.shipDateTo }, targetId.rows, true, catalogView(t));
}
