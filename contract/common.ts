import { z } from "zod";
import { unprintableMessage } from "../domain/printable.ts";
import { REQUIRED_MESSAGE } from "../domain/constants.ts";

/**
 * SPEC §5 generic form messages for what the schemas do not word themselves: a missing value reads
 * 'This field is required' and a non-number where a number belongs 'Only numbers are allowed', on the
 * server and in the browser alike (every contract imports this module).
 */
z.config({
  customError: (iss) => {
    if (iss.code !== "invalid_type") return undefined;
    if (iss.input === undefined || iss.input === null) return REQUIRED_MESSAGE;
    if (iss.expected === "number" || iss.expected === "int") return "Only numbers are allowed";
    return undefined;
  },
});

/** Every 4xx/5xx body from /api. `fields` maps a field path to its message. */
export const ErrorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** The error answers most routes declare: 400 refused input, 401 signed out, 403 not allowed, 404 not found. */
export const ErrorResponses = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
/** Those and 409, for routes whose change can conflict with the data (a stale version, a rule it breaks). */
export const ErrorResponsesWithConflict = { ...ErrorResponses, 409: ErrorResponse };
/** Those and 429, for rate-limited routes. */
export const ErrorResponsesWithTooMany = { ...ErrorResponses, 429: ErrorResponse };

export const Ok = z.object({ ok: z.literal(true) });

/**
 * YYYY-MM-DD between 1900 and 2999 that is a real calendar date, spelt out as a pattern so the OpenAPI
 * document refuses what the server refuses (2026-02-30, 2026-04-31, 2100-02-29): days 01-28 of any
 * month, 29-30 of any month but February, 31 of the long months, and 29 February of a leap year
 * (a year divisible by 4 but not by 100, or 2000, 2400, 2800). contract/common.test.ts checks it
 * against the calendar for every day of the range.
 */
export const ISO_DATE_PATTERN =
  /^(?:(?:19|2\d)\d{2}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)|(?:(?:19|2\d)(?:0[48]|[2468][048]|[13579][26])|2[048]00)-02-29)$/;

/** YYYY-MM-DD, a real calendar date between 1900 and 2999 (the pattern is what OpenAPI shows). */
export const IsoDate = z
  .string()
  .regex(ISO_DATE_PATTERN, "Invalid format")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "Invalid format");

export const Email = z.string().trim().max(254, "Maximum 254 characters").email("Please enter a valid email");

export const INT4_MAX = 2_147_483_647;

/** The cart version a client loaded and sends back with a change: a stale one gets 409 with the current cart. */
export const CartVersion = z.number().int().min(0).max(INT4_MAX, `Maximum ${INT4_MAX}`).optional();

/**
 * 1 .. INT4_MAX in digits, no sign or leading zero, as a pattern (so OpenAPI states the limit the
 * server holds to): up to 9 digits, then ten-digit numbers digit by digit up to 2147483647.
 */
export const POSITIVE_INT4_PATTERN =
  /^(?:[1-9]\d{0,8}|1\d{9}|20\d{8}|21[0-3]\d{7}|214[0-6]\d{6}|2147[0-3]\d{5}|21474[0-7]\d{4}|214748[0-2]\d{3}|2147483[0-5]\d{2}|21474836[0-3]\d|214748364[0-7])$/;
/** 0 .. INT4_MAX in digits (0 itself, or POSITIVE_INT4_PATTERN). */
export const INT4_PATTERN = new RegExp(`^(?:0|${POSITIVE_INT4_PATTERN.source.slice(1, -1)})$`);

/**
 * A whole number in a path or query: digits only (no sign, exponent, hex or empty value, which a plain
 * number coercion would take as 0), within PostgreSQL's integer.
 */
export const DigitsParam = (min: number, message = "Only integer values are allowed") =>
  z
    .string()
    .regex(min > 0 ? POSITIVE_INT4_PATTERN : INT4_PATTERN, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(INT4_MAX, message));

/** A `{retailerId}` path segment or query value: 0 for a user without a retailer. */
export const RetailerIdParam = DigitsParam(0);

export const ShortText = (max = 200) => z.string().trim().min(1, REQUIRED_MESSAGE).max(max, `Maximum ${max} characters`);

/**
 * Refines a text that is printed on labels or documents: characters the documents' font cannot draw
 * (CJK, emoji) are refused with a message naming them (domain/printable.ts, docs/documents.md).
 */
export const printable = (v: string | null | undefined, ctx: z.RefinementCtx) => {
  const message = v ? unprintableMessage(v) : null;
  if (message) ctx.addIssue({ code: "custom", message });
};
