// Standing orders: the buyer's calls (create, list, change, pause, delete, ownership, bad input) and
// the job that turns a template into the buyer's cart, or an order, through the store's own cart
// save and checkout (holds, prices, never oversold), listing what cannot be supplied and mailing the
// buyer through the outbox. Also the hold-expiry reminder it leads to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, like } from "drizzle-orm";
import { carts, jobs, mailOutbox, offerLines, orders, users } from "../../../db/schema/index.ts";
import { buildTestApp, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { addDays, insertProduct, shipTimesOn, specWeekday } from "../../../tests/factories/index.ts";
import { buyer, committed, offer, retailerBuyer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";
import { jobHandlers } from "../index.ts";
import { runDueJobs } from "../jobs/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const url = (c: Client, id?: number) => `/api/StandingOrders/${c.userId}/${c.customerId}${id ? `/${id}` : ""}`;
const send = (c: Client, method: "GET" | "POST" | "PUT" | "DELETE", path: string, payload?: object) =>
  t.app.inject({ method, url: path, headers: { cookie: c.cookie, ...SAME_ORIGIN }, ...(payload ? { payload } : {}) });

const weekdayOf = (date: string) => specWeekday(date);
const emailOf = async (userId: string) => (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]!.email;
const mailsTo = async (userId: string, kind: string) =>
  t.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, await emailOf(userId)), eq(mailOutbox.kind, kind))).orderBy(desc(mailOutbox.id));
const jobsFor = (id: number) => t.db.select().from(jobs).where(like(jobs.key, `standing-order.run:${id}:%`)).orderBy(jobs.id);

/** Runs every job due at the standing order's next run. */
async function runAt(iso: string) {
  return runDueJobs(t.db, t.config, jobHandlers, { now: new Date(iso) });
}

describe("the buyer's calls", () => {
  it("creates a standing order for the next date on its weekday, scheduled ahead of the cut-off", async () => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId]);
    const res = await send(a, "POST", url(a), { name: "Weekly lilies", weekday: weekdayOf(tomorrow()), mode: "cart", lines: [{ productId: p!.productId, quantity: 4 }] });
    expect(res.statusCode).toBe(200);
    const so = res.json();
    expect(so).toMatchObject({ name: "Weekly lilies", weekday: weekdayOf(tomorrow()), mode: "cart", paused: false, nextShipDate: tomorrow(), nextPickupDate: null, lastRunAt: null });
    expect(so.lines).toEqual([{ productId: p!.productId, description: p!.description, quantity: 4 }]);
    // The buyer's cut-off is 23:59 New York; the job runs 24 hours before it.
    const cutoff = new Date(so.nextRunAt).getTime() + t.config.standingOrderLeadMs;
    expect(new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(cutoff)).toBe("23:59");
    const queued = await jobsFor(so.id);
    expect(queued).toMatchObject([{ status: "queued", payload: { date: tomorrow() } }]);
    expect(queued[0]!.runAt.toISOString()).toBe(so.nextRunAt);
    expect((await send(a, "GET", url(a))).json()).toEqual([so]);
  });

  it("refuses a day the customer does not ship, an unknown product and bad quantities, writing nothing", async () => {
    const a = await buyer(t, { shipTimes: shipTimesOn([2], "14:00") }); // Mondays only
    const { products: [p] } = await offer(t.db, [a.customerId]);
    const line = { productId: p!.productId, quantity: 1 };
    const wed = await send(a, "POST", url(a), { name: "x", weekday: 4, mode: "cart", lines: [line] });
    expect(wed.statusCode).toBe(400);
    expect(wed.json().fields).toEqual({ weekday: "Orders do not ship on Wednesday. Please choose another day." });
    const unknown = await send(a, "POST", url(a), { name: "x", weekday: 2, mode: "cart", lines: [line, { productId: "NO-SUCH", quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ "lines.1.productId": "Unknown product" });
    for (const quantity of [0, -1, 1.5, 100_001]) {
      const bad = await send(a, "POST", url(a), { name: "x", weekday: 2, mode: "cart", lines: [{ ...line, quantity }] });
      expect(bad.statusCode).toBe(400);
    }
    expect((await send(a, "POST", url(a), { name: "", weekday: 2, mode: "cart", lines: [] })).statusCode).toBe(400);
    expect((await send(a, "POST", url(a), { name: "x", weekday: 2, mode: "often", lines: [line] })).statusCode).toBe(400);
    expect((await send(a, "GET", url(a))).json()).toEqual([]);
  });

  it("changes, pauses and deletes only the caller's own", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const { products: [p, q] } = await offer(t.db, [a.customerId], { count: 2 });
    const body = { name: "Mine", weekday: weekdayOf(tomorrow()), mode: "cart", lines: [{ productId: p!.productId, quantity: 2 }] };
    const so = (await send(a, "POST", url(a), body)).json();
    // Another buyer naming its own ids and this id: not found; naming a's ids: refused by the guard.
    expect((await send(b, "PUT", url(b, so.id), body)).statusCode).toBe(404);
    expect((await send(b, "DELETE", url(b, so.id))).statusCode).toBe(404);
    expect((await send(b, "DELETE", url(a, so.id))).statusCode).toBe(403);

    const changed = await send(a, "PUT", url(a, so.id), { ...body, name: "Changed", mode: "order", lines: [{ productId: q!.productId, quantity: 3 }] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: "Changed", mode: "order", lines: [{ productId: q!.productId, quantity: 3 }], nextShipDate: tomorrow() });
    expect((await jobsFor(so.id)).map((j) => (j.payload as { version: number }).version)).toEqual([1, 2]);

    const paused = await send(a, "PUT", url(a, so.id), { ...body, paused: true });
    expect(paused.json()).toMatchObject({ paused: true, nextShipDate: null, nextRunAt: null });
    const resumed = await send(a, "PUT", url(a, so.id), { ...body, paused: false });
    expect(resumed.json()).toMatchObject({ paused: false, nextShipDate: tomorrow() });

    expect((await send(a, "DELETE", url(a, so.id))).json()).toEqual({ ok: true });
    expect((await send(a, "GET", url(a))).json()).toEqual([]);
    // The jobs left behind find nothing to do.
    const due = (await jobsFor(so.id)).map((j) => j.runAt.getTime());
    await runAt(new Date(Math.max(...due)).toISOString());
    expect((await jobsFor(so.id)).every((j) => j.status === "done" && /skipped/.test(j.result ?? ""))).toBe(true);
  });
});

describe("the job", () => {
  it("turns the template into the buyer's cart with holds, lists what cannot be supplied, mails the buyer and schedules next week", async () => {
    const a = await buyer(t);
    const { offerLines: [ol, scarce], products: [p, s] } = await offer(t.db, [a.customerId], { count: 2, line: { originalQuantity: 30 } });
    const { db } = t;
    await db.update(offerLines).set({ originalQuantity: 2 }).where(eq(offerLines.id, scarce!.id));
    const gone = await insertProduct(db); // exists, but no catalog offers it
    const so = (
      await send(a, "POST", url(a), {
        name: "Friday flowers",
        weekday: weekdayOf(tomorrow()),
        mode: "cart",
        lines: [{ productId: p!.productId, quantity: 5 }, { productId: s!.productId, quantity: 5 }, { productId: gone.productId, quantity: 1 }],
      })
    ).json();
    expect((await runAt(so.nextRunAt)).failed).toBe(0);

    const cart = (await a.cart()).json();
    expect(cart.shipDate).toBe(tomorrow());
    expect(cart.items.map((i: { productId: string; quantity: number; quantityConfirmed: number; quantityPending: number }) => [i.productId, i.quantity, i.quantityConfirmed, i.quantityPending])).toEqual([
      [p!.productId, 5, 5, 0],
      [s!.productId, 5, 2, 3],
    ]);
    expect(cart.holdTime).not.toBeNull();
    expect(await committed(db, ol!.id)).toEqual({ original: 30, ordered: 0, held: 5 });
    expect(await committed(db, scarce!.id)).toEqual({ original: 2, ordered: 0, held: 2 });

    const [mail] = await mailsTo(a.userId, "standing-order");
    expect(mail!.subject).toBe('Standing order "Friday flowers": your cart is ready');
    expect(mail!.text).toContain(`put its lines in your cart for ${tomorrow()}`);
    expect(mail!.text).toContain(`${s!.description}: 3 of 5 bunches pending (not available now)`);
    expect(mail!.text).toContain(gone.description);

    const after = (await send(a, "GET", url(a))).json()[0];
    expect(after).toMatchObject({ nextShipDate: addDays(tomorrow(), 7), lastResult: expect.stringMatching(new RegExp(`^${tomorrow()}: cart saved, 2 lines, 2 to note`)) });
    expect((await jobsFor(so.id)).map((j) => [j.status, (j.payload as { date: string }).date])).toEqual([
      ["done", tomorrow()],
      ["queued", addDays(tomorrow(), 7)],
    ]);
    // Its cart save scheduled the hold-expiry reminder.
    const [row] = await db.select().from(carts).where(eq(carts.userId, a.userId));
    expect(await db.select().from(jobs).where(eq(jobs.key, `store.hold-reminder:${row!.id}:${row!.holdExpiresAt!.getTime()}`))).toHaveLength(1);
  });

  it("places an order when the buyer chose so and the cart is empty, with the confirmation mail", async () => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 30 } });
    const so = (await send(a, "POST", url(a), { name: "Auto", weekday: weekdayOf(tomorrow()), mode: "order", lines: [{ productId: p!.productId, quantity: 6 }] })).json();
    await runAt(so.nextRunAt);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, a.userId));
    expect(order).toMatchObject({ shipDate: tomorrow(), status: "submitted", idempotencyKey: `standing-order:${so.id}:${tomorrow()}` });
    expect((await a.cart()).json().items).toEqual([]);
    expect((await mailsTo(a.userId, "standing-order"))[0]!.subject).toBe(`Standing order "Auto": order ${order!.orderNumber} placed`);
    expect((await mailsTo(a.userId, "order-confirmation"))[0]!.subject).toBe(`Order ${order!.orderNumber} received`);
  });

  it("leaves a cart for another date alone and says so; a paused template does nothing", async () => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 30 } });
    const later = addDays(tomorrow(), 2);
    await a.save({ shipDate: later, items: [{ productId: p!.productId, quantity: 1 }] });
    const so = (await send(a, "POST", url(a), { name: "Busy", weekday: weekdayOf(tomorrow()), mode: "cart", lines: [{ productId: p!.productId, quantity: 6 }] })).json();
    await runAt(so.nextRunAt);
    const cart = (await a.cart()).json();
    expect([cart.shipDate, cart.items.length, cart.items[0].quantity]).toEqual([later, 1, 1]);
    expect((await mailsTo(a.userId, "standing-order"))[0]!.text).toContain(`not added: your cart holds an order for ${later}`);

    const b = await buyer(t);
    await offer(t.db, [b.customerId]);
    const paused = (await send(b, "POST", url(b), { name: "Off", weekday: weekdayOf(tomorrow()), mode: "cart", paused: true, lines: [{ productId: p!.productId, quantity: 1 }] })).json();
    expect(paused.nextRunAt).toBeNull();
    expect(await jobsFor(paused.id)).toEqual([]);
  });
});

describe("a retailer's standing order", () => {
  it("names a pickup weekday and fills the cart for that pickup date, served by the wholesaler's ship date", async () => {
    const shop = await retailerBuyer(t); // picks up Tuesday, Thursday and Friday
    const { products: [p] } = await offer(t.db, [shop.c.customerId], { line: { originalQuantity: 30 } });
    const monday = await send(shop.api, "POST", url(shop.api), { name: "Shop", weekday: 2, mode: "cart", lines: [{ productId: p!.productId, quantity: 2 }] });
    expect(monday.statusCode).toBe(400);
    expect(monday.json().fields).toEqual({ weekday: "The shop does not pick up on Monday. Please choose another day." });

    const res = await send(shop.api, "POST", url(shop.api), { name: "Shop", weekday: 5, mode: "cart", lines: [{ productId: p!.productId, quantity: 2 }] });
    expect(res.statusCode).toBe(200);
    const so = res.json();
    expect(specWeekday(so.nextPickupDate)).toBe(5);
    expect(so.nextShipDate <= so.nextPickupDate).toBe(true);
    await runAt(so.nextRunAt);
    const cart = (await shop.api.cart()).json();
    expect(cart).toMatchObject({ receivingDate: so.nextPickupDate, shipDate: so.nextShipDate, items: [{ productId: p!.productId, quantity: 2, quantityConfirmed: 2 }] });
  });
});

describe("the hold-expiry reminder", () => {
  it("is mailed shortly before the holds lapse, and not after a checkout", async () => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 30 } });
    await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }] });
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, a.userId));
    const reminderAt = new Date(cart!.holdExpiresAt!.getTime() - t.config.holdReminderMs);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.key, `store.hold-reminder:${cart!.id}:${cart!.holdExpiresAt!.getTime()}`));
    expect(job!.runAt).toEqual(reminderAt);
    await runAt(reminderAt.toISOString());
    const [mail] = await mailsTo(a.userId, "hold-reminder");
    expect(mail!.subject).toMatch(/^Your flowers are held until \d{1,2}:\d{2} [AP]M E[SD]T$/);
    expect(mail!.text).toContain("/store/checkout");

    const b = await buyer(t);
    const { products: [q] } = await offer(t.db, [b.customerId], { line: { originalQuantity: 30 } });
    await b.save({ shipDate: tomorrow(), items: [{ productId: q!.productId, quantity: 2 }] });
    const [bc] = await t.db.select().from(carts).where(eq(carts.userId, b.userId));
    const placed = await b.place();
    expect(placed.statusCode, placed.body).toBe(200);
    await runAt(new Date(bc!.holdExpiresAt!.getTime() - t.config.holdReminderMs).toISOString());
    expect(await mailsTo(b.userId, "hold-reminder")).toEqual([]);
    const [bj] = await t.db.select().from(jobs).where(eq(jobs.key, `store.hold-reminder:${bc!.id}:${bc!.holdExpiresAt!.getTime()}`));
    expect(bj).toMatchObject({ status: "done", result: "not sent: the cart was checked out, released or extended" });
  });
});
