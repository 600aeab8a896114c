// The order desk on a real database (PGlite by default, PostgreSQL with DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { auditLog, customers, mailOutbox, offerLines, orderLines, orders } from "../../../db/schema/index.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { addDays, DEFAULT_TEST_PASSWORD, insertOrder, insertUser, isoDateAt } from "../../../tests/factories/index.ts";
import { buyer, committed, offer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";
import { CUTOFF_PASSED_MESSAGE } from "./index.ts";

let t: TestApp;
let staffCookie: string;
beforeAll(async () => {
  t = await buildTestApp({ TAX_RATE_BP: "825" });
  const s = await insertUser(t.db, { roles: ["SalesPerson"] });
  staffCookie = await loginAs(t.app, s.email, DEFAULT_TEST_PASSWORD);
});
afterAll(async () => t?.close());

type Method = "GET" | "POST" | "PUT";
const staff = (method: Method, url: string, payload?: object) => t.app.inject({ method, url: `/api/OrderDesk${url}`, headers: { ...SAME_ORIGIN, cookie: staffCookie }, payload });
const as = (c: Client, method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: c.cookie }, payload });

/** A buyer whose order of `quantity` bunches on an offer of `stock` leaves the rest pending. */
async function pendingOrder(stock: number, quantity: number) {
  const a = await buyer(t);
  const { products: [p], offerLines: [ol] } = await offer(t.db, [a.customerId], { line: { originalQuantity: stock } });
  expect((await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity }] })).statusCode).toBe(200);
  const placed = await a.place();
  expect(placed.statusCode).toBe(200);
  const orderNumber: number = placed.json().orderNumber;
  const detail = (await staff("GET", `/Orders/${orderNumber}`)).json();
  return { a, p: p!, ol: ol!, orderNumber, lineId: detail.lines[0].lineId as number, detail };
}

const mails = (to: string) => t.db.select().from(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()));
async function emailOf(c: Client) {
  const [o] = await t.db.execute<{ email: string }>(sql`select email from users where id = ${c.userId}`).then((r) => (r as unknown as { rows: { email: string }[] }).rows);
  return o!.email;
}

describe("order desk: from submitted to invoiced", () => {
  it("confirms a pending line once stock allows, then confirms, packs and ships the order into an invoice", async () => {
    const { a, ol, orderNumber, lineId, detail } = await pendingOrder(5, 8);
    expect(detail).toMatchObject({ status: "submitted", pendingQuantity: 3, lines: [{ quantity: 8, quantityConfirmed: 5, quantityPending: 3 }] });
    expect(detail.actions).toEqual(["changeLine", "confirmPending", "declinePending", "cancel"]);

    // Listed on its ship date with the day's totals per product.
    const list = (await staff("GET", `/Orders?shipDate=${tomorrow()}&customerId=${a.customerId}`)).json();
    expect(list.orders.map((o: { orderNumber: number }) => o.orderNumber)).toEqual([orderNumber]);
    expect(list.dayTotals).toEqual([{ productId: detail.lines[0].productId, description: detail.lines[0].description, quantityConfirmed: 5, quantityPending: 3, orders: 1 }]);

    // Illegal moves are refused with the machine's message, and nothing changes.
    const early = await staff("POST", `/Orders/${orderNumber}/Confirm`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Confirm or decline every pending quantity before confirming the order.");
    expect((await staff("POST", `/Orders/${orderNumber}/Ship`)).json().message).toBe("Only a confirmed order can be shipped; this one is submitted.");

    // No stock to confirm yet: 409 and nothing taken.
    const none = await staff("POST", `/Orders/${orderNumber}/Lines/${lineId}/Confirm`);
    expect(none.statusCode).toBe(409);
    expect((await committed(t.db, ol.id)).ordered).toBe(5);

    await t.db.update(offerLines).set({ originalQuantity: 10 }).where(eq(offerLines.id, ol.id));
    const confirmed = await staff("POST", `/Orders/${orderNumber}/Lines/${lineId}/Confirm`, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ pendingQuantity: 0, lines: [{ quantity: 8, quantityConfirmed: 8, quantityPending: 0 }] });
    expect((await committed(t.db, ol.id)).ordered).toBe(8);

    expect((await staff("POST", `/Orders/${orderNumber}/Confirm`)).json().status).toBe("confirmed");
    expect((await staff("POST", `/Orders/${orderNumber}/Ship`)).json().message).toBe("Pack the order before shipping it.");
    expect((await staff("POST", `/Orders/${orderNumber}/Pack`)).json()).toMatchObject({ packed: true, actions: ["ship"] });
    expect((await staff("POST", `/Orders/${orderNumber}/Cancel`)).json().message).toBe("This order is packed and can no longer be cancelled.");

    // It ships tomorrow: shipping today needs a reason.
    expect((await staff("POST", `/Orders/${orderNumber}/Ship`)).json().fields).toEqual({ reason: "Say why this order ships before its ship date." });
    const shipped = await staff("POST", `/Orders/${orderNumber}/Ship`, { reason: "Collected early" });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ status: "invoiced", actions: [] });
    expect(shipped.json().invoiceNumber).toBeGreaterThan(500_000);
    expect((await staff("POST", `/Orders/${orderNumber}/Cancel`)).json().message).toBe("This order is invoiced and can no longer be cancelled.");

    // Every change audited, and the buyer told by mail; the invoice mail carries its PDF.
    const actions = (await t.db.select().from(auditLog).where(sql`${auditLog.detail}->>'orderNumber' = ${String(orderNumber)}`)).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["order.line.confirm", "order.confirm", "order.pack", "order.ship", "invoice.issue"]));
    const inbox = await mails(await emailOf(a));
    expect(inbox.filter((m) => m.kind === "order-change").map((m) => m.text.split("\n")[0])).toEqual([
      "We confirmed 3 bunches of " + detail.lines[0].description + " that you had requested.",
      "We confirmed your order.",
      "Your order is packed and waiting for the truck.",
      `Your order has shipped. Invoice ${shipped.json().invoiceNumber} follows in a separate message.`,
    ]);
    // The invoice goes to the customer's own address (the buyer's when it has none).
    const [invoiceMail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, "invoice"), eq(mailOutbox.subject, `Invoice ${shipped.json().invoiceNumber} from ${t.config.brandName}`)));
    const [customer] = await t.db.select().from(customers).where(eq(customers.customerId, a.customerId));
    expect(invoiceMail!.to).toBe(customer!.email ?? (await emailOf(a)));
    expect(invoiceMail!.attachments?.[0]).toMatchObject({ filename: `invoice-${shipped.json().invoiceNumber}.pdf`, contentType: "application/pdf" });
    expect(Buffer.from(invoiceMail!.attachments![0]!.contentBase64, "base64").subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("declines pending bunches: the line shrinks, its total follows and the buyer is told", async () => {
    const { a, orderNumber, lineId, p } = await pendingOrder(2, 5);
    const res = await staff("POST", `/Orders/${orderNumber}/Lines/${lineId}/Decline`, {});
    expect(res.statusCode).toBe(200);
    const line = res.json().lines[0];
    expect(line).toMatchObject({ quantity: 2, quantityConfirmed: 2, quantityPending: 0 });
    expect(res.json().total).toBe(line.lineTotal);
    const [o] = await t.db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    const [l] = await t.db.select().from(orderLines).where(eq(orderLines.id, lineId));
    expect(o!.totalCents).toBe(l!.lineTotalCents);
    expect(l!.lineTotalCents).toBe(2 * l!.bunchPriceCents);
    const inbox = await mails(await emailOf(a));
    expect(inbox.some((m) => m.text.startsWith(`We are sorry: we cannot supply 3 bunches of ${p.description}`))).toBe(true);
    expect((await staff("POST", `/Orders/${orderNumber}/Lines/${lineId}/Decline`, {})).json().message).toBe("Nothing is pending on this line.");
  });

  it("refuses bad input with 400 and unknown orders or lines with 404", async () => {
    const { orderNumber, lineId } = await pendingOrder(2, 5);
    const bad = await staff("PUT", `/Orders/${orderNumber}/Lines/${lineId}`, { quantity: "lots" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ quantity: "Only integer values are allowed" });
    expect((await staff("POST", `/Orders/${orderNumber}/Lines/${lineId}/Confirm`, { quantity: 4 })).statusCode).toBe(400);
    expect((await staff("POST", `/Orders/${orderNumber}/Lines/999999/Confirm`, {})).statusCode).toBe(404);
    expect((await staff("GET", `/Orders/99999999`)).statusCode).toBe(404);
    expect((await staff("GET", `/Orders?shipDate=2026-02-30`)).statusCode).toBe(400);
  });

  it("is staff only: a wholesaler gets 403, nobody signed in 401", async () => {
    const { a, orderNumber } = await pendingOrder(2, 5);
    expect((await as(a, "GET", "/api/OrderDesk/Orders")).statusCode).toBe(403);
    expect((await as(a, "POST", `/api/OrderDesk/Orders/${orderNumber}/Confirm`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/OrderDesk/Orders" })).statusCode).toBe(401);
  });
});

describe("order desk: stock", () => {
  it("confirming pending lines in a race never oversells", async () => {
    const first = await pendingOrder(0, 6);
    // Four more buyers of the same customer want the same offer line.
    const others = [];
    for (let i = 0; i < 4; i++) {
      const o = await insertOrder(t.db, {
        customerId: first.a.customerId,
        userId: first.a.userId,
        shipDate: tomorrow(),
        lines: [{ productId: first.p.productId, offerLineId: first.ol.id, quantity: 6, quantityConfirmed: 0, quantityPending: 6 }],
      });
      others.push({ orderNumber: o.orderNumber, lineId: o.lines[0]!.id });
    }
    await t.db.update(offerLines).set({ originalQuantity: 15 }).where(eq(offerLines.id, first.ol.id));
    const all = [{ orderNumber: first.orderNumber, lineId: first.lineId }, ...others];
    const results = await Promise.all(all.map((o) => staff("POST", `/Orders/${o.orderNumber}/Lines/${o.lineId}/Confirm`, {})));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409, 409]); // 15 free: two lines of 6 fit, a third does not
    const c = await committed(t.db, first.ol.id);
    expect(c.ordered).toBe(12);
    expect(c.ordered + c.held).toBeLessThanOrEqual(15);
    const pending = await t.db
      .select({ s: sql<number>`sum(${orderLines.quantityConfirmed})::int`.mapWith(Number) })
      .from(orderLines)
      .where(eq(orderLines.offerLineId, first.ol.id));
    expect(pending[0]!.s).toBe(12);
  });

  it("a staff change lowers a line (stock back) or raises it (free stock confirmed, the rest pending)", async () => {
    const { ol, orderNumber, lineId } = await pendingOrder(10, 6);
    const down = await staff("PUT", `/Orders/${orderNumber}/Lines/${lineId}`, { quantity: 2 });
    expect(down.json().lines[0]).toMatchObject({ quantity: 2, quantityConfirmed: 2, quantityPending: 0 });
    expect((await committed(t.db, ol.id)).ordered).toBe(2);
    const up = await staff("PUT", `/Orders/${orderNumber}/Lines/${lineId}`, { quantity: 14 });
    expect(up.json().lines[0]).toMatchObject({ quantity: 14, quantityConfirmed: 10, quantityPending: 4 });
    expect((await committed(t.db, ol.id)).ordered).toBe(10);
    const gone = await staff("PUT", `/Orders/${orderNumber}/Lines/${lineId}`, { quantity: 0 });
    expect(gone.json()).toMatchObject({ status: "cancelled", lines: [] });
    expect((await committed(t.db, ol.id)).ordered).toBe(0);
  });
});

describe("a buyer's own order", () => {
  it("can be changed and cancelled until the cut-off, giving the stock back", async () => {
    const { a, ol, orderNumber, lineId } = await pendingOrder(10, 6);
    const base = `/api/Orders/${a.userId}/${a.customerId}/${orderNumber}`;
    const changed = await as(a, "PUT", `${base}/Lines/${lineId}`, { quantity: 4 });
    expect(changed.statusCode).toBe(200);
    expect((await committed(t.db, ol.id)).ordered).toBe(4);
    const cancelled = await as(a, "POST", `${base}/Cancel`);
    expect(cancelled.json().status).toBe("cancelled");
    expect((await committed(t.db, ol.id)).ordered).toBe(0);
    const log = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "order.cancel"), sql`${auditLog.detail}->>'orderNumber' = ${String(orderNumber)}`));
    expect(log[0]!.detail).toMatchObject({ byBuyer: true });
    expect(log[0]!.actorUserId).toBe(a.userId);
  });

  it("is refused after the ship date's cut-off, and another customer's order is not found", async () => {
    const a = await buyer(t);
    const past = await insertOrder(t.db, { customerId: a.customerId, userId: a.userId, shipDate: addDays(isoDateAt(), -1) });
    const res = await as(a, "POST", `/api/Orders/${a.userId}/${a.customerId}/${past.orderNumber}/Cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(CUTOFF_PASSED_MESSAGE);
    const [o] = await t.db.select().from(orders).where(eq(orders.id, past.id));
    expect(o!.status).toBe("submitted");

    const b = await buyer(t);
    const theirs = await insertOrder(t.db, { customerId: b.customerId, userId: b.userId, shipDate: tomorrow() });
    expect((await as(a, "POST", `/api/Orders/${a.userId}/${a.customerId}/${theirs.orderNumber}/Cancel`)).statusCode).toBe(404);
    expect((await as(a, "POST", `/api/Orders/${a.userId}/${b.customerId}/${theirs.orderNumber}/Cancel`)).statusCode).toBe(403);
  });
});
