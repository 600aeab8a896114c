// The fresh list (issue 29 §2, docs/fresh-list.md): the next ship date's availability at the buyer's
// own prices, mailed once a day at the buyer's chosen New York time by the job runner, and the same
// list as CSV for any open date. Prices come from the store's Catalog/Products answer for the buyer
// (discount, specials, tiers), never re-derived here.
import { DateTime } from "luxon";
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { Product } from "../../../contract/store.ts";
import type { FreshListPreference, FreshListPreferenceBody } from "../../../contract/fresh-list.ts";
import { CUTOFF_TIMEZONE } from "../../../domain/constants.ts";
import { csvRow } from "../../../domain/csv.ts";
import { isClosedDay } from "../../../domain/closed-days.ts";
import { isoDateAt } from "../../../domain/dates.ts";
import { cutoffInstant, specWeekdayOfDate } from "../../../domain/ship-dates.ts";
import { dollarsToCents, formatMoney } from "../../../domain/money.ts";
import type { Config } from "../../config.ts";
import type { Grower } from "../../documents/pdf.ts";
import { badRequest } from "../../errors.ts";
import { audit } from "../audit/index.ts";
import { loadBuyer, type Buyer } from "../buyers/index.ts";
import { scheduleJob, type JobHandler } from "../jobs/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { catalogProducts, catalogsOn, nextShipDate, openDates } from "../store/index.ts";
import * as repo from "./repo.ts";
import type { FreshLine, FreshList } from "./types.ts";
import { freshListPdf } from "./pdf.ts";

export const FRESH_LIST_JOB = "fresh-list";
/** A line with this many units or fewer left is a "last chance" (as is a final product). */
export const LAST_CHANCE_QUANTITY = 10;
export const DEFAULT_SEND_MINUTE = 7 * 60;

export type { FreshLine, FreshList } from "./types.ts";

const minuteText = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const money = (dollars: number) => formatMoney(dollarsToCents(dollars));
const dateText = (iso: string) => DateTime.fromISO(iso, { zone: "UTC" }).toFormat("ccc, LLL d");

/**
 * The grower's cut-off for changes on a New York day: the customer's order cut-off of that day's
 * ship weekday (the latest when it has several), after which that ship date's orders are settled
 * and the next ship date's availability is what the list shows. Null when the day is not one of
 * the customer's ship days or its store is closed then (no cut-off to wait for).
 */
export function changesCloseAt(buyer: Pick<Buyer, "shipTimes" | "closed">, day: string): Date | null {
  if (isClosedDay(day, buyer.closed)) return null;
  const weekday = specWeekdayOfDate(day);
  let latest: number | null = null;
  for (const st of buyer.shipTimes) {
    if (st.weekday !== weekday) continue;
    const cut = cutoffInstant(day, st.cutoffShipTime)?.toMillis();
    if (cut !== undefined && (latest === null || cut > latest)) latest = cut;
  }
  return latest === null ? null : new Date(latest);
}

/** When a New York day's list goes: the chosen time, or the day's cut-off for changes when later. */
function sendTimeOn(day: DateTime, minute: number, buyer: Pick<Buyer, "shipTimes" | "closed"> | null): Date {
  const chosen = day.set({ hour: Math.floor(minute / 60), minute: minute % 60 }).toJSDate();
  const cut = buyer ? changesCloseAt(buyer, day.toISODate()!) : null;
  return cut && cut.getTime() > chosen.getTime() ? cut : chosen;
}

/**
 * The next send after `now`: the first New York day (today or tomorrow) whose send time (the later
 * of `minute`, minutes after midnight, and that day's cut-off for changes of the buyer, when given)
 * is still ahead.
 */
export function nextSendAt(minute: number, now: Date, buyer: Pick<Buyer, "shipTimes" | "closed"> | null = null): Date {
  const today = DateTime.fromJSDate(now, { zone: CUTOFF_TIMEZONE }).startOf("day");
  const at = sendTimeOn(today, minute, buyer);
  return at.getTime() > now.getTime() ? at : sendTimeOn(today.plus({ days: 1 }), minute, buyer);
}

function toLine(p: Product, previous: Set<string> | null): FreshLine {
  const tiers = [
    p.discountQuantity > 0 ? `${p.discountQuantity}+ at ${money(p.discountPrice)}` : "",
    p.discountQuantity2 > 0 ? `${p.discountQuantity2}+ at ${money(p.discountPrice2)}` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return {
    productId: p.productId,
    description: p.description,
    category: p.category,
    colour: p.colour,
    grade: p.grade,
    stemsPerBunch: p.stemsPerBunch,
    unitOfMeasure: p.unitOfMeasure,
    available: p.quantityRemaining,
    price: p.price,
    priceNoPail: p.priceNoPail,
    standardPrice: p.standardPrice,
    discountQuantity: p.discountQuantity,
    discountPrice: p.discountPrice,
    discountQuantity2: p.discountQuantity2,
    discountPrice2: p.discountPrice2,
    special: p.special,
    isFinalProduct: p.isFinalProduct,
    lastChance: p.isFinalProduct || p.quantityRemaining <= LAST_CHANCE_QUANTITY,
    newToday: previous !== null && !previous.has(p.productId),
    priceText: p.standardPrice > p.price ? `${money(p.price)} (was ${money(p.standardPrice)})` : money(p.price),
    tiers,
  };
}

/**
 * The list for a buyer and ship date: every product the store shows as orderable on that date
 * (showStore, stock left), from each catalog covering the date, at the buyer's prices.
 * `previous` (yesterday's products) marks the new ones; null marks none.
 */
export async function buildFreshList(
  db: Db,
  buyer: Buyer,
  userId: string,
  date: string | null,
  companyName: string,
  previous: string[] | null,
  now = new Date(),
): Promise<FreshList> {
  const lines: FreshLine[] = [];
  const seen = new Set<string>();
  const prev = previous ? new Set(previous) : null;
  if (date) {
    for (const catalog of await catalogsOn(db, buyer, date)) {
      const { entry } = await catalogProducts(db, { buyer, userId, catalogOrderId: catalog.orderId, date });
      const products = JSON.parse(entry!.json) as Product[];
      for (const p of products) {
        if (!p.showStore || p.quantityRemaining <= 0 || seen.has(p.productId)) continue;
        seen.add(p.productId);
        lines.push(toLine(p, prev));
      }
    }
  }
  lines.sort((a, b) => a.category.localeCompare(b.category) || a.description.localeCompare(b.description));
  return {
    customerId: buyer.customerId,
    companyName,
    shipDate: date,
    shipDateText: date ? dateText(date) : "no open ship date",
    asOfText: DateTime.fromJSDate(now, { zone: CUTOFF_TIMEZONE }).toFormat("ccc, LLL d, h:mm a"),
    lines,
  };
}

const CSV_HEADER = [
  "Ship Date",
  "Product ID",
  "Description",
  "Category",
  "Colour",
  "Grade",
  "Stems per Bunch",
  "Unit",
  "Available",
  "Price",
  "Price No Pail",
  "Standard Price",
  "Tier 1 Quantity",
  "Tier 1 Price",
  "Tier 2 Quantity",
  "Tier 2 Price",
  "Special",
  "Last Chance",
  "New Today",
];

/** The list as CSV (RFC 4180, formula-safe through domain/csv.ts). */
export function freshListCsv(list: FreshList): string {
  let out = csvRow(CSV_HEADER);
  for (const l of list.lines) {
    out += csvRow([
      list.shipDate,
      l.productId,
      l.description,
      l.category,
      l.colour,
      l.grade,
      l.stemsPerBunch,
      l.unitOfMeasure,
      l.available,
      l.price.toFixed(2),
      l.priceNoPail.toFixed(2),
      l.standardPrice.toFixed(2),
      l.discountQuantity,
      l.discountQuantity > 0 ? l.discountPrice.toFixed(2) : "",
      l.discountQuantity2,
      l.discountQuantity2 > 0 ? l.discountPrice2.toFixed(2) : "",
      l.special ? "Yes" : "No",
      l.lastChance ? "Yes" : "No",
      l.newToday ? "Yes" : "No",
    ]);
  }
  return out;
}

const companyNameOf = (db: DbOrTx, customerId: string) => repo.companyName(db, customerId);

/** The list of a download: any open date of the buyer's (400 otherwise). */
async function downloadList(db: Db, userId: string, customerId: string, date: string, now: Date): Promise<FreshList> {
  const buyer = await loadBuyer(db, customerId, 0);
  if (!openDates(buyer, now).includes(date)) {
    throw badRequest(`${date} is not an open ship date for this account.`, { date: "Choose an open ship date" });
  }
  return buildFreshList(db, buyer, userId, date, await companyNameOf(db, customerId), await repo.previousProducts(db, userId, isoDateAt(now)), now);
}

/** The CSV download: any open date of the buyer's (400 otherwise). */
export async function freshListCsvFor(db: Db, userId: string, customerId: string, date: string, now = new Date()) {
  const list = await downloadList(db, userId, customerId, date, now);
  return { filename: `fresh-list-${customerId}-${date}.csv`, csv: freshListCsv(list) };
}

/** The PDF download: the same lines as the CSV, drawn through `render` (the routes' render queue). */
export async function freshListPdfFor(
  db: Db,
  grower: Grower,
  ids: { userId: string; customerId: string; date: string },
  render: (draw: () => Promise<Buffer>) => Promise<Buffer>,
  now = new Date(),
) {
  const list = await downloadList(db, ids.userId, ids.customerId, ids.date, now);
  return { filename: `fresh-list-${ids.customerId}-${ids.date}.pdf`, pdf: await render(() => freshListPdf(grower, list)) };
}

// ---- the preference ------------------------------------------------------------------------

export async function preferenceFor(db: DbOrTx, userId: string, now = new Date()): Promise<FreshListPreference> {
  const row = await repo.preferenceOf(db, userId);
  const minute = row?.sendMinute ?? DEFAULT_SEND_MINUTE;
  const at = row?.enabled ? nextSendAt(minute, now, await loadBuyer(db, row.customerId, 0)) : null;
  return { enabled: row?.enabled ?? false, time: minuteText(minute), nextSendAt: at?.toISOString() ?? null };
}

const jobKey = (userId: string, at: Date, minute: number) => `${FRESH_LIST_JOB}:${userId}:${isoDateAt(at)}:${minute}`;

/** Schedules the user's next send (nothing added when that job exists already). */
async function scheduleNext(db: DbOrTx, userId: string, customerId: string, minute: number, now: Date) {
  const runAt = nextSendAt(minute, now, await loadBuyer(db, customerId, 0));
  await scheduleJob(db, { kind: FRESH_LIST_JOB, key: jobKey(userId, runAt, minute), payload: { userId, minute }, runAt, maxAttempts: 3 });
}

/** Saves the buyer's choice (audited) and schedules the next send when on. */
export async function savePreference(
  db: Db,
  actor: { userId: string; actorUserId: string; ip?: string },
  customerId: string,
  body: FreshListPreferenceBody,
  now = new Date(),
): Promise<FreshListPreference> {
  const sendMinute = minuteOf(body.time);
  return db.transaction(async (tx) => {
    const before = await repo.preferenceOf(tx, actor.userId);
    await repo.upsertPreference(tx, { userId: actor.userId, customerId, enabled: body.enabled, sendMinute });
    if (body.enabled) await scheduleNext(tx, actor.userId, customerId, sendMinute, now);
    await audit(tx, {
      actorUserId: actor.actorUserId,
      action: "freshList.preference",
      targetUserId: actor.userId,
      ip: actor.ip,
      detail: {
        customerId,
        before: before ? { enabled: before.enabled, time: minuteText(before.sendMinute) } : null,
        after: { enabled: body.enabled, time: body.time },
      },
    });
    return preferenceFor(tx, actor.userId, now);
  });
}

// ---- the job -------------------------------------------------------------------------------

/**
 * Sends one user's list for today (New York), at most once a day whatever the number of jobs or
 * instances: the send row is inserted first in the job's transaction; a second sender waits on its
 * key and then finds it taken. Answers what it did.
 */
export async function sendFreshList(db: Db, config: Config, userId: string, now = new Date()): Promise<string> {
  const pref = await repo.preferenceOf(db, userId);
  if (!pref?.enabled) return "off";
  const contact = await repo.userContact(db, userId);
  if (!contact?.active) return "no active user";
  const day = isoDateAt(now);
  if (!(await repo.claimSend(db, { userId, day, customerId: pref.customerId }))) return `already sent ${day}`;
  const buyer = await loadBuyer(db, pref.customerId, 0);
  const shipDate = nextShipDate(buyer, now);
  const list = await buildFreshList(db, buyer, userId, shipDate, await companyNameOf(db, pref.customerId), await repo.previousProducts(db, userId, day), now);
  const csv = freshListCsv(list);
  await enqueueMail(db, config, {
    to: contact.email,
    subject: `Fresh list for ${list.shipDateText}: ${list.lines.length} products`,
    text: `${list.companyName}: ${list.lines.length} products for ${list.shipDateText}.\n\n${list.lines
      .map((l) => `${l.description} — ${l.available} available — ${l.priceText}${l.newToday ? " (new today)" : ""}${l.lastChance ? " (last chance)" : ""}`)
      .join("\n")}\n`,
    // react-email (with the syntax highlighter its components bring) is loaded with the first mail.
    html: await (await import("./mail.tsx")).renderFreshListMail(list, contact.firstName),
    kind: FRESH_LIST_JOB,
    attachments: [{ filename: `fresh-list-${pref.customerId}-${shipDate ?? day}.csv`, contentType: "text/csv", contentBase64: Buffer.from(csv).toString("base64") }],
  });
  await repo.completeSend(db, userId, day, shipDate, list.lines.map((l) => l.productId));
  return `sent ${list.lines.length} lines for ${shipDate ?? "no date"}`;
}

/** The job: a send when the user still wants it at this minute, then tomorrow's job. */
export const freshListJob: JobHandler = async (payload, { db, config, now }) => {
  const userId = String(payload.userId);
  const minute = Number(payload.minute);
  const pref = await repo.preferenceOf(db, userId);
  // The preference changed since this job was scheduled: its own save scheduled the right one.
  if (!pref?.enabled || pref.sendMinute !== minute) return "preference changed";
  // Never before today's cut-off for changes (the customer's ship times may have moved it since
  // this job was scheduled): then a job at the cut-off sends it.
  const today = DateTime.fromJSDate(now, { zone: CUTOFF_TIMEZONE }).startOf("day");
  const due = sendTimeOn(today, minute, await loadBuyer(db, pref.customerId, 0));
  if (due.getTime() > now.getTime()) {
    await scheduleJob(db, { kind: FRESH_LIST_JOB, key: `${jobKey(userId, due, minute)}:${due.getTime()}`, payload: { userId, minute }, runAt: due, maxAttempts: 3 });
    return `held until the cut-off at ${due.toISOString()}`;
  }
  const result = await sendFreshList(db, config, userId, now);
  await scheduleNext(db, userId, pref.customerId, minute, now);
  return result;
};
