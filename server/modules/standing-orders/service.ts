// Standing orders (docs/domain-orders.md "Standing orders"): a buyer's weekly template. Saving one
// schedules a job for the next week's date on its weekday, STANDING_ORDER_LEAD_HOURS before that ship
// date's cut-off. The job saves the lines into the buyer's cart through the store's own cart save
// (so holds, prices and the never-oversold invariant apply; what cannot be supplied is listed), or,
// when the buyer chose so and the cart is empty, places them as an order through the store's
// checkout; then it mails the buyer and schedules the week after.
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { StandingOrder, StandingOrderBody } from "../../../contract/standing-orders.ts";
import { formatMoney } from "../../../domain/money.ts";
import { cutoffInstant, specWeekdayOfDate } from "../../../domain/ship-dates.ts";
import {
  isPausedOn,
  mergeTemplateLines,
  nextOccurrence,
  notPickupDayMessage,
  notShipDayMessage,
  standingRunAt,
  standingWeekdays,
  weekdayName,
  type Occurrence,
} from "../../../domain/standing-orders.ts";
import type { Config } from "../../config.ts";
import { badRequest, HttpError, notFound } from "../../errors.ts";
import { loadBuyer, type Buyer } from "../buyers/index.ts";
import { scheduleJob, type JobHandler } from "../jobs/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { getCart, openDates, placeOrder, retailerShipDate, saveCart } from "../store/index.ts";
import { makeMmCartOrOrder, nothingAdded, type Outcome, type Run } from "./mm-job.ts";
import * as repo from "./repo.ts";
import type { Owner, StandingOrderRow } from "./repo.ts";

export const STANDING_ORDER_JOB = "standing-order.run";
export const NOT_FOUND_MESSAGE = "Standing order not found.";

// ---- dates ---------------------------------------------------------------------------------------

/** The buyer's open dates (ship dates, or a retailer's pickup dates) with their ship date and cut-off. */
export function occurrences(buyer: Buyer, now: Date): Occurrence[] {
  const result: Occurrence[] = [];
  for (const date of openDates(buyer, now, 21)) {
    const shipDate = buyer.retailerId > 0 ? retailerShipDate(buyer, date, now) : date;
    if (!shipDate) continue;
    const weekday = specWeekdayOfDate(shipDate);
    const time = buyer.shipTimes.find((s) => s.weekday === weekday);
    const cutoff = time ? cutoffInstant(shipDate, time.cutoffShipTime) : null;
    if (cutoff) result.push({ date, shipDate, cutoffAt: cutoff.toJSDate() });
  }
  return result;
}

/**
 * Schedules the next run of a standing order (after `after`, the date already run) and stores when it
 * is; a paused order, or one whose weekday has no open date now, has none.
 */
export async function scheduleNext(db: DbOrTx, config: Config, so: StandingOrderRow, buyer: Buyer, now: Date, after: string | null) {
  const next = so.paused ? null : nextOccurrence(occurrences(buyer, now), so.weekdays?.length ? so.weekdays : so.weekday, now, after, so);
  if (!next) {
    await repo.updateStandingOrder(db, so.id, { nextShipDate: null, nextPickupDate: null, nextRunAt: null });
    return;
  }
  const runAt = standingRunAt(next.cutoffAt, config.standingOrderLeadMs, now);
  await repo.updateStandingOrder(db, so.id, {
    nextShipDate: next.shipDate,
    nextPickupDate: buyer.retailerId > 0 ? next.date : null,
    nextRunAt: runAt,
  });
  await scheduleJob(db, {
    kind: STANDING_ORDER_JOB,
    // One job per version of the template and date: an edit schedules anew; the old job finds its
    // version outdated and does nothing.
    key: `${STANDING_ORDER_JOB}:${so.id}:${so.version}:${next.date}`,
    payload: { standingOrderId: so.id, version: so.version, date: next.date, shipDate: next.shipDate },
    runAt,
    maxAttempts: 3,
  });
}

// ---- the buyer's calls -----------------------------------------------------------------------------

async function toView(db: DbOrTx, rows: StandingOrderRow[]): Promise<StandingOrder[]> {
  const lines = await repo.linesOf(db, rows.map((r) => r.id));
  return rows.map((so) => ({
    id: so.id,
    name: so.name,
    weekday: so.weekday,
    mode: so.mode,
    paused: so.paused,
    lines: lines.filter((l) => l.standingOrderId === so.id).map((l) => ({ productId: l.productId, description: l.description ?? l.productId, quantity: l.quantity })),
    nextShipDate: so.nextShipDate,
    nextPickupDate: so.nextPickupDate,
    nextRunAt: so.nextRunAt ? so.nextRunAt.toISOString() : null,
    lastRunAt: so.lastRunAt ? so.lastRunAt.toISOString() : null,
    lastResult: so.lastResult,
  }));
}

export async function listStandingOrders(db: Db, owner: Owner): Promise<StandingOrder[]> {
  return toView(db, await repo.standingOrdersOf(db, owner));
}

/** Checks a template against the buyer: a weekday it can order for, products that exist. */
async function validate(db: DbOrTx, buyer: Buyer, body: StandingOrderBody) {
  if (!standingWeekdays(buyer).includes(body.weekday)) {
    const message = buyer.retailerId > 0 ? notPickupDayMessage(body.weekday) : notShipDayMessage(body.weekday);
    throw badRequest(message, { weekday: message });
  }
  const lines = mergeTemplateLines(body.lines);
  const known = await repo.activeProductIds(db, lines.map((l) => l.productId));
  const unknown = lines.findIndex((l) => !known.has(l.productId));
  if (unknown >= 0) {
    const index = body.lines.findIndex((l) => l.productId === lines[unknown]!.productId);
    throw badRequest(`Unknown product ${lines[unknown]!.productId}.`, { [`lines.${index}.productId`]: "Unknown product" });
  }
  return lines;
}

/**
 * `setBy`: the staff member or wholesaler user acting for the buyer (the session's impersonator), null
 * when the buyer itself writes. Kept with the version it wrote; orders the job places carry it.
 */
export async function createStandingOrder(db: Db, config: Config, owner: Owner, body: StandingOrderBody, setBy: string | null = null): Promise<StandingOrder> {
  const buyer = await loadBuyer(db, owner.customerId, owner.retailerId);
  const lines = await validate(db, buyer, body);
  return db.transaction(async (tx) => {
    const so = await repo.insertStandingOrder(tx, { ...owner, name: body.name, weekday: body.weekday, mode: body.mode, paused: body.paused ?? false, salesUserId: setBy });
    await repo.replaceLines(tx, so.id, lines);
    await scheduleNext(tx, config, so, buyer, new Date(), null);
    return (await toView(tx, [(await repo.standingOrderById(tx, so.id))!]))[0]!;
  });
}

export async function updateStandingOrder(db: Db, config: Config, owner: Owner, id: number, body: StandingOrderBody, setBy: string | null = null): Promise<StandingOrder> {
  const buyer = await loadBuyer(db, owner.customerId, owner.retailerId);
  const lines = await validate(db, buyer, body);
  return db.transaction(async (tx) => {
    const current = await repo.ownStandingOrder(tx, owner, id, true);
    if (!current) throw notFound(NOT_FOUND_MESSAGE);
    const version = current.version + 1;
    await repo.updateStandingOrder(tx, id, { name: body.name, weekday: body.weekday, mode: body.mode, paused: body.paused ?? current.paused, version, salesUserId: setBy });
    await repo.replaceLines(tx, id, lines);
    const updated = (await repo.standingOrderById(tx, id))!;
    // A run already made for a date stays made: the new version starts after it.
    await scheduleNext(tx, config, updated, buyer, new Date(), updated.lastRunAt ? lastRunDate(updated) : null);
    return (await toView(tx, [(await repo.standingOrderById(tx, id))!]))[0]!;
  });
}

export async function deleteStandingOrder(db: Db, owner: Owner, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repo.ownStandingOrder(tx, owner, id, true);
    if (!current) throw notFound(NOT_FOUND_MESSAGE);
    // Its scheduled job finds the order gone and does nothing.
    await repo.deleteStandingOrder(tx, id);
  });
}

/** The date of the last run, kept with its result ("2026-12-01: ..."). */
export function lastRunDate(so: StandingOrderRow): string | null {
  const m = /^(\d{4}-\d{2}-\d{2}):/.exec(so.lastResult ?? "");
  return m ? m[1]! : null;
}

// ---- the job ---------------------------------------------------------------------------------------

export const isClientError = (err: unknown): err is HttpError => err instanceof HttpError && err.statusCode < 500;

export const standingOrderJob: JobHandler = async (payload, { db, config, now }) => {
  const id = Number(payload.standingOrderId);
  const date = String(payload.date);
  const so = await repo.standingOrderById(db, id, true);
  if (!so) return "skipped: the standing order was deleted";
  if (so.version !== Number(payload.version)) return "skipped: the standing order was changed since";
  if (so.paused) return "skipped: paused";
  const owner: Owner = { userId: so.userId, customerId: so.customerId, retailerId: so.retailerId };
  let buyer: Buyer;
  try {
    buyer = await loadBuyer(db, so.customerId, so.retailerId);
  } catch (err) {
    if (isClientError(err)) return `skipped: ${err.message}`;
    throw err;
  }
  if (isPausedOn(date, so)) {
    await scheduleNext(db, config, so, buyer, now, date);
    return `skipped: paused from ${so.pausedFrom ?? "…"} until ${so.pausedUntil ?? "…"}`;
  }
  let outcome: Outcome;
  if (so.store === "mm") {
    const lines = (await repo.mmLinesOf(db, [so.id])).filter((l) => l.active);
    outcome = await makeMmCartOrOrder({ db, config, so, owner, buyer, date }, lines, now);
  } else {
    const lines = (await repo.linesOf(db, [so.id])).filter((l) => l.active);
    outcome = await makeCartOrOrder({ db, config, so, owner, buyer, date }, lines);
  }
  await repo.updateStandingOrder(db, so.id, { lastRunAt: now, lastResult: `${date}: ${outcome.summary}` });
  await mailOutcome(db, config, so, outcome, date);
  await scheduleNext(db, config, so, buyer, now, date);
  return outcome.summary;
};

async function makeCartOrOrder({ db, config, so, owner, buyer, date }: Run, lines: { productId: string; quantity: number; description: string | null }[]): Promise<Outcome> {
  if (!lines.length) return nothingAdded("nothing to order: none of its products is sold any more");
  const cart = await getCart(db, owner, buyer);
  const cartDate = buyer.retailerId > 0 ? cart.receivingDate : cart.shipDate;
  if (cart.items.length && cartDate !== date) return nothingAdded(`not added: your cart holds an order for ${cartDate ?? "another date"}; check it out or empty it first`);
  const quantities = new Map(cart.items.map((i) => [i.productId, i.quantity]));
  for (const l of lines) quantities.set(l.productId, (quantities.get(l.productId) ?? 0) + l.quantity);
  const body = {
    ...(buyer.retailerId > 0 ? { receivingDate: date } : { shipDate: date }),
    items: [...quantities].map(([productId, quantity]) => ({ productId, quantity })),
  };
  let saved;
  try {
    saved = await saveCart(db, config, owner, buyer, body);
  } catch (err) {
    if (isClientError(err)) return nothingAdded(`not added: ${err.message}`);
    throw err;
  }
  const notes = [
    ...(saved.messages ?? []).map((m) => `${m.description ?? m.productId}: ${m.message}`),
    ...saved.items.filter((i) => i.quantityPending > 0).map((i) => `${i.description}: ${i.quantityPending} of ${i.quantity} bunches pending (not available now)`),
  ];
  const offered = saved.items.length;
  if (!offered) return { summary: "nothing offered for this date", notes, totalCents: null, orderNumber: null };
  if (so.mode === "order" && !cart.items.length) {
    try {
      const order = await placeOrder(db, {
        owner,
        buyer,
        userId: owner.userId,
        // Who set the standing order up while acting for the buyer (null: the buyer itself).
        salesUserId: so.salesUserId,
        idempotencyKey: `standing-order:${so.id}:${date}`,
        config,
      });
      return { summary: `order ${order.orderNumber} placed, ${offered} lines${notes.length ? `, ${notes.length} to note` : ""}`, notes, totalCents: Math.round(order.total * 100), orderNumber: order.orderNumber };
    } catch (err) {
      if (!isClientError(err)) throw err;
      notes.push(`The order could not be placed: ${err.message} The lines are in your cart.`);
    }
  }
  return { summary: `cart saved, ${offered} lines${notes.length ? `, ${notes.length} to note` : ""}`, notes, totalCents: Math.round(saved.subtotal * 100), orderNumber: null };
}

async function mailOutcome(db: DbOrTx, config: Config, so: StandingOrderRow, outcome: Outcome, date: string) {
  const to = await repo.userContact(db, so.userId);
  if (!to) return;
  const noun = so.store === "mm" ? "Standing program" : "Standing order";
  const what = outcome.orderNumber
    ? `placed order ${outcome.orderNumber} for ${date}`
    : outcome.totalCents !== null
      ? `put its lines in your cart for ${date}`
      : `could not make a cart for ${date}`;
  await enqueueMail(db, config, {
    to: to.email,
    kind: "standing-order",
    subject: `${noun} "${so.name}": ${outcome.orderNumber ? `order ${outcome.orderNumber} placed` : outcome.totalCents !== null ? "your cart is ready" : "nothing added"}`,
    text: [
      `Dear ${to.firstName || "customer"},`,
      "",
      `your ${noun.toLowerCase()} "${so.name}" (${(so.weekdays?.length ? so.weekdays : [so.weekday]).map(weekdayName).join(", ")}) ${what}.`,
      ...(outcome.totalCents !== null ? [`${outcome.orderNumber ? "Total" : "Subtotal"}: ${formatMoney(outcome.totalCents)}`] : [`Reason: ${outcome.summary}`]),
      ...(outcome.notes.length ? ["", "Please note:", ...outcome.notes.map((n) => `  - ${n}`)] : []),
      ...(outcome.orderNumber
        ? ["", `See the order at ${config.publicUrl}${so.store === "mm" ? "/MM" : ""}/Orders/${outcome.orderNumber}`]
        : outcome.totalCents !== null
          ? ["", `Please review and check out before the cut-off: ${config.publicUrl}${so.store === "mm" ? "/MM/Store/checkout" : "/store/checkout"}`]
          : []),
      "",
      config.brandName,
    ].join("\n"),
  });
}
