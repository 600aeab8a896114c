import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { ApplicationFields, ContactFields, FormKind, FormTokenResponse } from "../../../contract/public.ts";
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { Config } from "../../config.ts";
import { badRequest, notFound, tooManyRequests } from "../../errors.ts";
import type { ContentService } from "../content/index.ts";
import { enqueueMail, type OutgoingMail } from "../mail/index.ts";
import * as limits from "../rate-limit/index.ts";
import { insertContactMessage, insertJobApplication } from "./repo.ts";

/* ------------------------------------------------------------------ form tokens */

/** People need a few seconds to fill a form; robots post at once. */
export const FORM_MIN_DELAY_MS = 3_000;
/** A form left open longer than a day is stale (and so is a harvested token). */
export const FORM_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const FORM_MESSAGES = {
  honeypot: "We could not accept this form. Please reload the page and try again.",
  invalid: "This form has expired. Please reload the page and try again.",
  tooFast: "That was quicker than we expected. Please check the form and send it again.",
  expired: "This form has been open for more than a day. Please reload the page and try again.",
  replayed: "This form was already sent. Reload the page to send another.",
  contactLimit: "You have sent several messages in a short time. Please wait a few minutes, or call us.",
  applyLimit: "You have sent several applications in a short time. Please wait a while and try again.",
} as const;

const processKey = randomBytes(32);

/**
 * The signing key. With PostgreSQL several instances share one database, and its connection string
 * (which carries the credentials) is the secret they already share. PGlite runs in exactly one
 * process, so a key made at start-up is enough; a restart only asks open forms to reload.
 */
function signingKey(config: Config): Buffer {
  return config.databaseUrl ? createHash("sha256").update(`public-form-token\0${config.databaseUrl}`).digest() : processKey;
}

const sign = (config: Config, kind: FormKind, issuedAt: number, nonce: string) =>
  createHmac("sha256", signingKey(config)).update(`${kind}.${issuedAt}.${nonce}`).digest("base64url");

/** A signed, time-stamped token for one form: `{issuedAt}.{nonce}.{signature}`. */
export function issueFormToken(config: Config, kind: FormKind, now = Date.now()): FormTokenResponse {
  const nonce = randomBytes(12).toString("base64url");
  return {
    token: `${now}.${nonce}.${sign(config, kind, now, nonce)}`,
    issuedAt: now,
    minDelayMs: FORM_MIN_DELAY_MS,
    maxAgeMs: FORM_MAX_AGE_MS,
  };
}

export type TokenCheck = { ok: true; nonce: string } | { ok: false; reason: "invalid" | "tooFast" | "expired" };

export function checkFormToken(config: Config, kind: FormKind, token: string, now = Date.now()): TokenCheck {
  const m = /^(\d{13})\.([\w-]{16})\.([\w-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: "invalid" };
  const issuedAt = Number(m[1]);
  const expected = Buffer.from(sign(config, kind, issuedAt, m[2]!));
  const given = Buffer.from(m[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: "invalid" };
  const age = now - issuedAt;
  if (age < FORM_MIN_DELAY_MS) return { ok: false, reason: age < -60_000 ? "invalid" : "tooFast" };
  if (age > FORM_MAX_AGE_MS) return { ok: false, reason: "expired" };
  return { ok: true, nonce: m[2]! };
}

interface AntiSpamInput {
  formToken: string;
  website?: string;
}

/** Honeypot and token checks: cheap, no database, so floods of forged posts cost us nothing. */
function screen(config: Config, kind: FormKind, input: AntiSpamInput, now: number): string {
  if (input.website && input.website.trim() !== "") throw badRequest(FORM_MESSAGES.honeypot);
  const check = checkFormToken(config, kind, input.formToken, now);
  if (!check.ok) throw badRequest(FORM_MESSAGES[check.reason], { formToken: FORM_MESSAGES[check.reason] });
  return check.nonce;
}

/* ------------------------------------------------------------------ rate limits */

export const RATE_LIMITS = {
  contact: { max: 5, windowMs: 10 * 60 * 1000 },
  apply: { max: 5, windowMs: 60 * 60 * 1000 },
  referral: { max: 5, windowMs: 60 * 60 * 1000 },
} as const;

async function limit(db: Db, kind: FormKind, ip: string) {
  const { max, windowMs } = RATE_LIMITS[kind];
  const count = await limits.hit(db, `public:${kind}:${ip}`, windowMs);
  if (count > max) throw tooManyRequests(kind === "contact" ? FORM_MESSAGES.contactLimit : FORM_MESSAGES.applyLimit);
}

/**
 * The public forms' spam checks for another module's form (the referral request): honeypot, signed
 * timed token and rate limit now; `spend` marks the token used inside the caller's transaction.
 */
export async function screenPublicForm(db: Db, config: Config, kind: FormKind, input: AntiSpamInput, ip: string, now = Date.now()) {
  const nonce = screen(config, kind, input, now);
  await limit(db, kind, ip);
  return { spend: (tx: Db) => spend(tx, nonce) };
}

/** Marks a token used inside the caller's transaction: a replayed token rolls the whole post back. */
async function spend(tx: Db, nonce: string) {
  const uses = await limits.hit(tx, `public:token:${nonce}`, FORM_MAX_AGE_MS);
  if (uses > 1) throw badRequest(FORM_MESSAGES.replayed, { formToken: FORM_MESSAGES.replayed });
}

/* ------------------------------------------------------------------ staff mail */

/** Header-safe one-line text for a mail subject. */
const oneLine = (s: string, max = 120) => s.replace(/\p{Cc}+|\s+/gu, " ").trim().slice(0, max);

const block = (rows: [string, string | undefined][]) =>
  rows
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");

/* ------------------------------------------------------------------ submissions */

interface Meta {
  ip: string;
  now?: number;
}

/**
 * A public form's submission: the spam screen and the rate limit, then in one transaction the form's
 * nonce spent, its row saved and staff mailed, the row's reference (`C-12`, `J-7`) in the mail.
 */
async function submitForm(
  db: Db,
  config: Config,
  form: { kind: FormKind; input: AntiSpamInput; meta: Meta; prefix: string },
  save: (tx: DbOrTx) => Promise<number>,
  mail: (reference: string) => Omit<OutgoingMail, "to">,
) {
  const nonce = screen(config, form.kind, form.input, form.meta.now ?? Date.now());
  await limit(db, form.kind, form.meta.ip);
  const id = await db.transaction(async (tx) => {
    await spend(tx as unknown as Db, nonce);
    const rowId = await save(tx);
    await enqueueMail(tx, config, { to: config.staffEmail, ...mail(`${form.prefix}-${rowId}`) });
    return rowId;
  });
  return { ok: true as const, reference: `${form.prefix}-${id}` };
}

export async function submitContact(db: Db, config: Config, input: ContactFields & AntiSpamInput, meta: Meta) {
  return submitForm(
    db,
    config,
    { kind: "contact", input, meta, prefix: "C" },
    (tx) =>
      insertContactMessage(tx, {
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        company: input.company ?? null,
        subject: input.subject,
        message: input.message,
        ip: meta.ip,
      }),
    // Plain text only: whatever the sender typed reaches staff as text, never as markup.
    (reference) => ({
      kind: "contact-message",
      subject: `[${config.brandName} contact ${reference}] ${oneLine(input.subject)}`,
      text:
        `A message came in through the contact form on ${config.publicUrl}/Contact.\n\n` +
        block([
          ["Reference", reference],
          ["Name", input.name],
          ["E-mail", input.email],
          ["Phone", input.phone],
          ["Company", input.company],
          ["Subject", input.subject],
        ]) +
        `\n\nMessage:\n${input.message}\n\n` +
        `Reply to ${input.email} directly; this address does not receive replies.\n`,
    }),
  );
}

export interface Opening {
  id: string;
  title: string;
  department: string;
  location: string;
  type: string;
  summary: string;
  responsibilities: string[];
}

/** The openings listed on the careers page (content/pages/careers.md front matter). */
export function openings(content: ContentService): Opening[] {
  const list = content.page("careers")?.meta.openings;
  if (!Array.isArray(list)) return [];
  return list
    .filter((o): o is Record<string, unknown> => !!o && typeof o === "object" && typeof (o as { id?: unknown }).id === "string")
    .map((o) => ({
      id: String(o.id),
      title: String(o.title ?? o.id),
      department: String(o.department ?? ""),
      location: String(o.location ?? ""),
      type: String(o.type ?? ""),
      summary: String(o.summary ?? ""),
      responsibilities: Array.isArray(o.responsibilities) ? o.responsibilities.map(String) : [],
    }));
}

export async function submitApplication(
  db: Db,
  config: Config,
  content: ContentService,
  openingId: string,
  input: ApplicationFields & AntiSpamInput,
  meta: Meta,
) {
  const opening = openings(content).find((o) => o.id.toLowerCase() === openingId.toLowerCase());
  if (!opening) throw notFound("This opening is no longer listed. Please choose another one on the careers page.");
  return submitForm(
    db,
    config,
    { kind: "apply", input, meta, prefix: "J" },
    (tx) =>
      insertJobApplication(tx, {
        openingId: opening.id,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        coverLetter: input.coverLetter,
        ip: meta.ip,
      }),
    (reference) => ({
      kind: "job-application",
      subject: `[${config.brandName} application ${reference}] ${oneLine(opening.title)}: ${oneLine(input.name, 80)}`,
      text:
        `An application came in through the careers page on ${config.publicUrl}/Careers.\n\n` +
        block([
          ["Reference", reference],
          ["Opening", `${opening.title} (${opening.id})`],
          ["Name", input.name],
          ["E-mail", input.email],
          ["Phone", input.phone],
        ]) +
        `\n\nAbout themselves:\n${input.coverLetter}\n\n` +
        `Reply to ${input.email} directly; this address does not receive replies.\n`,
    }),
  );
}
