import { ApplicationBody, ContactBody, OpeningIdParam } from "../../../contract/public.ts";
import type { Db } from "../../../db/client.ts";
import type { Config } from "../../config.ts";
import { HttpError } from "../../errors.ts";
import type { ContentService } from "../content/index.ts";
import { FORM_MESSAGES, submitApplication, submitContact } from "./service.ts";

/**
 * The public forms posted as plain HTML forms (before the page's JavaScript has loaded, or without
 * it): the React Router actions of /Contact and /Careers hand the posted fields here. The checks are
 * the JSON API's own — the same Zod schemas and messages, then the same service with its honeypot,
 * signed timed token, rate limit and single-use token — and the answer is what the page needs to
 * show either the confirmation or the form again with its messages and what was typed.
 */

export const CHECK_FIELDS = "Please check the fields marked below.";
export const SERVER_TROUBLE = "Something went wrong on our side. Your text is still here; please try again.";
export const CROSS_SITE = "Cross-site requests are not allowed.";
const REQUIRED = "This field is required";

export type FormPostResult =
  | { status: "sent"; reference: string; values: Record<string, string> }
  | { status: "invalid"; message: string; errors: Record<string, string>; values: Record<string, string> };

export interface FormPostOutcome {
  httpStatus: number;
  result: FormPostResult;
}

interface Deps {
  db: Db;
  config: Config;
  ip: string;
}

const CONTACT_FIELDS = ["name", "email", "phone", "company", "subject", "message"] as const;
const APPLICATION_FIELDS = ["opening", "name", "email", "phone", "coverLetter"] as const;

/** Only the fields the form has, as strings (a file or a missing field reads as empty). */
function pick(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, textOf(form, n)]));
}

function textOf(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
}

/** First message per field, as the API's error handler and the browser forms report them. */
function messagesOf(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[i.path.map(String).join(".")] ??= i.message;
  return out;
}

const invalid = (httpStatus: number, message: string, errors: Record<string, string>, values: Record<string, string>): FormPostOutcome => ({
  httpStatus,
  result: { status: "invalid", message, errors, values },
});

/**
 * Field messages go on the fields; the spam checks (token, honeypot) and the rate limit only have a
 * form-level message — the same choice the browser form makes with the API's answers.
 */
function refused(err: unknown, values: Record<string, string>): FormPostOutcome {
  if (err instanceof HttpError) {
    const { formToken: tokenProblem, ...fields } = err.fields ?? {};
    const message = err.statusCode === 429 || tokenProblem || !Object.keys(fields).length ? err.message : CHECK_FIELDS;
    return invalid(err.statusCode, message, fields, values);
  }
  console.error(err);
  return invalid(500, SERVER_TROUBLE, {}, values);
}

/** The schema's verdict split into field messages and a form-level message. */
function schemaProblems(issues: { path: PropertyKey[]; message: string }[], values: Record<string, string>, extra: Record<string, string> = {}) {
  const { formToken: tokenProblem, website: honeypotProblem, ...fields } = { ...messagesOf(issues), ...extra };
  if (honeypotProblem) return invalid(400, FORM_MESSAGES.honeypot, {}, values);
  if (Object.keys(fields).length) return invalid(400, CHECK_FIELDS, fields, values);
  return invalid(400, tokenProblem ?? CHECK_FIELDS, {}, values);
}

/**
 * Writes to our database must come from our own pages, like the API's Origin check: a browser
 * says where a form post comes from with Sec-Fetch-Site and Origin.
 */
export function crossSite(request: Request): boolean {
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}

export async function postContact(request: Request, form: FormData, deps: Deps): Promise<FormPostOutcome> {
  const values = pick(form, CONTACT_FIELDS);
  if (crossSite(request)) return invalid(403, CROSS_SITE, {}, values);
  const parsed = ContactBody.safeParse({ ...values, website: textOf(form, "website"), formToken: textOf(form, "formToken") });
  if (!parsed.success) return schemaProblems(parsed.error.issues, values);
  try {
    const receipt = await submitContact(deps.db, deps.config, parsed.data, { ip: deps.ip });
    return { httpStatus: 200, result: { status: "sent", reference: receipt.reference, values: { name: parsed.data.name, email: parsed.data.email } } };
  } catch (err) {
    return refused(err, values);
  }
}

export async function postApplication(request: Request, form: FormData, deps: Deps & { content: ContentService }): Promise<FormPostOutcome> {
  const values = pick(form, APPLICATION_FIELDS);
  if (crossSite(request)) return invalid(403, CROSS_SITE, {}, values);
  const parsed = ApplicationBody.safeParse({ ...values, website: textOf(form, "website"), formToken: textOf(form, "formToken") });
  const opening = OpeningIdParam.safeParse({ openingId: values.opening });
  if (!parsed.success || !opening.success) {
    return schemaProblems(parsed.success ? [] : parsed.error.issues, values, opening.success ? {} : { opening: values.opening ? "Please choose one of the openings listed." : REQUIRED });
  }
  try {
    const receipt = await submitApplication(deps.db, deps.config, deps.content, opening.data.openingId, parsed.data, { ip: deps.ip });
    return {
      httpStatus: 200,
      result: { status: "sent", reference: receipt.reference, values: { name: parsed.data.name, email: parsed.data.email, opening: opening.data.openingId } },
    };
  } catch (err) {
    return refused(err, values);
  }
}
