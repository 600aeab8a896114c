// Statement counts of the store's writes (issue 14 "Writes lean"): counted at the real driver, BEGIN
// and COMMIT included. A count, not a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { like } from "drizzle-orm";
import { cartLines, carts, holds, jobs } from "../../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, committed, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { countStatements } from "../../../tests/helpers/statement-count.ts";
import { writesDuring } from "../../../tests/helpers/network-writes.ts";
import { preparedNames } from "../../../db/prepared.ts";
import { loadBuyer } from "../buyers/index.ts";
import { saveCart } from "./cart.ts";
import { placeOrder } from "./checkout.ts";
import { HOLD_REMINDER_JOB } from "./reminders.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

/** What `fn` answers, with the statements it sent. */
async function counted<T>(fn: () => Promise<T>) {
  const counter = countStatements(t.db);
  try {
    const result = await fn();
    return { result, count: counter.count, statements: [...counter.statements] };
  } finally {
    counter.stop();
  }
}

/** A buyer with an offer of `n` lines (`original` bunches each), and its save and place calls counted. */
async function setUp(n: number, original = 40) {
  const a = await buyer(t);
  const { offerLines: ols, products: ps } = await offer(t.db, [a.customerId], { count: n, line: { originalQuantity: original } });
  const owner = { userId: a.userId, customerId: a.customerId, retailerId: 0 };
  const b = await loadBuyer(t.db, a.customerId, 0);
  return {
    a,
    ols,
    ps,
    save: (items: { productId: string; quantity: number }[]) => counted(() => saveCart(t.db, t.config, owner, b, { shipDate: tomorrow(), items })),
    place: () => counted(() => placeOrder(t.db, { owner, buyer: b, userId: a.userId, salesUserId: null, config: t.config })),
  };
}

describe("a cart save", () => {
  it("saves 50 lines in at most 5 statements (the offers and their holds read in one), holding and pricing every line", async () => {
    const s = await setUp(50);
    const { result, count, statements } = await s.save(s.ps.map((p) => ({ productId: p.productId, quantity: 5 })));
    // BEGIN, lock the cart, lock the offer lines, read their holds, write, COMMIT: the hold-expiry
    // reminder job (docs/domain-orders.md "Mail") is written by the same write.
    expect(count, statements.join("\n")).toBeLessThanOrEqual(5);
    expect(result.items).toHaveLength(50);
    expect(result.items.every((i) => i.quantityConfirmed === 5 && i.quantityPending === 0)).toBe(true);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, s.a.userId));
    expect(await t.db.select().from(holds).where(eq(holds.cartId, cart!.id))).toHaveLength(50);
    const expiry = cart!.holdExpiresAt!;
    const [job] = await t.db.select().from(jobs).where(eq(jobs.key, `${HOLD_REMINDER_JOB}:${cart!.id}:${expiry.getTime()}`));
    expect(job).toMatchObject({ kind: HOLD_REMINDER_JOB, status: "queued", maxAttempts: 3, payload: { cartId: cart!.id, holdExpiresAt: expiry.toISOString() } });
    expect(job!.runAt).toEqual(new Date(expiry.getTime() - t.config.holdReminderMs));
    expect(await t.db.select().from(cartLines).where(eq(cartLines.cartId, cart!.id))).toHaveLength(50);
    // The answer built from what was written equals a fresh read.
    const read = (await s.a.cart()).json();
    expect(result).toEqual({ ...read, messages: [] });
  });

  it("changes, drops and adds lines of a 50-line cart in the same statements", async () => {
    const s = await setUp(60);
    await s.save(s.ps.slice(0, 50).map((p) => ({ productId: p.productId, quantity: 5 })));
    // 10 lines leave, 10 come in, the rest change quantity (some beyond the stock: pending).
    const { result, count } = await s.save(s.ps.slice(10, 60).map((p, i) => ({ productId: p.productId, quantity: i % 2 ? 45 : 3 })));
    expect(count).toBeLessThanOrEqual(5);
    expect(result.items.map((i) => i.productId)).toEqual(s.ps.slice(10, 60).map((p) => p.productId));
    expect(result.items.filter((i) => i.quantityPending === 5)).toHaveLength(25);
    for (const ol of s.ols.slice(0, 10)) expect(await committed(t.db, ol.id)).toEqual({ original: 40, ordered: 0, held: 0 });
    for (const ol of s.ols.slice(10, 60)) expect((await committed(t.db, ol.id)).held).toBeLessThanOrEqual(40);
  });

  it("schedules a reminder only when the save takes stock (a new expiry), once per expiry", async () => {
    const s = await setUp(3);
    const reminders = async () => {
      const [cart] = await t.db.select().from(carts).where(eq(carts.userId, s.a.userId));
      return t.db.select().from(jobs).where(like(jobs.key, `${HOLD_REMINDER_JOB}:${cart!.id}:%`));
    };
    await s.save(s.ps.map((p) => ({ productId: p.productId, quantity: 5 })));
    expect(await reminders()).toHaveLength(1);
    // Fewer bunches: no stock taken, the running expiry stays, no new job.
    await s.save(s.ps.map((p) => ({ productId: p.productId, quantity: 2 })));
    expect(await reminders()).toHaveLength(1);
    // More bunches: a new expiry and its own job.
    await s.save(s.ps.map((p) => ({ productId: p.productId, quantity: 9 })));
    expect(await reminders()).toHaveLength(2);
  });

  it("takes every value from its own call although each statement's text is built once", async () => {
    // Two buyers saved one after the other through the same statements (built on the first save):
    // each gets its own cart, lines, holds and reminder, the second with another reminder lead.
    const first = await setUp(2);
    const second = await setUp(3);
    await first.save(first.ps.map((p) => ({ productId: p.productId, quantity: 4 })));
    const owner = { userId: second.a.userId, customerId: second.a.customerId, retailerId: 0 };
    const config = { ...t.config, holdReminderMs: t.config.holdReminderMs + 60_000 };
    const saved = await saveCart(t.db, config, owner, await loadBuyer(t.db, second.a.customerId, 0), {
      shipDate: tomorrow(),
      items: second.ps.map((p, i) => ({ productId: p.productId, quantity: 1 + i })),
    });
    expect(saved.items.map((i) => [i.productId, i.quantity, i.quantityConfirmed])).toEqual(second.ps.map((p, i) => [p.productId, 1 + i, 1 + i]));
    for (const [i, ol] of second.ols.entries()) expect((await committed(t.db, ol.id)).held).toBe(1 + i);
    for (const ol of first.ols) expect((await committed(t.db, ol.id)).held).toBe(4);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, second.a.userId));
    const [job] = await t.db.select().from(jobs).where(like(jobs.key, `${HOLD_REMINDER_JOB}:${cart!.id}:%`));
    expect(job!.key).toBe(`${HOLD_REMINDER_JOB}:${cart!.id}:${cart!.holdExpiresAt!.getTime()}`);
    expect(job!.payload).toEqual({ cartId: cart!.id, holdExpiresAt: cart!.holdExpiresAt!.toISOString() });
    expect(job!.runAt).toEqual(new Date(cart!.holdExpiresAt!.getTime() - config.holdReminderMs));
  });

  it("costs the same number of statements for 1 line as for 50", async () => {
    const one = await setUp(1);
    const fifty = await setUp(50);
    const a = await one.save([{ productId: one.ps[0]!.productId, quantity: 2 }]);
    const b = await fifty.save(fifty.ps.map((p) => ({ productId: p.productId, quantity: 2 })));
    expect(b.count).toBe(a.count);
  });

  it("sends the same statement texts for 50 lines as for 1: the prepared statements do not multiply", async () => {
    const one = await setUp(1);
    const fifty = await setUp(50);
    await one.save([{ productId: one.ps[0]!.productId, quantity: 2 }]);
    const named = new Set(preparedNames());
    const bases = new Set([...named].map((n) => n.replace(/_[0-9a-f]+$/, "")));
    // The names are the process's (test files share it): that the holds are read with the offers, not
    // by cart_holds, is the 5-statement count's to show (the first test of this block).
    for (const base of ["cart_lock", "offers_lock", "cart_write"]) expect(bases).toContain(base);
    await fifty.save(fifty.ps.map((p) => ({ productId: p.productId, quantity: 2 })));
    expect(new Set(preparedNames())).toEqual(named);
  });
});

describe("placing an order", () => {
  it("costs the same statements for 50 lines as for 2: none per line", async () => {
    const two = await setUp(2);
    const fifty = await setUp(50);
    await two.save(two.ps.map((p) => ({ productId: p.productId, quantity: 5 })));
    await fifty.save(fifty.ps.map((p) => ({ productId: p.productId, quantity: 5 })));
    const a = await two.place();
    const b = await fifty.place();
    expect(b.count, b.statements.join("\n")).toBe(a.count)
    // The order, plus its confirmation mail (the buyer's address read, the outbox row written).
    expect(b.count).toBeLessThanOrEqual(10);
    expect(b.result.pendingLines).toBe(0);
    for (const ol of fifty.ols) expect(await committed(t.db, ol.id)).toEqual({ original: 40, ordered: 5, held: 0 });
  });
});

describe("a retried order", () => {
  it("is answered from the cart's lock statement: no offers locked, no stock taken, nothing written", async () => {
    const s = await setUp(2);
    await s.save(s.ps.map((p) => ({ productId: p.productId, quantity: 5 })));
    const first = await counted(() => s.a.place({ key: "retried" }));
    const again = await counted(() => s.a.place({ key: "retried" }));
    expect(again.result.json()).toEqual(first.result.json());
    // BEGIN, the cart's lock (which finds the order of this key), its lines (asked with it on PostgreSQL), COMMIT.
    expect(again.count, again.statements.join("\n")).toBeLessThanOrEqual(4);
    expect(again.statements.join("\n")).not.toMatch(/offer_lines|insert into "orders"/);
  });
});

// The round trips themselves exist only on PostgreSQL (PGlite runs in this process).
describe.runIf(!!process.env.DATABASE_URL)("placing an order on PostgreSQL", () => {
  it("goes out in four writes: BEGIN, the cart's lock and its lines; the offers' lock and their holds; the stock taken and the order; the mail, its notice and COMMIT", async () => {
    const s = await setUp(3);
    await s.save(s.ps.map((p) => ({ productId: p.productId, quantity: 5 })));
    const { result: res, writes } = await writesDuring(() => s.a.place({ key: "four-writes" }));
    expect(res.statusCode, res.body).toBe(200);
    // The app's statements, by their names or texts, and the write each went out in.
    const marks = {
      lock: "cart_lock_",
      lines: "cart_lines_owner_",
      offers: "offers_lock_ids_",
      others: "holds_of_others_",
      take: "stock_take_",
      order: 'insert into "orders"',
      mail: 'insert into "mail_outbox"',
      commit: "COMMIT",
    };
    const writeOf = Object.fromEntries(Object.entries(marks).map(([k, mark]) => [k, writes.findIndex((w) => w.includes(mark))]));
    expect(Object.values(writeOf).every((i) => i >= 0), JSON.stringify(writeOf)).toBe(true);
    expect(writes[writeOf.lock!]).toMatch(/BEGIN/);
    expect([writeOf.lines, writeOf.others, writeOf.order, writeOf.commit]).toEqual([writeOf.lock, writeOf.offers, writeOf.take, writeOf.mail]);
    expect(new Set([writeOf.lock, writeOf.offers, writeOf.take, writeOf.mail]).size).toBe(4);
    // The order's change notice (db/change-feed.ts) goes before the COMMIT, in its write.
    expect(writes[writeOf.mail!]).toMatch(/NOTIFY bloom_changes[^]*COMMIT/);
    expect(writes.filter((w) => Object.values(marks).some((m) => w.includes(m)))).toHaveLength(4);
    for (const ol of s.ols) expect(await committed(t.db, ol.id)).toEqual({ original: 40, ordered: 5, held: 0 });
  });
});

