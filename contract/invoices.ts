// Invoices, credit notes and statements: shapes of /api/Invoices/*.
import { z } from "zod";
import "./common.ts";
import { IsoDate, printable, ShortText } from "./common.ts";
import { INTEGER_ONLY_MESSAGE, REQUIRED_MESSAGE } from "../domain/constants.ts";
import { AGEING_BUCKETS } from "../domain/invoicing.ts";
import { PositiveInt } from "./params.ts";

const Money = z.number();
/** A customer code: 1-40 characters, no NUL (which PostgreSQL text cannot hold). */
export const CustomerCode = z.string().trim().min(1, REQUIRED_MESSAGE).max(40, "Maximum 40 characters").refine((s) => !s.includes("\0"), "Invalid format");
const INT4_MAX = 2_147_483_647;
const Int = (min: number, max = INT4_MAX) =>
  z.coerce.number({ error: INTEGER_ONLY_MESSAGE }).int(INTEGER_ONLY_MESSAGE).min(min, INTEGER_ONLY_MESSAGE).max(max, `Maximum ${max}`);

export const InvoiceStatus = z.enum(["all", "paid", "unpaid"]);
export const INVOICE_PAGE_SIZE = 25;

export const InvoiceQuery = z.object({
  customerId: CustomerCode.optional(),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  status: InvoiceStatus.default("all"),
  /** The start of an invoice number (digits). */
  number: z.string().trim().regex(/^\d{0,9}$/, INTEGER_ONLY_MESSAGE).optional(),
  page: Int(1, 100_000).default(1),
  pageSize: Int(1, 100).default(INVOICE_PAGE_SIZE),
});
export type InvoiceQuery = z.infer<typeof InvoiceQuery>;

export const InvoiceSummary = z.object({
  invoiceNumber: z.number().int(),
  customerId: z.string(),
  companyName: z.string(),
  orderNumber: z.number().int(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  terms: z.string(),
  subtotal: Money,
  tax: Money,
  total: Money,
  /** Sum of its credit notes (with their tax). */
  credited: Money,
  /** What is still owed: 0 when paid. */
  balance: Money,
  paid: z.boolean(),
  paidAt: z.string().nullable(),
  overdue: z.boolean(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const InvoicePage = z.object({
  items: z.array(InvoiceSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InvoicePage = z.infer<typeof InvoicePage>;

export const InvoiceLine = z.object({
  lineId: z.number().int(),
  productId: z.string(),
  description: z.string(),
  pails: z.number().int(),
  quantity: z.number().int(),
  unitPrice: Money,
  lineTotal: Money,
  /** Units already credited on credit notes. */
  creditedQuantity: z.number().int(),
});

export const CreditNote = z.object({
  creditNoteNumber: z.number().int(),
  invoiceNumber: z.number().int(),
  creditDate: z.string(),
  reason: z.string(),
  subtotal: Money,
  tax: Money,
  total: Money,
  lines: z.array(z.object({ invoiceLineId: z.number().int(), description: z.string(), quantity: z.number().int(), unitPrice: Money, lineTotal: Money })),
});
export type CreditNote = z.infer<typeof CreditNote>;

export const InvoiceDetail = InvoiceSummary.extend({
  taxRateBp: z.number().int(),
  shipDate: z.string(),
  lines: z.array(InvoiceLine),
  creditNotes: z.array(CreditNote),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;

export const InvoiceNumberParams = z.object({ invoiceNumber: PositiveInt });

export const MarkPaidBody = z.object({ paid: z.boolean() }).strict();

export const CreditNoteBody = z
  .object({
    reason: ShortText(200).superRefine(printable),
    lines: z
      .array(z.object({ invoiceLineId: Int(1), quantity: Int(1, 100_000) }).strict())
      .min(1, "Choose at least one line to credit")
      .max(500),
  })
  .strict();
export type CreditNoteBody = z.infer<typeof CreditNoteBody>;

export const StatementParams = z.object({ customerId: CustomerCode });
export const StatementQuery = z.object({ asOf: IsoDate.optional() });

export const AgeingBucket = z.enum(AGEING_BUCKETS);

export const Statement = z.object({
  customerId: z.string(),
  companyName: z.string(),
  asOf: z.string(),
  items: z.array(
    z.object({ invoiceNumber: z.number().int(), invoiceDate: z.string(), dueDate: z.string(), total: Money, credited: Money, balance: Money, bucket: AgeingBucket }),
  ),
  buckets: z.object({ "0-30": Money, "31-60": Money, "61-90": Money, "90+": Money }),
  balance: Money,
});
export type Statement = z.infer<typeof Statement>;
