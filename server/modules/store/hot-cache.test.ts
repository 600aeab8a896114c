// Hot reads from memory kept true by the database (issue 14): two app instances on one database —
// two PostgreSQL pools with their own LISTEN connection, or two apps on one PGlite — each with its
// own caches. What one instance writes, the other answers at once; a signed-out session is refused
// by both at once; a warm read sends no statement at all.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { twoInstancesPerFile, cookieFrom, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, client, offer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";
import { countStatements, statementsDuring } from "../../../tests/helpers/statement-count.ts";
import { applyCustomerDiscount } from "../../../domain/pricing.ts";

let a: TestApp;
let b: TestApp;
twoInstancesPerFile((two) => ({ a, b } = two));

const through = (c: Client, t: TestApp) => client(t.app, c.cookie, c.userId, c.customerId);

/** A buyer with a 3-line offer, its catalog products and cart read (and so cached) through both instances. */
async function warm() {
  const ca = await buyer(a);
  const cb = through(ca, b);
  const { catalog, products, offerLines } = await offer(a.db, [ca.customerId], { count: 3, line: { originalQuantity: 20 } });
  for (const c of [ca, cb, ca, cb]) {
    expect((await c.products(catalog.orderId, tomorrow())).statusCode).toBe(200);
    expect((await c.cart()).statusCode).toBe(200);
    expect((await c.get("/api/Auth/CheckToken/")).statusCode).toBe(200);
  }
  return { ca, cb, catalog, products, offerLines };
}

/** Statements instance b sends while `fn` runs. */
const statementsOfB = (fn: () => Promise<unknown>) => statementsDuring(b.db, fn);

describe("two instances on one database", () => {
  it("answer warm Catalog/Products, cart and CheckToken calls from memory, without a statement", async () => {
    const { cb, catalog } = await warm();
    const sent = await statementsOfB(async () => {
      expect((await cb.products(catalog.orderId, tomorrow())).statusCode).toBe(200);
      expect((await cb.cart()).statusCode).toBe(200);
      expect((await cb.get("/api/Auth/CheckToken/")).json().user.id).toBe(cb.userId);
    });
    expect(sent).toEqual([]);
  });

  it("show a save through one instance at once through the other: availability and the cart", async () => {
    const { ca, cb, catalog, products } = await warm();
    const other = await buyer(a);
    await offer(a.db, [other.customerId]); // the other buyer must see the same catalog: share it
    await a.db.execute(sql`insert into catalog_customers (catalog_id, customer_id) values (${catalog.id}, ${other.customerId})`);
    const otherOnB = through(other, b);
    const before = (await otherOnB.products(catalog.orderId, tomorrow())).json() as { productId: string; quantityRemaining: number }[];
    expect(before.find((p) => p.productId === products[0]!.productId)!.quantityRemaining).toBe(20);

    // The first buyer holds 6 bunches through instance a...
    expect((await ca.save({ shipDate: tomorrow(), items: [{ productId: products[0]!.productId, quantity: 6 }] })).statusCode).toBe(200);
    // ...and instance b knows at once: its cart, and what the other buyer may still take.
    const cart = (await cb.cart()).json();
    expect(cart.items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([[products[0]!.productId, 6]]);
    const after = (await otherOnB.products(catalog.orderId, tomorrow())).json() as { productId: string; quantityRemaining: number }[];
    expect(after.find((p) => p.productId === products[0]!.productId)!.quantityRemaining).toBe(14);
  });

  it("keep other buyers' catalog answers when a buyer's first cart GET makes its cart, and drop that buyer's own", async () => {
    const newcomer = await buyer(a);
    const { ca, cb, catalog } = await warm();
    await a.db.execute(sql`insert into catalog_customers (catalog_id, customer_id) values (${catalog.id}, ${newcomer.customerId})`);
    const newcomerOnB = through(newcomer, b);
    // Its answers kept on both instances while it has no cart yet (its ETag names no cart).
    for (const c of [newcomer, newcomerOnB, newcomer, newcomerOnB]) expect((await c.products(catalog.orderId, tomorrow())).statusCode).toBe(200);
    const before = (await newcomerOnB.products(catalog.orderId, tomorrow())).headers.etag;
    // The sharing above dropped every kept answer: the first buyer's are read (and kept) again.
    for (const c of [ca, cb]) {
      expect((await c.products(catalog.orderId, tomorrow())).statusCode).toBe(200);
      expect((await c.cart()).statusCode).toBe(200);
    }

    // The newcomer's first cart GET, through instance a, makes its cart.
    expect((await newcomer.cart()).statusCode).toBe(200);
    const { changeFeedFor } = await import("../../../db/change-feed.ts");
    const feed = changeFeedFor(b.db);
    await feed.sync();
    await feed.release();
    // Instance b still answers the first buyer from memory...
    const sent = await statementsOfB(async () => {
      expect((await cb.products(catalog.orderId, tomorrow())).statusCode).toBe(200);
      expect((await cb.cart()).statusCode).toBe(200);
    });
    expect(sent).toEqual([]);
    // ...and reads the newcomer's again, as its kept ETag was read for no cart; the new cart holds
    // nothing, so the answer is the same as every empty cart's.
    let after: string | string[] | undefined;
    const reread = await statementsOfB(async () => {
      after = (await newcomerOnB.products(catalog.orderId, tomorrow())).headers.etag;
    });
    expect(reread.length).toBeGreaterThan(0);
    expect(after).toBe(before);
  });

  it("refuse a signed-out session on both instances at once", async () => {
    const { ca, cb } = await warm();
    expect((await cb.get("/api/Auth/CheckToken/")).json().user.id).toBe(cb.userId);
    const out = await a.app.inject({ method: "POST", url: "/api/Auth/logout/", headers: { cookie: ca.cookie, ...SAME_ORIGIN } });
    expect(out.statusCode).toBe(200);
    // The sign-out's answer marks the browser (bloom_wrote), and its next requests carry the mark to
    // whichever instance they reach, which syncs its change feed first: b may not have the notice yet.
    const mark = cookieFrom(out).split("; ").find((p) => p.startsWith("bloom_wrote="));
    expect(mark).toMatch(/^bloom_wrote=\d{13}$/);
    const marked = (c: Client, on: TestApp) => client(on.app, `${c.cookie}; ${mark}`, c.userId, c.customerId);
    for (const c of [marked(ca, a), marked(cb, b)]) {
      expect((await c.get("/api/Auth/CheckToken/")).json()).toEqual({ user: null, originalUser: null });
      expect((await c.cart()).statusCode).toBe(401);
    }
  });

  it("follow a change made straight in the database once its notice is in, with the feed round trip as the only wait", async () => {
    const { cb, catalog, products } = await warm();
    await a.db.execute(sql`update products set description = 'Renamed by the grower' where product_id = ${products[1]!.productId}`);
    // The writer here is not an app instance: wait for b's feed to pass the change (a round trip, no timer).
    const { changeFeedFor } = await import("../../../db/change-feed.ts");
    const feed = changeFeedFor(b.db);
    await feed.sync();
    await feed.release();
    const list = (await cb.products(catalog.orderId, tomorrow())).json() as { productId: string; description: string }[];
    expect(list.find((p) => p.productId === products[1]!.productId)!.description).toBe("Renamed by the grower");
  });
});

describe("Catalog/Products shared between buyers", () => {
  type Row = { productId: string; quantityRemaining: number };
  const remaining = (res: { json(): unknown }, productId: string) => (res.json() as Row[]).find((p) => p.productId === productId)!.quantityRemaining;

  it("is one answer, on both instances, for every cart holding nothing there; a cart holding stock gets its own, without its own holds", async () => {
    const buyers = [await buyer(a), await buyer(a), await buyer(a)];
    const [first, second, third] = buyers as [Client, Client, Client];
    const { catalog, products } = await offer(a.db, buyers.map((c) => c.customerId), { count: 2, line: { originalQuantity: 20 } });
    const productId = products[0]!.productId;
    const read = async (c: Client, on: TestApp = a) => {
      const res = await through(c, on).products(catalog.orderId, tomorrow());
      expect(res.statusCode).toBe(200);
      return { etag: res.headers.etag as string, left: remaining(res, productId) };
    };

    // No cart yet, or an empty one: the same answer, whichever instance builds it.
    expect((await second.cart()).statusCode).toBe(200);
    const shared = await read(first);
    expect(await read(second, b)).toEqual(shared);
    expect(shared.left).toBe(20);
    // A buyer's ETag from another buyer's answer is good for a 304.
    const conditional = await through(third, b).products(catalog.orderId, tomorrow(), { "if-none-match": shared.etag });
    expect(conditional.statusCode).toBe(304);

    // The first buyer holds 6: they still see 20 (their own hold is theirs), the others 14.
    expect((await first.save({ shipDate: tomorrow(), items: [{ productId, quantity: 6 }] })).statusCode).toBe(200);
    const holding = await read(first, b);
    expect(holding.left).toBe(20);
    const others = await read(second);
    expect(others.left).toBe(14);
    expect(holding.etag).not.toBe(others.etag);
    expect(others.etag).not.toBe(shared.etag);
    expect(await read(third, b)).toEqual(others);

    // Emptied, the first cart shares the others' answer again.
    expect((await first.save({ shipDate: tomorrow(), items: [] })).statusCode).toBe(200);
    const back = await read(first);
    expect(back.left).toBe(20);
    expect(back.etag).toBe((await read(second, b)).etag);
  });

  it("reads a catalog's rows once for buyers of every discount, each priced at their own; a stock change is read anew", async () => {
    const plain = await buyer(a);
    const fivePercent = await buyer(a, { discountPercent: 5 });
    const { catalog, products, offerLines } = await offer(a.db, [plain.customerId, fivePercent.customerId], { count: 2, line: { originalQuantity: 20 } });
    const productId = products[0]!.productId;
    /** The answer's row of the product, and how many offer-row reads instance a sent for it. */
    const read = async (c: Client) => {
      const counter = countStatements(a.db);
      try {
        const res = await c.products(catalog.orderId, tomorrow());
        expect(res.statusCode).toBe(200);
        const row = (res.json() as { productId: string; price: number; quantityRemaining: number }[]).find((p) => p.productId === productId)!;
        return { row, etag: res.headers.etag, rowReads: counter.statements.filter((s) => s.startsWith('select "offer_lines"."id"')).length };
      } finally {
        counter.stop();
      }
    };

    const first = await read(plain);
    expect(first.rowReads).toBeGreaterThan(0);
    const second = await read(fivePercent);
    expect(second.rowReads).toBe(0);
    expect(second.etag).not.toBe(first.etag);
    expect(second.row.quantityRemaining).toBe(first.row.quantityRemaining);
    expect(Math.round(second.row.price * 100)).toBe(applyCustomerDiscount(Math.round(first.row.price * 100), 5));
    expect(second.row.price).toBeLessThan(first.row.price);

    // The grower sells 4 elsewhere: both read the rows anew and see 16.
    await a.db.execute(sql`update offer_lines set quantity_ordered = quantity_ordered + 4 where id = ${offerLines[0]!.id}`);
    const { changeFeedFor } = await import("../../../db/change-feed.ts");
    const feed = changeFeedFor(a.db);
    await feed.sync();
    await feed.release();
    const after = await read(fivePercent);
    expect(after.rowReads).toBeGreaterThan(0);
    expect(after.row.quantityRemaining).toBe(16);
    expect((await read(plain)).row.quantityRemaining).toBe(16);
  });
});
