// Blitz vouchers at checkout: applied by the server within their dates, as often as they allow, the
// use recorded with the order (a unique use number makes a second use impossible even when two
// checkouts race, on one instance or two), and refused with a clear 4xx that writes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { cartLines, carts, mailOutbox, orders, voucherRedemptions, vouchers } from "../../../db/schema/index.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type Injector, type TestApp } from "../../../tests/helpers/test-app.ts";
import { startServerProcess, type ServerProcess, SERVER_PROCESS_HOOK_TIMEOUT_MS } from "../../../tests/helpers/server-process.ts";
import { DEFAULT_TEST_PASSWORD, insertOrder, insertUser, isoDateAt } from "../../../tests/factories/index.ts";
import { buyer, client, offer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const day = 86_400_000;
let seq = 0;

async function voucher(values: Partial<typeof vouchers.$inferInsert> = {}) {
  const code = `BLITZ-${Date.now()}-${++seq}`;
  const [v] = await t.db
    .insert(vouchers)
    .values({ code, description: "Blitz", percentOff: 0, amountOffCents: 1000, startsAt: new Date(Date.now() - day), expiresAt: new Date(Date.now() + day), ...values })
    .returning();
  return v!;
}

function place(c: Client, voucherCode?: string, app: Injector = t.app) {
  return app.inject({
    method: "POST",
    url: `/api/Store/PlaceOrder/${c.userId}/${c.customerId}`,
    headers: { cookie: c.cookie, ...SAME_ORIGIN },
    ...(voucherCode !== undefined ? { payload: { voucherCode } } : {}),
  });
}

/** A cart of 10 loose-priced bunches: subtotal from the server's answer. */
async function fillCart(c: Client, productId: string): Promise<number> {
  const saved = await c.save({ shipDate: tomorrow(), items: [{ productId, quantity: 3 }] });
  expect(saved.statusCode).toBe(200);
  return Math.round(saved.json().subtotal * 100);
}

const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));
const cartLinesOf = async (userId: string) => {
  const [cart] = await t.db.select().from(carts).where(eq(carts.userId, userId));
  return cart ? t.db.select().from(cartLines).where(eq(cartLines.cartId, cart.id)) : [];
};

describe("a voucher at checkout", () => {
  it("a copy of the request (the same Idempotency-Key) answers the first order with its saving, and uses nothing again", async () => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 50 } });
    const v = await voucher({ userId: a.userId, amountOffCents: 500 });
    await fillCart(a, p!.productId);
    const send = () =>
      t.app.inject({ method: "POST", url: `/api/Store/PlaceOrder/${a.userId}/${a.customerId}`, headers: { cookie: a.cookie, ...SAME_ORIGIN, "idempotency-key": "k-voucher" }, payload: { voucherCode: v.code } });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ voucherCode: v.code, discount: 5 });
    // Its cart filled again meanwhile: the copy is not refused for the voucher now used, nor placed again.
    await fillCart(a, p!.productId);
    const copy = await send();
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json()).toEqual(first.json());
    expect(await ordersOf(a.userId)).toHaveLength(1);
    expect(await t.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, v.id))).toHaveLength(1);
  });

  it("lowers the order total on the server, records the use, and the confirmation mail shows the saving", async () => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 50 } });
    const v = await voucher({ userId: a.userId, amountOffCents: 1000, percentOff: 10 });
    const subtotal = await fillCart(a, p!.productId);
    const res = await place(a, `  ${v.code.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    const discount = Math.floor((subtotal * 10 + 50) / 100) + 1000;
    const expected = Math.min(discount, subtotal);
    expect(res.json()).toMatchObject({ total: (subtotal - expected) / 100, subtotal: subtotal / 100, discount: expected / 100, voucherCode: v.code });

    const [order] = await ordersOf(a.userId);
    expect(order).toMatchObject({ subtotalCents: subtotal, discountCents: expected, totalCents: subtotal - expected, voucherCode: v.code });
    const uses = await t.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, v.id));
    expect(uses).toMatchObject([{ customerId: a.customerId, userId: a.userId, orderId: order!.id, useNumber: 1, discountCents: expected }]);

    // The order as the buyer reads it.
    const detail = await a.get(`/api/Orders/${a.userId}/${a.customerId}/${order!.orderNumber}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ voucherCode: v.code, discount: expected / 100, total: (subtotal - expected) / 100 });

    const [mail] = await t.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, "order-confirmation"), eq(mailOutbox.subject, `Order ${order!.orderNumber} received`)));
    expect(mail!.text).toContain(`Voucher ${v.code}: -$${(expected / 100).toFixed(2)}`);
    expect(mail!.text).toContain(`Total: $${((subtotal - expected) / 100).toFixed(2)}`);

    // The dashboard no longer offers a voucher that is used up.
    expect((await a.get(`/api/Store/GetBlitzVoucher/${a.userId}`)).json()).toBeNull();
  });

  it("refuses a used, expired, future, unknown or someone else's code with a 400, and writes nothing", async () => {
    const a = await buyer(t);
    const other = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 50 } });
    const used = await voucher({ customerId: a.customerId });
    await fillCart(a, p!.productId);
    expect((await place(a, used.code)).statusCode).toBe(200);
    await fillCart(a, p!.productId);

    const cases: [string, string][] = [
      [used.code, "This voucher has already been used."],
      [(await voucher({ userId: a.userId, expiresAt: new Date(Date.now() - 1000), startsAt: new Date(Date.now() - 2 * day) })).code, "This voucher has expired."],
      [(await voucher({ userId: a.userId, startsAt: new Date(Date.now() + 2 * day), expiresAt: new Date(Date.now() + 3 * day) })).code, `This voucher can be used from`],
      ["NO-SUCH-CODE", "This voucher code is not valid."],
      [(await voucher({ userId: other.userId })).code, "This voucher code is not valid."],
      [(await voucher({ customerId: other.customerId })).code, "This voucher code is not valid."],
    ];
    for (const [code, message] of cases) {
      const res = await place(a, code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().message).toContain(message);
      expect(res.json().fields).toEqual({ voucherCode: expect.stringContaining(message) });
    }
    expect(await ordersOf(a.userId)).toHaveLength(1);
    expect(await cartLinesOf(a.userId)).toHaveLength(1); // the cart is kept for another try
    expect(await t.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.customerId, a.customerId))).toHaveLength(1);

    const tooLong = await place(a, "X".repeat(41));
    expect(tooLong.statusCode).toBe(400);
    // Without a code (or an empty one) the order is placed at full price.
    const plain = await place(a, "");
    expect(plain.statusCode).toBe(200);
    expect(plain.json().discount).toBeUndefined();
  });

  it("may be used as often as the voucher says", async () => {
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 50 } });
    const v = await voucher({ userId: a.userId, usesPerCustomer: 2, amountOffCents: 100 });
    for (const expected of [200, 200, 400]) {
      await fillCart(a, p!.productId);
      expect((await place(a, v.code)).statusCode).toBe(expected);
    }
    const unlimited = await voucher({ userId: a.userId, usesPerCustomer: null, amountOffCents: 100 });
    for (let i = 0; i < 3; i++) {
      await fillCart(a, p!.productId);
      expect((await place(a, unlimited.code)).statusCode).toBe(200);
    }
  });
});

describe("the invoice of a voucher order", () => {
  it("shows the saving as its own line; tax is on the subtotal after it", async () => {
    const t2 = await buildTestApp({ TAX_RATE_BP: "825" });
    try {
      const a = await buyer(t2);
      const admin = await insertUser(t2.db, { roles: ["Administrator"] });
      const cookie = await loginAs(t2.app, admin.email, DEFAULT_TEST_PASSWORD);
      const o = await insertOrder(t2.db, {
        customerId: a.customerId,
        userId: a.userId,
        status: "confirmed",
        packedAt: new Date(),
        shipDate: isoDateAt(),
        lines: [{ quantity: 3, pailPriceCents: 1000, bunchPriceCents: 1000 }],
      });
      // As placed with a $5.50 voucher: 3 x $10.00 = $30.00, total $24.50.
      await t2.db.update(orders).set({ voucherCode: "BLITZ-INV", discountCents: 550, totalCents: 2450 }).where(eq(orders.id, o.id));
      const shipped = await t2.app.inject({ method: "POST", url: `/api/OrderDesk/Orders/${o.orderNumber}/Ship`, headers: { cookie, ...SAME_ORIGIN } });
      expect(shipped.statusCode).toBe(200);
      const invoice = (await t2.app.inject({ method: "GET", url: `/api/Invoices/${shipped.json().invoiceNumber}`, headers: { cookie } })).json();
      expect(invoice.lines.map((l: { description: string; quantity: number; unitPrice: number }) => [l.quantity, l.unitPrice])).toEqual([
        [3, 10],
        [1, -5.5],
      ]);
      expect(invoice.lines[1].description).toBe("Blitz voucher BLITZ-INV");
      // 2450 x 8.25 % = 202.125 -> 202 cents.
      expect(invoice).toMatchObject({ subtotal: 24.5, tax: 2.02, total: 26.52 });
    } finally {
      await t2.close();
    }
  });
});

/** Two users of one customer, each with a cart, racing to use the customer's one-use voucher. */
async function race(apps: [Injector, Injector], rounds: number) {
  for (let round = 0; round < rounds; round++) {
    const first = await buyer(t);
    const u2 = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [first.customerId] });
    const second = client(apps[1], await loginAs(apps[1], u2.email, DEFAULT_TEST_PASSWORD), u2.id, first.customerId);
    const { products: [p] } = await offer(t.db, [first.customerId], { line: { originalQuantity: 50 } });
    const v = await voucher({ customerId: first.customerId });
    await fillCart(first, p!.productId);
    await fillCart(second, p!.productId);
    const results = await Promise.all([place(first, v.code, apps[0]), place(second, v.code, apps[1])]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const loser = results.find((r) => r.statusCode !== 200)!;
    expect(loser.json().message).toBe("This voucher has already been used.");
    expect(await t.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, v.id))).toHaveLength(1);
    const placed = await t.db.select().from(orders).where(eq(orders.customerId, first.customerId));
    expect(placed).toHaveLength(1);
    expect(placed[0]!.discountCents).toBe(1000);
  }
}

describe("two checkouts racing for one use", () => {
  it("lets exactly one have it (one instance)", async () => {
    await race([t.app, t.app], 4);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two instances on one PostgreSQL database", () => {
  let second: ServerProcess;
  beforeAll(async () => {
    second = await startServerProcess(t.database.url!);
  }, SERVER_PROCESS_HOOK_TIMEOUT_MS);
  afterAll(async () => second?.close());

  it("lets exactly one have it", { timeout: 120_000 }, async () => {
    await race([t.app, second], 4);
  });
});

describe("the voucher's saving before the order is placed (GET /api/Store/VoucherQuote)", () => {
  it("answers the terms PlaceOrder then applies: the saving the checkout shows is the one taken off", async () => {
    const { voucherDiscountCents, voucherSavingText } = await import("../../../domain/voucher.ts");
    const a = await buyer(t);
    const { products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 50 } });
    const v = await voucher({ userId: a.userId, amountOffCents: 250, percentOff: 10 });
    const subtotal = await fillCart(a, p!.productId);
    const quote = await a.get(`/api/Store/VoucherQuote/${a.userId}/${a.customerId}?code=${encodeURIComponent(` ${v.code.toLowerCase()}`)}`);
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toEqual({ code: v.code, percentOff: 10, amountOffCents: 250 });
    const shown = voucherDiscountCents(subtotal, quote.json());
    expect(voucherSavingText(v.code, subtotal, quote.json())).toBe(`Voucher ${v.code} saves $${(shown / 100).toFixed(2)}`);
    // Asking writes nothing: the voucher is still unused and the order takes exactly that saving.
    expect(await t.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, v.id))).toEqual([]);
    const placed = await place(a, v.code);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().discount).toBe(shown / 100);
    // Once used, the quote says so at the field, as PlaceOrder would.
    const again = await a.get(`/api/Store/VoucherQuote/${a.userId}/${a.customerId}?code=${v.code}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().fields?.voucherCode).toBe("This voucher has already been used.");
  });

  it("refuses an unknown, expired or someone else's code with the field's message, and another buyer's cart with 403", async () => {
    const a = await buyer(t);
    const b = await buyer(t);
    const expired = await voucher({ expiresAt: new Date(Date.now() - 1000), startsAt: new Date(Date.now() - day) });
    const theirs = await voucher({ userId: b.userId });
    const ask = (c: Client, code: string, as: Client = c) =>
      t.app.inject({ method: "GET", url: `/api/Store/VoucherQuote/${c.userId}/${c.customerId}?code=${encodeURIComponent(code)}`, headers: { cookie: as.cookie, ...SAME_ORIGIN } });
    const unknown = await ask(a, "NO-SUCH-CODE");
    expect([unknown.statusCode, unknown.json().fields?.voucherCode]).toEqual([400, "This voucher code is not valid."]);
    const old = await ask(a, expired.code);
    expect([old.statusCode, old.json().fields?.voucherCode]).toEqual([400, "This voucher has expired."]);
    const other = await ask(a, theirs.code);
    expect([other.statusCode, other.json().fields?.voucherCode]).toEqual([400, "This voucher code is not valid."]);
    expect((await ask(a, "")).statusCode).toBe(400);
    expect((await ask(a, "X".repeat(41))).statusCode).toBe(400);
    expect((await ask(b, theirs.code, a)).statusCode).toBe(403);
  });
});
