// The supply desk on a real database (PGlite by default, PostgreSQL with DATABASE_URL): products,
// catalogs, offer lines, the fresh-list upload, and the rule that a quantity is never set below
// what is sold plus held, enforced by the service and by the database itself.
import { describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { auditLog, offerLines, products } from "../../../db/schema/index.ts";
import { loginAs, SAME_ORIGIN } from "../../../tests/helpers/test-app.ts";
import { DEFAULT_TEST_PASSWORD, insertUser } from "../../../tests/factories/index.ts";
import { buyer, committed, tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { auditsOf, pgError, productBody, staffDesk, type Method } from "../../../tests/helpers/supply-desk.ts";
import { shortDate } from "../../../domain/supply.ts";

const desk = staffDesk("/api/Supply");
const { as, staff } = desk;

/** A product, a one-day catalog (tomorrow) for the given customers, and a line of `quantity` bunches. */
async function published(customerIds: string[], quantity: number, line: Record<string, unknown> = {}) {
  const p = (await staff("POST", "/Products", productBody())).json();
  const day = tomorrow();
  const c = await staff("POST", "/Catalogs", { title: `Fresh ${day}`, shipDateFrom: day, shipDateTo: day, customerIds });
  expect(c.statusCode).toBe(200);
  const l = await staff("POST", `/Catalogs/${c.json().catalogId}/Lines`, { productId: p.productId, quantity, price: 14.5, priceNoPail: 15.95, ...line });
  expect(l.statusCode, l.body).toBe(200);
  return { product: p, catalog: c.json(), line: l.json(), day };
}

describe("who may use the supply desk", () => {
  it("answers 401 to the anonymous and 403 to every buyer role; both staff roles may", async () => {
    const routes: [Method, string, object?][] = [
      ["GET", "/Products"],
      ["POST", "/Products", productBody()],
      ["GET", "/Catalogs"],
      ["POST", "/Catalogs", { title: "x", shipDateFrom: tomorrow(), shipDateTo: tomorrow() }],
      ["GET", "/Upload/Sample"],
    ];
    const b = await buyer(desk.t);
    for (const [method, url, payload] of routes) {
      expect((await desk.t.app.inject({ method, url: `/api/Supply${url}`, headers: SAME_ORIGIN, payload })).statusCode).toBe(401);
      expect((await as(b, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const role of ["Retailer", "MassMarket"] as const) {
      const u = await insertUser(desk.t.db, { roles: [role] });
      const cookie = await loginAs(desk.t.app, u.email, DEFAULT_TEST_PASSWORD);
      expect((await as({ cookie }, "POST", "/Products", productBody())).statusCode).toBe(403);
    }
    expect((await as(desk.admin, "GET", "/Products")).statusCode).toBe(200);
    expect((await as(desk.sales, "GET", "/Products")).statusCode).toBe(200);
    // Nothing a buyer sent was written.
    expect(await desk.t.db.select().from(products).where(eq(products.productId, (routes[1]![2] as { productId: string }).productId))).toEqual([]);
  });
});

describe("products", () => {
  it("creates, edits and lists a product, auditing who changed what from what to what", async () => {
    const body = productBody();
    const created = await staff("POST", "/Products", body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ productId: body.productId, colourHex: "#FFFFFF", stemsPerBox: 120, active: true, ordered: 0 });
    const again = await staff("POST", "/Products", body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A product with code ${body.productId} already exists.`);

    const edited = await as(desk.admin, "PUT", `/Products/${body.productId.toLowerCase()}`, { grade: "Premium", stemLengthCm: 80 });
    expect(edited.json()).toMatchObject({ grade: "Premium", stemLengthCm: 80 });
    const [entry] = (await auditsOf(desk.t.db, "supply.product.update")).filter((a) => (a.detail as { productId: string }).productId === body.productId);
    expect(entry!.actorUserId).toBe(desk.admin.id);
    expect(entry!.detail).toMatchObject({ before: { grade: "Select", stemLengthCm: 70 }, after: { grade: "Premium", stemLengthCm: 80 } });

    const list = (await staff("GET", `/Products?q=${encodeURIComponent(body.productId)}`)).json();
    expect(list.products.map((p: { productId: string }) => p.productId)).toEqual([body.productId]);
  });

  it("refuses bad input field by field with 400 and writes nothing", async () => {
    const body = productBody({ category: "Tulips", colourHex: "white", unitOfMeasureQty: 0, stemsPerBunch: 2.5, image: "../../etc/passwd", unitOfMeasure: "Crate" });
    const res = await staff("POST", "/Products", body);
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields;
    expect(fields.category).toMatch(/^Unknown category/);
    expect(fields.colourHex).toBe("A colour like #F4A6C0");
    expect(fields.unitOfMeasureQty).toBe("At least 1");
    expect(fields.stemsPerBunch).toBe("Only whole numbers are allowed");
    expect(fields.image).toMatch(/^Choose one of/);
    expect(fields.unitOfMeasure).toMatch(/^Choose one of/);
    expect(await desk.t.db.select().from(products).where(eq(products.productId, body.productId))).toEqual([]);
    expect((await staff("POST", "/Products", productBody({ productId: "=cmd|x" }))).json().fields.productId).toBe("Letters, digits and dashes only");
  });

  it("deletes a product nobody ordered, but only retires one that was ordered", async () => {
    const never = (await staff("POST", "/Products", productBody())).json();
    expect((await staff("DELETE", `/Products/${never.productId}`)).json()).toEqual({ deleted: true });
    expect((await staff("GET", `/Products/${never.productId}`)).statusCode).toBe(404);

    const a = await buyer(desk.t);
    const { product, line, catalog } = await published([a.customerId], 10);
    expect((await a.save({ shipDate: tomorrow(), items: [{ productId: product.productId, quantity: 3 }] })).statusCode).toBe(200);
    expect((await a.place()).statusCode).toBe(200);
    const refused = await staff("DELETE", `/Products/${product.productId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${product.description} was ordered (3 bunches on 1 order lines): it cannot be deleted. Retire it instead.`);
    // A line with purchases cannot be removed either.
    expect((await staff("DELETE", `/Catalogs/${catalog.catalogId}/Lines/${line.lineId}`)).statusCode).toBe(409);

    const retired = await staff("PUT", `/Products/${product.productId}`, { active: false });
    expect(retired.json()).toMatchObject({ active: false, ordered: 3 });
    expect((await auditsOf(desk.t.db, "supply.product.retire"))[0]!.detail).toMatchObject({ productId: product.productId, before: { active: true }, after: { active: false } });
    // A retired product is no longer offered to buyers.
    const offered = (await a.products(catalog.orderId, tomorrow())).json();
    expect(offered.map((p: { productId: string }) => p.productId)).not.toContain(product.productId);
  });
});

describe("catalogs and offer lines", () => {
  it("publishes a tiered line that the buyer's store shows at once, and refuses bad prices and quantities", async () => {
    const a = await buyer(desk.t);
    const { product, catalog, line, day } = await published([a.customerId], 40, { tier1Quantity: 8, tier1Price: 13.75, tier1PriceNoPail: 15.15, tier2Quantity: 24, tier2Price: 13, tier2PriceNoPail: 14.35 });
    expect(line).toMatchObject({ quantity: 40, sold: 0, held: 0, free: 40, price: 14.5, priceNoPail: 15.95, tier1Quantity: 8, tier1Price: 13.75, tier2Quantity: 24, tier2Price: 13 });
    expect(catalog).toMatchObject({ kind: "wholesale", shipDateFrom: day, shipDateTo: day, customerIds: [a.customerId], lines: 0 });

    const shown = (await a.products(catalog.orderId, day)).json();
    expect(shown).toEqual([expect.objectContaining({ productId: product.productId, quantityRemaining: 40 })]);

    const bad = await staff("PUT", `/Catalogs/${catalog.catalogId}/Lines/${line.lineId}`, { price: 0, priceNoPail: 100000, tier1Price: 99 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ price: "A price must be between $0.01 and $500 a bunch", priceNoPail: "A price must be between $0.01 and $500 a bunch" });
    const tier = await staff("PUT", `/Catalogs/${catalog.catalogId}/Lines/${line.lineId}`, { tier1Price: 20 });
    expect(tier.statusCode).toBe(400);
    expect(tier.json().fields).toEqual({ tier1Price: "A tier price may not be above the price it discounts" });
    for (const quantity of [-1, 2.5, "ten"]) {
      expect((await staff("PUT", `/Catalogs/${catalog.catalogId}/Lines/${line.lineId}`, { quantity })).statusCode).toBe(400);
    }
    expect((await staff("GET", `/Catalogs/${catalog.catalogId}/Lines`)).json().lines[0]).toMatchObject({ quantity: 40, price: 14.5, tier1Price: 13.75 });

    const doubled = await staff("POST", `/Catalogs/${catalog.catalogId}/Lines`, { productId: product.productId, quantity: 1, price: 1, priceNoPail: 1 });
    expect(doubled.statusCode).toBe(409);
    const unknownCustomer = await staff("POST", "/Catalogs", { title: "x", shipDateFrom: day, shipDateTo: day, customerIds: ["NO-SUCH-CUSTOMER"] });
    expect(unknownCustomer.json()).toMatchObject({ statusCode: 400, message: "Unknown customer: NO-SUCH-CUSTOMER" });
    const backwards = await staff("POST", "/Catalogs", { title: "x", shipDateFrom: day, shipDateTo: "2000-01-01" });
    expect(backwards.json().fields).toEqual({ shipDateTo: "The last ship date is before the first" });
  });

  it("never sets a quantity below sold + held: refuses with both numbers, adds with add, audits before and after", async () => {
    const a = await buyer(desk.t);
    const b = await buyer(desk.t);
    const { product, catalog, line, day } = await published([a.customerId, b.customerId], 40);
    // The buyer orders 25, then holds 5 more in its cart.
    expect((await a.save({ shipDate: day, items: [{ productId: product.productId, quantity: 25 }] })).statusCode).toBe(200);
    expect((await a.place()).statusCode).toBe(200);
    expect((await a.save({ shipDate: day, items: [{ productId: product.productId, quantity: 5 }] })).json().items[0]).toMatchObject({ quantityConfirmed: 5 });

    const url = `/Catalogs/${catalog.catalogId}/Lines/${line.lineId}`;
    const refused = await staff("PUT", url, { quantity: 20 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`${product.description}, ${shortDate(day)}: 25 sold, 5 held, you set 20`);
    expect(refused.json().data).toEqual({ sold: 25, held: 5, asked: 20 });
    expect(await committed(desk.t.db, line.lineId)).toEqual({ original: 40, ordered: 25, held: 5 });

    const ok = await staff("PUT", url, { quantity: 35 });
    expect(ok.json()).toMatchObject({ quantity: 35, sold: 25, held: 5, free: 5, buyers: [{ customerId: a.customerId, quantity: 25 }] });
    expect((await b.products(catalog.orderId, day)).json()[0]).toMatchObject({ productId: product.productId, quantityRemaining: 5 });

    const added = await staff("PUT", url, { quantity: 10, mode: "add" });
    expect(added.json()).toMatchObject({ quantity: 45, free: 15 });
    const [entry] = (await auditsOf(desk.t.db, "supply.line.update")).filter((e) => (e.detail as { lineId: number }).lineId === line.lineId);
    expect(entry!.actorUserId).toBe(desk.sales.id);
    expect(entry!.detail).toMatchObject({ before: { originalQuantity: 35 }, after: { originalQuantity: 45 }, summary: `${product.description}, ${shortDate(day)}: 35 → 45 bunches (25 sold, 5 held)` });
    // The refused "set" left no audit entry.
    const all = (await auditsOf(desk.t.db, "supply.line.update")).filter((e) => (e.detail as { lineId: number }).lineId === line.lineId);
    expect(all.map((e) => (e.detail as { after: { originalQuantity: number } }).after.originalQuantity)).toEqual([45, 35]);
  });

  it("is enforced by the database itself: no write below ordered + active holds commits, whoever makes it", async () => {
    const a = await buyer(desk.t);
    const { product, line, day } = await published([a.customerId], 10);
    expect((await a.save({ shipDate: day, items: [{ productId: product.productId, quantity: 4 }] })).statusCode).toBe(200);
    expect((await a.place()).statusCode).toBe(200);
    expect((await a.save({ shipDate: day, items: [{ productId: product.productId, quantity: 3 }] })).statusCode).toBe(200);
    expect(await committed(desk.t.db, line.lineId)).toEqual({ original: 10, ordered: 4, held: 3 });

    // Below ordered: the CHECK. Below ordered + held: the deferred constraint trigger at commit.
    expect(await pgError(desk.t.db.update(offerLines).set({ originalQuantity: 3 }).where(eq(offerLines.id, line.lineId)))).toEqual({ code: "23514", constraint: "offer_lines_ordered_within_quantity" });
    expect(await pgError(desk.t.db.transaction(async (tx) => tx.update(offerLines).set({ originalQuantity: 6 }).where(eq(offerLines.id, line.lineId))))).toEqual({
      code: "23514",
      constraint: "offer_lines_not_oversold",
    });
    expect(await pgError(desk.t.db.execute(sql`update holds set quantity = 7 where offer_line_id = ${line.lineId}`))).toEqual({ code: "23514", constraint: "offer_lines_not_oversold" });
    expect(await committed(desk.t.db, line.lineId)).toEqual({ original: 10, ordered: 4, held: 3 });
    // Exactly ordered + held is allowed.
    await desk.t.db.update(offerLines).set({ originalQuantity: 7 }).where(eq(offerLines.id, line.lineId));
    expect(await committed(desk.t.db, line.lineId)).toEqual({ original: 7, ordered: 4, held: 3 });
  });
});

describe("the fresh-list upload", () => {
  async function setUp(quantity = 40) {
    const a = await buyer(desk.t);
    const pub = await published([a.customerId], quantity);
    const fresh = (await staff("POST", "/Products", productBody({ description: "Gerbera Red, Standard" }))).json();
    return { a, ...pub, fresh };
  }
  const preview = (catalogId: number, csv: string, mode = "set") => staff("POST", `/Catalogs/${catalogId}/Upload/Preview`, { mode, csv });
  const apply = (catalogId: number, csv: string, mode = "set") => staff("POST", `/Catalogs/${catalogId}/Upload/Apply`, { mode, csv });

  it("reads BOM, CRLF, quoted fields and thousands separators, previews without writing, then applies in one transaction", async () => {
    const { catalog, product, fresh, day } = await setUp();
    const csv = `\uFEFFproduct,quantity,price,priceNoPail,special,specialPrice,specialPriceNoPail,shipDate\r\n${product.productId},"1,200",,,,,,${day}\r\n"${fresh.productId.toLowerCase()}",75,"$9.00",9.90,yes,8.10,8.90,"${Number(day.slice(5, 7))}/${Number(day.slice(8))}/${day.slice(0, 4)}"\r\n`;
    const p = await preview(catalog.catalogId, csv);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({
      applied: false,
      counts: { add: 1, change: 1, unchanged: 0, refuse: 0 },
      rows: [
        { line: 2, productId: product.productId, action: "change", before: 40, after: 1200, reasons: [] },
        { line: 3, productId: fresh.productId, action: "add", before: null, after: 75, reasons: [] },
      ],
    });
    expect((await staff("GET", `/Catalogs/${catalog.catalogId}/Lines`)).json().lines.map((l: { quantity: number }) => l.quantity)).toEqual([40]);

    const done = await apply(catalog.catalogId, csv);
    expect(done.json()).toMatchObject({ applied: true, counts: { add: 1, change: 1 } });
    const lines = (await staff("GET", `/Catalogs/${catalog.catalogId}/Lines`)).json().lines;
    expect(lines.find((l: { productId: string }) => l.productId === fresh.productId)).toMatchObject({ quantity: 75, price: 9, priceNoPail: 9.9, special: true, specialPrice: 8.1, specialPriceNoPail: 8.9 });
    expect(lines.find((l: { productId: string }) => l.productId === product.productId)).toMatchObject({ quantity: 1200, price: 14.5 });
    const [entry] = await auditsOf(desk.t.db, "supply.upload");
    expect(entry!.detail).toMatchObject({ catalogId: catalog.catalogId, mode: "set", lines: [{ productId: product.productId, before: 40, after: 1200 }, { productId: fresh.productId, before: null, after: 75 }] });
    // Again: nothing left to change.
    expect((await preview(catalog.catalogId, csv)).json().counts).toEqual({ add: 0, change: 0, unchanged: 2, refuse: 0 });
  });

  it("refuses rows with a reason each (and in set mode below sold + held, with the numbers); apply then writes nothing", async () => {
    const { a, catalog, product, fresh, day } = await setUp(40);
    expect((await a.save({ shipDate: day, items: [{ productId: product.productId, quantity: 30 }] })).statusCode).toBe(200);
    expect((await a.place()).statusCode).toBe(200);
    expect((await a.save({ shipDate: day, items: [{ productId: product.productId, quantity: 6 }] })).statusCode).toBe(200);
    const more: { productId: string; description: string }[] = [];
    for (let i = 0; i < 4; i++) more.push((await staff("POST", "/Products", productBody())).json());
    const [f1, f2, f3, f4] = more as [{ productId: string; description: string }, { productId: string }, { productId: string }, { productId: string }];
    const csv = [
      "product,quantity,price,priceNoPail,shipDate",
      `${product.productId},20,,,`,
      `${fresh.productId},10,,,`,
      `NO-SUCH-PRODUCT,5,1,1,`,
      `${f1.productId},=1+1,1,1,`,
      `${f2.productId},-5,1,1,`,
      `${f3.productId},5,0,100000,`,
      `${f4.productId},5,1,1,2000-01-01`,
      `${f4.productId},5,1,1,`,
    ].join("\n");
    const p = (await preview(catalog.catalogId, csv)).json();
    expect(p.counts).toEqual({ add: 0, change: 0, unchanged: 0, refuse: 8 });
    expect(p.rows.map((r: { reasons: string[] }) => r.reasons)).toEqual([
      [`${product.description}, ${shortDate(day)}: 30 sold, 6 held, you set 20`],
      [`${fresh.description} is not offered in this catalog yet: a new line needs price and priceNoPail`],
      ["There is no product NO-SUCH-PRODUCT"],
      ["Spreadsheet formulas are not allowed (quantity): save the sheet with plain values"],
      ['The quantity must be a whole number of bunches, 0 or more (not "-5")'],
      ["price: A price must be between $0.01 and $500.00 a bunch", "priceNoPail: A price must be between $0.01 and $500.00 a bunch"],
      [`${shortDate("2000-01-01")} is outside this catalog (${shortDate(day)})`],
      [`${f4.productId} is already on line 8`],
    ]);
    const applied = await apply(catalog.catalogId, csv);
    expect(applied.statusCode).toBe(409);
    expect(applied.json().message).toBe("8 rows are refused: nothing was changed. Correct them and upload again.");
    expect(applied.json().data.rows).toHaveLength(8);
    expect(await committed(desk.t.db, (await staff("GET", `/Catalogs/${catalog.catalogId}/Lines`)).json().lines[0].lineId)).toEqual({ original: 40, ordered: 30, held: 6 });

    // add mode adds; one good row and one refused: still nothing written.
    const mixed = `product,quantity\n${product.productId},5\nNO-SUCH-PRODUCT,1\n`;
    expect((await apply(catalog.catalogId, mixed, "add")).statusCode).toBe(409);
    const added = await apply(catalog.catalogId, `product,quantity\n${product.productId},5\n`, "add");
    expect(added.json().rows[0]).toMatchObject({ before: 40, after: 45, sold: 30, held: 6 });
  });

  it("refuses a file that is not a fresh list: too large, too many rows, wrong columns, not text", async () => {
    const { catalog } = await setUp();
    const big = await preview(catalog.catalogId, `product,quantity\n${"A".repeat(2 * 1024 * 1024)}\n`);
    expect([400, 413]).toContain(big.statusCode);
    const many = await preview(catalog.catalogId, `product,quantity\n${"X-1,1\n".repeat(10_001)}`);
    expect(many.json()).toMatchObject({ statusCode: 400, message: "The file has more than 10,000 lines. Split it into smaller files." });
    const columns = await preview(catalog.catalogId, "sku,qty,colour\nA,1,red\n");
    expect(columns.json().message).toMatch(/^The columns are not right \(unknown columns "sku", "colour"; missing product\)/);
    expect((await preview(catalog.catalogId, "")).json().message).toBe("The file is empty. It needs a header row and at least one line.");
    expect((await preview(catalog.catalogId, "product,quantity\n\uFFFD\uFFFD,1\n")).json().message).toBe("This is not a CSV text file. Save the sheet as CSV (UTF-8) and try again.");
    expect((await preview(catalog.catalogId, "product,quantity\n\u0000\u0001,1\n")).statusCode).toBe(400);
    expect((await preview(catalog.catalogId, 'product,quantity\n"unterminated,1\n')).json().message).toMatch(/^The file could not be read as CSV/);
  });

  it("offers a sample file, and exports lines with formula-like text neutralised", async () => {
    const sample = await staff("GET", "/Upload/Sample");
    expect(sample.headers["content-type"]).toMatch(/^text\/csv/);
    expect(sample.body.split("\r\n")[0]).toBe("product,shipDate,quantity,price,priceNoPail,special,specialPrice,specialPriceNoPail,tier1Quantity,tier1Price,tier1PriceNoPail,tier2Quantity,tier2Price,tier2PriceNoPail,showStore,isFinalProduct,nextAvailableDate");
    const a = await buyer(desk.t);
    const body = productBody({ description: "=HYPERLINK(\"http://evil\")" });
    expect((await staff("POST", "/Products", body)).statusCode).toBe(200);
    const c = (await staff("POST", "/Catalogs", { title: "x", shipDateFrom: tomorrow(), shipDateTo: tomorrow(), customerIds: [a.customerId] })).json();
    expect((await staff("POST", `/Catalogs/${c.catalogId}/Lines`, { productId: body.productId, quantity: 3, price: 2, priceNoPail: 2.2 })).statusCode).toBe(200);
    const csv = (await staff("GET", `/Catalogs/${c.catalogId}/Lines.csv`)).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).not.toMatch(/,=HYPERLINK/);
  });
});

describe("audit", () => {
  it("records catalog changes with before and after", async () => {
    const a = await buyer(desk.t);
    const { catalog } = await published([a.customerId], 5);
    const res = await staff("PUT", `/Catalogs/${catalog.catalogId}`, { title: "Renamed", shipDateFrom: catalog.shipDateFrom, shipDateTo: catalog.shipDateTo, customerIds: [a.customerId] });
    expect(res.json()).toMatchObject({ title: "Renamed", lines: 1 });
    const rows = await desk.t.db.select().from(auditLog).where(and(eq(auditLog.action, "supply.catalog.update"), like(sql`${auditLog.detail}::text`, `%"catalogId": ${catalog.catalogId}%`)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toMatchObject({ before: { title: catalog.title }, after: { title: "Renamed" } });
  });
});
