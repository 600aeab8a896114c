// A cart save is optimistic first (engine.ts): it reads the offers without locking them, and the
// never-oversold check at its COMMIT refuses holds that no longer fit; the save then runs again with
// the offers locked. Only PostgreSQL has concurrent transactions to lose such a race (PGlite runs one
// at a time), so this runs on PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, committed, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { lockChosenOfferLines } from "../catalog/index.ts";
import { cartSaveFigures } from "./engine.ts";

describe.runIf(!!process.env.DATABASE_URL)("an optimistic cart save that loses the race", () => {
  let t: TestApp;
  let rival: pg.Client;
  beforeAll(async () => {
    t = await buildTestApp();
    rival = new pg.Client({ connectionString: t.database.url });
    await rival.connect();
  });
  afterAll(async () => {
    await rival?.end();
    await t?.close();
  });

  /** Waits until a connection of the app waits for a row lock (within 10 s). */
  async function someoneWaitsForALock() {
    for (let i = 0; i < 200; i++) {
      const r = await rival.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
      );
      if (r.rows[0]!.n > 0) return;
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error("no connection waited for a lock");
  }

  it("does not lock the offer while it works, is refused at COMMIT when another cart took the stock meanwhile, and saves again with what is left", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const {
      offerLines: [ol],
      products: [p],
    } = await offer(t.db, [a.customerId, b.customerId], { line: { originalQuantity: 10 } });
    const hold = (c: typeof a, quantity: number) => c.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity }] });
    expect((await hold(b, 1)).statusCode).toBe(200);

    // Another transaction takes the line's lock and raises B's hold to 9, not yet committed: A's save
    // reads 9 free (10 - B's committed 1), holds 5, and its COMMIT's check waits for the line's lock.
    await rival.query("begin");
    await rival.query("select id from offer_lines where id = $1 for no key update", [ol!.id]);
    await rival.query("update holds set quantity = 9 where offer_line_id = $1", [ol!.id]);
    const before = { ...cartSaveFigures };
    const saving = hold(a, 5);
    // A saved with the line locked from the start would wait at its choice of offers instead, and
    // then read B's 9: no race lost, nothing run again.
    await someoneWaitsForALock();
    await rival.query("commit");

    const res = await saving;
    expect(res.statusCode).toBe(200);
    // Run again with the offer locked: 1 left to hold, the other 4 pending.
    expect(res.json().items[0]).toMatchObject({ quantity: 5, quantityConfirmed: 1, quantityPending: 4 });
    expect(cartSaveFigures.optimistic - before.optimistic).toBe(1);
    expect(cartSaveFigures.lockedAgain - before.lockedAgain).toBe(1);
    expect(await committed(t.db, ol!.id)).toEqual({ original: 10, ordered: 0, held: 10 });
  });

  it("a save run with the offers locked reads their holds after the locks: it sees the holds of the transactions it waited for", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const {
      offerLines: [ol],
      products: [p],
    } = await offer(t.db, [a.customerId, b.customerId], { line: { originalQuantity: 10 } });
    expect((await b.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 1 }] })).statusCode).toBe(200);
    await rival.query("begin");
    await rival.query("select id from offer_lines where id = $1 for no key update", [ol!.id]);
    await rival.query("update holds set quantity = 9 where offer_line_id = $1", [ol!.id]);
    // The statement's own snapshot was taken before the wait and holds B's 1: the holds come from offer_line_hold_sums.
    const choosing = t.db.transaction((tx) => lockChosenOfferLines(tx, { customerId: a.customerId, kind: "wholesale" }, tomorrow(), [p!.productId], 0, true));
    await someoneWaitsForALock();
    await rival.query("commit");
    const chosen = await choosing;
    expect(chosen.offers.get(p!.productId)?.ol.id).toBe(ol!.id);
    expect(chosen.holds.others.get(ol!.id)).toBe(9);
  });

  it("runs again with the offers locked when an offer it read was deleted before its write, and answers without it", async () => {
    const a = await buyer(t);
    const {
      offerLines: [gone, kept],
      products: [p1, p2],
    } = await offer(t.db, [a.customerId], { count: 2, line: { originalQuantity: 10 } });
    // The supply desk deletes a line, not yet committed: A's read still sees it, its write waits for
    // the delete's lock in a foreign-key check, which then fails.
    await rival.query("begin");
    await rival.query("delete from offer_lines where id = $1", [gone!.id]);
    const before = { ...cartSaveFigures };
    const saving = a.save({ shipDate: tomorrow(), items: [{ productId: p1!.productId, quantity: 2 }, { productId: p2!.productId, quantity: 3 }] });
    await someoneWaitsForALock();
    await rival.query("commit");
    const res = await saving;
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({ productId: p2!.productId, quantity: 3, quantityConfirmed: 3 });
    expect(res.json().messages.map((m: { productId: string }) => m.productId)).toEqual([p1!.productId]);
    expect(cartSaveFigures.lockedAgain - before.lockedAgain).toBe(1);
    expect(await committed(t.db, kept!.id)).toEqual({ original: 10, ordered: 0, held: 3 });
  });

  it("saves in one attempt when nothing raced it", async () => {
    const a = await buyer(t);
    const {
      offerLines: [ol],
      products: [p],
    } = await offer(t.db, [a.customerId], { line: { originalQuantity: 10 } });
    const before = { ...cartSaveFigures };
    const res = await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 4 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ quantity: 4, quantityConfirmed: 4, quantityPending: 0 });
    expect(cartSaveFigures.lockedAgain - before.lockedAgain).toBe(0);
    expect(cartSaveFigures.optimistic - before.optimistic).toBe(1);
    expect(await committed(t.db, ol!.id)).toEqual({ original: 10, ordered: 0, held: 4 });
  });
});
