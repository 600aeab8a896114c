// Invoice and statement documents with pdfkit: the grower's name, address and logo, tables with
// right-aligned figures (Helvetica's digits are all one width, so columns of numbers line up) and
// page breaks that repeat the table header.
import PDFDocument from "pdfkit";
import { formatMoney } from "../../../domain/money.ts";

export interface Grower {
  name: string;
  address: string[];
}

export interface InvoiceDocument {
  invoiceNumber: number;
  orderNumber: number;
  invoiceDate: string;
  dueDate: string;
  terms: string;
  shipDate: string;
  customer: { customerId: string; companyName: string; address: string[] };
  lines: { productId: string; description: string; pails: number; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  subtotalCents: number;
  taxRateBp: number;
  taxCents: number;
  totalCents: number;
  creditedCents: number;
  balanceCents: number;
  paid: boolean;
}

export interface StatementDocument {
  asOf: string;
  customer: { customerId: string; companyName: string; address: string[] };
  items: { invoiceNumber: number; invoiceDate: string; dueDate: string; totalCents: number; creditedCents: number; balanceCents: number; bucket: string }[];
  buckets: Record<"0-30" | "31-60" | "61-90" | "90+", number>;
  balanceCents: number;
}

const GREEN = "#1e5a3c";
const INK = "#1f2a24";
const MUTED = "#5b6b62";
const RULE = "#d9e3dc";
const MARGIN = 50;

type Doc = PDFKit.PDFDocument;

function toBuffer(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

/** The grower's mark (as public/favicon.svg): four petals around a golden heart on a green disc. */
function logo(doc: Doc, x: number, y: number, size: number) {
  const k = size / 64;
  doc.save();
  doc.circle(x + 32 * k, y + 32 * k, 30 * k).fill(GREEN);
  doc.fillColor("#fbf8f3");
  doc.ellipse(x + 32 * k, y + 18 * k, 7 * k, 12 * k).fill();
  doc.ellipse(x + 32 * k, y + 46 * k, 7 * k, 12 * k).fill();
  doc.ellipse(x + 18 * k, y + 32 * k, 12 * k, 7 * k).fill();
  doc.ellipse(x + 46 * k, y + 32 * k, 12 * k, 7 * k).fill();
  doc.circle(x + 32 * k, y + 32 * k, 7 * k).fill("#f2c94c");
  doc.restore();
}

function letterhead(doc: Doc, grower: Grower, title: string, facts: [string, string][]) {
  logo(doc, MARGIN, MARGIN, 48);
  doc.fillColor(GREEN).font("Helvetica-Bold").fontSize(18).text(grower.name, MARGIN + 60, MARGIN + 2, { lineBreak: false });
  doc.fillColor(MUTED).font("Helvetica").fontSize(9);
  grower.address.forEach((line, i) => doc.text(line, MARGIN + 60, MARGIN + 24 + i * 11, { lineBreak: false }));
  const right = doc.page.width - MARGIN;
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text(title, right - 200, MARGIN, { width: 200, align: "right" });
  doc.font("Helvetica").fontSize(9);
  facts.forEach(([k, v], i) => {
    const y = MARGIN + 28 + i * 12;
    doc.fillColor(MUTED).text(k, right - 200, y, { width: 95, align: "right", lineBreak: false });
    doc.fillColor(INK).text(v, right - 100, y, { width: 100, align: "right", lineBreak: false });
  });
  return MARGIN + 40 + Math.max(facts.length * 12, grower.address.length * 11 + 10);
}

function billTo(doc: Doc, y: number, label: string, customer: { customerId: string; companyName: string; address: string[] }) {
  doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(8).text(label.toUpperCase(), MARGIN, y, { lineBreak: false });
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(11).text(customer.companyName, MARGIN, y + 12, { lineBreak: false });
  doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(`Customer ${customer.customerId}`, MARGIN, y + 26, { lineBreak: false });
  customer.address.forEach((line, i) => doc.text(line, MARGIN, y + 38 + i * 11, { lineBreak: false }));
  return y + 50 + customer.address.length * 11;
}

interface Column {
  header: string;
  width: number;
  align: "left" | "right";
}

/** A table that breaks onto new pages, repeating its header; returns the y after the last row. */
function table(doc: Doc, startY: number, columns: Column[], rows: string[][]): number {
  const rowH = 16;
  const bottom = doc.page.height - MARGIN - 30;
  const header = (y: number) => {
    doc.rect(MARGIN, y, doc.page.width - 2 * MARGIN, rowH + 2).fill("#eef4f0");
    doc.fillColor(GREEN).font("Helvetica-Bold").fontSize(8.5);
    let x = MARGIN + 4;
    for (const c of columns) {
      doc.text(c.header, x, y + 5, { width: c.width - 8, align: c.align, lineBreak: false });
      x += c.width;
    }
    return y + rowH + 4;
  };
  let y = header(startY);
  doc.font("Helvetica").fontSize(9);
  for (const row of rows) {
    if (y + rowH > bottom) {
      doc.addPage();
      y = header(MARGIN);
      doc.font("Helvetica").fontSize(9);
    }
    let x = MARGIN + 4;
    doc.fillColor(INK);
    row.forEach((cell, i) => {
      const c = columns[i]!;
      doc.text(cell, x, y + 3, { width: c.width - 8, align: c.align, lineBreak: false, ellipsis: true });
      x += c.width;
    });
    doc.moveTo(MARGIN, y + rowH).lineTo(doc.page.width - MARGIN, y + rowH).lineWidth(0.5).strokeColor(RULE).stroke();
    y += rowH;
  }
  return y;
}

function summary(doc: Doc, y: number, pairs: [string, string, boolean?][]): number {
  const right = doc.page.width - MARGIN;
  if (y + pairs.length * 15 + 10 > doc.page.height - MARGIN - 30) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  for (const [k, v, strong] of pairs) {
    doc.font(strong ? "Helvetica-Bold" : "Helvetica").fontSize(strong ? 11 : 9.5);
    doc.fillColor(MUTED).text(k, right - 260, y, { width: 150, align: "right", lineBreak: false });
    doc.fillColor(INK).text(v, right - 100, y, { width: 100, align: "right", lineBreak: false });
    y += strong ? 17 : 14;
  }
  return y;
}

function pageNumbers(doc: Doc, label: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: lift the margin for this line, or pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fillColor(MUTED).font("Helvetica").fontSize(8);
    doc.text(`${label} · Page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN, { width: doc.page.width - 2 * MARGIN, align: "center", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

const percent = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, "")} %`;

export async function invoicePdf(grower: Grower, inv: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER", margin: MARGIN, bufferPages: true, info: { Title: `Invoice ${inv.invoiceNumber}`, Author: grower.name } });
  const done = toBuffer(doc);
  let y = letterhead(doc, grower, "Invoice", [
    ["Invoice no.", String(inv.invoiceNumber)],
    ["Invoice date", inv.invoiceDate],
    ["Terms", inv.terms],
    ["Due date", inv.dueDate],
    ["Order no.", String(inv.orderNumber)],
    ["Ship date", inv.shipDate],
  ]);
  y = billTo(doc, y + 10, "Bill to", inv.customer) + 10;
  const columns: Column[] = [
    { header: "Product", width: 80, align: "left" },
    { header: "Description", width: 182, align: "left" },
    { header: "Pails", width: 45, align: "right" },
    { header: "Bunches", width: 55, align: "right" },
    { header: "Unit price", width: 75, align: "right" },
    { header: "Amount", width: 75, align: "right" },
  ];
  y = table(
    doc,
    y,
    columns,
    inv.lines.map((l) => [l.productId, l.description, l.pails ? String(l.pails) : "", String(l.quantity), formatMoney(l.unitPriceCents), formatMoney(l.lineTotalCents)]),
  );
  const pairs: [string, string, boolean?][] = [
    ["Subtotal", formatMoney(inv.subtotalCents)],
    [`Tax ${percent(inv.taxRateBp)}`, formatMoney(inv.taxCents)],
    ["Total", formatMoney(inv.totalCents), true],
  ];
  if (inv.creditedCents) pairs.push(["Credited", `-${formatMoney(inv.creditedCents)}`]);
  pairs.push([inv.paid ? "Paid" : "Balance due", inv.paid ? "in full" : formatMoney(inv.balanceCents), true]);
  summary(doc, y, pairs);
  pageNumbers(doc, `Invoice ${inv.invoiceNumber}`);
  doc.end();
  return done;
}

export async function statementPdf(grower: Grower, st: StatementDocument): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER", margin: MARGIN, bufferPages: true, info: { Title: `Statement ${st.customer.customerId} ${st.asOf}`, Author: grower.name } });
  const done = toBuffer(doc);
  let y = letterhead(doc, grower, "Statement", [
    ["Customer", st.customer.customerId],
    ["As of", st.asOf],
    ["Open invoices", String(st.items.length)],
  ]);
  y = billTo(doc, y + 10, "Account", st.customer) + 10;
  y = table(
    doc,
    y,
    [
      { header: "Invoice", width: 70, align: "left" },
      { header: "Date", width: 75, align: "left" },
      { header: "Due", width: 75, align: "left" },
      { header: "Total", width: 80, align: "right" },
      { header: "Credited", width: 70, align: "right" },
      { header: "Balance", width: 80, align: "right" },
      { header: "Age (days)", width: 62, align: "right" },
    ],
    st.items.map((i) => [String(i.invoiceNumber), i.invoiceDate, i.dueDate, formatMoney(i.totalCents), i.creditedCents ? formatMoney(i.creditedCents) : "", formatMoney(i.balanceCents), i.bucket]),
  );
  y += 16;
  if (y + 60 > doc.page.height - MARGIN - 30) {
    doc.addPage();
    y = MARGIN;
  }
  table(
    doc,
    y,
    ["0-30", "31-60", "61-90", "90+", "Balance"].map((h) => ({ header: h === "Balance" ? "Balance" : `${h} days`, width: 102, align: "right" as const })),
    [[formatMoney(st.buckets["0-30"]), formatMoney(st.buckets["31-60"]), formatMoney(st.buckets["61-90"]), formatMoney(st.buckets["90+"]), formatMoney(st.balanceCents)]],
  );
  pageNumbers(doc, `Statement ${st.customer.customerId}`);
  doc.end();
  return done;
}
