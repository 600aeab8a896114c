import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../client.ts";
import { createTestDatabase } from "../../tests/helpers/test-app.ts";
import { expectOrderedPrices } from "../../tests/helpers/offer-prices.ts";
import { retailerCustomers, shipTimes, userClaims, userCustomers, userRoles } from "../schema/index.ts";
import { verifyPassword } from "../../server/modules/auth/password.ts";
import {
  DEFAULT_TEST_PASSWORD,
  buildOfferLine,
  buildOrderLine,
  buildProduct,
  insertCatalog,
  insertCatalogWithOffers,
  insertCustomer,
  insertInvoice,
  insertMmCatalogProduct,
  insertMmPackage,
  insertMmProduct,
  insertOfferLine,
  insertOrder,
  insertProduct,
  insertRetailer,
  insertUser,
  offerPrices,
  shipTimesOn,
} from "../../tests/factories/index.ts";

describe("test factories", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("build plain data without touching the database", () => {
    const p = buildProduct({ stemsPerBunch: 12, bunchesPerBox: 5 });
    expect(p.stemsPerBox).toBe(60);
    const line = buildOrderLine({ quantity: 19, unitOfMeasureQty: 8, pailPriceCents: 1000, bunchPriceCents: 1100 });
    expect([line.pails, line.looseBunches, line.lineTotalCents]).toEqual([2, 3, 16 * 1000 + 3 * 1100]);
    const offer = buildOfferLine({ catalogId: 1, productId: "X", special: true, basePriceCents: 2000 });
    expect(offer.priceCents).toBeLessThan(offer.standardPriceCents!);
  });

  it("price sets are ordered: pail < loose, special < standard, tier 2 < tier 1 < base", () => {
    for (const base of [100, 155, 999, 2400]) {
      for (const special of [false, true]) {
        const p = offerPrices({ standardPriceNoPailCents: base, special, specialPercent: 25 });
        expectOrderedPrices(p);
        expect(p.discountPrice2Cents).toBeGreaterThan(0);
        if (special) expect(p.priceCents).toBeLessThan(p.standardPriceCents);
      }
    }
  });

  it("insert customers, retailers and users with their links; many without collisions", async () => {
    const { db } = database;
    const customer = await insertCustomer(db, { shipTimes: shipTimesOn([2, 4], "12:30"), alwaysBoxed: true });
    expect(customer.shipTimes).toHaveLength(2);
    expect(await db.select().from(shipTimes).where(eq(shipTimes.customerId, customer.customerId))).toHaveLength(2);

    const retailer = await insertRetailer(db, { customerIds: [customer.customerId] });
    expect(retailer.retailerId).toBeGreaterThan(0);
    expect(await db.select().from(retailerCustomers).where(eq(retailerCustomers.retailerId, retailer.retailerId))).toHaveLength(1);

    const user = await insertUser(db, {
      roles: ["Retailer"],
      claims: [
        { claim: "WholesalerId", value: customer.customerId },
        { claim: "retailerid", value: String(retailer.retailerId) },
      ],
    });
    expect(user.password).toBe(DEFAULT_TEST_PASSWORD);
    expect(await verifyPassword(user.passwordHash, DEFAULT_TEST_PASSWORD)).toBe(true);
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, user.id))).toEqual([{ userId: user.id, role: "Retailer" }]);
    expect(await db.select().from(userClaims).where(eq(userClaims.userId, user.id))).toHaveLength(2);

    const reused = await insertUser(db, { passwordHash: user.passwordHash, customerIds: [customer.customerId] });
    expect(reused.passwordHash).toBe(user.passwordHash);
    expect(await db.select().from(userCustomers).where(eq(userCustomers.userId, reused.id))).toHaveLength(1);

    const many = await Promise.all(Array.from({ length: 30 }, () => insertCustomer(db)));
    expect(new Set(many.map((c) => c.customerId)).size).toBe(30);
    const users = [];
    for (let i = 0; i < 30; i++) users.push(await insertUser(db, { passwordHash: null }));
    expect(new Set(users.map((u) => u.email)).size).toBe(30);
  });

  it("insert products, catalogs, offer lines and mass-market rows", async () => {
    const { db } = database;
    const line = await insertOfferLine(db, { special: true, originalQuantity: 12 });
    expect(line.special).toBe(true);
    expect(line.discountQuantity).toBeLessThan(line.discountQuantity2);
    const product = await insertProduct(db, { unitOfMeasureQty: 5 });
    const catalog = await insertCatalog(db, { customerIds: [] });
    const second = await insertOfferLine(db, { catalogId: catalog.id, productId: product.productId, unitOfMeasureQty: 5 });
    expect([second.discountQuantity, second.discountQuantity2]).toEqual([5, 15]);
    const offer = await insertCatalogWithOffers(db, { count: 4, line: { originalQuantity: 7 } });
    expect(offer.offerLines.map((l) => l.originalQuantity)).toEqual([7, 7, 7, 7]);

    const box = await insertMmPackage(db);
    await insertMmPackage(db, { type: "RFLP1", category: "pails", description: "Pail fee", priceCents: 75 });
    const mm = await insertMmProduct(db, { boxType: box.type });
    const mmCatalog = await insertCatalog(db, { kind: "massMarket" });
    const row = await insertMmCatalogProduct(db, { catalogId: mmCatalog.id, productId: mm.productId, available: 24 });
    expect(row.available).toBe(24);
  });

  it("insert orders whose totals add up, and invoices for them", async () => {
    const { db } = database;
    const order = await insertOrder(db, {
      status: "shipped",
      lines: [{ quantity: 10, pailPriceCents: 900, bunchPriceCents: 1000 }, { quantity: 3 }],
    });
    expect(order.lines).toHaveLength(2);
    expect(order.subtotalCents).toBe(order.lines.reduce((s, l) => s + l.lineTotalCents, 0));
    expect(order.totalCents).toBe(order.subtotalCents);
    expect(order.lines[0]!.lineTotalCents).toBe(8 * 900 + 2 * 1000);

    const invoice = await insertInvoice(db, order, { taxRateBp: 825 });
    expect(invoice.lines.reduce((s, l) => s + l.lineTotalCents, 0)).toBe(order.subtotalCents);
    for (const l of invoice.lines) expect(l.quantity * l.unitPriceCents).toBe(l.lineTotalCents);
    expect(invoice.taxCents).toBe(Math.floor((order.subtotalCents * 825 + 5000) / 10000));
    expect(invoice.totalCents).toBe(invoice.subtotalCents + invoice.taxCents);
  });
});
