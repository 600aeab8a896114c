import { z } from "zod";
import { REQUIRED_MESSAGE } from "../domain/constants.ts";

/**
 * The public site's forms: contact and job application. The Fastify routes and the forms in the
 * browser validate with these same schemas, so the messages (SPEC §5) are the same on both sides.
 */


/** A required single-line text: trimmed, not empty, at most `max` characters, no line breaks. */
const Line = (max: number) =>
  z
    .string({ error: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(max, `Maximum ${max} characters`)
    .regex(/^[^\r\n\t]*$/, "Invalid format");

/** Optional single-line text: an empty string counts as missing. */
const OptionalLine = (max: number) =>
  z
    .string({ error: "Invalid format" })
    .trim()
    .max(max, `Maximum ${max} characters`)
    .regex(/^[^\r\n\t]*$/, "Invalid format")
    .optional()
    .transform((v) => (v ? v : undefined));

/** Multi-line text: trimmed, required, at most `max` characters. */
const Paragraphs = (max: number) => z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE).max(max, `Maximum ${max} characters`);

const EmailField = z
  .string({ error: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(254, "Maximum 254 characters")
  .pipe(z.email("Please enter a valid email"));

/** Digits, spaces and the usual phone punctuation; at least 7 digits. */
const Phone = OptionalLine(40).refine((v) => v === undefined || (/^[+()\d\s.\-/x]+$/i.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7), "Invalid format");

/** Fields every public form carries besides its own: the spam checks. */
const AntiSpam = {
  /** Signed, time-stamped token from GET /api/Public/FormToken. */
  formToken: z.string({ error: "This form has expired. Please reload the page and try again." }).min(1).max(300),
  /** Honeypot: a field people never see. Anything in it means a robot filled the form. */
  website: z.string().max(500).optional(),
};

export const FORM_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  company: 120,
  subject: 150,
  message: 4000,
  coverLetter: 6000,
} as const;

export const ContactFields = z.object({
  name: Line(FORM_LIMITS.name),
  email: EmailField,
  phone: Phone,
  company: OptionalLine(FORM_LIMITS.company),
  subject: Line(FORM_LIMITS.subject),
  message: Paragraphs(FORM_LIMITS.message),
});
export type ContactFields = z.infer<typeof ContactFields>;

export const ContactBody = ContactFields.extend(AntiSpam);
export type ContactBody = z.input<typeof ContactBody>;

export const ApplicationFields = z.object({
  name: Line(FORM_LIMITS.name),
  email: EmailField,
  phone: Phone,
  coverLetter: Paragraphs(FORM_LIMITS.coverLetter),
});
export type ApplicationFields = z.infer<typeof ApplicationFields>;

export const ApplicationBody = ApplicationFields.extend(AntiSpam);
export type ApplicationBody = z.input<typeof ApplicationBody>;

export const OpeningIdParam = z.object({
  openingId: z.string().min(1).max(80).regex(/^[a-z0-9-]+$/i, "Invalid format"),
});

export const FormKind = z.enum(["contact", "apply", "referral"]);
export type FormKind = z.infer<typeof FormKind>;

export const FormTokenQuery = z.object({ form: FormKind });

export const FormTokenResponse = z.object({
  token: z.string(),
  /** When the token was issued (ms since epoch). */
  issuedAt: z.number().int(),
  /** Posts sooner than this after issue are refused; the form waits out the rest itself. */
  minDelayMs: z.number().int(),
  /** Posts later than this after issue are refused. */
  maxAgeMs: z.number().int(),
});
export type FormTokenResponse = z.infer<typeof FormTokenResponse>;

export const FormReceipt = z.object({
  ok: z.literal(true),
  /** A short reference the sender can quote, e.g. C-1042. */
  reference: z.string(),
});
export type FormReceipt = z.infer<typeof FormReceipt>;
