// Shelf labels of a mass-market order: one label per bouquet line, the retail shop's UPC / EAN drawn
// as a real barcode (bwip-js), with the shop's texts above, beside and below it. Each page names the
// grower (name and address), the order and the page. Text is Inter, cleaned and checked against the
// font like every document (server/documents/pdf.ts).
//
// Drawing costs ~0.25 s of CPU for a full order, so the PDF is kept by its content (the same labels
// are printed again without drawing) and drawn one at a time per instance, a page per turn of the
// event loop (server/documents/render-queue.ts): /healthz stays fast while labels are drawn.
import { createHash } from "node:crypto";
import bwipjs from "bwip-js/node";
import type { MmOrder } from "../../../contract/mm.ts";
import { checkBarcode } from "../../../domain/barcode.ts";
import { BOLD, FONT, newDocument, oneLine, type Grower } from "../../documents/pdf.ts";
import { RenderQueue } from "../../documents/render-queue.ts";
import { TaggedCache } from "../../hot/index.ts";

const PAGE = { width: 612, height: 792 }; // US Letter
const LABEL = { width: 180, height: 100, gapX: 18, gapY: 8, left: 18, top: 24 };
const COLUMNS = 3;
const ROWS = 7;
const PER_PAGE = COLUMNS * ROWS;

/** Label PDFs by content: reprinting an order's labels is served from here. */
const kept = new TaggedCache<Buffer>(32);
/** One label render at a time per instance, at most 16 waiting (then 429). */
export const labelRenders = new RenderQueue(1, 16);
/** Pages of shelf labels this process has begun to draw (a test counts them between turns of the event loop). */
export const labelPages = { begun: 0 };

async function barcodePng(number: string): Promise<Buffer | null> {
  const check = checkBarcode(number);
  if (!check.ok) return null;
  return bwipjs.toBuffer({ bcid: check.kind, text: number, scale: 3, height: 12 });
}

type LabelLine = MmOrder["lines"][number];

/** Everything the labels show, as the cache's key. */
function contentTag(order: MmOrder, lines: LabelLine[], grower: Grower): string {
  const content = JSON.stringify([
    grower,
    order.orderNumber,
    order.shipDate,
    lines.map((l) => [l.productId, l.description, l.quantity, l.unitOfMeasure, l.barcodeNumber, l.barcodeTop, l.barcodeLeft, l.barcodeBottom]),
  ]);
  return createHash("sha256").update(content).digest("base64url");
}

/** The labels PDF (3 x 7 labels a Letter page): from the cache when these labels were drawn before. */
export function labelsPdf(order: MmOrder, grower: Grower): Promise<Buffer> {
  const lines = order.lines.filter((l) => !l.fee);
  return kept.getOrBuild(contentTag(order, lines, grower), () => labelRenders.run(() => drawLabels(order, lines, grower)));
}

async function drawLabels(order: MmOrder, lines: LabelLine[], grower: Grower): Promise<Buffer> {
  const { doc, text, done } = newDocument({ title: `Shelf labels, order ${order.orderNumber}`, author: grower.name, size: [PAGE.width, PAGE.height], margin: 0 });
  const pages = Math.max(1, Math.ceil(lines.length / PER_PAGE));
  const heading = text([grower.name, ...grower.address].join(" · "));
  const pageHeader = (page: number) => {
    labelPages.begun += 1;
    doc.font(BOLD).fontSize(8).fillColor("#2f3a2f");
    oneLine(doc, heading, LABEL.left, 9, 330);
    doc.font(FONT).fontSize(8);
    oneLine(doc, text(`Shelf labels, order ${order.orderNumber}, ship date ${order.shipDate} · Page ${page} of ${pages}`), 350, 9, PAGE.width - 350 - LABEL.left, "right");
  };
  pageHeader(1);
  for (let start = 0; start < lines.length; start += PER_PAGE) {
    if (start > 0) {
      // A page per turn of the event loop: other requests are answered between pages.
      await new Promise((resolve) => setImmediate(resolve));
      doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
      pageHeader(start / PER_PAGE + 1);
    }
    const pageLines = lines.slice(start, start + PER_PAGE);
    const images = await Promise.all(pageLines.map((l) => (l.barcodeNumber ? barcodePng(l.barcodeNumber) : Promise.resolve(null))));
    pageLines.forEach((line, slot) => {
      const x = LABEL.left + (slot % COLUMNS) * (LABEL.width + LABEL.gapX);
      const y = LABEL.top + Math.floor(slot / COLUMNS) * (LABEL.height + LABEL.gapY);
      doc.save().lineWidth(0.5).strokeColor("#b8c4b0").roundedRect(x, y, LABEL.width, LABEL.height, 6).stroke().restore();
      doc.font(BOLD).fontSize(8).fillColor("#1f2a1f");
      oneLine(doc, text(line.barcodeTop ?? line.description), x + 18, y + 5, LABEL.width - 24);
      if (line.barcodeLeft) {
        doc.save().rotate(-90, { origin: [x + 10, y + LABEL.height - 8] });
        doc.font(FONT).fontSize(7);
        oneLine(doc, text(line.barcodeLeft), x + 10, y + LABEL.height - 8, LABEL.height - 16);
        doc.restore();
      }
      const png = images[slot];
      if (png) {
        doc.image(png, x + 22, y + 18, { fit: [LABEL.width - 30, 44], align: "center", valign: "center" });
        // The human-readable digits as text (searchable, and sharp at any print size).
        doc.font("Courier").fontSize(8).fillColor("#1f2a1f");
        oneLine(doc, line.barcodeNumber ?? "", x + 22, y + 66, LABEL.width - 30, "center");
      } else {
        doc.font(FONT).fontSize(8).fillColor("#6b5a3a");
        oneLine(doc, "No UPC given for this item.", x + 22, y + 40, LABEL.width - 30, "center");
      }
      doc.font(FONT).fontSize(7).fillColor("#1f2a1f");
      oneLine(doc, text(line.barcodeBottom ?? `${line.productId} · ${line.quantity} ${line.unitOfMeasure}`), x + 18, y + LABEL.height - 16, LABEL.width - 24);
    });
  }
  if (!lines.length) doc.font(FONT).fontSize(11).text("This order has no bouquet lines to label.", LABEL.left, 40);
  doc.end();
  return done;
}
