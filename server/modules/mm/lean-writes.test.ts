// Statement counts of the mass-market cart save (issue 24 "one statement budget for both stores"):
// counted at the real driver, BEGIN and COMMIT included, with the same helper and the same budget
// as the wholesale save (server/modules/store/lean-writes.test.ts). A count, not a time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cartLines, carts, mmBarcodes, mmHolds } from "../../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { addDays, insertMmPackage, isoDateAt, nextCode, type MmPackage } from "../../../tests/factories/index.ts";
import { mmBouquet, mmBuyer, mmCatalog } from "../../../tests/helpers/mm-fixtures.ts";
import { countStatements } from "../../../tests/helpers/statement-count.ts";
import { writesDuring } from "../../../tests/helpers/network-writes.ts";
import { loadBuyer } from "../buyers/index.ts";
import { saveCart } from "./service.ts";
import pg from "pg";
import { openDatabase } from "../../../db/client.ts";
import type { MmCart } from "../../../contract/mm.ts";

/** The wholesale save's budget (store/lean-writes.test.ts): one for both stores. */
const SAVE_BUDGET = 6;

let t: TestApp;
let box: MmPackage;
const tomorrow = () => addDays(isoDateAt(), 1);

beforeAll(async () => {
  t = await buildTestApp();
  box = await insertMmPackage(t.db, { type: nextCode("BXL-"), priceCents: 40, description: "Medium box" });
  await insertMmPackage(t.db, { type: "RFLP1", category: "pails", size: "Pail", priceCents: 75, description: "Pail fee" });
});
afterAll(async () => t?.close());

/** A mass-market buyer with a catalog of `n` bouquets (`available` each), its saves counted. */
async function setUp(n: number, available = 40) {
  const b = await mmBuyer(t);
  const catalog = await mmCatalog(t, [b.customerId], 7);
  const products = [];
  for (let i = 0; i < n; i++) products.push(await mmBouquet(t, catalog.id, box.type, 1299, available));
  const owner = { userId: b.userId, customerId: b.customerId };
  const buyer = await loadBuyer(t.db, b.customerId, 0);
  const save = async (items: { productId: string; quantity: number; barcodeNumber?: string | null }[], extra: { boxed?: boolean } = {}) => {
    const counter = countStatements(t.db);
    try {
      const result = await saveCart(t.db, t.config.holdMs, owner, buyer, { shipDate: tomorrow(), items, ...extra });
      return { result, count: counter.count, statements: [...counter.statements] };
    } finally {
      counter.stop();
    }
  };
  /** The cart as a fresh GET reads it. */
  const read = async () => (await b.get("MMStore/Cart")).json();
  return { owner, products, catalog, save, read };
}

describe("a mass-market cart save", () => {
  it("saves 50 bouquets in the wholesale save's budget, holding and pricing every line", async () => {
    const s = await setUp(50);
    const { result, count, statements } = await s.save(s.products.map((p) => ({ productId: p.productId, quantity: 5 })));
    // BEGIN, lock the cart (with its lines and the packages), choose the catalog and lock its lines,
    // read them with other carts' holds and the remembered labels, write, COMMIT.
    expect(count, statements.join("\n")).toBeLessThanOrEqual(SAVE_BUDGET);
    expect(result.items.filter((i) => i.id !== 0)).toHaveLength(50);
    expect(result.items.filter((i) => i.id !== 0).every((i) => i.quantity === 5 && i.available === 40)).toBe(true);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, s.owner.userId));
    const held = await t.db.select().from(mmHolds).where(eq(mmHolds.cartId, cart!.id));
    expect(held).toHaveLength(50);
    expect(held.every((h) => h.quantity === 5 && h.expiresAt.getTime() === cart!.holdExpiresAt!.getTime())).toBe(true);
    expect(await t.db.select().from(cartLines).where(eq(cartLines.cartId, cart!.id))).toHaveLength(50);
    // The answer built from what was written equals a fresh read.
    expect(result).toEqual({ ...(await s.read()), messages: [] });
  });

  it("changes, drops and adds bouquets of a 50-line cart in the same statements, never above what is free", async () => {
    const s = await setUp(60);
    await s.save(s.products.slice(0, 50).map((p) => ({ productId: p.productId, quantity: 5 })));
    // 10 leave, 10 come in, the rest change (half of them above what the catalog has: cut to 40).
    const { result, count } = await s.save(s.products.slice(10, 60).map((p, i) => ({ productId: p.productId, quantity: i % 2 ? 45 : 3 })));
    expect(count).toBeLessThanOrEqual(SAVE_BUDGET);
    const bouquets = result.items.filter((i) => i.id !== 0);
    expect(bouquets.map((i) => i.productId)).toEqual(s.products.slice(10, 60).map((p) => p.productId));
    expect(bouquets.filter((i) => i.quantity === 40 && i.message !== null)).toHaveLength(25);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, s.owner.userId));
    const held = new Map((await t.db.select().from(mmHolds).where(eq(mmHolds.cartId, cart!.id))).map((h) => [h.productId, h.quantity]));
    expect(held.size).toBe(50);
    for (const p of s.products.slice(0, 10)) expect(held.has(p.productId)).toBe(false);
    // A fresh read equals the answer but for the save's own notes (the cut lines' messages).
    const noted = { ...result, items: result.items.map((i) => ({ ...i, message: null })) };
    expect(noted).toEqual({ ...(await s.read()), messages: [] });
  });

  it("costs the same number of statements for 1 bouquet as for 50, and keeps remembered labels", async () => {
    const one = await setUp(1);
    const fifty = await setUp(50);
    await t.db.insert(mmBarcodes).values({ customerId: one.owner.customerId, productId: one.products[0]!.productId, barcodeNumber: "0123456789012", barcodeTop: "TOP", barcodeLeft: null, barcodeBottom: null });
    const a = await one.save([{ productId: one.products[0]!.productId, quantity: 2 }]);
    const b = await fifty.save(fifty.products.map((p) => ({ productId: p.productId, quantity: 2 })));
    expect(b.count).toBe(a.count);
    expect(a.result.items[0]).toMatchObject({ barcodeNumber: "0123456789012", barcodeTop: "TOP" });
  });

  it("empties a cart in fewer statements still", async () => {
    const s = await setUp(3);
    await s.save(s.products.map((p) => ({ productId: p.productId, quantity: 2 })));
    const { result, count } = await s.save([]);
    expect(count).toBeLessThanOrEqual(SAVE_BUDGET);
    expect(result.items).toEqual([]);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, s.owner.userId));
    expect(await t.db.select().from(mmHolds).where(eq(mmHolds.cartId, cart!.id))).toEqual([]);
  });
});

// The round trips themselves exist only on PostgreSQL (PGlite runs in this process).
describe.runIf(!!process.env.DATABASE_URL)("a mass-market cart save on PostgreSQL", () => {
  /** The writes that carry the save's own statements (the cart's lock, the catalog's lock, the holds, the write). */
  const saveWrites = (writes: string[]) => writes.filter((w) => ["cart_lock_", "mm_sale_lock_", "cart_holds_", "cart_write_"].some((m) => w.includes(m)));

  it("sends the catalog lines' lock in the cart lock's write when the body names an open date: three writes", async () => {
    const s = await setUp(3);
    await s.save(s.products.map((p) => ({ productId: p.productId, quantity: 2 })));
    // A fee line in the body (a package's own code) is named to the catalog's lock, and never sold.
    const { result, writes } = await writesDuring(() => s.save([...s.products.map((p) => ({ productId: p.productId, quantity: 4 })), { productId: "RFLP1", quantity: 1 }]));
    expect(result.result.items.filter((i) => i.id !== 0).map((i) => [i.productId, i.quantity])).toEqual(s.products.map((p) => [p.productId, 4]));
    const saleLock = writes.filter((w) => w.includes("mm_sale_lock_"));
    expect(saleLock).toHaveLength(1);
    expect(saleLock[0]).toContain("cart_lock_");
    expect(saleLock[0]).toMatch(/BEGIN/);
    const own = saveWrites(writes);
    expect(own).toHaveLength(3);
    expect(own[2]).toContain("cart_write_");
    expect(own[2]).toMatch(/COMMIT/);
    // What was held is what a fresh read finds.
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, s.owner.userId));
    const held = await t.db.select().from(mmHolds).where(eq(mmHolds.cartId, cart!.id));
    expect(held.map((h) => h.quantity).sort()).toEqual([4, 4, 4]);
    expect(result.result).toEqual({ ...(await s.read()), messages: [] });
  });

  it("goes the long way when the body leaves the date to the cart", async () => {
    const s = await setUp(2);
    await s.save(s.products.map((p) => ({ productId: p.productId, quantity: 2 })));
    const buyer = await loadBuyer(t.db, s.owner.customerId, 0);
    const items = s.products.map((p) => ({ productId: p.productId, quantity: 3 }));
    const { result, writes } = await writesDuring(() => saveCart(t.db, t.config.holdMs, s.owner, buyer, { items }));
    expect(result.items.filter((i) => i.id !== 0).every((i) => i.quantity === 3)).toBe(true);
    const saleLock = writes.filter((w) => w.includes("mm_sale_lock_"));
    expect(saleLock).toHaveLength(1);
    expect(saleLock[0]).not.toContain("cart_lock_");
    expect(saveWrites(writes)).toHaveLength(4);
  });

  it("answers a stale version with 409 while another transaction holds a bouquet's line, locking and writing nothing", async () => {
    // The app's pool as production bounds it (DATABASE_LOCK_TIMEOUT_SECONDS), shortened: a save whose
    // catalog lock waited would fail with the lock timeout, not answer 409.
    const bounded = await openDatabase({ databaseUrl: t.database.url!, poolSize: 2, timeouts: { statementMs: 0, lockMs: 300, idleInTransactionMs: 0 } });
    const rival = new pg.Client({ connectionString: t.database.url });
    await rival.connect();
    try {
      const s = await setUp(1);
      const lily = s.products[0]!.productId;
      const first = await s.save([{ productId: lily, quantity: 2 }]);
      await s.save([{ productId: lily, quantity: 3 }]);
      const buyer = await loadBuyer(t.db, s.owner.customerId, 0);
      await rival.query("begin");
      await rival.query("select 1 from mm_catalog_products where catalog_id = $1 and product_id = $2 for no key update", [s.catalog.id, lily]);
      try {
        const { result: stale, writes } = await writesDuring(() =>
          saveCart(bounded.db, t.config.holdMs, s.owner, buyer, { version: first.result.version, shipDate: tomorrow(), items: [{ productId: lily, quantity: 9 }] }).then(
            () => null,
            (e: { statusCode?: number; data?: MmCart }) => e,
          ),
        );
        expect(stale?.statusCode).toBe(409);
        expect(stale?.data?.items.find((i) => i.productId === lily)).toMatchObject({ quantity: 3 });
        // The catalog's lock went out behind the cart's, and chose nothing.
        expect(writes.find((w) => w.includes("mm_sale_lock_"))).toContain("cart_lock_");
      } finally {
        await rival.query("rollback");
      }
      const [cart] = await t.db.select().from(carts).where(eq(carts.userId, s.owner.userId));
      expect((await t.db.select().from(mmHolds).where(eq(mmHolds.cartId, cart!.id))).map((h) => h.quantity)).toEqual([3]);
      // The pool's connections serve the next save.
      const again = await saveCart(bounded.db, t.config.holdMs, s.owner, buyer, { shipDate: tomorrow(), items: [{ productId: lily, quantity: 1 }] });
      expect(again.items.find((i) => i.productId === lily)).toMatchObject({ quantity: 1 });
    } finally {
      await rival.end();
      await bounded.close();
    }
  });
});
