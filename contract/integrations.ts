// The integration API (issue 28; docs/integration-api.md): API tokens (/api/Admin/ApiTokens, the
// Administrator's) and the versioned /api/v1 an ERP, an accounting package or a marketplace calls
// with `Authorization: Bearer <token>`. Money is dollars, as on the supply desk.
import { z } from "zod";
import "./common.ts";
import { IsoDate, ShortText } from "./common.ts";
import { MAX_QUANTITY } from "../domain/supply.ts";
import { Price, ProductCode, ProductCreate } from "./supply.ts";

export const API_SCOPES = ["catalog:write", "availability:write", "orders:read", "invoices:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];
/** What each scope lets a token do (the screen's labels). */
export const SCOPE_LABELS: Record<ApiScope, string> = {
  "catalog:write": "Create and update products",
  "availability:write": "Set quantities and prices on offer",
  "orders:read": "Read orders of both stores",
  "invoices:read": "Read invoices and credit notes",
};
/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = "bst_";

export const ApiTokenCreate = z
  .object({
    name: ShortText(80),
    scopes: z
      .array(z.enum(API_SCOPES, { error: `Choose from: ${API_SCOPES.join(", ")}` }))
      .min(1, "Choose at least one scope")
      .max(API_SCOPES.length, "Each scope once")
      .refine((s) => new Set(s).size === s.length, "Each scope once"),
  })
  .strict();
export type ApiTokenCreate = z.infer<typeof ApiTokenCreate>;
export const ApiTokenCreated = z.object({ id: z.number().int(), token: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;
export const ApiTokenParams = z.object({ id: z.coerce.number({ error: "Only integer values are allowed" }).int("Only integer values are allowed").min(1).max(2_147_483_647) });

export const ApiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart (the token itself is never shown again). */
  hint: z.string(),
  scopes: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;
export const ApiTokenList = z.object({ tokens: z.array(ApiToken) });
export type ApiTokenList = z.infer<typeof ApiTokenList>;

// ---- /api/v1 ---------------------------------------------------------------------------------

export const V1ProductParams = z.object({ productId: ProductCode });
/** The supply desk's product fields (PUT creates or updates, so it carries every field). */
export const V1ProductBody = ProductCreate.omit({ productId: true }).extend({ active: z.boolean().optional() }).strict();
export type V1ProductBody = z.infer<typeof V1ProductBody>;

const whole = (min: number, max: number) =>
  z.number({ error: "Only numbers are allowed" }).int("Only whole numbers are allowed").min(min, `At least ${min}`).max(max, `At most ${max.toLocaleString("en-US")}`);

export const V1_MAX_LINES = 5_000;
export const V1AvailabilityLine = z
  .object({
    productId: ProductCode,
    shipDate: IsoDate,
    quantity: whole(0, MAX_QUANTITY),
    /** The catalog to write; omitted: the one wholesale catalog covering the ship date. */
    catalogId: whole(1, 2_147_483_647).optional(),
    price: Price.optional(),
    priceNoPail: Price.optional(),
    special: z.boolean().optional(),
    specialPrice: Price.optional(),
    specialPriceNoPail: Price.optional(),
    tier1Quantity: whole(0, MAX_QUANTITY).optional(),
    tier1Price: Price.optional(),
    tier1PriceNoPail: Price.optional(),
    tier2Quantity: whole(0, MAX_QUANTITY).optional(),
    tier2Price: Price.optional(),
    tier2PriceNoPail: Price.optional(),
    showStore: z.boolean().optional(),
  })
  .strict();
export type V1AvailabilityLine = z.infer<typeof V1AvailabilityLine>;
export const V1AvailabilityBody = z
  .object({
    mode: z.enum(["set", "add"], { error: 'Choose "set" or "add"' }),
    lines: z.array(V1AvailabilityLine).min(1, "Send at least one line").max(V1_MAX_LINES, `At most ${V1_MAX_LINES.toLocaleString("en-US")} lines`),
  })
  .strict();
export type V1AvailabilityBody = z.infer<typeof V1AvailabilityBody>;
export const V1Refusal = z.object({
  index: z.number().int(),
  productId: z.string(),
  shipDate: z.string(),
  reason: z.string(),
  sold: z.number().int(),
  held: z.number().int(),
});
export type V1Refusal = z.infer<typeof V1Refusal>;
export const V1AvailabilityResult = z.object({ applied: z.number().int(), refused: z.array(V1Refusal) });
export type V1AvailabilityResult = z.infer<typeof V1AvailabilityResult>;

export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
export const IdempotencyHeaders = z.object({
  "idempotency-key": z.string().regex(IDEMPOTENCY_KEY_PATTERN, "1 to 200 visible ASCII characters").optional(),
});

export const V1_MAX_LIMIT = 500;
/**
 * A cursor is "c" and the last change number seen ("c41"); "0" or omitted: from the start. The "c"
 * keeps it opaque: a change number may outgrow a 32-bit id.
 */
export const CURSOR_PATTERN = /^(?:0|c(?:0|[1-9]\d{0,14}))$/;
export const V1PageQuery = z
  .object({
    since: z.string().regex(CURSOR_PATTERN, "A cursor from a previous answer's next").optional(),
    limit: z.coerce
      .number({ error: "Only integer values are allowed" })
      .int("Only integer values are allowed")
      .min(1, "At least 1")
      .max(V1_MAX_LIMIT, `At most ${V1_MAX_LIMIT}`)
      .default(100),
  })
  .strict();
export type V1PageQuery = z.infer<typeof V1PageQuery>;

export const V1OrderLine = z.object({
  productId: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitOfMeasure: z.string(),
  lineTotal: z.number(),
});
export const V1Order = z.object({
  cursor: z.string(),
  orderNumber: z.number().int(),
  store: z.enum(["wholesale", "mm"]),
  status: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  retailerId: z.number().int(),
  shipDate: z.string(),
  placedAt: z.string(),
  updatedAt: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  /** The buyer's purchase order number and delivery notes from checkout (null when none). */
  poNumber: z.string().nullable(),
  deliveryNotes: z.string().nullable(),
  lines: z.array(V1OrderLine),
});
export type V1Order = z.infer<typeof V1Order>;
export const V1OrderPage = z.object({ orders: z.array(V1Order), next: z.string() });
export type V1OrderPage = z.infer<typeof V1OrderPage>;

export const V1InvoiceLine = z.object({ productId: z.string(), description: z.string(), quantity: z.number().int(), unitPrice: z.number(), lineTotal: z.number() });
export const V1Invoice = z.object({
  cursor: z.string(),
  type: z.enum(["invoice", "credit_note"]),
  number: z.number().int(),
  /** A credit note: the invoice it corrects. */
  invoiceNumber: z.number().int(),
  orderNumber: z.number().int().nullable(),
  customerId: z.string(),
  customerName: z.string(),
  date: z.string(),
  dueDate: z.string().nullable(),
  reason: z.string().nullable(),
  paid: z.boolean().nullable(),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  updatedAt: z.string(),
  lines: z.array(V1InvoiceLine),
});
export type V1Invoice = z.infer<typeof V1Invoice>;
export const V1InvoicePage = z.object({ invoices: z.array(V1Invoice), next: z.string() });
export type V1InvoicePage = z.infer<typeof V1InvoicePage>;
