import { z } from "zod";

/**
 * SPEC §5 generic form messages for what the schemas do not word themselves: a missing value reads
 * 'This field is required' and a non-number where a number belongs 'Only numbers are allowed', on the
 * server and in the browser alike (every contract imports this module).
 */
z.config({
  customError: (iss) => {
    if (iss.code !== "invalid_type") return undefined;
    if (iss.input === undefined || iss.input === null) return "This field is required";
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

export const Ok = z.object({ ok: z.literal(true) });

/** YYYY-MM-DD, a real calendar date. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid format")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "Invalid format");

export const Email = z.string().trim().max(254, "Maximum 254 characters").email("Please enter a valid email");

/** A `{retailerId}` path segment: 0 for a user without a retailer. */
export const RetailerIdParam = z.coerce.number().int("Only integer values are allowed").min(0);

export const ShortText = (max = 200) => z.string().trim().min(1, "This field is required").max(max, `Maximum ${max} characters`);
