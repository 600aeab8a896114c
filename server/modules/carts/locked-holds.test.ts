// A wholesale save locks the offer lines it sells from and reads their holds in the same statement,
// after each line's lock (offer_line_hold_sums, migration 0029): a statement's own snapshot is taken
// before its lock waits, so a plain subquery would miss the holds of the transactions it waited for
// and the save would hold stock that is gone. Only PostgreSQL has concurrent transactions to wait for
// (PGlite runs one at a time), so this runs on PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { writesDuring } from "../../../tests/helpers/network-writes.ts";
import { rivalConnection, type Rival } from "../../../tests/helpers/rival.ts";
import { buyer, committed, offer, retailerBuyer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { lockChosenOfferLines } from "../catalog/index.ts";
import { openDatabase } from "../../../db/client.ts";
import { loadBuyer } from "../buyers/index.ts";
import { saveCart } from "../store/cart.ts";
import type { Cart } from "../../../contract/store.ts";
import { addDays, isoDateAt, specWeekday } from "../../../tests/factories/index.ts";

describe.runIf(!!process.env.DATABASE_URL)("a cart save's holds, read after its locks", () => {
  let t: TestApp;
  let rival: pg.Client;
  let watcher: Rival;
  beforeAll(async () => {
    t = await buildTestApp();
    watcher = await rivalConnection(t.database.url!);
    rival = watcher.client;
  });
  afterAll(async () => {
    await watcher?.end();
    await t?.close();
  });
  const someoneWaitsForALock = () => watcher.waitingForLocks(1);

  /** Two buyers and a line of 10 bunches; B holds 1. Another transaction then locks the line and raises B's hold to 9, not yet committed. */
  async function raceOnALine() {
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
    return { a, ol: ol!, p: p! };
  }

  it("the lock's statement reads the holds committed by the transaction it waited for", async () => {
    const { a, ol, p } = await raceOnALine();
    // The statement's snapshot holds B's 1; after the wait B holds 9.
    const choosing = t.db.transaction((tx) => lockChosenOfferLines(tx, { customerId: a.customerId, kind: "wholesale" }, tomorrow(), [p.productId], 0));
    await someoneWaitsForALock();
    await rival.query("commit");
    const chosen = await choosing;
    expect(chosen.offers.get(p.productId)?.ol.id).toBe(ol.id);
    expect(chosen.holds.others.get(ol.id)).toBe(9);
  });

  it("a save that names its date sends the offers' lock in the cart lock's write, and still keeps its own holds apart", async () => {
    const a = await buyer(t);
    const {
      offerLines: [ol],
      products: [p],
    } = await offer(t.db, [a.customerId], { line: { originalQuantity: 10 } });
    expect((await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 6 }] })).statusCode).toBe(200);
    // 6 held by this cart, 4 free: 8 can be held only if the statement that finds the cart by its
    // owner counts the 6 as the cart's own.
    const { result: res, writes } = await writesDuring(() => a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 8 }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ quantity: 8, quantityConfirmed: 8, quantityPending: 0 });
    expect(await committed(t.db, ol!.id)).toEqual({ original: 10, ordered: 0, held: 8 });
    const offersLock = writes.filter((w) => w.includes("offers_lock_"));
    expect(offersLock).toHaveLength(1);
    expect(offersLock[0]).toContain("cart_lock_");
    expect(offersLock[0]).toMatch(/BEGIN/);
    // The write that commits is the third statement's: two writes for the save's transaction.
    expect(writes.filter((w) => w.includes("cart_lock_") || w.includes("cart_write_"))).toHaveLength(2);

    // A save that leaves the date to the cart sends the lock first and chooses after its answer.
    const later = await writesDuring(() => a.save({ items: [{ productId: p!.productId, quantity: 7 }] }));
    expect(later.result.statusCode).toBe(200);
    expect(later.result.json().items[0]).toMatchObject({ quantity: 7, quantityConfirmed: 7 });
    const lockAlone = later.writes.filter((w) => w.includes("offers_lock_"));
    expect(lockAlone).toHaveLength(1);
    expect(lockAlone[0]).not.toContain("cart_lock_");
  });

  it("a retailer's save that names its pickup date is pipelined too, its own holds kept apart", async () => {
    const { api } = await retailerBuyer(t);
    const {
      offerLines: [ol],
      products: [p],
    } = await offer(t.db, [api.customerId], { line: { originalQuantity: 10 } });
    // A pickup day of the shop (Tuesday, Thursday or Friday), three days ahead or more.
    let pickup = addDays(isoDateAt(), 3);
    while (![3, 5, 6].includes(specWeekday(pickup))) pickup = addDays(pickup, 1);
    expect((await api.save({ receivingDate: pickup, items: [{ productId: p!.productId, quantity: 6 }] })).statusCode).toBe(200);
    const { result: res, writes } = await writesDuring(() => api.save({ receivingDate: pickup, items: [{ productId: p!.productId, quantity: 9 }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ quantity: 9, quantityConfirmed: 9 });
    expect(await committed(t.db, ol!.id)).toEqual({ original: 10, ordered: 0, held: 9 });
    expect(writes.filter((w) => w.includes("offers_lock_"))[0]).toContain("cart_lock_");
  });

  it("a save with a stale version answers 409 while another transaction holds its line, locking nothing and writing nothing", async () => {
    // The app's pool as production bounds it (DATABASE_LOCK_TIMEOUT_SECONDS), shortened: a save whose
    // offers' lock waited would fail with the lock timeout, not answer 409.
    const bounded = await openDatabase({ databaseUrl: t.database.url!, poolSize: 2, timeouts: { statementMs: 0, lockMs: 300, idleInTransactionMs: 0 } });
    try {
      const a = await buyer(t);
      const {
        offerLines: [ol],
        products: [p],
      } = await offer(t.db, [a.customerId], { line: { originalQuantity: 10 } });
      const first = await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }] });
      expect((await a.save({ version: first.json().version, shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 3 }] })).statusCode).toBe(200);
      const owner = { userId: a.userId, customerId: a.customerId, retailerId: 0 };
      const who = await loadBuyer(t.db, a.customerId, 0);
      await rival.query("begin");
      await rival.query("select id from offer_lines where id = $1 for no key update", [ol!.id]);
      try {
        const { result: stale, writes } = await writesDuring(() =>
          saveCart(bounded.db, t.config, owner, who, { version: first.json().version, shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 9 }] }).then(
            () => null,
            (e: { statusCode?: number; data?: Cart }) => e,
          ),
        );
        expect(stale?.statusCode).toBe(409);
        expect(stale?.data?.items[0]).toMatchObject({ productId: p!.productId, quantity: 3 });
        // The offers' lock still went out behind the cart's (the pipelined save), and chose nothing.
        expect(writes.find((w) => w.includes("offers_lock_"))).toContain("cart_lock_");
      } finally {
        await rival.query("rollback");
      }
      expect(await committed(t.db, ol!.id)).toEqual({ original: 10, ordered: 0, held: 3 });
    } finally {
      await bounded.close();
    }
  });

  it("a save that waited for the line holds only what is left after it", async () => {
    const { a, ol, p } = await raceOnALine();
    const saving = a.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 5 }] });
    await someoneWaitsForALock();
    await rival.query("commit");
    const res = await saving;
    expect(res.statusCode).toBe(200);
    // 1 left to hold, the other 4 pending; nothing oversold.
    expect(res.json().items[0]).toMatchObject({ quantity: 5, quantityConfirmed: 1, quantityPending: 4 });
    expect(await committed(t.db, ol.id)).toEqual({ original: 10, ordered: 0, held: 10 });
  });
});
