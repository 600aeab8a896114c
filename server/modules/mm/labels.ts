// Shelf labels of a mass-market order: one label per bouquet line, the retail shop's UPC / EAN drawn
// as a real barcode (bwip-js), with the shop's texts above, beside and below it.
import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";
import type { MmOrder } from "../../../contract/mm.ts";
import { checkBarcode } from "../../../domain/barcode.ts";

const PAGE = { width: 612, height: 792 }; // US Letter
const LABEL = { width: 180, height: 100, gapX: 18, gapY: 8, left: 18, top: 24 };
const COLUMNS = 3;
const ROWS = 7;

async function barcodePng(number: string): Promise<Buffer | null> {
  const check = checkBarcode(number);
  if (!check.ok) return null;
  return bwipjs.toBuffer({ bcid: check.kind, text: number, scale: 3, height: 12 });
}

/** The labels PDF (3 x 7 labels a Letter page), built in memory. */
export async function labelsPdf(order: MmOrder, companyName: string): Promise<Buffer> {
  const lines = order.lines.filter((l) => !l.fee);
  const images = await Promise.all(lines.map((l) => (l.barcodeNumber ? barcodePng(l.barcodeNumber) : Promise.resolve(null))));
  const doc = new PDFDocument({ size: [PAGE.width, PAGE.height], margin: 0, info: { Title: `Shelf labels, order ${order.orderNumber}`, Author: companyName } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("Helvetica-Bold").fontSize(9).fillColor("#2f3a2f");
  doc.text(`${companyName}: shelf labels for order ${order.orderNumber}, ship date ${order.shipDate}`, LABEL.left, 8, { width: PAGE.width - 2 * LABEL.left });
  lines.forEach((line, i) => {
    const slot = i % (COLUMNS * ROWS);
    if (i > 0 && slot === 0) doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    const x = LABEL.left + (slot % COLUMNS) * (LABEL.width + LABEL.gapX);
    const y = LABEL.top + Math.floor(slot / COLUMNS) * (LABEL.height + LABEL.gapY);
    doc.save().lineWidth(0.5).strokeColor("#b8c4b0").roundedRect(x, y, LABEL.width, LABEL.height, 6).stroke().restore();
    doc.font("Helvetica-Bold").fontSize(8).fillColor("#1f2a1f");
    doc.text(line.barcodeTop ?? line.description, x + 18, y + 5, { width: LABEL.width - 24, height: 10, ellipsis: true, lineBreak: false });
    if (line.barcodeLeft) {
      doc.save().rotate(-90, { origin: [x + 10, y + LABEL.height - 8] });
      doc.font("Helvetica").fontSize(7).text(line.barcodeLeft, x + 10, y + LABEL.height - 8, { width: LABEL.height - 16, height: 9, lineBreak: false, ellipsis: true });
      doc.restore();
    }
    const png = images[i];
    if (png) {
      doc.image(png, x + 22, y + 18, { fit: [LABEL.width - 30, 48], align: "center", valign: "center" });
      // The human-readable digits as text (searchable, and sharp at any print size).
      doc.font("Courier").fontSize(8).fillColor("#1f2a1f").text(line.barcodeNumber ?? "", x + 22, y + 68, { width: LABEL.width - 30, align: "center", lineBreak: false });
    } else {
      doc.font("Helvetica").fontSize(8).fillColor("#6b5a3a").text("No UPC given for this item.", x + 22, y + 40, { width: LABEL.width - 30, align: "center" });
    }
    doc.font("Helvetica").fontSize(7).fillColor("#1f2a1f");
    doc.text(line.barcodeBottom ?? `${line.productId} · ${line.quantity} ${line.unitOfMeasure}`, x + 18, y + LABEL.height - 16, {
      width: LABEL.width - 24,
      height: 9,
      lineBreak: false,
      ellipsis: true,
    });
  });
  if (!lines.length) doc.font("Helvetica").fontSize(11).text("This order has no bouquet lines to label.", LABEL.left, 40);
  doc.end();
  return done;
}
