// The pick list of a ship date (what to cut: totals per product over both stores' orders) and the
// packing slip of an order, as JSON, CSV and PDF (docs/documents.md). Staff only (routes).
import type { Db } from "../../../db/client.ts";
import type { PickList, PickListOrder } from "../../../contract/pick-list.ts";
import { csvRow } from "../../../domain/csv.ts";
import { isFeeLine } from "../../../domain/mm-fees.ts";
import { pickQuantities, pickTotals, sumPick, type PickQuantities } from "../../../domain/pick-list.ts";
import { PdfLayout, type Grower } from "../../documents/pdf.ts";
import { notFound } from "../../errors.ts";
import * as repo from "./pick-list-repo.ts";

export async function pickList(db: Db, shipDate: string): Promise<PickList> {
  const [lines, orderRows] = await Promise.all([repo.linesOfShipDate(db, shipDate), repo.ordersOfShipDate(db, shipDate)]);
  const rows = pickTotals(lines);
  const orders: PickListOrder[] = orderRows.map((o) => ({
    orderNumber: o.orderNumber,
    store: o.store,
    customerId: o.customerId,
    companyName: o.companyName,
    status: o.status,
    packed: o.packedAt !== null,
    boxed: o.boxed,
    lineCount: o.lineCount,
  }));
  return { shipDate, rows, totals: sumPick(rows), orders };
}

const figure = (n: number | null) => (n === null ? "" : String(n));
const dash = (n: number | null) => (n === null ? "–" : n ? n.toLocaleString("en-US") : "");
const STORE = { wholesale: "Wholesale", mm: "Mass market" } as const;
const STATUS: Record<PickListOrder["status"], string> = { submitted: "Submitted", confirmed: "Confirmed", shipped: "Shipped", invoiced: "Invoiced", cancelled: "Cancelled" };

export function pickListCsv(list: PickList): string {
  let out = csvRow(["Ship date", "Product", "Description", "Orders", "Stems", "Bunches", "Pending bunches", "Pails", "Boxes"]);
  for (const r of list.rows) out += csvRow([list.shipDate, r.productId, r.description, r.orders, figure(r.stems), r.bunches, r.pending, r.pails, r.boxes]);
  const t = list.totals;
  out += csvRow([list.shipDate, "", "Total", list.orders.length, figure(t.stems), t.bunches, t.pending, t.pails, t.boxes]);
  return out;
}

export function pickListPdf(grower: Grower, list: PickList): Promise<Buffer> {
  const pdf = new PdfLayout(grower, `Pick list ${list.shipDate}`);
  const count = (store: "wholesale" | "mm") => String(list.orders.filter((o) => o.store === store).length);
  pdf.letterhead("Pick list", [
    ["Ship date", list.shipDate],
    ["Orders", String(list.orders.length)],
    ["Wholesale", count("wholesale")],
    ["Mass market", count("mm")],
  ]);
  if (!list.rows.length) pdf.paragraph("No orders ship on this date.");
  else {
    const t = list.totals;
    pdf.table(
      [
        { header: "Product", width: 96 },
        { header: "Description", width: 164 },
        { header: "Orders", width: 44, align: "right" },
        { header: "Stems", width: 54, align: "right" },
        { header: "Bunches", width: 52, align: "right" },
        { header: "Pending", width: 50, align: "right" },
        { header: "Pails", width: 40, align: "right" },
        { header: "Boxes", width: 40, align: "right" },
      ],
      [
        ...list.rows.map((r) => [r.productId, r.description, String(r.orders), dash(r.stems), dash(r.bunches), dash(r.pending), dash(r.pails), dash(r.boxes)]),
        ["", "Total", String(list.orders.length), dash(t.stems), dash(t.bunches), dash(t.pending), dash(t.pails), dash(t.boxes)],
      ],
      { boldRows: new Set([list.rows.length]) },
    );
    pdf.paragraph("Bunches are confirmed bunches (mass market: units); pending bunches are not confirmed yet. Stems only where the product's stems a bunch are known (–).", { size: 8, gap: 14 });
    pdf.table(
      [
        { header: "Order", width: 60 },
        { header: "Store", width: 80 },
        { header: "Customer", width: 250 },
        { header: "Status", width: 80 },
        { header: "Lines", width: 40, align: "right" },
      ],
      list.orders.map((o) => [String(o.orderNumber), STORE[o.store], `${o.companyName} (${o.customerId})`, o.packed && o.status === "confirmed" ? "Packed" : STATUS[o.status], String(o.lineCount)]),
    );
  }
  return pdf.finish();
}

// ---- packing slip -----------------------------------------------------------------------------

export interface PackingSlip {
  orderNumber: number;
  store: "wholesale" | "mm";
  shipDate: string;
  receivingDate: string | null;
  boxed: boolean;
  notes: string | null;
  /** The buyer's purchase order number and delivery notes from checkout. */
  poNumber: string | null;
  deliveryNotes: string | null;
  customer: { customerId: string; companyName: string; address: string[] };
  lines: ({ productId: string; description: string; fee: boolean; unitOfMeasure: string; boxType: string | null } & PickQuantities)[];
  totals: PickQuantities;
}

export async function packingSlip(db: Db, orderNumber: number): Promise<PackingSlip> {
  const o = await repo.orderForSlip(db, orderNumber);
  if (!o) throw notFound(`Order ${orderNumber} was not found.`);
  const lines = (await repo.linesOfOrder(db, o.id)).map((l) => {
    const fee = isFeeLine(l);
    const q = fee ? { stems: null, bunches: l.quantity, pending: 0, pails: 0, boxes: 0 } : pickQuantities(l);
    return { productId: l.productId, description: l.description, fee, unitOfMeasure: l.unitOfMeasure, boxType: l.boxType, ...q };
  });
  const address = [o.address, [o.city, [o.state, o.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ")].filter((l): l is string => !!l);
  return {
    orderNumber: o.orderNumber,
    store: o.store,
    shipDate: o.shipDate,
    receivingDate: o.receivingDate,
    boxed: o.boxed,
    notes: o.notes,
    poNumber: o.poNumber,
    deliveryNotes: o.deliveryNotes,
    customer: { customerId: o.customerId, companyName: o.companyName, address },
    lines,
    totals: sumPick(lines.filter((l) => !l.fee)),
  };
}

export function packingSlipCsv(slip: PackingSlip): string {
  let out = csvRow(["Order", "Ship date", "Customer", "Product", "Description", "Bunches", "Pending bunches", "Stems", "Pails", "Boxes"]);
  for (const l of slip.lines) out += csvRow([slip.orderNumber, slip.shipDate, slip.customer.customerId, l.productId, l.description, l.bunches, l.pending, figure(l.stems), l.pails, l.boxes]);
  return out;
}

export function packingSlipPdf(grower: Grower, slip: PackingSlip): Promise<Buffer> {
  const pdf = new PdfLayout(grower, `Packing slip ${slip.orderNumber}`);
  const facts: [string, string][] = [
    ["Order no.", String(slip.orderNumber)],
    ["Ship date", slip.shipDate],
  ];
  if (slip.receivingDate) facts.push(["Receiving date", slip.receivingDate]);
  if (slip.poNumber) facts.push(["PO number", slip.poNumber]);
  facts.push(["Store", STORE[slip.store]], ["Packed in", slip.boxed ? "Boxes" : "Pails"]);
  pdf.letterhead("Packing slip", facts);
  pdf.parties([["Ship to", slip.customer]]);
  if (slip.deliveryNotes) pdf.paragraph(`Delivery notes: ${slip.deliveryNotes}`);
  if (slip.notes) pdf.paragraph(`Notes: ${slip.notes}`);
  const t = slip.totals;
  pdf.table(
    [
      { header: "Product", width: 100 },
      { header: "Description", width: 170 },
      { header: "Bunches", width: 52, align: "right" },
      { header: "Pending", width: 50, align: "right" },
      { header: "Stems", width: 52, align: "right" },
      { header: "Pails", width: 40, align: "right" },
      { header: "Boxes", width: 40, align: "right" },
      { header: "Packed", width: 46, align: "right" },
    ],
    [
      ...slip.lines.map((l) => [l.productId, l.fee ? `${l.description} (packaging)` : l.description, dash(l.bunches), dash(l.pending), dash(l.fee ? 0 : l.stems), dash(l.pails), dash(l.boxes), "____"]),
      ["", "Total", dash(t.bunches), dash(t.pending), dash(t.stems), dash(t.pails), dash(t.boxes), ""],
    ],
    // The signatures stay with the last rows.
    { boldRows: new Set([slip.lines.length]), keepAfter: 40 },
  );
  pdf.y += 10;
  pdf.paragraph("Packed by: ______________________      Checked by: ______________________");
  return pdf.finish();
}
