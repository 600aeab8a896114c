// Invoices (DOMAIN.md "Invoices"; docs/invoices.md): issued when an order ships, never edited
// afterwards (a credit note with its own number corrects one), marked paid by staff; documents as PDF
// and CSV; statements with ageing. Visible to staff and to a wholesaler for its own customers only.
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { orderLines, orders } from "../../../db/schema/index.ts";
import type { CreditNote, CreditNoteBody, InvoiceDetail, InvoicePage, InvoiceQuery, InvoiceSummary, Statement } from "../../../contract/invoices.ts";
import { csvRow } from "../../../domain/csv.ts";
import { ageing, ageingBucket, creditedCents, creditNoteTotals, dueDate, invoiceBalance, invoiceLinesFor, invoiceTotals, netLineTotals, termsLabel } from "../../../domain/invoicing.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { voucherInvoiceLine } from "../../../domain/voucher.ts";
import { isoDateAt } from "../../../domain/dates.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict, forbidden, notFound } from "../../errors.ts";
import type { AuthContext } from "../../plugins/session.ts";
import { customerScope } from "../buyers/index.ts";
import { audit } from "../audit/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { creditNotePdf, invoicePdf, statementPdf, type Grower, type InvoiceDocument } from "./pdf.ts";
import * as repo from "./repo.ts";

export const CSV_LIMIT = 100_000;

/** Whose invoices a caller sees: every customer's (staff) or its own customers' (wholesaler). */
export type InvoiceAccess = { all: true } | { all: false; customerIds: string[] };

export async function invoiceAccess(db: DbOrTx, auth: AuthContext): Promise<InvoiceAccess> {
  const customerIds = await customerScope(db, auth.user);
  return customerIds === null ? { all: true } : { all: false, customerIds };
}

function assertCustomerVisible(access: InvoiceAccess, customerId: string) {
  if (!access.all && !access.customerIds.includes(customerId)) throw forbidden("You do not have access to this customer's invoices.");
}

const grower = (config: Config): Grower => ({ name: config.brandName, address: config.growerAddress });

type ListRow = Awaited<ReturnType<typeof repo.listInvoices>>[number];

function toSummary(r: ListRow, today: string): InvoiceSummary {
  const { i } = r;
  const balance = invoiceBalance(i.totalCents, r.credited, i.paid);
  return {
    invoiceNumber: i.invoiceNumber,
    customerId: i.customerId,
    companyName: r.companyName,
    orderNumber: r.orderNumber,
    invoiceDate: i.invoiceDate,
    dueDate: i.dueDate,
    terms: i.terms,
    subtotal: centsToDollars(i.subtotalCents),
    tax: centsToDollars(i.taxCents),
    total: centsToDollars(i.totalCents),
    credited: centsToDollars(r.credited),
    balance: centsToDollars(balance),
    paid: i.paid,
    paidAt: i.paidAt?.toISOString() ?? null,
    overdue: balance > 0 && i.dueDate < today,
  };
}

// ---- issuing -------------------------------------------------------------------------------------

export interface IssueInput {
  order: typeof orders.$inferSelect;
  lines: (typeof orderLines.$inferSelect)[];
  actorUserId: string;
}

/**
 * Issues the invoice of a shipping order inside the caller's transaction: the next gap-free number,
 * today's date (New York), the customer's payment terms, a line per price (pail / loose bunches) of
 * what was confirmed, tax at TAX_RATE_BP on the subtotal, then audit and mail with the PDF attached.
 */
export async function issueInvoice(tx: DbOrTx, config: Config, input: IssueInput) {
  const { order, lines, actorUserId } = input;
  const customer = await repo.customerOf(tx, order.customerId);
  if (!customer) throw notFound("Customer not found.");
  const drafts = invoiceLinesFor(lines.filter((l) => l.quantity > 0));
  // The blitz voucher's saving of the order, as a line of its own (docs/domain-orders.md "Vouchers").
  const saving = voucherInvoiceLine(drafts, order.discountCents, order.voucherCode);
  if (saving) drafts.push(saving);
  const totals = invoiceTotals(drafts, config.taxRateBp);
  const invoiceDate = isoDateAt();
  const inv = await repo.insertInvoice(
    tx,
    {
      orderId: order.id,
      customerId: order.customerId,
      invoiceDate,
      dueDate: dueDate(invoiceDate, customer.paymentTermsDays),
      terms: termsLabel(customer.paymentTermsDays),
      subtotalCents: totals.subtotalCents,
      taxRateBp: config.taxRateBp,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    },
    drafts,
  );
  await audit(tx, { actorUserId, action: "invoice.issue", detail: { invoiceNumber: inv.invoiceNumber, orderNumber: order.orderNumber, totalCents: inv.totalCents } });
  await mailInvoice(tx, config, inv.invoiceNumber, order.userId);
  return inv;
}

/** Mails the invoice with its PDF to the customer (outbox, in the caller's transaction). */
async function mailInvoice(tx: DbOrTx, config: Config, invoiceNumber: number, orderUserId: string) {
  const doc = await invoiceDocument(tx, invoiceNumber);
  const to = await repo.invoiceRecipient(tx, doc.customer.customerId, orderUserId);
  if (!to) return;
  const pdf = await invoicePdf(grower(config), doc);
  await enqueueMail(tx, config, {
    to,
    subject: `Invoice ${invoiceNumber} from ${config.brandName}`,
    text: `Dear ${doc.customer.companyName},\n\nplease find invoice ${invoiceNumber} for order ${doc.orderNumber} attached: ${formatTotal(doc.totalCents)}, ${doc.terms}, due ${doc.dueDate}.\n\nYou can also see it at ${config.publicUrl}/Invoices/details?number=${invoiceNumber}\n\n${config.brandName}`,
    kind: "invoice",
    attachments: [{ filename: `invoice-${invoiceNumber}.pdf`, contentType: "application/pdf", contentBase64: pdf.toString("base64") }],
  });
}

const formatTotal = (cents: number) => `$${(cents / 100).toFixed(2)}`;

// ---- reading -------------------------------------------------------------------------------------

function filterFor(access: InvoiceAccess, q: Omit<InvoiceQuery, "page" | "pageSize">): repo.InvoiceFilter {
  if (q.customerId) assertCustomerVisible(access, q.customerId);
  if (q.from && q.to && q.from > q.to) throw badRequest("The start date must not be after the end date.", { from: "The start date must not be after the end date." });
  return { customerIds: access.all ? undefined : access.customerIds, customerId: q.customerId, from: q.from, to: q.to, status: q.status, number: q.number || undefined };
}

export async function listInvoices(db: Db, access: InvoiceAccess, q: InvoiceQuery): Promise<InvoicePage> {
  const f = filterFor(access, q);
  const [rows, total] = await Promise.all([repo.listInvoices(db, f, q.pageSize, (q.page - 1) * q.pageSize), repo.countInvoices(db, f)]);
  const today = isoDateAt();
  return { items: rows.map((r) => toSummary(r, today)), total, page: q.page, pageSize: q.pageSize };
}

export async function invoicesCsv(db: Db, access: InvoiceAccess, q: Omit<InvoiceQuery, "page" | "pageSize">): Promise<string> {
  const rows = await repo.listInvoices(db, filterFor(access, q), CSV_LIMIT, 0);
  const today = isoDateAt();
  let out = csvRow(["Invoice", "Invoice date", "Due date", "Terms", "Customer", "Company", "Order", "Subtotal", "Tax", "Total", "Credited", "Balance", "Paid", "Overdue"]);
  for (const r of rows) {
    const s = toSummary(r, today);
    out += csvRow([s.invoiceNumber, s.invoiceDate, s.dueDate, s.terms, s.customerId, s.companyName, s.orderNumber, s.subtotal.toFixed(2), s.tax.toFixed(2), s.total.toFixed(2), s.credited.toFixed(2), s.balance.toFixed(2), s.paid ? "yes" : "no", s.overdue ? "yes" : "no"]);
  }
  return out;
}

async function visibleInvoice(db: DbOrTx, access: InvoiceAccess, invoiceNumber: number, lock = false) {
  const row = await repo.findInvoice(db, invoiceNumber, lock);
  if (!row) throw notFound(`Invoice ${invoiceNumber} was not found.`);
  assertCustomerVisible(access, row.i.customerId);
  return row;
}

function toCreditNote(invoiceNumber: number, n: Awaited<ReturnType<typeof repo.creditNotesOf>>[number]): CreditNote {
  return {
    creditNoteNumber: n.creditNoteNumber,
    invoiceNumber,
    creditDate: n.creditDate,
    reason: n.reason,
    subtotal: centsToDollars(n.subtotalCents),
    tax: centsToDollars(n.taxCents),
    total: centsToDollars(n.totalCents),
    lines: n.lines.map((l) => ({ invoiceLineId: l.invoiceLineId, description: l.description, quantity: l.quantity, unitPrice: centsToDollars(l.unitPriceCents), lineTotal: centsToDollars(l.lineTotalCents) })),
  };
}

async function detailOf(db: DbOrTx, row: ListRow): Promise<InvoiceDetail> {
  const [lines, creditedQty, notes] = [await repo.invoiceLinesOf(db, row.i.id), await repo.creditedQuantities(db, row.i.id), await repo.creditNotesOf(db, row.i.id)];
  return {
    ...toSummary(row, isoDateAt()),
    taxRateBp: row.i.taxRateBp,
    shipDate: row.shipDate,
    lines: lines.map((l) => ({
      lineId: l.id,
      productId: l.productId,
      description: l.description,
      pails: l.pails,
      quantity: l.quantity,
      unitPrice: centsToDollars(l.unitPriceCents),
      lineTotal: centsToDollars(l.lineTotalCents),
      creditedQuantity: creditedQty.get(l.id) ?? 0,
    })),
    creditNotes: notes.map((n) => toCreditNote(row.i.invoiceNumber, n)),
  };
}

export async function invoiceDetail(db: Db, access: InvoiceAccess, invoiceNumber: number): Promise<InvoiceDetail> {
  return detailOf(db, await visibleInvoice(db, access, invoiceNumber));
}

const addressOf = (c: { address: string | null; city: string | null; state: string | null; zip: string | null } | undefined) =>
  c ? [c.address, [c.city, [c.state, c.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ")].filter((l): l is string => !!l) : [];

async function invoiceDocument(db: DbOrTx, invoiceNumber: number, access: InvoiceAccess = { all: true }): Promise<InvoiceDocument> {
  const row = await visibleInvoice(db, access, invoiceNumber);
  const [lines, customer] = [await repo.invoiceLinesOf(db, row.i.id), await repo.customerOf(db, row.i.customerId)];
  const { i } = row;
  return {
    invoiceNumber: i.invoiceNumber,
    orderNumber: row.orderNumber,
    invoiceDate: i.invoiceDate,
    dueDate: i.dueDate,
    terms: i.terms,
    shipDate: row.shipDate,
    poNumber: row.poNumber,
    deliveryNotes: row.deliveryNotes,
    customer: { customerId: i.customerId, companyName: row.companyName, address: addressOf(customer) },
    lines: lines.map((l) => ({ productId: l.productId, description: l.description, pails: l.pails, quantity: l.quantity, unitPriceCents: l.unitPriceCents, lineTotalCents: l.lineTotalCents })),
    subtotalCents: i.subtotalCents,
    taxRateBp: i.taxRateBp,
    taxCents: i.taxCents,
    totalCents: i.totalCents,
    creditedCents: row.credited,
    balanceCents: invoiceBalance(i.totalCents, row.credited, i.paid),
    paid: i.paid,
  };
}

export async function invoicePdfFor(db: Db, config: Config, access: InvoiceAccess, invoiceNumber: number): Promise<Buffer> {
  return invoicePdf(grower(config), await invoiceDocument(db, invoiceNumber, access));
}

/** A credit note of a visible invoice as PDF: its lines, reason and totals, to the invoice's customer. */
export async function creditNotePdfFor(db: Db, config: Config, access: InvoiceAccess, invoiceNumber: number, creditNoteNumber: number): Promise<Buffer> {
  const row = await visibleInvoice(db, access, invoiceNumber);
  const note = (await repo.creditNotesOf(db, row.i.id)).find((n) => n.creditNoteNumber === creditNoteNumber);
  if (!note) throw notFound(`Credit note ${creditNoteNumber} was not found on invoice ${invoiceNumber}.`);
  const customer = await repo.customerOf(db, row.i.customerId);
  return creditNotePdf(grower(config), {
    creditNoteNumber: note.creditNoteNumber,
    invoiceNumber,
    orderNumber: row.orderNumber,
    creditDate: note.creditDate,
    reason: note.reason,
    customer: { customerId: row.i.customerId, companyName: row.companyName, address: addressOf(customer) },
    lines: note.lines.map((l) => ({ description: l.description, quantity: l.quantity, unitPriceCents: l.unitPriceCents, lineTotalCents: l.lineTotalCents })),
    subtotalCents: note.subtotalCents,
    taxRateBp: note.taxRateBp,
    taxCents: note.taxCents,
    totalCents: note.totalCents,
  });
}

// ---- staff changes ------------------------------------------------------------------------------

export async function markPaid(db: Db, actorUserId: string, invoiceNumber: number, paid: boolean): Promise<InvoiceDetail> {
  return db.transaction(async (tx) => {
    const row = await visibleInvoice(tx, { all: true }, invoiceNumber, true);
    if (row.i.paid !== paid) {
      await repo.setPaid(tx, row.i.id, paid);
      await audit(tx, { actorUserId, action: paid ? "invoice.paid" : "invoice.unpaid", detail: { invoiceNumber } });
    }
    return detailOf(tx, (await repo.findInvoice(tx, invoiceNumber))!);
  });
}

/**
 * Credits invoice lines (damaged stems, short delivery): never more units of a line than were invoiced
 * less what earlier credit notes took, and never more money than was paid: each line is credited at
 * its amount less its share of the invoice's voucher saving (netLineTotals), the tax follows the
 * invoice's, and all the notes together never pass the invoice total (domain/invoicing.ts).
 * The invoice row is locked, so two credit notes on one invoice cannot both take the same units.
 */
export async function createCreditNote(db: Db, config: Config, actorUserId: string, invoiceNumber: number, body: CreditNoteBody): Promise<CreditNote> {
  return db.transaction(async (tx) => {
    const row = await visibleInvoice(tx, { all: true }, invoiceNumber, true);
    if (row.i.paid) throw conflict("This invoice is paid: mark it unpaid before crediting it.");
    const invoiceLines = await repo.invoiceLinesOf(tx, row.i.id);
    const nets = netLineTotals(invoiceLines);
    const lines = new Map(invoiceLines.map((l, i) => [l.id, { ...l, netCents: nets[i]! }]));
    const already = await repo.creditedQuantities(tx, row.i.id);
    const wanted = new Map<number, number>();
    for (const [idx, l] of body.lines.entries()) {
      const line = lines.get(l.invoiceLineId);
      if (!line) throw badRequest("This line is not on the invoice.", { [`lines.${idx}.invoiceLineId`]: "This line is not on the invoice." });
      if (line.lineTotalCents < 0) {
        const message = "A voucher line cannot be credited: its saving is already taken off what each line is credited.";
        throw badRequest(message, { [`lines.${idx}.invoiceLineId`]: message });
      }
      const total = (wanted.get(line.id) ?? 0) + l.quantity;
      const left = line.quantity - (already.get(line.id) ?? 0);
      if (total > left) throw badRequest(`At most ${left} can still be credited on this line.`, { [`lines.${idx}.quantity`]: `At most ${left}` });
      wanted.set(line.id, total);
    }
    const creditLines = [...wanted].map(([id, quantity]) => {
      const line = lines.get(id)!;
      const cents = creditedCents(line.netCents, line.quantity, already.get(id) ?? 0, quantity);
      // The amount is exact; the unit price is that amount a unit, to the cent (after a voucher's
      // share it is not a whole number of cents).
      return { invoiceLineId: id, description: line.description, quantity, unitPriceCents: Math.round(cents / quantity), lineTotalCents: cents };
    });
    const subtotalCents = creditLines.reduce((s, l) => s + l.lineTotalCents, 0);
    if (subtotalCents <= 0) throw badRequest("Nothing to credit: the chosen lines are free of charge.");
    const earlierNotes = await repo.creditNotesOf(tx, row.i.id);
    const earlier = earlierNotes.reduce((s, n) => ({ subtotalCents: s.subtotalCents + n.subtotalCents, taxCents: s.taxCents + n.taxCents, totalCents: s.totalCents + n.totalCents }), {
      subtotalCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
    const totals = creditNoteTotals({ subtotalCents, taxRateBp: row.i.taxRateBp, invoiceTotalCents: row.i.totalCents, earlier });
    if (!totals) throw conflict("The credit notes on this invoice already come to its total: nothing more can be credited.");
    const note = await repo.insertCreditNote(
      tx,
      {
        invoiceId: row.i.id,
        customerId: row.i.customerId,
        creditDate: isoDateAt(),
        reason: body.reason,
        subtotalCents: totals.subtotalCents,
        taxRateBp: row.i.taxRateBp,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        createdBy: actorUserId,
      },
      creditLines,
    );
    await audit(tx, { actorUserId, action: "invoice.credit", detail: { invoiceNumber, creditNoteNumber: note.creditNoteNumber, totalCents: note.totalCents } });
    const to = await repo.invoiceRecipient(tx, row.i.customerId, row.orderUserId);
    if (to) {
      await enqueueMail(tx, config, {
        to,
        subject: `Credit note ${note.creditNoteNumber} on invoice ${invoiceNumber}`,
        text: `We credited ${formatTotal(note.totalCents)} on invoice ${invoiceNumber}: ${body.reason}.\n\n${config.publicUrl}/Invoices/details?number=${invoiceNumber}\n\n${config.brandName}`,
        kind: "credit-note",
      });
    }
    const notes = await repo.creditNotesOf(tx, row.i.id);
    return toCreditNote(invoiceNumber, notes.find((n) => n.id === note.id)!);
  });
}

// ---- statements ----------------------------------------------------------------------------------

async function statementCents(db: Db, access: InvoiceAccess, customerId: string, asOfGiven?: string) {
  assertCustomerVisible(access, customerId);
  const customer = await repo.customerOf(db, customerId);
  if (!customer) throw notFound("Customer not found.");
  const asOf = asOfGiven ?? isoDateAt();
  const items = (await repo.openInvoices(db, customerId, asOf))
    .map((r) => ({
      invoiceNumber: r.i.invoiceNumber,
      invoiceDate: r.i.invoiceDate,
      dueDate: r.i.dueDate,
      totalCents: r.i.totalCents,
      creditedCents: r.credited,
      balanceCents: invoiceBalance(r.i.totalCents, r.credited, r.i.paid),
      bucket: ageingBucket(r.i.invoiceDate, asOf),
    }))
    .filter((x) => x.balanceCents > 0);
  const aged = ageing(items, asOf);
  return { customer, asOf, items, buckets: aged.buckets, balanceCents: aged.balanceCents };
}

/** A customer's open invoices on a date (default today), aged 0-30 / 31-60 / 61-90 / 90+ days, and the balance. */
export async function statement(db: Db, access: InvoiceAccess, customerId: string, asOf?: string): Promise<Statement> {
  const st = await statementCents(db, access, customerId, asOf);
  return {
    customerId,
    companyName: st.customer.companyName,
    asOf: st.asOf,
    items: st.items.map((i) => ({
      invoiceNumber: i.invoiceNumber,
      invoiceDate: i.invoiceDate,
      dueDate: i.dueDate,
      total: centsToDollars(i.totalCents),
      credited: centsToDollars(i.creditedCents),
      balance: centsToDollars(i.balanceCents),
      bucket: i.bucket,
    })),
    buckets: {
      "0-30": centsToDollars(st.buckets["0-30"]),
      "31-60": centsToDollars(st.buckets["31-60"]),
      "61-90": centsToDollars(st.buckets["61-90"]),
      "90+": centsToDollars(st.buckets["90+"]),
    },
    balance: centsToDollars(st.balanceCents),
  };
}

export async function statementPdfFor(db: Db, config: Config, access: InvoiceAccess, customerId: string, asOf?: string): Promise<Buffer> {
  const st = await statementCents(db, access, customerId, asOf);
  return statementPdf(grower(config), {
    asOf: st.asOf,
    customer: { customerId, companyName: st.customer.companyName, address: addressOf(st.customer) },
    items: st.items,
    buckets: st.buckets,
    balanceCents: st.balanceCents,
  });
}
