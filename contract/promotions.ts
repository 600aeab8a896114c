// Promotions on the supply desk (issue 25 item 4; docs/domain-supply.md "Promotions"): request and
// response shapes of /api/Supply/Promotions/*. Specials of offer lines, combo specials and blitz
// vouchers, as the buyer's dashboard shows them and checkout uses them. Money is dollars.
import { z } from "zod";
import "./common.ts";
import { DigitsParam, IsoDate, ShortText } from "./common.ts";
import { ComboSpecial, FutureSpecial, Product } from "./store.ts";
import { Price, ProductCode } from "./supply.ts";
import { COMBO_MAX_PERCENT, COMBO_MAX_PRODUCTS, VOUCHER_MAX_AMOUNT, VOUCHER_MAX_USES } from "../domain/promotions.ts";

const NUMBER = "Only numbers are allowed";

// ---- specials ---------------------------------------------------------------------------------

export const PromotionSpecial = z.object({
  lineId: z.number().int(),
  catalogId: z.number().int(),
  orderId: z.number().int(),
  catalogTitle: z.string(),
  shipDateFrom: z.string(),
  shipDateTo: z.string(),
  productId: z.string(),
  description: z.string(),
  colour: z.string(),
  /** Standard prices (by the pail, loose) and the special's. */
  price: z.number(),
  priceNoPail: z.number(),
  specialPrice: z.number(),
  specialPriceNoPail: z.number(),
  /** Percent the loose special is below the loose standard price, as the store shows it. */
  percentOff: z.number().int(),
  /** Bunches a buyer could still take (quantity - sold - held). */
  free: z.number().int(),
  /** Shown in the store: the line and its product shown, the product active. A hidden line is on no dashboard. */
  shown: z.boolean(),
});
export type PromotionSpecial = z.infer<typeof PromotionSpecial>;
export const PromotionSpecialList = z.object({ specials: z.array(PromotionSpecial) });
export type PromotionSpecialList = z.infer<typeof PromotionSpecialList>;

export const SpecialParams = z.object({ lineId: DigitsParam(1) });

/** Put a line on special (with both special prices, below the standard ones) or take it off. */
export const SpecialBody = z
  .object({ special: z.boolean(), specialPrice: Price.optional(), specialPriceNoPail: Price.optional() })
  .strict()
  .superRefine((b, ctx) => {
    if (!b.special) return;
    if (b.specialPrice === undefined) ctx.addIssue({ code: "custom", message: "Give the special price by the pail", path: ["specialPrice"] });
    if (b.specialPriceNoPail === undefined) ctx.addIssue({ code: "custom", message: "Give the special price of a loose bunch", path: ["specialPriceNoPail"] });
  });
export type SpecialBody = z.infer<typeof SpecialBody>;

/** What one customer's dashboard shows now: the same answers as the dashboard's own calls. */
export const DashboardPreviewQuery = z.object({ customerId: z.string().trim().min(1, "Choose a customer").max(40, "Maximum 40 characters") });
export const DashboardPreview = z.object({
  customerId: z.string(),
  companyName: z.string(),
  specials: z.array(Product),
  futureSpecials: z.array(FutureSpecial),
  combos: z.array(ComboSpecial),
});
export type DashboardPreview = z.infer<typeof DashboardPreview>;

// ---- combo specials ---------------------------------------------------------------------------

export const ComboParams = z.object({ comboId: DigitsParam(1) });

const PERCENT_RANGE = `A combo takes between 0.01% and ${COMBO_MAX_PERCENT}% off`;
export const ComboBody = z
  .object({
    title: ShortText(120),
    description: ShortText(500),
    discountPercent: z
      .number({ error: NUMBER })
      .min(0.01, PERCENT_RANGE)
      .max(COMBO_MAX_PERCENT, PERCENT_RANGE)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "At most two decimals"),
    startsOn: IsoDate,
    endsOn: IsoDate,
    productIds: z.array(ProductCode).min(2, "A combo needs at least 2 products").max(COMBO_MAX_PRODUCTS, `At most ${COMBO_MAX_PRODUCTS} products`),
  })
  .strict()
  .refine((c) => c.startsOn <= c.endsOn, { message: "The last day is before the first", path: ["endsOn"] });
export type ComboBody = z.infer<typeof ComboBody>;

export const ComboStatus = z.enum(["running", "coming", "ended"]);
export const SupplyCombo = z.object({
  comboId: z.number().int(),
  title: z.string(),
  description: z.string(),
  discountPercent: z.number(),
  startsOn: z.string(),
  endsOn: z.string(),
  status: ComboStatus,
  products: z.array(
    z.object({
      productId: z.string(),
      description: z.string(),
      /** Lowest standard price (by the pail) of the product on offer today or later; null when not on offer. */
      price: z.number().nullable(),
      /** That price less the combo's percent. */
      comboPrice: z.number().nullable(),
    }),
  ),
});
export type SupplyCombo = z.infer<typeof SupplyCombo>;
export const SupplyComboList = z.object({ combos: z.array(SupplyCombo) });
export type SupplyComboList = z.infer<typeof SupplyComboList>;

// ---- blitz vouchers ---------------------------------------------------------------------------

export const VoucherParams = z.object({ voucherId: DigitsParam(1) });

const PERCENT = z.number({ error: NUMBER }).int("Only whole percents are allowed").min(0, "At least 0").max(100, "At most 100 percent");
const AMOUNT_RANGE = `An amount is at most $${VOUCHER_MAX_AMOUNT.toLocaleString("en-US")}`;
const AMOUNT = z
  .number({ error: NUMBER })
  .min(0, "At least $0")
  .max(VOUCHER_MAX_AMOUNT, AMOUNT_RANGE)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "At most two decimals");
const USES = z.number({ error: NUMBER }).int("Only whole numbers are allowed").min(1, "At least 1").max(VOUCHER_MAX_USES, `At most ${VOUCHER_MAX_USES}`);

const oneKind = (b: { percentOff?: number; amountOff?: number }, ctx: z.RefinementCtx) => {
  if (b.percentOff === undefined && b.amountOff === undefined) return;
  const p = b.percentOff ?? 0;
  const a = b.amountOff ?? 0;
  if (p > 0 && a > 0) ctx.addIssue({ code: "custom", message: "A voucher takes off an amount or a percent, not both", path: ["amountOff"] });
  if (p === 0 && a === 0) ctx.addIssue({ code: "custom", message: "Give an amount or a percent off", path: [b.amountOff !== undefined ? "amountOff" : "percentOff"] });
};

export const VoucherCreate = z
  .object({
    customerId: z.string().trim().min(1, "Choose a customer").max(40, "Maximum 40 characters"),
    /** The one user it is for (shown on that user's dashboard); null: any user of the customer at checkout. */
    userId: z.string().trim().min(1).max(100, "Maximum 100 characters").nullable().default(null),
    /** Left out: one is made up (BLITZ-XXXXXX). */
    code: z
      .string()
      .trim()
      .min(4, "At least 4 characters")
      .max(40, "Maximum 40 characters")
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, "Letters, digits and dashes only")
      .transform((s) => s.toUpperCase())
      .optional(),
    description: ShortText(200),
    percentOff: PERCENT.default(0),
    amountOff: AMOUNT.default(0),
    /** First day it may be used (New York); left out: now. */
    startsOn: IsoDate.optional(),
    /** Last day it may be used (New York), included. */
    validUntil: IsoDate,
    /** Uses per customer; null: no limit. */
    usesPerCustomer: USES.nullable().default(1),
  })
  .strict()
  .superRefine(oneKind)
  .refine((v) => v.startsOn === undefined || v.startsOn <= v.validUntil, { message: "The last day is before the first", path: ["validUntil"] });
export type VoucherCreate = z.infer<typeof VoucherCreate>;

export const VoucherUpdate = z
  .object({ description: ShortText(200), percentOff: PERCENT, amountOff: AMOUNT, validUntil: IsoDate, usesPerCustomer: USES.nullable() })
  .partial()
  .strict()
  .superRefine(oneKind);
export type VoucherUpdate = z.infer<typeof VoucherUpdate>;

export const VoucherStatus = z.enum(["running", "coming", "expired", "withdrawn", "used up"]);
export const SupplyVoucher = z.object({
  voucherId: z.number().int(),
  code: z.string(),
  customerId: z.string().nullable(),
  companyName: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  description: z.string(),
  percentOff: z.number().int(),
  amountOff: z.number(),
  startsAt: z.string(),
  expiresAt: z.string(),
  /** The last day it may be used (New York). */
  validUntil: z.string(),
  usesPerCustomer: z.number().int().nullable(),
  /** Orders that used it. */
  uses: z.number().int(),
  withdrawnAt: z.string().nullable(),
  status: VoucherStatus,
});
export type SupplyVoucher = z.infer<typeof SupplyVoucher>;
export const SupplyVoucherList = z.object({ vouchers: z.array(SupplyVoucher), truncated: z.boolean() });
export type SupplyVoucherList = z.infer<typeof SupplyVoucherList>;

/** Wholesale customers and their users, for choosing whom a voucher is for. */
export const PromotionBuyers = z.object({
  customers: z.array(
    z.object({
      customerId: z.string(),
      companyName: z.string(),
      users: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })),
    }),
  ),
});
export type PromotionBuyers = z.infer<typeof PromotionBuyers>;

export const Deleted = z.object({ deleted: z.literal(true) });
