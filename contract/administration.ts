import { z } from "zod";
import { UPPERCASE_ONLY_MESSAGE, REQUIRED_MESSAGE } from "../domain/constants.ts";
import { Email, INT4_MAX, ShortText } from "./common.ts";
import { PickupDays, RoleName, ShipTime, UserIdentity } from "./user.ts";

/* ---------------------------------------------------------------- lists: paged, sorted, filtered on the server */

export const SortDir = z.enum(["asc", "desc"]).default("asc");
const Page = z.coerce.number().int().min(1).max(100_000).default(1);
const PageSize = z.coerce.number().int().min(1).max(100).default(25);
const Search = z.string().trim().max(100).optional();

/**
 * A staff list's query: its own filters, then the search, active filter, sort (the first named is the
 * default), direction and page every list takes.
 */
function listQuery<S extends readonly [string, ...string[]], F extends z.ZodRawShape>(sorts: S, filters: F) {
  return z.object({
    ...filters,
    q: Search,
    active: z.enum(["true", "false"]).optional(),
    sort: z.enum(sorts).default(sorts[0]),
    dir: SortDir,
    page: Page,
    pageSize: PageSize,
  });
}

/** One page of a staff list: its rows, how many there are in all, and which page of what size. */
const pageOf = <R extends z.ZodType>(row: R) => z.object({ items: z.array(row), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const UserScope = z.enum(["customer", "staff", "mm"]);
export type UserScope = z.infer<typeof UserScope>;

export const UserListQuery = listQuery(["name", "email", "created"], { scope: UserScope.default("customer"), role: RoleName.optional() });
export type UserListQuery = z.input<typeof UserListQuery>;

export const UserRow = z.object({
  ...UserIdentity,
  active: z.boolean(),
  customerIds: z.array(z.string()),
  /** The caller may act as this user (DOMAIN "Staff impersonation"). */
  canActAs: z.boolean(),
});
export type UserRow = z.infer<typeof UserRow>;

export const UserPage = pageOf(UserRow);
export type UserPage = z.infer<typeof UserPage>;

export const InviteUserBody = z.object({
  email: Email,
  firstName: ShortText(80),
  lastName: ShortText(80),
  role: RoleName,
  /** The customers a wholesaler or MassMarket user buys for. */
  customerIds: z.array(z.string().trim().min(1).max(40)).max(50).default([]),
  /** A Retailer user's shop. */
  retailerId: z.number().int().positive().max(INT4_MAX, `Maximum ${INT4_MAX}`).optional(),
});
export type InviteUserBody = z.input<typeof InviteUserBody>;

/* ---------------------------------------------------------------- customers (wholesalers and mass-market customers) */

export const CustomerKind = z.enum(["wholesale", "massMarket"]);

export const CustomerListQuery = listQuery(["name", "code", "city"], { kind: CustomerKind.default("wholesale") });
export type CustomerListQuery = z.input<typeof CustomerListQuery>;

export const CustomerRow = z.object({
  customerId: z.string(),
  companyName: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  active: z.boolean(),
  referralApproved: z.boolean(),
  imgSrc: z.string(),
  users: z.number().int(),
  retailers: z.number().int(),
});
export const CustomerPage = pageOf(CustomerRow);
export type CustomerPage = z.infer<typeof CustomerPage>;

const Optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Maximum ${max} characters`)
    .transform((s) => (s === "" ? null : s))
    .nullable()
    .optional();

/**
 * A cut-off time as a time input sends it ("14:00", "14:00:00") or as a person types it ("2:00 PM");
 * stored as 24-hour "HH:mm" New York time.
 */
export const Cutoff = z
  .string()
  .trim()
  .max(11, "Invalid format")
  .regex(/^(?:(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?|(?:0?[1-9]|1[0-2]):[0-5]\d ?[AaPp][Mm])$/, "Invalid format")
  .transform(toHourMinute);

/** "2:00 PM" → "14:00", "9:05" → "09:05", "14:00:00" → "14:00" (the input already matched Cutoff). */
export function toHourMinute(time: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})? ?([AaPp][Mm])?$/.exec(time.trim());
  if (!m) return time;
  let hour = Number(m[1]);
  const half = m[3]?.toUpperCase();
  if (half === "AM" && hour === 12) hour = 0;
  if (half === "PM" && hour < 12) hour += 12;
  return `${String(hour).padStart(2, "0")}:${m[2]}`;
}

/**
 * A customer's code: the customerID buyers and URLs carry (unique, compared without case). Written in
 * capitals like every code the trade prints on boxes and invoices: a lowercase letter is refused with
 * SPEC's generic form message 'Uppercase only'.
 */
export const CustomerCode = z
  .string()
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(20, "Maximum 20 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "Letters, digits, dashes and underscores only")
  .refine((code) => code === code.toUpperCase(), UPPERCASE_ONLY_MESSAGE);

export const CUSTOMER_DISCOUNT_MAX = 50;

const CustomerFields = {
  companyName: ShortText(120),
  email: Email.or(z.literal("")).transform((s) => (s === "" ? null : s)).nullable().optional(),
  phone: Optional(40),
  address: Optional(200),
  city: Optional(80),
  state: Optional(40),
  zip: Optional(20),
  alwaysBoxed: z.boolean(),
  referralApproved: z.boolean(),
  active: z.boolean(),
  shipTimes: z
    .array(z.object({ weekday: z.number().int().min(1).max(7), cutoffShipTime: Cutoff }))
    .max(7)
    .refine((l) => new Set(l.map((s) => s.weekday)).size === l.length, "Each weekday only once"),
  /** Customer price level: every offer price is this many percent lower (whole percent, 0..50). */
  discountPercent: z
    .number({ error: "Only whole numbers are allowed" })
    .int("Only whole numbers are allowed")
    .min(0, "At least 0")
    .max(CUSTOMER_DISCOUNT_MAX, `At most ${CUSTOMER_DISCOUNT_MAX}`),
  /**
   * The restricted catalogs this customer sees besides those open to every customer of its kind
   * (catalog ids from /api/Supply/Catalogs).
   */
  catalogIds: z
    .array(z.number().int("Only whole numbers are allowed").positive().max(INT4_MAX, `Maximum ${INT4_MAX}`))
    .max(200, "At most 200 catalogs")
    .refine((l) => new Set(l).size === l.length, "Each catalog only once"),
};

export const CustomerUpdateBody = z.object({
  ...CustomerFields,
  discountPercent: CustomerFields.discountPercent.optional(),
  catalogIds: CustomerFields.catalogIds.optional(),
});
export type CustomerUpdateBody = z.input<typeof CustomerUpdateBody>;

/** A new customer: the edit form's fields plus its code and kind (wholesale or mass market). */
export const CustomerCreateBody = z.object({
  customerId: CustomerCode,
  kind: z.enum(["wholesale", "massMarket"]),
  ...CustomerFields,
  referralApproved: z.boolean().default(false),
  active: z.boolean().default(true),
  discountPercent: CustomerFields.discountPercent.default(0),
  catalogIds: CustomerFields.catalogIds.default([]),
});
export type CustomerCreateBody = z.input<typeof CustomerCreateBody>;

export const RetailerRow = z.object({
  retailerId: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  city: z.string().nullable(),
  active: z.boolean(),
  customerIds: z.array(z.string()),
});
export type RetailerRow = z.infer<typeof RetailerRow>;

export const UserBrief = z.object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), roles: z.array(z.string()), active: z.boolean(), canActAs: z.boolean() });
export type UserBrief = z.infer<typeof UserBrief>;

export const ReferralRequest = z.object({
  id: z.number().int(),
  customerId: z.string(),
  companyName: z.string(),
  shopName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  message: z.string().nullable(),
  status: z.enum(["pending", "approved", "declined"]),
  createdAt: z.string(),
  retailerId: z.number().int().nullable(),
});
export type ReferralRequest = z.infer<typeof ReferralRequest>;

export const CustomerDetail = z.object({
  customerId: z.string(),
  companyName: z.string(),
  kind: CustomerKind,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  alwaysBoxed: z.boolean(),
  referralApproved: z.boolean(),
  active: z.boolean(),
  discountPercent: z.number().int(),
  /** The restricted catalogs naming this customer. */
  catalogIds: z.array(z.number().int()),
  imgSrc: z.string(),
  hasLogo: z.boolean(),
  shipTimes: z.array(ShipTime),
  users: z.array(UserBrief),
  retailers: z.array(RetailerRow),
  referrals: z.array(ReferralRequest),
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;
/** The answer to a logo upload or removal: the picture to show now. */
export const LogoAnswer = z.object({ imgSrc: z.string() });

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/* ---------------------------------------------------------------- retailers */

export const RetailerListQuery = listQuery(["name", "code", "city", "created"], { customerId: z.string().trim().max(40).optional() });
export type RetailerListQuery = z.input<typeof RetailerListQuery>;
export const RetailerPage = pageOf(RetailerRow);
export type RetailerPage = z.infer<typeof RetailerPage>;

export const RetailerCode = z
  .string()
  .trim()
  .max(40, "Maximum 40 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "Invalid format");

export const RetailerBody = z.object({
  code: RetailerCode.or(z.literal("")).transform((s) => (s === "" ? null : s)).nullable().optional(),
  name: ShortText(120),
  contactName: Optional(120),
  email: Email.or(z.literal("")).transform((s) => (s === "" ? null : s)).nullable().optional(),
  phone: Optional(40),
  address: Optional(200),
  city: Optional(80),
  state: Optional(40),
  zip: Optional(20),
  pickupDays: PickupDays,
  active: z.boolean().default(true),
  customerIds: z.array(z.string().trim().min(1).max(40)).max(50),
});
export type RetailerBody = z.input<typeof RetailerBody>;

export const RetailerDetail = RetailerRow.extend({
  phone: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  pickupDays: PickupDays,
  customers: z.array(z.object({ customerId: z.string(), companyName: z.string() })),
  users: z.array(UserBrief),
});
export type RetailerDetail = z.infer<typeof RetailerDetail>;
/** The answer to creating a retailer: its new id. */
export const RetailerCreated = z.object({ retailerId: z.number().int() });

/* ---------------------------------------------------------------- retailer CSV import */

/** The columns of a retailer CSV file, in this order (a header row is required). */
export const IMPORT_COLUMNS = ["code", "name", "contactName", "email", "phone", "address", "city", "state", "zip", "pickupDays", "wholesalers", "active"] as const;
export const IMPORT_REQUIRED = ["code", "name", "wholesalers"] as const;
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

export const ImportRow = z.object({
  line: z.number().int(),
  code: z.string(),
  name: z.string(),
  action: z.enum(["create", "update", "unchanged", "error"]),
  errors: z.record(z.string(), z.string()),
  retailerId: z.number().int().nullable(),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportResult = z.object({
  /** True once written (the confirm call); false for a preview. */
  written: z.boolean(),
  rows: z.array(ImportRow),
  counts: z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int(), error: z.number().int() }),
});
export type ImportResult = z.infer<typeof ImportResult>;

/* ---------------------------------------------------------------- referrals */

export const ReferralBody = z.object({
  shopName: ShortText(120),
  contactName: ShortText(120),
  email: Email,
  phone: Optional(40),
  city: Optional(80),
  message: Optional(2000),
  website: z.string().max(200).optional(),
  formToken: z.string().min(1, "This form has expired. Please reload the page and try again.").max(200),
});
export type ReferralBody = z.input<typeof ReferralBody>;

export const ReferralQuery = z.object({
  customerId: z.string().trim().max(40).optional(),
  status: z.enum(["pending", "approved", "declined"]).default("pending"),
});

export const ApproveReferralBody = z.object({
  code: RetailerCode.or(z.literal("")).transform((s) => (s === "" ? null : s)).nullable().optional(),
  pickupDays: PickupDays.optional(),
});

/* ---------------------------------------------------------------- the signed-in user's account */

export const ChangePasswordBody = z
  .object({
    currentPassword: z.string().min(1, REQUIRED_MESSAGE).max(200),
    password: z.string().min(10, "Minimum 10 characters").max(128, "Maximum 128 characters"),
    confirmPassword: z.string(),
  })
  .refine((b) => b.password === b.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });

export const ProfileBody = z.object({ firstName: ShortText(80), lastName: ShortText(80) });

export const SessionsAnswer = z.object({ ended: z.number().int() });
