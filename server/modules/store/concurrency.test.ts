// The invariant of DOMAIN.md: orders + active holds never exceed an offer line's original quantity,
// whatever the number of concurrent buyers and app instances.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { orderLines } from "../../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, committed, offer, tomorrow, type Client } from "./test-fixtures.ts";

const BUYERS = 24;
const REMAINING = "You can only order up to the quantity remaining today";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function buyers(n: number, apps: TestApp[] = [t]): Promise<Client[]> {
  const list: Client[] = [];
  for (let i = 0; i < n; i++) list.push(await buyer(t, {}, apps[i % apps.length]!.app));
  return list;
}

interface Line {
  quantity: number;
  quantityConfirmed: number;
  quantityPending: number;
  message: string | null;
}

/** Everyone asks for 2 bunches of a line with 7 at once. */
async function raceForSeven(clients: Client[]) {
  const { offerLines: [ol], products: [p] } = await offer(t.db, clients.map((c) => c.customerId), { line: { originalQuantity: 7 } });
  const results = await Promise.all(clients.map((c) => c.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }] })));
  expect(results.map((r) => r.statusCode)).toEqual(Array(clients.length).fill(200));
  const lines: Line[] = results.map((r) => r.json().items[0]);
  expect(lines.every((l) => l.quantity === 2 && l.quantityConfirmed + l.quantityPending === 2)).toBe(true);
  // Exactly the 7 there are get held: three buyers 2 each, one buyer 1, the rest nothing (all pending).
  expect(lines.map((l) => l.quantityConfirmed).sort((a, b) => a - b)).toEqual([...Array(clients.length - 4).fill(0), 1, 2, 2, 2]);
  expect(await committed(t.db, ol!.id)).toEqual({ original: 7, ordered: 0, held: 7 });
  return { ol: ol!, p: p! };
}

describe("many buyers, one offer line", () => {
  it(`${BUYERS} concurrent saves never hold more than there is; the losers are pending`, async () => {
    const clients = await buyers(BUYERS);
    const { ol } = await raceForSeven(clients);

    // Then everybody places the order at once: exactly 7 become ordered, the rest stay requests.
    const placed = await Promise.all(clients.map((c) => c.place({ key: `race-${c.userId}` })));
    expect(placed.map((r) => r.statusCode)).toEqual(Array(BUYERS).fill(200));
    const [sum] = await t.db
      .select({ confirmed: sql<number>`sum(${orderLines.quantityConfirmed})::int`.mapWith(Number), pending: sql<number>`sum(${orderLines.quantityPending})::int`.mapWith(Number) })
      .from(orderLines)
      .where(eq(orderLines.offerLineId, ol.id));
    expect(sum).toEqual({ confirmed: 7, pending: BUYERS * 2 - 7 });
    expect(await committed(t.db, ol.id)).toEqual({ original: 7, ordered: 7, held: 0 });
  });

  it("final products: concurrent buyers are capped at what remains and the losers get the message", async () => {
    const clients = await buyers(BUYERS);
    const { offerLines: [ol], products: [p] } = await offer(t.db, clients.map((c) => c.customerId), { line: { originalQuantity: 5, isFinalProduct: true } });
    const results = await Promise.all(clients.map((c) => c.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 2 }] })));
    const carts = results.map((r) => r.json());
    const kept: Line[] = carts.flatMap((c) => c.items);
    expect(kept.every((l) => l.quantityPending === 0 && l.quantity === l.quantityConfirmed)).toBe(true);
    expect(kept.map((l) => l.quantity).sort()).toEqual([1, 2, 2]);
    expect(kept.filter((l) => l.message === REMAINING)).toHaveLength(1);
    const dropped = carts.filter((c) => c.items.length === 0);
    expect(dropped).toHaveLength(BUYERS - 3);
    expect(dropped.every((c) => c.messages[0].message === REMAINING)).toBe(true);
    expect(await committed(t.db, ol!.id)).toEqual({ original: 5, ordered: 0, held: 5 });
  });

  it("saves and orders interleaved at once keep the invariant", async () => {
    const holders = await buyers(6);
    const latecomers = await buyers(14);
    const { offerLines: [ol], products: [p] } = await offer(t.db, [...holders, ...latecomers].map((c) => c.customerId), { line: { originalQuantity: 9 } });
    await Promise.all(holders.map((c) => c.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 3 }] })));
    expect(await committed(t.db, ol!.id)).toEqual({ original: 9, ordered: 0, held: 9 });
    await Promise.all([
      ...holders.map((c) => c.place()),
      ...latecomers.map((c) => c.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 1 }] })),
      ...holders.slice(0, 3).map((c) => c.removeHold()),
    ]);
    const after = await committed(t.db, ol!.id);
    expect(after.ordered + after.held).toBeLessThanOrEqual(9);
    expect(after.ordered).toBeGreaterThanOrEqual(0);
  });
});

describe("two app instances on one PostgreSQL database", () => {
  it.skipIf(!process.env.DATABASE_URL)(
    "the same race through two instances never oversells (PGlite is one in-process database, so there is no second instance to race)",
    async () => {
      const second = await buildTestApp({}, t.database);
      try {
        const clients = await buyers(BUYERS, [t, second]);
        const { ol } = await raceForSeven(clients);
        const placed = await Promise.all(clients.map((c) => c.place()));
        expect(placed.map((r) => r.statusCode)).toEqual(Array(BUYERS).fill(200));
        expect(await committed(t.db, ol.id)).toEqual({ original: 7, ordered: 7, held: 0 });
      } finally {
        await second.close();
      }
    },
  );
});
