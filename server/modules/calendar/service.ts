// The calendar desk (docs/domain-supply.md "Calendar"): staff close dates per store (one by one or the
// year's US holidays). Every change is one transaction and one audit entry; the table's trigger tells
// every instance (topic "calendar"), so open stores stop offering a closed date at once. The desk's
// customers' ship weekdays and retailers' pickup days are the buyers module's rows, set by its
// calendar desk (server/modules/buyers/calendar-desk.ts) with this desk's actor and audit entry.
import type { Db } from "../../../db/client.ts";
import { addDays, isoDateAt } from "../../../domain/dates.ts";
import { CLOSED_STORE_NAMES, cleanReason, longDate, usHolidays, type ClosedStore } from "../../../domain/closed-days.ts";
import { badRequest, notFound } from "../../errors.ts";
import type { AuthContext } from "../../plugins/auth-context.ts";
import { audit } from "../audit/index.ts";
import * as repo from "./repo.ts";

export interface Actor {
  auth: AuthContext;
  ip?: string;
}

/** One audit entry of the calendar desk, by the signed-in staff member (and whom they act as). */
export async function record(db: Parameters<typeof audit>[0], actor: Actor, action: string, detail: Record<string, unknown>) {
  const { auth } = actor;
  await audit(db, {
    actorUserId: auth.originalUserId ?? auth.user.id,
    action,
    ip: actor.ip,
    detail: { ...detail, ...(auth.originalUserId ? { asUserId: auth.user.id } : {}) },
  });
}

type Store = ClosedStore;
const asDay = (r: repo.ClosedDayRow) => ({ date: r.date, store: r.store as Store, reason: r.reason });
const CALENDAR_LIST_DAYS = 800;

/** Closed days from `from` (default: a month ago) to `to` (default: a year after `from`). */
export async function listClosedDays(db: Db, q: { from?: string; to?: string }, now = new Date()) {
  const from = q.from ?? addDays(isoDateAt(now), -31);
  const to = q.to ?? addDays(from, 400);
  if (to < from) throw badRequest("The last date is before the first.", { to: "Must not be before the first date" });
  if (to > addDays(from, CALENDAR_LIST_DAYS)) throw badRequest(`At most ${CALENDAR_LIST_DAYS} days at a time.`, { to: `At most ${CALENDAR_LIST_DAYS} days after the first date` });
  return { days: (await repo.closedDaysBetween(db, from, to)).map(asDay) };
}

const storeWords = (stores: Store[]) => stores.map((s) => CLOSED_STORE_NAMES[s]).join(" and ");

async function close(db: Db, actor: Actor, wanted: repo.ClosedDayRow[], action: string, summary: string) {
  return db.transaction(async (tx) => {
    const added = (await repo.insertClosedDays(tx, wanted, actor.auth.originalUserId ?? actor.auth.user.id)).map(asDay);
    const key = (d: { date: string; store: string }) => `${d.date}|${d.store}`;
    const addedKeys = new Set(added.map(key));
    const alreadyClosed = wanted.filter((w) => !addedKeys.has(key(w))).map(asDay);
    if (added.length) await record(tx, actor, action, { summary, added, alreadyClosed: alreadyClosed.length ? alreadyClosed : undefined });
    return { added, alreadyClosed };
  });
}

export async function closeDay(db: Db, actor: Actor, body: { date: string; stores: Store[]; reason: string }) {
  const reason = cleanReason(body.reason);
  if (!reason) throw badRequest("Please give the reason buyers will see.", { reason: "This field is required" });
  const stores = [...new Set(body.stores)];
  const wanted = stores.map((store) => ({ date: body.date, store, reason }));
  return close(db, actor, wanted, "supply.calendar.close", `${longDate(body.date)} closed (${reason}): ${storeWords(stores)}`);
}

export async function closeHolidays(db: Db, actor: Actor, body: { year: number; stores: Store[] }) {
  const stores = [...new Set(body.stores)];
  const wanted = usHolidays(body.year).flatMap((h) => stores.map((store) => ({ date: h.date, store, reason: h.reason })));
  return close(db, actor, wanted, "supply.calendar.holidays", `US holidays of ${body.year} closed: ${storeWords(stores)}`);
}

export async function reopenDay(db: Db, actor: Actor, store: Store, date: string) {
  return db.transaction(async (tx) => {
    const removed = await repo.deleteClosedDay(tx, date, store);
    if (!removed) throw notFound(`${longDate(date)} is not closed in the ${CLOSED_STORE_NAMES[store].toLowerCase()}.`);
    await record(tx, actor, "supply.calendar.reopen", { summary: `${longDate(date)} open again (was closed: ${removed.reason}): ${CLOSED_STORE_NAMES[store]}`, removed: asDay(removed) });
    return asDay(removed);
  });
}
