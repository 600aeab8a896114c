// Every printed document, rendered with long descriptions and 200 lines, read back from the PDF's own
// text positions (pdf.js): no two runs of text overlap on any page, the table header and the grower's
// name are on every page, and text beyond WinAnsi prints as itself or "?" (never mojibake).
// The same check found 582 overlapping runs in the invoice as it was drawn before this layout.
import { describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import type { MmOrder } from "../../contract/mm.ts";
import { describeOverlap, overlaps, pageTexts, textBoxes } from "../../tests/helpers/pdf-layout.ts";
import { creditNotePdf, invoicePdf, statementPdf } from "../modules/invoices/pdf.ts";
import { labelPages, labelRenders, labelsPdf } from "../modules/mm/labels.ts";
import { packingSlipPdf, pickListPdf, type PackingSlip } from "../modules/order-desk/pick-list.ts";
import { freshListPdf } from "../modules/fresh-list/pdf.ts";
import { pickTotals, sumPick } from "../../domain/pick-list.ts";
import { printableText } from "../../domain/printable.ts";
import { newDocument } from "./pdf.ts";

const grower = { name: "Bloom Grower Farms of the Garden State Cooperative", address: ["1200 Greenhouse Road, Building 4, Loading Dock B", "Vineland, NJ 08360", "(856) 555-0100 · orders@bloom.example"] };
const customer = { customerId: "BLMWH", companyName: "Bloomfield Wholesale Florists and Event Design of Northern New Jersey", address: ["12 Market St, Suite 300", "Newark, NJ 07102"] };
const LONG = [
  "Lily Asiatic White 70cm (loose bunches)",
  "Gerbera Mini Mixed Colours Premium Grade Extra Long Stems 60cm, sleeved and hydrated, for event work (pails)",
  "Rose",
  "Anthurium Red Large 16/20cm bloom, individually boxed with water tubes and a care card for each stem",
];
const N = 200;
/** The longest PO number and delivery notes checkout takes (40 and 500 characters), with words too long to wrap. */
const PO = "PO-2026-BLOOMFIELD-EVENTS-000000012345-XY";
const DELIVERY_NOTES = `Back entrance on Mulberry Lane, ring twice; ${"the cold room is past the loading dock on the left, ".repeat(9)}`.slice(0, 500);
const describe200 = (i: number) => `${LONG[i % LONG.length]} #${i}`;

async function expectClean(pdf: Buffer, header: string[]) {
  const { pages, boxes } = await textBoxes(pdf);
  expect(pages).toBeGreaterThan(1);
  const found = overlaps(boxes);
  expect(found.map(describeOverlap)).toEqual([]);
  const texts = pageTexts(pages, boxes);
  texts.forEach((text, i) => {
    for (const h of header) expect(text, `page ${i + 1} has "${h}"`).toContain(h);
    expect(text, `page ${i + 1} names the grower`).toContain("Bloom Grower Farms");
    expect(text).toContain(`Page ${i + 1} of ${pages}`);
  });
  return { pages, boxes };
}

describe("every document lays out 200 long lines without overlap, with headers on every page", () => {
  it("invoice", async () => {
    const pdf = await invoicePdf(grower, {
      invoiceNumber: 500127,
      orderNumber: 100129,
      invoiceDate: "2026-11-25",
      dueDate: "2026-12-25",
      terms: "Net 30",
      shipDate: "2026-11-25",
      poNumber: PO,
      deliveryNotes: DELIVERY_NOTES,
      customer,
      lines: Array.from({ length: N }, (_, i) => ({ productId: `LILY-AS-W70-${i}`, description: describe200(i), pails: i % 3, quantity: 10 + i, unitPriceCents: 1250, lineTotalCents: 1250 * (10 + i) })),
      subtotalCents: 123456,
      taxRateBp: 663,
      taxCents: 8185,
      totalCents: 131641,
      creditedCents: 1000,
      balanceCents: 130641,
      paid: false,
    });
    const { boxes, pages } = await expectClean(pdf, ["Description", "Bunches", "Amount"]);
    const first = pageTexts(pages, boxes)[0]!;
    expect(first).toContain(PO.slice(0, 12));
    expect(first).toContain("PO number");
    expect(first).toContain("Delivery notes: Back entrance on Mulberry Lane");
    // Every line's description is printed whole (wrapped, not cut).
    const all = boxes.map((b) => b.str).join(" ");
    expect(all.replace(/\s+/g, " ")).toContain(describe200(199));
  });

  it("credit note", async () => {
    const pdf = await creditNotePdf(grower, {
      creditNoteNumber: 700012,
      invoiceNumber: 500127,
      orderNumber: 100129,
      creditDate: "2026-11-26",
      reason: "Short delivery and damaged stems on arrival, as reported by the customer's receiving team with photographs of every pail",
      customer,
      lines: Array.from({ length: N }, (_, i) => ({ description: describe200(i), quantity: 1 + (i % 5), unitPriceCents: 1250, lineTotalCents: 1250 * (1 + (i % 5)) })),
      subtotalCents: 5000,
      taxRateBp: 663,
      taxCents: 332,
      totalCents: 5332,
    });
    await expectClean(pdf, ["Description", "Quantity", "Amount"]);
  });

  it("statement", async () => {
    const pdf = await statementPdf(grower, {
      asOf: "2026-11-26",
      customer,
      items: Array.from({ length: N }, (_, i) => ({ invoiceNumber: 500000 + i, invoiceDate: "2026-09-01", dueDate: "2026-10-01", totalCents: 100000 + i, creditedCents: i % 7 ? 0 : 500, balanceCents: 99000, bucket: "31-60" })),
      buckets: { "0-30": 100, "31-60": 200, "61-90": 300, "90+": 400 },
      balanceCents: 1000,
    });
    // The last page may hold only the ageing table: "Balance" heads both tables.
    await expectClean(pdf, ["Balance"]);
  });

  const lineInput = (i: number, store: "wholesale" | "mm") => ({
    orderNumber: 100000 + (i % 37),
    store,
    boxed: i % 2 === 0,
    productId: `P-${i}`,
    description: describe200(i),
    category: "Lilies",
    quantityConfirmed: 10 + i,
    quantityPending: i % 4,
    pails: i % 3,
    unitOfMeasure: "Pail",
    boxType: "FB1",
    stemsPerBunch: store === "wholesale" ? 10 : null,
    bunchesPerBox: store === "wholesale" ? 12 : null,
  });

  it("packing slip", async () => {
    const lines = Array.from({ length: N }, (_, i) => lineInput(i, i % 2 ? "mm" : "wholesale"));
    const slipLines = lines.map((l) => ({ productId: l.productId, description: l.description, fee: false, unitOfMeasure: l.unitOfMeasure, boxType: l.boxType, stems: 10, bunches: 5, pending: 0, pails: 1, boxes: 0 }));
    const slip: PackingSlip = {
      orderNumber: 100129,
      store: "wholesale",
      shipDate: "2026-12-02",
      receivingDate: "2026-12-03",
      boxed: false,
      notes: "Please deliver to the loading dock at the back of the building before 7 am; call ahead if the gate is closed.",
      poNumber: PO,
      deliveryNotes: DELIVERY_NOTES,
      customer,
      lines: slipLines,
      totals: sumPick(slipLines),
    };
    const { pages, boxes } = await expectClean(await packingSlipPdf(grower, slip), ["Description", "Bunches", "Stems", "Packed"]);
    const first = pageTexts(pages, boxes)[0]!;
    expect(first).toContain("PO number");
    expect(first).toContain(PO.slice(0, 12));
    expect(first).toContain("Delivery notes: Back entrance on Mulberry Lane");
  });

  it("pick list", async () => {
    const rows = pickTotals(Array.from({ length: N }, (_, i) => lineInput(i, i % 2 ? "mm" : "wholesale")));
    expect(rows).toHaveLength(N);
    const orders = Array.from({ length: 37 }, (_, i) => ({
      orderNumber: 100000 + i,
      store: i % 2 ? ("mm" as const) : ("wholesale" as const),
      customerId: "BLMWH",
      companyName: customer.companyName,
      status: "confirmed" as const,
      packed: false,
      boxed: false,
      lineCount: 6,
    }));
    const pdf = await pickListPdf(grower, { shipDate: "2026-12-02", rows, totals: sumPick(rows), orders });
    const { pages, boxes } = await textBoxes(pdf);
    expect(overlaps(boxes).map(describeOverlap)).toEqual([]);
    // The product table's pages repeat its header; the orders table's pages repeat its own.
    const texts = pageTexts(pages, boxes);
    expect(pages).toBeGreaterThan(2);
    texts.forEach((text, i) => {
      expect(text).toContain("Bloom Grower Farms");
      expect(text).toContain(`Page ${i + 1} of ${pages}`);
      expect(text.includes("Stems") || text.includes("Customer")).toBe(true);
    });
  });

  it("fresh list", async () => {
    const lines = Array.from({ length: N }, (_, i) => ({
      productId: `LILY-AS-W70-${i}`,
      description: describe200(i),
      category: i % 2 ? "Lilies" : "Gerberas",
      colour: i % 3 ? "White" : "Mixed Colours with Burgundy Centres",
      grade: "Premium",
      stemsPerBunch: 10,
      unitOfMeasure: "Bunch",
      available: 5 + i * 37,
      price: 12.5,
      priceNoPail: 13.25,
      standardPrice: 14,
      discountQuantity: 8,
      discountPrice: 11.88,
      discountQuantity2: 24,
      discountPrice2: 11.25,
      special: i % 5 === 0,
      isFinalProduct: i % 7 === 0,
      lastChance: i % 7 === 0 || i < 4,
      newToday: i % 9 === 0,
      priceText: "$12.50 (was $14.00)",
      tiers: "8+ at $11.88, 24+ at $11.25",
    }));
    const pdf = await freshListPdf(grower, { customerId: customer.customerId, companyName: customer.companyName, shipDate: "2026-12-02", shipDateText: "Wed, Dec 2", asOfText: "Tue, Dec 1, 3:00 PM", lines });
    const { pages, boxes } = await expectClean(pdf, ["Description", "Available", "Quantity prices"]);
    const all = pageTexts(pages, boxes).join(" ");
    for (const section of ["New today", "Last chance", "Everything available"]) expect(all).toContain(section);
  });

  it("shelf labels", async () => {
    const order = labelOrder(100200, N, (i) => ({
      description: describe200(i),
      barcodeNumber: i % 5 ? "036000291452" : null,
      barcodeTop: i % 2 ? null : `Sunny Market Seasonal Bouquet With A Long Name ${i}`,
      barcodeLeft: "Keep cool 5°C · Sunny Market",
      barcodeBottom: i % 3 ? null : "$14.99 each, best before the 9th of December",
    }));
    const pdf = await labelsPdf(order, grower);
    await expectClean(pdf, [`order ${order.orderNumber}`]);
  });
});

describe("shaping kept across documents", () => {
  it("a document drawn again (its words shaped by an earlier one) lays out exactly the same", async () => {
    const doc = (description: string) =>
      creditNotePdf(grower, {
        creditNoteNumber: 1,
        invoiceNumber: 2,
        orderNumber: 3,
        creditDate: "2026-11-26",
        reason: "Damaged",
        customer,
        lines: Array.from({ length: 30 }, (_, i) => ({ description: `${description} ${i}`, quantity: 1, unitPriceCents: 100, lineTotalCents: 100 })),
        subtotalCents: 3000,
        taxRateBp: 0,
        taxCents: 0,
        totalCents: 3000,
      });
    const fresh = await textBoxes(await doc("Zinnia Queen Lime Orange 70cm freshly cut"));
    const again = await textBoxes(await doc("Zinnia Queen Lime Orange 70cm freshly cut"));
    expect(again).toEqual(fresh);
    expect(fresh.boxes.some((b) => b.str.includes("Zinnia"))).toBe(true);
  });
});

describe("text beyond WinAnsi (issue 23.11)", () => {
  it("prints Latin, Greek and Cyrillic as themselves, CJK and emoji as one '?' a run, and drops control characters", async () => {
    const name = "Crème Brûlée Żółć Ωmega Привет 花店 🌹🌷 Flowers\u0007\u202e end";
    const pdf = await invoicePdf(grower, {
      invoiceNumber: 1,
      orderNumber: 2,
      invoiceDate: "2026-11-25",
      dueDate: "2026-12-25",
      terms: "Net 30",
      shipDate: "2026-11-25",
      customer: { ...customer, companyName: name },
      lines: [{ productId: "P1", description: "Lily “Stargazer” – 70cm … ½ € ™", pails: 0, quantity: 1, unitPriceCents: 100, lineTotalCents: 100 }],
      subtotalCents: 100,
      taxRateBp: 0,
      taxCents: 0,
      totalCents: 100,
      creditedCents: 0,
      balanceCents: 100,
      paid: false,
    });
    const text = (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text.replace(/\s+/g, " ");
    expect(text).toContain("Crème Brûlée Żółć Ωmega Привет ? ? Flowers end");
    expect(text).toContain("Lily “Stargazer” – 70cm … ½ € ™");
    expect(text).not.toContain("花");
    expect(text).not.toContain("\u0007");
    expect(text).not.toContain("\u202e");
  });

  it("the font covers every code point the input check lets through", () => {
    const { doc, text } = newDocument({ title: "probe", author: "test" });
    const allowed = printableText(Array.from({ length: 0x2200 }, (_, cp) => String.fromCodePoint(cp)).join(""));
    expect(text(allowed)).toBe(allowed);
    doc.end();
  });
});

describe("shelf labels are drawn once per content and one at a time (issue 23.9)", () => {
  const order = (orderNumber: number, lines: number) => labelOrder(orderNumber, lines);

  it("serves the same labels again from the cache: same bytes, no render", async () => {
    const o = order(900001, 30);
    const first = await labelsPdf(o, grower);
    const renders = labelRenders.renders;
    const again = await labelsPdf(structuredClone(o), grower);
    expect(labelRenders.renders).toBe(renders);
    expect(again.equals(first)).toBe(true);
    // Changed label text is new content: drawn again.
    const changed = structuredClone(o);
    changed.lines[0]!.barcodeTop = "New text";
    await labelsPdf(changed, grower);
    expect(labelRenders.renders).toBe(renders + 1);
  });

  it("eight different orders at once keep the event loop answering between pages", async () => {
    // Without barcodes: a barcode's PNG is compressed off the main thread, which yields to the loop on
    // its own, so labels with barcodes would pass this without the drawing's own turn per page.
    const orders = Array.from({ length: 8 }, (_, i) => labelOrder(910000 + i, 84, () => ({ barcodeNumber: null })));
    // Counted, not timed: the pages begun between two turns of the event loop (a timer that fires
    // on every turn the loop comes round). A clock or CPU-time bound failed on busy machines.
    let mostPagesInOneTurn = 0;
    let turns = 0;
    let running = true;
    const probe = (async () => {
      let last = labelPages.begun;
      while (running) {
        await new Promise((r) => setTimeout(r, 1));
        turns += 1;
        mostPagesInOneTurn = Math.max(mostPagesInOneTurn, labelPages.begun - last);
        last = labelPages.begun;
      }
    })();
    const before = labelPages.begun;
    const pdfs = await Promise.all(orders.map((o) => labelsPdf(o, grower)));
    running = false;
    await probe;
    expect(pdfs.every((p) => p.subarray(0, 5).toString() === "%PDF-")).toBe(true);
    // Each render is 4 pages, 32 in all; one page at a time holds the loop, never a whole order or
    // all eight. (An order's last page and the next order's first can fall in one turn: at most 2.)
    expect(labelPages.begun - before).toBe(32);
    expect(turns).toBeGreaterThanOrEqual(16);
    expect(mostPagesInOneTurn, `${turns} turns`).toBeLessThanOrEqual(2);
  });
});

/** An MM order of `n` bouquet lines for shelf labels; `line(i)` changes what line i says. */
function labelOrder(orderNumber: number, n: number, line: (i: number) => Partial<MmOrder["lines"][number]> = () => ({})): MmOrder {
  return {
    orderNumber,
    customerId: "SUNMK",
    shipDate: "2026-12-02",
    placedAt: "2026-11-25T10:00:00Z",
    status: "submitted",
    boxed: true,
    itemCount: n,
    total: 0,
    pailTotal: 0,
    salesUserId: null,
    lines: Array.from({ length: n }, (_, i) => ({
      productId: `MM-${i}`,
      description: `Bouquet ${i}`,
      category: "Bouquets",
      quantity: 12,
      price: 4.99,
      lineTotal: 59.88,
      unitOfMeasure: "Each",
      boxType: "FB1",
      fee: false,
      barcodeNumber: "036000291452",
      barcodeTop: null,
      barcodeLeft: null,
      barcodeBottom: null,
      ...line(i),
    })),
  };
}
