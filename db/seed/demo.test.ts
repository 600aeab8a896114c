import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { expectOrderedPrices } from "../../tests/helpers/offer-prices.ts";
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { Database, Db } from "../client.ts";
import { createTestDatabase } from "../../tests/helpers/test-app.ts";
import {
  catalogs,
  customers,
  interactiveImageHotspots,
  interactiveImages,
  invoices,
  mmCatalogProducts,
  mmPackages,
  mmProducts,
  offerLines,
  orderLines,
  orders,
  products,
  retailerCustomers,
  retailers,
  shipTimes,
  userClaims,
  userCustomers,
  userRoles,
  users,
  vouchers,
} from "../schema/index.ts";
import { verifyPassword } from "../../server/modules/auth/password.ts";
import { addDays, cachedPasswordHash, isoDateAt, specWeekday } from "../../tests/factories/index.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, type SeedDemoResult } from "./demo.ts";

// A fixed instant keeps the two seeded databases comparable; the catalog test also seeds at "now".
const NOW = new Date("2026-03-11T15:30:00Z");

/** A fresh migrated database of the run's (PGlite from the snapshot, or a PostgreSQL clone). */
const freshDatabase = (): Promise<Database> => createTestDatabase();

async function rolesOf(db: Db, userId: string) {
  return (await db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);
}
async function customersOf(db: Db, userId: string) {
  return (await db.select().from(userCustomers).where(eq(userCustomers.userId, userId))).map((r) => r.customerId).sort();
}
async function claimsOf(db: Db, userId: string) {
  return db.select({ claim: userClaims.claim, value: userClaims.value }).from(userClaims).where(eq(userClaims.userId, userId));
}

describe("seedDemo", () => {
  let a: Database;
  let seeded: SeedDemoResult;
  let hash: string;

  beforeAll(async () => {
    hash = await cachedPasswordHash(DEMO_PASSWORD);
    a = await freshDatabase();
    seeded = await seedDemo(a.db, { now: NOW, passwordHash: hash });
  }, 180_000);
  afterAll(async () => {
    await a?.close();
  });

  it("creates exactly the demo accounts with the demo password", async () => {
    const rows = await a.db.select().from(users).orderBy(asc(users.email));
    expect(rows.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((d) => d.email).sort());
    for (const account of DEMO_ACCOUNTS) {
      const user = rows.find((u) => u.email === account.email)!;
      expect(await rolesOf(a.db, user.id)).toEqual([account.role]);
      expect(user.firstName).not.toBe("");
      expect(user.lastName).not.toBe("");
    }
    const admin = rows.find((u) => u.email === "admin@demo.test")!;
    expect([admin.firstName, admin.lastName]).toEqual(["Avery", "Admin"]);
    expect(await verifyPassword(admin.passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it("links each demo account to the right customers", async () => {
    const id = (email: string) => seeded.userIds[email]!;
    expect(await customersOf(a.db, id("admin@demo.test"))).toEqual([]);
    expect(await customersOf(a.db, id("sales@demo.test"))).toEqual([]);

    const wholesalerCustomers = await customersOf(a.db, id("wholesaler@demo.test"));
    const buyerCustomers = await customersOf(a.db, id("buyer@demo.test"));
    expect(wholesalerCustomers).toHaveLength(2);
    expect(buyerCustomers).toHaveLength(1);
    expect(wholesalerCustomers).not.toContain(buyerCustomers[0]);
    for (const code of [...wholesalerCustomers, ...buyerCustomers]) {
      const [c] = await a.db.select().from(customers).where(eq(customers.customerId, code));
      expect(c!.kind).toBe("wholesale");
      expect((await a.db.select().from(shipTimes).where(eq(shipTimes.customerId, code))).length).toBeGreaterThan(0);
    }

    const mm = await customersOf(a.db, id("massmarket@demo.test"));
    expect(mm).toHaveLength(1);
    const [mmCustomer] = await a.db.select().from(customers).where(eq(customers.customerId, mm[0]!));
    expect(mmCustomer!.kind).toBe("massMarket");
  });

  it("gives the retailer valid claims: one of the wholesaler's customers and a retailer linked to it", async () => {
    const retailerUser = seeded.userIds["retailer@demo.test"]!;
    const claims = await claimsOf(a.db, retailerUser);
    const wholesalerId = claims.filter((c) => c.claim === "WholesalerId").map((c) => c.value);
    const retailerIds = claims.filter((c) => c.claim === "retailerid").map((c) => Number(c.value));
    expect(wholesalerId).toHaveLength(1);
    expect(retailerIds).toEqual([seeded.retailerId]);
    expect(await customersOf(a.db, seeded.userIds["wholesaler@demo.test"]!)).toContain(wholesalerId[0]);

    const link = await a.db
      .select()
      .from(retailerCustomers)
      .where(and(eq(retailerCustomers.retailerId, retailerIds[0]!), eq(retailerCustomers.customerId, wholesalerId[0]!)));
    expect(link).toHaveLength(1);
    const [shop] = await a.db.select().from(retailers).where(eq(retailers.retailerId, retailerIds[0]!));
    const pickupDays = [shop!.pickupMonday, shop!.pickupTuesday, shop!.pickupWednesday, shop!.pickupThursday, shop!.pickupFriday];
    expect(pickupDays.some(Boolean)).toBe(true);
  });

  it("has the default customer, mass-market customers, an always-boxed customer and retailers", async () => {
    const all = await a.db.select().from(customers);
    expect(all.find((c) => c.customerId === "PRIDE")?.companyName).toBe("Pride");
    expect(all.filter((c) => c.kind === "massMarket")).toHaveLength(2);
    expect(all.filter((c) => c.alwaysBoxed)).toHaveLength(1);
    expect((await a.db.select().from(retailers)).length).toBeGreaterThanOrEqual(10);
  });

  it("keeps offer lines consistent: ordered within original, cheaper by the pail, tiers below base", async () => {
    const lines = await a.db.select().from(offerLines);
    expect(lines.length).toBeGreaterThan(500);
    for (const l of lines) {
      expect(l.quantityOrdered).toBeLessThanOrEqual(l.originalQuantity ?? 0);
      expectOrderedPrices(l);
      expect(l.priceCents).toBeLessThanOrEqual(l.standardPriceCents);
      expect(l.discountPriceNoPailCents).toBeLessThan(l.priceNoPailCents);
      expect(l.discountPriceNoPail2Cents).toBeLessThan(l.discountPriceNoPailCents);
      expect(l.discountQuantity).toBeLessThan(l.discountQuantity2);
      if (l.special) {
        expect(l.priceCents).toBeLessThan(l.standardPriceCents);
        expect(Number(l.discount)).toBeGreaterThan(0);
      }
    }
    expect(lines.some((l) => l.special)).toBe(true);
    expect(lines.some((l) => l.originalQuantity === 0)).toBe(true);
    // Offers starting more than a week ahead have no confirmed stock yet (Availability Pending).
    expect(lines.some((l) => l.originalQuantity === null)).toBe(true);
    expect(lines.some((l) => l.isFinalProduct)).toBe(true);
    expect(lines.some((l) => !l.showStore)).toBe(true);
    expect(lines.some((l) => l.nextAvailableDate !== null)).toBe(true);
    expect(lines.some((l) => l.quantityOrdered > 0)).toBe(true);
  });

  it("counts every non-cancelled order on a seeded offer in that offer line's quantityOrdered", async () => {
    const sums = await a.db
      .select({ offerLineId: orderLines.offerLineId, confirmed: sql<number>`sum(${orderLines.quantityConfirmed})::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(sql`${orders.status} <> 'cancelled' and ${orderLines.offerLineId} is not null`)
      .groupBy(orderLines.offerLineId);
    const confirmed = new Map(sums.map((s) => [s.offerLineId, s.confirmed]));
    const lines = await a.db.select().from(offerLines);
    for (const l of lines) expect(l.quantityOrdered).toBe(confirmed.get(l.id) ?? 0);
    expect(sums.length).toBeGreaterThan(0);
  });

  it("writes order history with consistent totals and invoices", async () => {
    const all = await a.db.select().from(orders);
    expect(all.length).toBeGreaterThanOrEqual(120);
    const lines = await a.db.select().from(orderLines);
    for (const o of all) {
      const mine = lines.filter((l) => l.orderId === o.id);
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine.reduce((s, l) => s + l.lineTotalCents, 0)).toBe(o.subtotalCents);
    }
    for (const l of lines.filter((x) => x.pails + x.looseBunches > 0)) {
      expect((l.quantity - l.looseBunches) * l.pailPriceCents + l.looseBunches * l.bunchPriceCents).toBe(l.lineTotalCents);
    }
    const statuses = new Set(all.map((o) => o.status));
    for (const s of ["submitted", "invoiced"]) expect(statuses).toContain(s);
    // The status machine (domain/order-status.ts): only a submitted order still has pending bunches.
    const statusOf = new Map(all.map((o) => [o.id, o.status]));
    const pendingByStatus = new Set(lines.filter((l) => l.quantityPending > 0).map((l) => statusOf.get(l.orderId)));
    expect([...pendingByStatus]).toEqual(["submitted"]);
    const inv = await a.db.select().from(invoices);
    expect(inv.length).toBeGreaterThan(50);
    expect(inv.some((i) => i.paid)).toBe(true);
    expect(inv.some((i) => !i.paid)).toBe(true);
    for (const i of inv) expect(i.totalCents).toBe(i.subtotalCents + i.taxCents);
    // One status everywhere (issue 26): an order with an invoice reads "invoiced", and only such an order does.
    const invoicedOrders = new Set(inv.map((i) => i.orderId));
    expect(all.filter((o) => invoicedOrders.has(o.id) !== (o.status === "invoiced")).map((o) => [o.orderNumber, o.status])).toEqual([]);
    const retailerOrders = all.filter((o) => o.retailerId === seeded.retailerId);
    expect(retailerOrders.length).toBeGreaterThan(0);
    expect(retailerOrders.every((o) => o.receivingDate !== null)).toBe(true);
  });

  it("adds the mass-market packages, vouchers and interactive images", async () => {
    const pkgs = await a.db.select().from(mmPackages);
    expect(pkgs.find((p) => p.type === "RFLP1")?.category).toBe("pails");
    expect((await a.db.select().from(mmCatalogProducts)).length).toBeGreaterThan(0);
    expect(pkgs.filter((p) => p.category === "boxes")).toHaveLength(4);
    const range = await a.db.select().from(mmProducts);
    expect(range.filter((p) => p.bouquet).length).toBeGreaterThanOrEqual(60);
    // No product is filed under a fee category: 'boxes' and 'pails' lines are charges (SPEC §9).
    expect(range.filter((p) => ["boxes", "pails"].includes(p.category.toLowerCase()))).toEqual([]);
    // A mass-market catalog per ship day; prices move week by week, not within a week.
    const mmDays = await a.db.select().from(catalogs).where(eq(catalogs.kind, "massMarket")).orderBy(asc(catalogs.shipDateFrom));
    expect(mmDays.length).toBeGreaterThan(12);
    expect(mmDays.every((c) => c.shipDateFrom === c.shipDateTo)).toBe(true);
    const priced = await a.db.select().from(mmCatalogProducts);
    const priceOn = (catalogId: number) =>
      priced
        .filter((l) => l.catalogId === catalogId)
        .map((l) => `${l.productId}:${l.pricePerBouquetCents}`)
        .sort()
        .join(",");
    const [mon, tue] = [mmDays[0]!, mmDays[1]!];
    expect(priceOn(mon.id)).toBe(priceOn(tue.id));
    const nextWeek = mmDays.find((c) => c.shipDateFrom >= addDays(mon.shipDateFrom, 7))!;
    expect(priceOn(nextWeek.id)).not.toBe(priceOn(mon.id));
    const v = await a.db.select().from(vouchers);
    expect(v).toHaveLength(DEMO_ACCOUNTS.length);
    for (const x of v) expect(x.code).toMatch(/^BLITZ-[A-Z0-9]{4}$/);
    const images = await a.db.select().from(interactiveImages);
    expect(images.map((i) => i.key).sort()).toEqual(["catalogue", "dashboard", "mm"]);
    for (const image of images) {
      const spots = await a.db.select().from(interactiveImageHotspots).where(eq(interactiveImageHotspots.imageId, image.id));
      expect(spots.length).toBeGreaterThanOrEqual(5);
      expect(spots.length).toBeLessThanOrEqual(8);
    }
  });

  // Migrating and seeding a second embedded database takes 20 s on an idle machine and more on a busy one.
  it("is deterministic: a second database seeded at the same instant has identical products and offers", { timeout: 180_000 }, async () => {
    const b = await freshDatabase();
    try {
      await seedDemo(b.db, { now: NOW, passwordHash: hash });
      const read = async (db: Db) => ({
        products: await db.select().from(products).orderBy(asc(products.productId)),
        catalogs: await db
          .select({ orderId: catalogs.orderId, title: catalogs.title, from: catalogs.shipDateFrom, to: catalogs.shipDateTo })
          .from(catalogs)
          .orderBy(asc(catalogs.orderId)),
        offers: await db.select().from(offerLines).orderBy(asc(offerLines.id)),
        orders: await db.select().from(orders).orderBy(asc(orders.id)),
      });
      expect(await read(b.db)).toEqual(await read(a.db));
    } finally {
      await b.close();
    }
  });

  it("refuses a database that is not empty", async () => {
    await expect(seedDemo(a.db, { now: NOW, passwordHash: hash })).rejects.toThrow(/empty/);
  });

  // How long seeding takes is a figure for the start-up benchmark, not an assertion here.
  it("offers wholesale and mass-market catalogs covering the next ship day, seeded at the real now", { timeout: 180_000 }, async () => {
    const c = await freshDatabase();
    try {
      const now = new Date();
      const result = await seedDemo(c.db, { passwordHash: hash, now });
      // Tomorrow, or Monday when tomorrow is a Sunday (no ship day; in New York, as the seed reckons).
      let tomorrow = addDays(isoDateAt(now), 1);
      if (specWeekday(tomorrow) === 1) tomorrow = addDays(tomorrow, 1);
      const covering = await c.db
        .select()
        .from(catalogs)
        .where(and(lte(catalogs.shipDateFrom, tomorrow), gte(catalogs.shipDateTo, tomorrow)));
      expect(covering.map((x) => x.kind).sort()).toEqual(["massMarket", "wholesale"]);
      const [offered] = await c.db
        .select({ n: sql<number>`count(*)::int` })
        .from(offerLines)
        .where(eq(offerLines.catalogId, covering.find((x) => x.kind === "wholesale")!.id));
      expect(offered!.n).toBeGreaterThan(200);
      // Offers run three weeks ahead, every ship day (Monday to Saturday).
      let horizon = addDays(isoDateAt(now), 21);
      if (specWeekday(horizon) === 1) horizon = addDays(horizon, -1);
      const [late] = await c.db.select().from(catalogs).where(and(lte(catalogs.shipDateFrom, horizon), gte(catalogs.shipDateTo, horizon)));
      expect(late).toBeDefined();
      expect(result.ms).toBeGreaterThan(0);
    } finally {
      await c.close();
    }
  });
});
