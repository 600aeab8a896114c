import { z } from "zod";
import { POSITIVE_INT4_PATTERN, RetailerIdParam } from "./common.ts";

/** `POST /api/Admin/{userId}/Impersonate`: {userId} is the user to act as. */
export const ImpersonateParams = z.object({ userId: z.string().trim().min(1).max(100) });

/**
 * `POST /api/Retailer/Impersonate/{a}/{b}/{c}`, the store's usual triple:
 * a = the caller's own user id (the wholesaler user), b = the wholesaler's customerID the retailer buys
 * through, c = the retailerId of the shop to act for. The server acts as that retailer's user.
 */
export const RetailerImpersonateParams = z.object({
  a: z.string().trim().min(1).max(100),
  b: z.string().trim().min(1).max(40),
  c: RetailerIdParam.refine((n) => n > 0, "Only numbers are allowed"),
});

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

export const AuditQuery = z.object({
  /** Matches the name, e-mail or id of who acted (the staff member behind an impersonation). */
  actor: z.string().trim().max(254).optional(),
  /** A customer code: entries about that customer (its orders, its cart, its record). */
  customer: z.string().trim().max(40).optional(),
  /** An order number: entries about that order. */
  order: z.string().trim().regex(POSITIVE_INT4_PATTERN, "Only numbers are allowed").optional().or(z.literal("")),
  /** One day of the grower's calendar (New York). */
  day: z.iso.date().optional(),
  /** Matches the e-mail or id of the user acted as / acted on. */
  target: z.string().trim().max(254).optional(),
  /** An action, or the start of one: 'impersonation', 'acting.orders.insert'. */
  action: z.string().trim().max(80).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  targetUserId: z.string().nullable(),
  targetEmail: z.string().nullable(),
  targetName: z.string().nullable(),
  /** The company the entry is about, when known. */
  companyName: z.string().nullable(),
  /** The entry in words: "Dana Reyes, acting for Bloomfield Wholesale Florists, removed 3 bunches of … from the cart". */
  summary: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({ items: z.array(AuditEntry), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type AuditPage = z.infer<typeof AuditPage>;

/** A retailer a wholesaler user may act for (the avatar menu's list). */
export const ActableRetailer = z.object({
  customerId: z.string(),
  companyName: z.string(),
  retailerId: z.number().int(),
  name: z.string(),
  userEmail: z.string(),
});
export type ActableRetailer = z.infer<typeof ActableRetailer>;
