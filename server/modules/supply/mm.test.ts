// The supply desk's mass-market half on a real database (PGlite by default, PostgreSQL with
// DATABASE_URL): bouquets, packages (box types and the RFLP1 pail fee), bouquet lines of mass-market
// catalogs, and the rule that a quantity is never set below what is sold plus held, enforced by the
// service and by the database itself (migration 0018). Changes reach the MM store's Products answer.
import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { mmCatalogProducts, mmPackages } from "../../../db/schema/index.ts";
import { buildTestApp, SAME_ORIGIN } from "../../../tests/helpers/test-app.ts";
import { nextCode } from "../../../tests/factories/index.ts";
import { mmBuyer, type MmClient } from "../../../tests/helpers/mm-fixtures.ts";
import { tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { auditsOf, pgError, staffDesk } from "../../../tests/helpers/supply-desk.ts";

const desk = staffDesk("/api/Supply");
const { as, staff } = desk;

const packageBody = (o: Record<string, unknown> = {}) => ({ type: nextCode("BXQ-", 4), category: "boxes", size: "Medium 60x30x20 cm", description: "Medium box", price: 0.4, ...o });
const bouquetBody = (boxType: string | null, o: Record<string, unknown> = {}) => ({
  productId: nextCode("MMQ-", 5),
  description: `Autumn Lily Bouquet ${nextCode("", 4)}`,
  category: "Bouquets",
  colour: "Mixed",
  colourHex: "#f4a6c0",
  imageName: "lily",
  price: 12.99,
  pricePerBouquet: 12.99,
  pricePerBouquetNoBox: 12.79,
  boxType,
  unitOfMeasure: "Bunch",
  packSize: 8,
  ...o,
});

async function newBox(o: Record<string, unknown> = {}) {
  const res = await staff("POST", "/Packages", packageBody(o));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { type: string };
}
async function newBouquet(boxType: string | null, o: Record<string, unknown> = {}) {
  const res = await staff("POST", "/Bouquets", bouquetBody(boxType, o));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { productId: string; description: string };
}
/** An MM catalog for tomorrow for these customers, through the API. */
async function mmCatalog(customerIds: string[]) {
  const day = tomorrow();
  const res = await staff("POST", "/Catalogs", { kind: "massMarket", title: `Bouquets ${day}`, shipDateFrom: day, shipDateTo: day, customerIds });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { catalogId: number; orderId: number };
}
const products = (b: MmClient, orderId: number, etag?: string) =>
  desk.t.app.inject({
    method: "GET",
    url: `/api/MMStore/Products?${new URLSearchParams({ customerId: b.customerId, userId: b.userId, shipDateTime: `${tomorrow()}T00:00:00`, catalog: String(orderId) })}`,
    headers: { cookie: b.cookie, ...(etag ? { "if-none-match": etag } : {}) },
  });

describe("who may use the mass-market supply desk", () => {
  it("answers 401 to the anonymous and 403 to a mass-market buyer; both staff roles may", async () => {
    const b = await mmBuyer(desk.t);
    for (const [method, url] of [
      ["GET", "/Bouquets"],
      ["GET", "/Packages"],
      ["POST", "/Packages"],
      ["POST", "/Bouquets"],
    ] as const) {
      const payload = url === "/Packages" ? packageBody() : url === "/Bouquets" ? bouquetBody(null) : undefined;
      expect((await desk.t.app.inject({ method, url: `/api/Supply${url}`, headers: SAME_ORIGIN, payload })).statusCode).toBe(401);
      expect((await as(b, method, url, payload)).statusCode).toBe(403);
      expect((await as(desk.admin, method, url, payload)).statusCode).toBe(200);
    }
  });
});

describe("packages", () => {
  it("creates, edits and retires a box type, audited with before and after", async () => {
    const box = await newBox({ price: 0.55 });
    const listed = (await staff("GET", "/Packages")).json().packages.find((p: { type: string }) => p.type === box.type);
    expect(listed).toMatchObject({ category: "boxes", price: 0.55, active: true, bouquets: 0, orderLines: 0 });
    const edited = await staff("PUT", `/Packages/${box.type}`, { price: 0.6, size: "Tall" });
    expect(edited.json()).toMatchObject({ price: 0.6, size: "Tall" });
    const [entry] = await auditsOf(desk.t.db, "supply.package.update");
    expect(entry!.actorUserId).toBe(desk.sales.id);
    expect(entry!.detail).toMatchObject({ type: box.type, summary: `Medium box (${box.type}): $0.55 → $0.60`, before: { priceCents: 55, size: "Medium 60x30x20 cm" }, after: { priceCents: 60, size: "Tall" } });
    expect((await staff("PUT", `/Packages/${box.type}`, { active: false })).json().active).toBe(false);
    expect((await auditsOf(desk.t.db, "supply.package.retire"))[0]!.detail).toMatchObject({ type: box.type, before: { active: true }, after: { active: false } });
    // A code that exists, lower case too.
    const again = await staff("POST", "/Packages", packageBody({ type: box.type.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A package of type ${box.type} already exists.`);
  });

  it("refuses negative, fractional and absurd prices and unknown categories, field by field, writing nothing", async () => {
    for (const [body, field, message] of [
      [{ price: -1 }, "price", "A package costs between $0.00 and $100"],
      [{ price: 0.555 }, "price", "At most two decimals"],
      [{ price: 100_000 }, "price", "A package costs between $0.00 and $100"],
      [{ category: "crates" }, "category", "Choose one of: boxes, pails"],
      [{ size: "" }, "size", "This field is required"],
      [{ type: "=cmd" }, "type", "Letters, digits and dashes only"],
    ] as const) {
      const b = packageBody(body);
      const res = await staff("POST", "/Packages", b);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field]).toContain(message);
      expect(await desk.t.db.select().from(mmPackages).where(eq(mmPackages.type, String(b.type).toUpperCase()))).toEqual([]);
    }
  });

  it("keeps the RFLP1 pail fee: its price may change, it cannot be retired, re-categorised or deleted", async () => {
    const existing = await desk.t.db.select().from(mmPackages).where(eq(mmPackages.type, "RFLP1"));
    if (!existing.length) expect((await staff("POST", "/Packages", { type: "rflp1", category: "pails", size: "Pail", description: "Pail fee", price: 0.75 })).statusCode).toBe(200);
    expect((await staff("PUT", "/Packages/RFLP1", { price: 0.8 })).json()).toMatchObject({ type: "RFLP1", category: "pails", price: 0.8 });
    const retire = await staff("PUT", "/Packages/RFLP1", { active: false });
    expect(retire.statusCode).toBe(409);
    expect(retire.json().message).toContain("cannot be retired");
    expect((await staff("PUT", "/Packages/RFLP1", { category: "boxes" })).statusCode).toBe(400);
    const del = await staff("DELETE", "/Packages/RFLP1");
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe("RFLP1 is the pail fee every unboxed cart with pails is charged: it cannot be deleted.");
    expect((await desk.t.db.select().from(mmPackages).where(eq(mmPackages.type, "RFLP1")))[0]).toMatchObject({ active: true, category: "pails", priceCents: 80 });
  });

  it("deletes a package nobody uses, and refuses one a bouquet takes", async () => {
    const unused = await newBox();
    expect((await staff("DELETE", `/Packages/${unused.type}`)).json()).toEqual({ deleted: true });
    expect((await auditsOf(desk.t.db, "supply.package.delete"))[0]!.detail).toMatchObject({ type: unused.type, before: { type: unused.type } });
    const used = await newBox({ description: "Large box" });
    await newBouquet(used.type);
    const res = await staff("DELETE", `/Packages/${used.type}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Large box (${used.type}) is the box of 1 bouquet: it cannot be deleted. Give them another box first, or retire it.`);
    expect((await staff("PUT", `/Packages/${used.type}`, { category: "pails" })).statusCode).toBe(400);
    expect((await staff("GET", "/Packages")).json().packages.find((p: { type: string }) => p.type === used.type)).toMatchObject({ bouquets: 1, category: "boxes" });
  });
});

describe("bouquets", () => {
  it("creates a bouquet with every field, edits it, and audits both", async () => {
    const box = await newBox();
    const body = bouquetBody(box.type.toLowerCase(), { bouquet: false, unitOfMeasure: "Pail", packSize: 4, category: "Pail Packs" });
    const res = await staff("POST", "/Bouquets", body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ productId: body.productId, boxType: box.type, colourHex: "#F4A6C0", unitOfMeasure: "Pail", packSize: 4, bouquet: false, price: 12.99, pricePerBouquet: 12.99, pricePerBouquetNoBox: 12.79, active: true, ordered: 0, catalogLines: 0 });
    expect((await auditsOf(desk.t.db, "supply.bouquet.create"))[0]!.detail).toMatchObject({ productId: body.productId, after: { pricePerBouquetCents: 1299, boxType: box.type } });
    const edited = await staff("PUT", `/Bouquets/${body.productId}`, { pricePerBouquetNoBox: 11.5, packSize: 6, boxType: null });
    expect(edited.json()).toMatchObject({ pricePerBouquetNoBox: 11.5, packSize: 6, boxType: null });
    expect((await auditsOf(desk.t.db, "supply.bouquet.update"))[0]!.detail).toMatchObject({ productId: body.productId, before: { pricePerBouquetNoBoxCents: 1279, packSize: 4, boxType: box.type }, after: { pricePerBouquetNoBoxCents: 1150, packSize: 6, boxType: null } });
    const dup = await staff("POST", "/Bouquets", { ...body, boxType: null });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`A bouquet with code ${body.productId} already exists.`);
  });

  it("refuses an unknown, retired or non-box box type with a clear message", async () => {
    const unknown = await staff("POST", "/Bouquets", bouquetBody("NO-SUCH-BOX"));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: "Unknown box type NO-SUCH-BOX: create it on the Packages screen first.", fields: { boxType: "Unknown box type NO-SUCH-BOX: create it on the Packages screen first." } });
    const retired = await newBox();
    await staff("PUT", `/Packages/${retired.type}`, { active: false });
    expect((await staff("POST", "/Bouquets", bouquetBody(retired.type))).json().message).toBe(`The box type ${retired.type} is retired: choose another or bring it back.`);
    const pail = await newBox({ category: "pails" });
    expect((await staff("POST", "/Bouquets", bouquetBody(pail.type))).json().message).toBe(`${pail.type} is not a box type (it is a pails package).`);
    const b = await newBouquet(null);
    const edit = await staff("PUT", `/Bouquets/${b.productId}`, { boxType: "NO-SUCH-BOX" });
    expect(edit.statusCode).toBe(400);
    expect((await staff("GET", `/Bouquets/${b.productId}`)).json().boxType).toBeNull();
  });

  it("refuses negative, fractional, zero and absurd prices and unknown categories, writing nothing", async () => {
    for (const [o, field] of [
      [{ pricePerBouquet: -1 }, "pricePerBouquet"],
      [{ pricePerBouquet: 0 }, "pricePerBouquet"],
      [{ pricePerBouquetNoBox: 12.345 }, "pricePerBouquetNoBox"],
      [{ price: 100_000 }, "price"],
      [{ packSize: 2.5 }, "packSize"],
      [{ packSize: 0 }, "packSize"],
      [{ category: "Pails" }, "category"],
      [{ unitOfMeasure: "Crate" }, "unitOfMeasure"],
      [{ colourHex: "pink" }, "colourHex"],
    ] as const) {
      const body = bouquetBody(null, o);
      const res = await staff("POST", "/Bouquets", body);
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(o)).toBeTruthy();
      expect((await staff("GET", `/Bouquets/${body.productId}`)).statusCode).toBe(404);
    }
  });

  it("deletes a bouquet never ordered; one ever ordered is retired, never deleted", async () => {
    const fresh = await newBouquet(null);
    expect((await staff("DELETE", `/Bouquets/${fresh.productId}`)).json()).toEqual({ deleted: true });
    expect((await auditsOf(desk.t.db, "supply.bouquet.delete"))[0]!.detail).toMatchObject({ productId: fresh.productId });

    const buyer = await mmBuyer(desk.t);
    const box = await newBox();
    const sold = await newBouquet(box.type);
    const c = await mmCatalog([buyer.customerId]);
    expect((await staff("POST", `/Catalogs/${c.catalogId}/Bouquets`, { productId: sold.productId, quantity: 10 })).statusCode).toBe(200);
    const onLine = await staff("DELETE", `/Bouquets/${sold.productId}`);
    expect(onLine.statusCode).toBe(409);
    expect(onLine.json().message).toBe(`${sold.description} is on 1 catalog line: remove those lines first, or retire it.`);
    expect((await buyer.save({ shipDate: tomorrow(), boxed: true, items: [{ productId: sold.productId, quantity: 3 }] })).statusCode).toBe(200);
    expect((await buyer.order(`mm-supply-${Math.random()}`)).statusCode).toBe(200);
    // The box was charged on the order: it cannot be deleted either.
    await staff("PUT", `/Bouquets/${sold.productId}`, { boxType: null });
    const boxGone = await staff("DELETE", `/Packages/${box.type}`);
    expect(boxGone.statusCode).toBe(409);
    expect(boxGone.json().message).toContain("was charged on 1 order line: it cannot be deleted. Retire it instead.");
    const res = await staff("DELETE", `/Bouquets/${sold.productId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${sold.description} was ordered (3 bouquets on 1 order lines): it cannot be deleted. Retire it instead.`);
    const retired = await staff("PUT", `/Bouquets/${sold.productId}`, { active: false });
    expect(retired.json()).toMatchObject({ active: false, ordered: 3 });
    expect((await auditsOf(desk.t.db, "supply.bouquet.retire"))[0]!.detail).toMatchObject({ productId: sold.productId, before: { active: true }, after: { active: false } });
    // The store no longer sells it.
    const shown = (await products(buyer, c.orderId)).json() as { productId: string }[];
    expect(shown.map((p) => p.productId)).not.toContain(sold.productId);
  });
});

describe("bouquet lines of a mass-market catalog", () => {
  it("publishes a bouquet with its own prices, shows sold/held/free, and the MM store's answer and ETag change at once", async () => {
    const buyer = await mmBuyer(desk.t);
    const other = await mmBuyer(desk.t);
    const b = await newBouquet(null);
    const c = await mmCatalog([buyer.customerId, other.customerId]);
    const before = await products(buyer, c.orderId);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual([]);
    const etag = before.headers.etag as string;
    expect((await products(buyer, c.orderId, etag)).statusCode).toBe(304);

    const add = await staff("POST", `/Catalogs/${c.catalogId}/Bouquets`, { productId: b.productId.toLowerCase(), quantity: 40, pricePerBouquet: 11.99 });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ quantity: 40, sold: 0, held: 0, free: 40, pricePerBouquet: 11.99, pricePerBouquetNoBox: null, listPricePerBouquetNoBox: 12.79 });
    expect((await auditsOf(desk.t.db, "supply.mmline.create"))[0]!.detail).toMatchObject({ catalogId: c.catalogId, productId: b.productId, summary: expect.stringContaining("40 bouquets published at $11.99 boxed") });
    const after = await products(buyer, c.orderId, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json()).toEqual([expect.objectContaining({ productId: b.productId, available: 40, pricePerBouquet: 11.99, pricePerBouquetNoBox: 12.79 })]);

    // The other buyer holds 6 and orders 25: the desk sees them.
    expect((await other.save({ shipDate: tomorrow(), boxed: true, items: [{ productId: b.productId, quantity: 25 }] })).statusCode).toBe(200);
    expect((await other.order(`mm-line-${Math.random()}`)).statusCode).toBe(200);
    expect((await other.save({ shipDate: tomorrow(), boxed: true, items: [{ productId: b.productId, quantity: 6 }] })).statusCode).toBe(200);
    const lines = (await staff("GET", `/Catalogs/${c.catalogId}/Bouquets`)).json();
    expect(lines.catalog).toMatchObject({ catalogId: c.catalogId, kind: "massMarket" });
    expect(lines.lines).toEqual([expect.objectContaining({ productId: b.productId, quantity: 40, sold: 25, held: 6, free: 9 })]);

    // Set below sold + held: refused with the numbers, nothing written.
    const low = await staff("PUT", `/Catalogs/${c.catalogId}/Bouquets/${b.productId}`, { quantity: 20 });
    expect(low.statusCode).toBe(409);
    expect(low.json()).toMatchObject({ message: expect.stringMatching(/: 25 sold, 6 held, you set 20$/), data: { sold: 25, held: 6, asked: 20 } });
    const etag2 = (await products(buyer, c.orderId)).headers.etag as string;
    // Set 35 (and a new unboxed price): written, audited in words, and the store's answer moves.
    const ok = await staff("PUT", `/Catalogs/${c.catalogId}/Bouquets/${b.productId}`, { quantity: 35, pricePerBouquetNoBox: 10.5 });
    expect(ok.json()).toMatchObject({ quantity: 35, free: 4, pricePerBouquetNoBox: 10.5 });
    const [entry] = await auditsOf(desk.t.db, "supply.mmline.update");
    expect(entry!.actorUserId).toBe(desk.sales.id);
    expect(entry!.detail).toMatchObject({ summary: expect.stringContaining("40 → 35 bouquets (25 sold, 6 held); unboxed list price → $10.50"), before: { available: 40 }, after: { available: 35 } });
    const moved = await products(buyer, c.orderId, etag2);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()[0]).toMatchObject({ available: 4, pricePerBouquetNoBox: 10.5 });
    // Add mode adds.
    expect((await staff("PUT", `/Catalogs/${c.catalogId}/Bouquets/${b.productId}`, { quantity: 5, mode: "add" })).json().quantity).toBe(40);
    // A line with purchases cannot be removed.
    expect((await staff("DELETE", `/Catalogs/${c.catalogId}/Bouquets/${b.productId}`)).statusCode).toBe(409);
    // A bouquet's list price edit reaches the store too (through its lines' versions).
    const etag3 = (await products(buyer, c.orderId)).headers.etag as string;
    await staff("PUT", `/Catalogs/${c.catalogId}/Bouquets/${b.productId}`, { pricePerBouquetNoBox: null });
    await staff("PUT", `/Bouquets/${b.productId}`, { pricePerBouquetNoBox: 9.99 });
    const listed = await products(buyer, c.orderId, etag3);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()[0]).toMatchObject({ pricePerBouquetNoBox: 9.99 });
  });

  it("refuses bad lines: unknown or retired bouquet, twice, bad quantities and prices, a wholesale catalog", async () => {
    const b = await newBouquet(null);
    const c = await mmCatalog([]);
    const url = `/Catalogs/${c.catalogId}/Bouquets`;
    expect((await staff("POST", url, { productId: "NO-SUCH-MM", quantity: 1 })).json()).toMatchObject({ message: "There is no bouquet NO-SUCH-MM." });
    for (const [o, field] of [
      [{ quantity: -1 }, "quantity"],
      [{ quantity: 2.5 }, "quantity"],
      [{ quantity: 1_000_000 }, "quantity"],
      [{ quantity: 1, pricePerBouquet: 0 }, "pricePerBouquet"],
      [{ quantity: 1, pricePerBouquet: 100_000 }, "pricePerBouquet"],
      [{ quantity: 1, price: 1.001 }, "price"],
    ] as const) {
      const res = await staff("POST", url, { productId: b.productId, ...o });
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json().fields[field]).toBeTruthy();
    }
    expect((await staff("GET", url)).json().lines).toEqual([]);
    expect((await staff("POST", url, { productId: b.productId, quantity: 3 })).statusCode).toBe(200);
    const twice = await staff("POST", url, { productId: b.productId, quantity: 3 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain("is already offered in this catalog");
    expect((await staff("PUT", `${url}/${b.productId}`, { quantity: -3 })).statusCode).toBe(400);
    // A line nobody bought is removed.
    expect((await staff("DELETE", `${url}/${b.productId}`)).json()).toEqual({ deleted: true });
    const retired = await newBouquet(null);
    await staff("PUT", `/Bouquets/${retired.productId}`, { active: false });
    expect((await staff("POST", url, { productId: retired.productId, quantity: 3 })).json().message).toBe(`${retired.description} is retired: bring it back first.`);
    const day = tomorrow();
    const wholesale = (await staff("POST", "/Catalogs", { title: "Wholesale", shipDateFrom: day, shipDateTo: day })).json();
    const wrong = await staff("POST", `/Catalogs/${wholesale.catalogId}/Bouquets`, { productId: b.productId, quantity: 3 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe("This is a wholesale catalog: it carries products, not bouquets.");
    expect((await staff("GET", "/Catalogs/999999999/Bouquets")).statusCode).toBe(404);
  });

  it("the database refuses an oversold mass-market line however it is written (23514), and racing buyers and the desk never oversell", async () => {
    const buyers = [await mmBuyer(desk.t), await mmBuyer(desk.t), await mmBuyer(desk.t)];
    const b = await newBouquet(null);
    const c = await mmCatalog(buyers.map((x) => x.customerId));
    await staff("POST", `/Catalogs/${c.catalogId}/Bouquets`, { productId: b.productId, quantity: 10 });
    expect((await buyers[0]!.save({ shipDate: tomorrow(), boxed: true, items: [{ productId: b.productId, quantity: 4 }] })).statusCode).toBe(200);
    const where = and(eq(mmCatalogProducts.catalogId, c.catalogId), eq(mmCatalogProducts.productId, b.productId));
    // Below the holds: the deferred constraint trigger at commit.
    expect(await pgError(desk.t.db.transaction(async (tx) => tx.update(mmCatalogProducts).set({ available: 3 }).where(where)))).toEqual({ code: "23514", constraint: "mm_catalog_products_not_oversold" });
    // A hold raised past what is free, written straight to the table.
    expect(await pgError(desk.t.db.execute(sql`update mm_holds set quantity = 11 where catalog_id = ${c.catalogId} and product_id = ${b.productId}`))).toEqual({ code: "23514", constraint: "mm_catalog_products_not_oversold" });
    // Ordered above available: the CHECK.
    expect((await pgError(desk.t.db.update(mmCatalogProducts).set({ quantityOrdered: 11 }).where(where))).code).toBe("23514");
    expect((await desk.t.db.select().from(mmCatalogProducts).where(where))[0]).toMatchObject({ available: 10, quantityOrdered: 0 });

    // Buyers save and order while the desk sets quantities: never oversold, refusals are 409s.
    const statuses: number[] = [];
    const deskEdits = (async () => {
      for (const q of [6, 12, 5, 20, 8, 30]) statuses.push((await staff("PUT", `/Catalogs/${c.catalogId}/Bouquets/${b.productId}`, { quantity: q })).statusCode);
    })();
    const shoppers = buyers.map(async (x, i) => {
      for (let k = 0; k < 3; k++) {
        const saved = await x.save({ shipDate: tomorrow(), boxed: true, items: [{ productId: b.productId, quantity: 2 + i }] });
        expect([200, 409]).toContain(saved.statusCode);
        if (k === 1) expect([200, 400, 409]).toContain((await x.order(`race-${i}-${Math.random()}`)).statusCode);
      }
    });
    await Promise.all([deskEdits, ...shoppers]);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const line = (await staff("GET", `/Catalogs/${c.catalogId}/Bouquets`)).json().lines[0];
    expect(line.sold + line.held).toBeLessThanOrEqual(line.quantity);
  });
});

describe("the MM store's hot answers on another instance", () => {
  it("drops a cached Products ETag on a second instance when the desk publishes, changes or retires through the first", async () => {
    const { openDatabase } = await import("../../../db/client.ts");
    const { changeFeedFor } = await import("../../../db/change-feed.ts");
    const second = desk.t.database.url ? await openDatabase({ databaseUrl: desk.t.database.url, poolSize: 3 }) : undefined;
    const b2 = await buildTestApp({}, second ?? desk.t.database);
    try {
      const buyer = await mmBuyer(desk.t);
      const bq = await newBouquet(null);
      const c = await mmCatalog([buyer.customerId]);
      const onB = () =>
        b2.app.inject({
          method: "GET",
          url: `/api/MMStore/Products?${new URLSearchParams({ customerId: buyer.customerId, userId: buyer.userId, shipDateTime: `${tomorrow()}T00:00:00`, catalog: String(c.orderId) })}`,
          headers: { cookie: buyer.cookie },
        });
      const settled = async () => {
        const feed = changeFeedFor(b2.db);
        await feed.sync();
        await feed.release();
      };
      const warm = await onB();
      expect(warm.json()).toEqual([]);
      expect((await onB()).headers.etag).toBe(warm.headers.etag); // kept in b2's memory
      await staff("POST", `/Catalogs/${c.catalogId}/Bouquets`, { productId: bq.productId, quantity: 12 });
      await settled();
      const published = await onB();
      expect(published.headers.etag).not.toBe(warm.headers.etag);
      expect(published.json()).toEqual([expect.objectContaining({ productId: bq.productId, available: 12 })]);
      await staff("PUT", `/Catalogs/${c.catalogId}/Bouquets/${bq.productId}`, { quantity: 7 });
      await settled();
      expect((await onB()).json()[0]).toMatchObject({ available: 7 });
      await staff("PUT", `/Bouquets/${bq.productId}`, { active: false });
      await settled();
      expect((await onB()).json()).toEqual([]);
    } finally {
      await b2.close();
      await second?.close();
    }
  });
});
