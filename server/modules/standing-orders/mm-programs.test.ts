// Mass-market standing programs end to end on a real database (PGlite, or PostgreSQL with
// DATABASE_URL): the buyer's calls (create on several weekdays with labels, change, pause for a range,
// delete; who may; bad input writes nothing) and the job, through the job runner, that fills the MM
// cart with the bouquets and their labels (or places the order once, however many runners), mails
// the buyer before the cut-off and schedules the next date.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, like } from "drizzle-orm";
import { openDatabase, type Database } from "../../../db/client.ts";
import { jobs, mailOutbox, orders, standingOrders, users } from "../../../db/schema/index.ts";
import type { MmCart } from "../../../contract/mm.ts";
import { shipDayText } from "../../../domain/cart-flags.ts";
import type { MmProgram } from "../../../contract/mm-programs.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { addDays, insertCustomer, insertProduct, insertUser, isoDateAt, specWeekday, DEFAULT_TEST_PASSWORD } from "../../../tests/factories/index.ts";
import { mmBuyer, mmClient, mmOffer, mmStaff, setCatalogLine, type MmClient } from "../../../tests/helpers/mm-fixtures.ts";
import { jobHandlers } from "../index.ts";
import { runDueJobs } from "../jobs/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const UPC = "036000291452";
const tomorrow = () => addDays(isoDateAt(), 1);
const create = (c: MmClient, body: object) => c.send("POST", "MMPrograms", body);
const list = async (c: MmClient): Promise<MmProgram[]> => (await c.get("MMPrograms")).json();
const jobsFor = (id: number) => t.db.select().from(jobs).where(like(jobs.key, `standing-order.run:${id}:%`)).orderBy(jobs.id);
const mailsTo = async (userId: string) => {
  const [u] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return t.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, u!.email), eq(mailOutbox.kind, "standing-order"))).orderBy(desc(mailOutbox.id));
};
const runAt = (iso: string) => runDueJobs(t.db, t.config, jobHandlers, { now: new Date(iso) });
const bouquets = (cart: MmCart) => cart.items.filter((i) => i.id !== 0);

describe("the buyer's calls", () => {
  it("creates a program on several weekdays with its labels, scheduled ahead of the first date's cut-off; the wholesale list does not show it", async () => {
    const b = await mmBuyer(t);
    const { lily, rose } = await mmOffer(t, [b.customerId]);
    const days = [specWeekday(addDays(tomorrow(), 2)), specWeekday(tomorrow())];
    const res = await create(b, {
      name: "Weekend bouquets",
      weekdays: days,
      mode: "cart",
      boxed: true,
      lines: [
        { productId: lily.productId, quantity: 6, barcodeNumber: UPC, barcodeTop: "Lily", barcodeLeft: "$9.99", barcodeBottom: "" },
        { productId: rose.productId, quantity: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const p: MmProgram = res.json();
    expect(p).toMatchObject({ name: "Weekend bouquets", weekdays: [...days].sort((x, y) => x - y), mode: "cart", boxed: true, paused: false, nextShipDate: tomorrow(), lastRunAt: null });
    expect(p.lines).toEqual([
      { productId: lily.productId, description: lily.description, quantity: 6, barcodeNumber: UPC, barcodeTop: "Lily", barcodeLeft: "$9.99", barcodeBottom: null },
      { productId: rose.productId, description: rose.description, quantity: 2, barcodeNumber: null, barcodeTop: null, barcodeLeft: null, barcodeBottom: null },
    ]);
    // Its run is 24 hours (the lead) before tomorrow's 23:59 cut-off: the reminder comes before the cut-off.
    expect(new Date(p.nextRunAt!).getTime() + t.config.standingOrderLeadMs).toBeGreaterThan(Date.now());
    expect(await jobsFor(p.id)).toMatchObject([{ status: "queued", payload: { date: tomorrow() } }]);
    expect(await list(b)).toEqual([p]);
    const wholesale = await t.app.inject({ method: "GET", url: `/api/StandingOrders/${b.userId}/${b.customerId}`, headers: { cookie: b.cookie } });
    expect(wholesale.json()).toEqual([]);
  });

  it("refuses a day the customer does not ship, an unknown bouquet, a bad barcode, a backwards pause and bad quantities, writing nothing", async () => {
    const b = await mmBuyer(t, [2]); // ships Mondays only
    const { lily } = await mmOffer(t, [b.customerId]);
    const line = { productId: lily.productId, quantity: 1 };
    const body = { name: "x", weekdays: [2], mode: "cart", lines: [line] };
    const wed = await create(b, { ...body, weekdays: [2, 4] });
    expect(wed.statusCode).toBe(400);
    expect(wed.json().fields).toEqual({ weekdays: "Orders do not ship on Wednesday. Please choose another day." });
    const wholesaleProduct = await insertProduct(t.db);
    const unknown = await create(b, { ...body, lines: [line, { productId: wholesaleProduct.productId, quantity: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ "lines.1.productId": "Unknown bouquet" });
    const barcode = await create(b, { ...body, lines: [{ ...line, barcodeNumber: "036000291453" }] });
    expect(barcode.statusCode).toBe(400);
    expect(Object.keys(barcode.json().fields)).toEqual(["lines.0.barcodeNumber"]);
    const backwards = await create(b, { ...body, pausedFrom: addDays(isoDateAt(), 9), pausedUntil: addDays(isoDateAt(), 2) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ pausedUntil: "The pause must end on or after its first day" });
    for (const bad of [{ weekdays: [] }, { weekdays: [8] }, { lines: [] }, { lines: [{ ...line, quantity: 0 }] }, { name: " " }, { mode: "often" }, { pausedFrom: "2026-02-30" }]) {
      const res = await create(b, { ...body, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(await list(b)).toEqual([]);
    expect(await t.db.select().from(standingOrders).where(eq(standingOrders.customerId, b.customerId))).toEqual([]);
  });

  it("changes, pauses for a range, pauses, and deletes only the caller's own; staff keep their own for the customer; others are refused", async () => {
    const a = await mmBuyer(t);
    const other = await mmBuyer(t);
    const { lily, rose } = await mmOffer(t, [a.customerId, other.customerId]);
    const body = { name: "Mine", weekdays: [specWeekday(tomorrow())], mode: "cart", lines: [{ productId: lily.productId, quantity: 2 }] };
    const p: MmProgram = (await create(a, body)).json();
    // Another buyer: its own customer has no such program (404); naming a's customer is refused (403).
    expect((await other.send("PUT", `MMPrograms/${p.id}`, body)).statusCode).toBe(404);
    expect((await other.send("DELETE", `MMPrograms/${p.id}`)).statusCode).toBe(404);
    const cross = mmClient(t, other.cookie, other.userId, a.customerId);
    expect((await cross.get("MMPrograms")).statusCode).toBe(403);
    expect((await cross.send("DELETE", `MMPrograms/${p.id}`)).statusCode).toBe(403);
    // The wholesale calls do not reach a program.
    const viaWholesale = await t.app.inject({
      method: "DELETE",
      url: `/api/StandingOrders/${a.userId}/${a.customerId}/${p.id}`,
      headers: { cookie: a.cookie, ...SAME_ORIGIN },
    });
    expect(viaWholesale.statusCode).toBe(404);

    const changed = await a.send("PUT", `MMPrograms/${p.id}`, { ...body, mode: "order", lines: [{ productId: rose.productId, quantity: 3, barcodeNumber: UPC }] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ mode: "order", lines: [{ productId: rose.productId, quantity: 3, barcodeNumber: UPC }], nextShipDate: tomorrow() });
    // A pause over tomorrow's week moves the next run past it.
    const ranged = (await a.send("PUT", `MMPrograms/${p.id}`, { ...body, pausedFrom: tomorrow(), pausedUntil: addDays(tomorrow(), 6) })).json();
    expect(ranged).toMatchObject({ pausedFrom: tomorrow(), pausedUntil: addDays(tomorrow(), 6), nextShipDate: addDays(tomorrow(), 7) });
    const paused = (await a.send("PUT", `MMPrograms/${p.id}`, { ...body, paused: true })).json();
    expect(paused).toMatchObject({ paused: true, nextShipDate: null, nextRunAt: null });
    expect((await jobsFor(p.id)).map((j) => (j.payload as { version: number }).version)).toEqual([1, 2, 3]);

    const staff = await mmStaff(t, a.customerId);
    const staffs = await create(staff, body);
    expect(staffs.statusCode).toBe(200);
    expect(await list(staff)).toHaveLength(1);
    expect((await list(a)).map((x) => x.id)).toEqual([p.id]);

    const wholesale = await insertCustomer(t.db, { kind: "wholesale" });
    const wUser = await insertUser(t.db, { roles: ["MassMarket"], customerIds: [wholesale.customerId] });
    const w = mmClient(t, await loginAs(t.app, wUser.email, DEFAULT_TEST_PASSWORD), wUser.id, wholesale.customerId);
    const refused = await create(w, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This customer does not buy in the mass-market store.");

    expect((await a.send("DELETE", `MMPrograms/${p.id}`)).json()).toEqual({ ok: true });
    expect(await list(a)).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: `/api/MMPrograms?customerId=${a.customerId}` })).statusCode).toBe(401);
  });
});

describe("the job", () => {
  it("fills the MM cart with the bouquets, their labels and boxed choice at today's prices, says what could not be had, mails the buyer and schedules the next weekday", async () => {
    const b = await mmBuyer(t);
    const { catalog, lily, rose, tulip, box } = await mmOffer(t, [b.customerId], { available: 10 });
    await setCatalogLine(t, catalog.id, rose.productId, { available: 3 });
    const later = addDays(tomorrow(), 3);
    const p: MmProgram = (
      await create(b, {
        name: "Front shelf",
        weekdays: [specWeekday(tomorrow()), specWeekday(later)],
        mode: "cart",
        boxed: false,
        lines: [
          { productId: lily.productId, quantity: 4, barcodeNumber: UPC, barcodeTop: "Lily 4" },
          { productId: rose.productId, quantity: 5 },
          { productId: tulip.productId, quantity: 2 },
        ],
      })
    ).json();
    await t.db.execute(`delete from mm_catalog_products where catalog_id = ${catalog.id} and product_id = '${tulip.productId}'`);
    // (Other tests' jobs due by then run too.)
    expect((await runAt(p.nextRunAt!)).failed).toBe(0);

    const cart: MmCart = (await b.get("MMStore/Cart")).json();
    expect(cart).toMatchObject({ shipDate: tomorrow(), boxed: false });
    expect(cart.holdTime).not.toBeNull();
    expect(bouquets(cart).map((i) => [i.productId, i.quantity, i.price, i.barcodeNumber, i.barcodeTop])).toEqual([
      [lily.productId, 4, 12.79, UPC, "Lily 4"],
      [rose.productId, 3, 18.79, null, null],
    ]);
    expect(cart.items.some((i) => i.productId === box.type)).toBe(false); // not boxed: no box fee

    const [mail] = await mailsTo(b.userId);
    expect(mail!.subject).toBe('Standing program "Front shelf": your cart is ready');
    expect(mail!.text).toContain(`put its lines in your cart for ${tomorrow()}`);
    expect(mail!.text).toContain(`${rose.description}: 3 of 5 added (You can only order up to the quantity remaining for ${shipDayText(tomorrow())}: 3 bouquets left.)`);
    expect(mail!.text).toContain(`${tulip.description}: none of 2 added (This product is not offered for ${tomorrow()}.)`);
    expect(mail!.text).toContain("/MM/Store/checkout");

    const [after] = await list(b);
    expect(after).toMatchObject({ nextShipDate: later, lastResult: `${tomorrow()}: cart saved, 2 lines, 2 to note` });
    expect((await jobsFor(p.id)).map((j) => [j.status, (j.payload as { date: string }).date])).toEqual([
      ["done", tomorrow()],
      ["queued", later],
    ]);
  });

  it("places the order once with its labels when the buyer chose so, however many runners try; a cart for another date is left alone", async () => {
    const b = await mmBuyer(t);
    const { lily } = await mmOffer(t, [b.customerId]);
    const p: MmProgram = (
      await create(b, { name: "Auto", weekdays: [specWeekday(tomorrow())], mode: "order", boxed: true, lines: [{ productId: lily.productId, quantity: 6, barcodeNumber: UPC, barcodeBottom: "Fresh" }] })
    ).json();
    let second: Database | null = null;
    try {
      // Two instances on PostgreSQL (each its own pool), or two runners on one PGlite.
      second = t.database.url ? await openDatabase({ databaseUrl: t.database.url, poolSize: 2 }) : null;
      const now = new Date(p.nextRunAt!);
      const [x, y] = await Promise.all([runDueJobs(t.db, t.config, jobHandlers, { now }), runDueJobs(second?.db ?? t.db, t.config, jobHandlers, { now })]);
      expect(x.done + y.done).toBeGreaterThanOrEqual(1);
      expect(x.failed + y.failed).toBe(0);
      expect((await jobsFor(p.id)).map((j) => [j.status, j.attempts, (j.payload as { date: string }).date])).toEqual([
        ["done", 1, tomorrow()],
        ["queued", 0, addDays(tomorrow(), 7)],
      ]);
    } finally {
      await second?.close();
    }
    const placed = await t.db.select().from(orders).where(eq(orders.customerId, b.customerId));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ store: "mm", shipDate: tomorrow(), boxed: true, idempotencyKey: `mm-program:${p.id}:${tomorrow()}` });
    const detail = (await b.get("MMOrder/Order", { orderNumber: placed[0]!.orderNumber })).json();
    expect(detail.lines.find((l: { productId: string }) => l.productId === lily.productId)).toMatchObject({ quantity: 6, barcodeNumber: UPC, barcodeBottom: "Fresh" });
    expect(bouquets((await b.get("MMStore/Cart")).json())).toEqual([]);
    expect((await mailsTo(b.userId))[0]!.subject).toBe(`Standing program "Auto": order ${placed[0]!.orderNumber} placed`);

    // Next week: the buyer's cart holds bouquets for another date, so nothing is added and the mail says why.
    const [next] = await list(b);
    expect(next!.nextShipDate).toBe(addDays(tomorrow(), 7));
    await b.save({ shipDate: addDays(tomorrow(), 5), items: [{ productId: lily.productId, quantity: 1 }] });
    await runAt(next!.nextRunAt!);
    expect(await t.db.select().from(orders).where(eq(orders.customerId, b.customerId))).toHaveLength(1);
    expect((await mailsTo(b.userId))[0]!.text).toContain(`not added: your cart holds an order for ${addDays(tomorrow(), 5)}`);
  });

  it("does nothing for a date in its pause range, and nothing once changed or deleted", async () => {
    const b = await mmBuyer(t);
    const { lily } = await mmOffer(t, [b.customerId]);
    const body = { name: "Holiday", weekdays: [specWeekday(tomorrow())], mode: "cart", lines: [{ productId: lily.productId, quantity: 1 }] };
    const p: MmProgram = (await create(b, body)).json();
    const due = p.nextRunAt!;
    // Paused over tomorrow after its job was queued: the queued run is outdated (a new version) and the next is a week on.
    const changed: MmProgram = (await b.send("PUT", `MMPrograms/${p.id}`, { ...body, pausedFrom: tomorrow(), pausedUntil: tomorrow() })).json();
    expect(changed.nextShipDate).toBe(addDays(tomorrow(), 7));
    await runAt(due);
    expect(bouquets((await b.get("MMStore/Cart")).json())).toEqual([]);
    expect((await jobsFor(p.id))[0]).toMatchObject({ status: "done", result: "skipped: the standing order was changed since" });
    await b.send("DELETE", `MMPrograms/${p.id}`);
    await runAt(changed.nextRunAt!);
    expect((await jobsFor(p.id)).at(-1)).toMatchObject({ status: "done", result: "skipped: the standing order was deleted" });
    expect(await mailsTo(b.userId)).toEqual([]);
  });
});
