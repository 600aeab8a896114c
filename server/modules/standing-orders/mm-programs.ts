// Mass-market standing programs (docs/domain-mm.md "Standing programs"): the standing orders'
// engine (its table, scheduling and job) with the MM store's cart: several ship weekdays, a shelf
// label per line, the boxed choice and a pause range. The owner is the MM cart's: the signed-in user
// (a MassMarket buyer, or staff acting for the customer) and the customer.
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { MmProgram, MmProgramBody } from "../../../contract/mm-programs.ts";
import { notShipDayMessage, standingWeekdays } from "../../../domain/standing-orders.ts";
import type { Config } from "../../config.ts";
import { badRequest, notFound } from "../../errors.ts";
import { loadBuyer, type Buyer } from "../buyers/index.ts";
import { assertMassMarket } from "../mm/index.ts";
import * as repo from "./repo.ts";
import type { Owner, StandingOrderRow } from "./repo.ts";
import { lastRunDate, scheduleNext } from "./service.ts";

export const PROGRAM_NOT_FOUND_MESSAGE = "Standing program not found.";

async function toView(db: DbOrTx, rows: StandingOrderRow[]): Promise<MmProgram[]> {
  const lines = await repo.mmLinesOf(db, rows.map((r) => r.id));
  return rows.map((so) => ({
    id: so.id,
    name: so.name,
    weekdays: so.weekdays?.length ? so.weekdays : [so.weekday],
    mode: so.mode,
    boxed: so.boxed,
    paused: so.paused,
    pausedFrom: so.pausedFrom,
    pausedUntil: so.pausedUntil,
    lines: lines
      .filter((l) => l.standingOrderId === so.id)
      .map((l) => ({
        productId: l.productId,
        description: l.description ?? l.productId,
        quantity: l.quantity,
        barcodeNumber: l.barcodeNumber,
        barcodeTop: l.barcodeTop,
        barcodeLeft: l.barcodeLeft,
        barcodeBottom: l.barcodeBottom,
      })),
    nextShipDate: so.nextShipDate,
    nextRunAt: so.nextRunAt ? so.nextRunAt.toISOString() : null,
    lastRunAt: so.lastRunAt ? so.lastRunAt.toISOString() : null,
    lastResult: so.lastResult,
  }));
}

async function mmBuyer(db: Db, owner: Owner): Promise<Buyer> {
  const buyer = await loadBuyer(db, owner.customerId, 0);
  assertMassMarket(buyer);
  return buyer;
}

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === "" ? null : v.trim());

/** Checks a program against the customer (its ship weekdays, active bouquets); repeated bouquets are summed, the first label kept. */
async function validate(db: DbOrTx, buyer: Buyer, body: MmProgramBody) {
  const allowed = standingWeekdays(buyer);
  const weekdays = [...new Set(body.weekdays)].sort((a, b) => a - b);
  const refused = weekdays.find((d) => !allowed.includes(d));
  if (refused !== undefined) throw badRequest(notShipDayMessage(refused), { weekdays: notShipDayMessage(refused) });
  const merged = new Map<string, MmProgramBody["lines"][number] & { index: number }>();
  body.lines.forEach((l, index) => {
    const had = merged.get(l.productId);
    merged.set(l.productId, had ? { ...had, quantity: had.quantity + l.quantity } : { ...l, index });
  });
  const known = await repo.activeMmProductIds(db, [...merged.keys()]);
  const unknown = [...merged.values()].find((l) => !known.has(l.productId));
  if (unknown) throw badRequest(`Unknown bouquet ${unknown.productId}.`, { [`lines.${unknown.index}.productId`]: "Unknown bouquet" });
  const lines = [...merged.values()].map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    barcodeNumber: blank(l.barcodeNumber),
    barcodeTop: blank(l.barcodeTop),
    barcodeLeft: blank(l.barcodeLeft),
    barcodeBottom: blank(l.barcodeBottom),
  }));
  return { weekdays, lines };
}

const fields = (body: MmProgramBody, weekdays: number[]) => ({
  name: body.name,
  weekday: weekdays[0]!,
  weekdays,
  mode: body.mode,
  boxed: body.boxed ?? null,
  pausedFrom: body.pausedFrom ?? null,
  pausedUntil: body.pausedUntil ?? null,
});

export async function listMmPrograms(db: Db, owner: Owner): Promise<MmProgram[]> {
  await mmBuyer(db, owner);
  return toView(db, await repo.standingOrdersOf(db, owner, "mm"));
}

export async function createMmProgram(db: Db, config: Config, owner: Owner, body: MmProgramBody, now = new Date()): Promise<MmProgram> {
  const buyer = await mmBuyer(db, owner);
  const { weekdays, lines } = await validate(db, buyer, body);
  return db.transaction(async (tx) => {
    const so = await repo.insertStandingOrder(tx, { ...owner, store: "mm", paused: body.paused ?? false, ...fields(body, weekdays) });
    await repo.replaceLines(tx, so.id, lines);
    await scheduleNext(tx, config, so, buyer, now, null);
    return (await toView(tx, [(await repo.standingOrderById(tx, so.id))!]))[0]!;
  });
}

export async function updateMmProgram(db: Db, config: Config, owner: Owner, id: number, body: MmProgramBody, now = new Date()): Promise<MmProgram> {
  const buyer = await mmBuyer(db, owner);
  const { weekdays, lines } = await validate(db, buyer, body);
  return db.transaction(async (tx) => {
    const current = await repo.ownStandingOrder(tx, owner, id, true, "mm");
    if (!current) throw notFound(PROGRAM_NOT_FOUND_MESSAGE);
    await repo.updateStandingOrder(tx, id, { ...fields(body, weekdays), paused: body.paused ?? current.paused, version: current.version + 1 });
    await repo.replaceLines(tx, id, lines);
    const updated = (await repo.standingOrderById(tx, id))!;
    // A run already made for a date stays made: the new version starts after it.
    await scheduleNext(tx, config, updated, buyer, now, updated.lastRunAt ? lastRunDate(updated) : null);
    return (await toView(tx, [(await repo.standingOrderById(tx, id))!]))[0]!;
  });
}

export async function deleteMmProgram(db: Db, owner: Owner, id: number): Promise<void> {
  await mmBuyer(db, owner);
  await db.transaction(async (tx) => {
    if (!(await repo.ownStandingOrder(tx, owner, id, true, "mm"))) throw notFound(PROGRAM_NOT_FOUND_MESSAGE);
    // Its scheduled job finds the program gone and does nothing.
    await repo.deleteStandingOrder(tx, id);
  });
}
