// Invoice, credit note and statement documents, laid out by server/documents/pdf.ts: the grower's
// details on every page, rows as tall as their wrapped text, the table header again on every page.
import { formatMoney } from "../../../domain/money.ts";
import { PdfLayout, type Column, type Grower } from "../../documents/pdf.ts";

export type { Grower };

export interface InvoiceDocument {
  invoiceNumber: number;
  orderNumber: number;
  invoiceDate: string;
  dueDate: string;
  terms: string;
  shipDate: string;
  /** The buyer's purchase order number and delivery notes from checkout. */
  poNumber?: string | null;
  deliveryNotes?: string | null;
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

export interface CreditNoteDocument {
  creditNoteNumber: number;
  invoiceNumber: number;
  orderNumber: number;
  creditDate: string;
  reason: string;
  customer: { customerId: string; companyName: string; address: string[] };
  lines: { description: string; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  subtotalCents: number;
  taxRateBp: number;
  taxCents: number;
  totalCents: number;
}

const percent = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, "")} %`;

export async function invoicePdf(grower: Grower, inv: InvoiceDocument): Promise<Buffer> {
  const pdf = new PdfLayout(grower, `Invoice ${inv.invoiceNumber}`);
  pdf.letterhead("Invoice", [
    ["Invoice no.", String(inv.invoiceNumber)],
    ["Invoice date", inv.invoiceDate],
    ["Terms", inv.terms],
    ["Due date", inv.dueDate],
    ["Order no.", String(inv.orderNumber)],
    ["Ship date", inv.shipDate],
    ...(inv.poNumber ? [["PO number", inv.poNumber] as [string, string]] : []),
  ]);
  pdf.parties([["Bill to", inv.customer]]);
  if (inv.deliveryNotes) pdf.paragraph(`Delivery notes: ${inv.deliveryNotes}`);
  const columns: Column[] = [
    // Wide enough for the longest product code (14 characters) on one line.
    { header: "Product", width: 92 },
    { header: "Description", width: 170 },
    { header: "Pails", width: 45, align: "right" },
    { header: "Bunches", width: 55, align: "right" },
    { header: "Unit price", width: 75, align: "right" },
    { header: "Amount", width: 75, align: "right" },
  ];
  const pairs: [string, string, boolean?][] = [
    ["Subtotal", formatMoney(inv.subtotalCents)],
    [`Tax ${percent(inv.taxRateBp)}`, formatMoney(inv.taxCents)],
    ["Total", formatMoney(inv.totalCents), true],
  ];
  if (inv.creditedCents) pairs.push(["Credited", `-${formatMoney(inv.creditedCents)}`]);
  pairs.push([inv.paid ? "Paid" : "Balance due", inv.paid ? "in full" : formatMoney(inv.balanceCents), true]);
  pdf.table(
    columns,
    inv.lines.map((l) => [l.productId, l.description, l.pails ? String(l.pails) : "", String(l.quantity), formatMoney(l.unitPriceCents), formatMoney(l.lineTotalCents)]),
    { keepAfter: PdfLayout.summaryHeight(pairs) },
  );
  pdf.summary(pairs);
  return pdf.finish();
}

export async function creditNotePdf(grower: Grower, note: CreditNoteDocument): Promise<Buffer> {
  const pdf = new PdfLayout(grower, `Credit note ${note.creditNoteNumber}`);
  pdf.letterhead("Credit note", [
    ["Credit note no.", String(note.creditNoteNumber)],
    ["Date", note.creditDate],
    ["On invoice", String(note.invoiceNumber)],
    ["Order no.", String(note.orderNumber)],
  ]);
  pdf.parties([["Credit to", note.customer]]);
  pdf.paragraph(`Reason: ${note.reason}`);
  const pairs: [string, string, boolean?][] = [
    ["Subtotal", `-${formatMoney(note.subtotalCents)}`],
    [`Tax ${percent(note.taxRateBp)}`, `-${formatMoney(note.taxCents)}`],
    ["Total credited", `-${formatMoney(note.totalCents)}`, true],
  ];
  pdf.table(
    [
      { header: "Description", width: 300 },
      { header: "Quantity", width: 60, align: "right" },
      { header: "Unit price", width: 75, align: "right" },
      { header: "Amount", width: 75, align: "right" },
    ],
    note.lines.map((l) => [l.description, String(l.quantity), formatMoney(l.unitPriceCents), formatMoney(l.lineTotalCents)]),
    { keepAfter: PdfLayout.summaryHeight(pairs) },
  );
  pdf.summary(pairs);
  return pdf.finish();
}

export async function statementPdf(grower: Grower, st: StatementDocument): Promise<Buffer> {
  const pdf = new PdfLayout(grower, `Statement ${st.customer.customerId} ${st.asOf}`);
  pdf.letterhead("Statement", [
    ["Customer", st.customer.customerId],
    ["As of", st.asOf],
    ["Open invoices", String(st.items.length)],
  ]);
  pdf.parties([["Account", st.customer]]);
  pdf.table(
    [
      { header: "Invoice", width: 70 },
      { header: "Date", width: 75 },
      { header: "Due", width: 75 },
      { header: "Total", width: 80, align: "right" },
      { header: "Credited", width: 70, align: "right" },
      { header: "Balance", width: 80, align: "right" },
      { header: "Age (days)", width: 62, align: "right" },
    ],
    st.items.map((i) => [String(i.invoiceNumber), i.invoiceDate, i.dueDate, formatMoney(i.totalCents), i.creditedCents ? formatMoney(i.creditedCents) : "", formatMoney(i.balanceCents), i.bucket]),
  );
  pdf.y += 10;
  pdf.table(
    ["0-30", "31-60", "61-90", "90+", "Balance"].map((h) => ({ header: h === "Balance" ? "Balance" : `${h} days`, width: 102, align: "right" as const })),
    [[formatMoney(st.buckets["0-30"]), formatMoney(st.buckets["31-60"]), formatMoney(st.buckets["61-90"]), formatMoney(st.buckets["90+"]), formatMoney(st.balanceCents)]],
  );
  return pdf.finish();
}
