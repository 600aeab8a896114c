// A copy of a PlaceOrder request (the same Idempotency-Key) answers the first order whatever would refuse
// it on its own: here the copy queues on the cart's lock behind the first and behind a save that fills
// the cart again, so its lock statement's snapshot (taken before the wait) has no order of the key, its
// cart is not empty, and its voucher is used by then. Only PostgreSQL runs transactions side by side
// (PGlite runs one at a time), so this runs on PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { carts, orders, vouchers } from "../../../db/schema/index.ts";
import { buildTestApp, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, committed, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { rivalConnection, type Rival } from "../../../tests/helpers/rival.ts";

describe.runIf(!!process.env.DATABASE_URL)("a copy of a placed order's request", () => {
  let t: TestApp;
  let rival: Rival;
  beforeAll(async () => {
    t = await buildTestApp();
    rival = await rivalConnection(t.database.url!);
  });
  afterAll(async () => {
    await rival?.end();
    await t?.close();
  });

  it("answers the first order when it queued behind a save that filled the cart again and its voucher is used", async () => {
    const a = await buyer(t);
    const {
      offerLines: [ol, ol2],
      products: [p, p2],
    } = await offer(t.db, [a.customerId], { count: 2, line: { originalQuantity: 10 } });
    const [v] = await t.db
      .insert(vouchers)
      .values({ code: `ONCE-${Date.now()}`, description: "Blitz", percentOff: 0, amountOffCents: 500, startsAt: new Date(Date.now() - 86_400_000), expiresAt: new Date(Date.now() + 86_400_000), userId: a.userId })
      .returning();
    expect((await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 3 }] })).statusCode).toBe(200);
    const place = () =>
      t.app.inject({
        method: "POST",
        url: `/api/Store/PlaceOrder/${a.userId}/${a.customerId}`,
        headers: { cookie: a.cookie, ...SAME_ORIGIN, "idempotency-key": "double-click" },
        payload: { voucherCode: v!.code },
      });
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, a.userId));
    // The cart's row held by another transaction: the first request, a save and the copy queue on it in that order.
    await rival.client.query("begin");
    await rival.client.query("select id from carts where id = $1 for update", [cart!.id]);
    try {
      const first = place();
      await rival.waitingForLocks(1);
      const save = a.save({ shipDate: tomorrow(), items: [{ productId: p2!.productId, quantity: 2 }] });
      await rival.waitingForLocks(2);
      const copy = place();
      // The copy reads its session and the buyer, then queues behind the two.
      await new Promise((r) => setTimeout(r, 500));
      await rival.client.query("commit");
      const [f, s, c] = await Promise.all([first, save, copy]);
      expect(f.statusCode, f.body).toBe(200);
      expect(s.statusCode, s.body).toBe(200);
      expect(c.statusCode, c.body).toBe(200);
      expect(c.json()).toEqual(f.json());
    } finally {
      await rival.client.query("rollback").catch(() => {});
    }
    expect(await t.db.select().from(orders).where(eq(orders.userId, a.userId))).toHaveLength(1);
    expect(await committed(t.db, ol!.id)).toEqual({ original: 10, ordered: 3, held: 0 });
    expect(await committed(t.db, ol2!.id)).toEqual({ original: 10, ordered: 0, held: 2 });
  });
});
