// The pick list of a ship date and an order's packing slip on a real database (PGlite by default,
// PostgreSQL with DATABASE_URL): totals over both stores' orders, CSV and PDF, staff only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { describeOverlap, overlaps, pdfText, textBoxes } from "../../../tests/helpers/pdf-layout.ts";
import { DEFAULT_TEST_PASSWORD, insertCustomer, insertOrder, insertProduct, insertUser } from "../../../tests/factories/index.ts";

let t: TestApp;
let staffCookie: string;
let wholesalerCookie: string;
let buyerCookie: string;
const DAY = "2031-03-04";
const orderNumbers: Record<string, number> = {};
let lily: { productId: string; description: string };

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await insertUser(t.db, { roles: ["Administrator"] });
  staffCookie = await loginAs(t.app, admin.email, DEFAULT_TEST_PASSWORD);
  const shop = await insertCustomer(t.db, { companyName: "Petal & Stem" });
  const market = await insertCustomer(t.db, { companyName: "Sunny Market" });
  const w = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [shop.customerId] });
  wholesalerCookie = await loginAs(t.app, w.email, DEFAULT_TEST_PASSWORD);
  const b = await insertUser(t.db, { roles: ["MassMarket"], customerIds: [market.customerId] });
  buyerCookie = await loginAs(t.app, b.email, DEFAULT_TEST_PASSWORD);

  const p = await insertProduct(t.db, { stemsPerBunch: 10, bunchesPerBox: 12, description: "Lily Asiatic White 70cm" });
  lily = p;
  // Wholesale, boxed: 30 bunches confirmed (3 full pails of 8, 6 loose), 3 boxes of 12.
  orderNumbers.boxed = (
    await insertOrder(t.db, { customerId: shop.customerId, shipDate: DAY, boxed: true, status: "confirmed", lines: [{ productId: p.productId, description: p.description, quantity: 30 }] })
  ).orderNumber;
  // Wholesale, in pails: 16 confirmed (2 pails) and 4 pending.
  orderNumbers.pails = (
    await insertOrder(t.db, {
      customerId: shop.customerId,
      shipDate: DAY,
      lines: [{ productId: p.productId, description: p.description, quantity: 20, quantityConfirmed: 16, quantityPending: 4, pails: 2, looseBunches: 4 }],
    })
  ).orderNumber;
  // Mass market, not boxed: 24 bouquets in pails (the fee rule's RFLP1), plus its pail fee line.
  orderNumbers.mm = (
    await insertOrder(t.db, {
      store: "mm",
      customerId: market.customerId,
      shipDate: DAY,
      lines: [
        { productId: "MM-BQ-1", description: "Sunny Bouquet Mixed", category: "Bouquets", quantity: 24, pails: 0, looseBunches: 0, unitOfMeasure: "Pail", lineTotalCents: 24 * 499 },
        { productId: "RFLP1", description: "Pail fee", category: "pails", quantity: 24, pails: 0, looseBunches: 0, unitOfMeasure: "Each", lineTotalCents: 24 * 50 },
      ],
    })
  ).orderNumber;
  // Not on the list: a cancelled order of the day and an order of another day.
  await insertOrder(t.db, { customerId: shop.customerId, shipDate: DAY, status: "cancelled", lines: [{ productId: p.productId, quantity: 99 }] });
  await insertOrder(t.db, { customerId: shop.customerId, shipDate: "2031-03-05", lines: [{ productId: p.productId, quantity: 77 }] });
});
afterAll(async () => t?.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: "GET", url: `/api${url}`, headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) } });

describe("pick list of a ship date", () => {
  it("totals stems, bunches, pails and boxes per product over both stores' orders, leaving out cancelled orders and fee lines", async () => {
    const res = await get(`/OrderDesk/PickList?shipDate=${DAY}`, staffCookie);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.rows).toEqual([
      { productId: lily.productId, description: "Lily Asiatic White 70cm", orders: 2, stems: 460, bunches: 46, pending: 4, pails: 2 + 3, boxes: 3 },
      { productId: "MM-BQ-1", description: "Sunny Bouquet Mixed", orders: 1, stems: null, bunches: 24, pending: 0, pails: 24, boxes: 0 },
    ]);
    expect(list.totals).toEqual({ stems: 460, bunches: 70, pending: 4, pails: 29, boxes: 3 });
    expect(list.orders.map((o: { orderNumber: number; store: string }) => [o.orderNumber, o.store]).sort()).toEqual(
      [
        [orderNumbers.boxed, "wholesale"],
        [orderNumbers.pails, "wholesale"],
        [orderNumbers.mm, "mm"],
      ].sort(),
    );
  });

  it("downloads as CSV with a total row", async () => {
    const res = await get(`/OrderDesk/PickList?shipDate=${DAY}&format=csv`, staffCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="pick-list-${DAY}.csv"`);
    expect(res.body.trim().split("\r\n")).toEqual([
      "Ship date,Product,Description,Orders,Stems,Bunches,Pending bunches,Pails,Boxes",
      `${DAY},${lily.productId},Lily Asiatic White 70cm,2,460,46,4,5,3`,
      `${DAY},MM-BQ-1,Sunny Bouquet Mixed,1,,24,0,24,0`,
      `${DAY},,Total,3,460,70,4,29,3`,
    ]);
  });

  it("downloads as a PDF with the grower, every product and the orders, laid out without overlap", async () => {
    const res = await get(`/OrderDesk/PickList?shipDate=${DAY}&format=pdf`, staffCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(res.rawPayload);
    for (const s of [t.config.brandName, "Pick list", DAY, "Lily Asiatic White 70cm", "Sunny Bouquet Mixed", "Petal & Stem", "Sunny Market", String(orderNumbers.mm)]) expect(text).toContain(s);
    expect(overlaps((await textBoxes(res.rawPayload)).boxes).map(describeOverlap)).toEqual([]);
  });

  it("an empty day is an empty list, not an error", async () => {
    const res = await get("/OrderDesk/PickList?shipDate=2031-01-01", staffCookie);
    expect(res.json()).toEqual({ shipDate: "2031-01-01", rows: [], totals: { stems: null, bunches: 0, pending: 0, pails: 0, boxes: 0 }, orders: [] });
  });

  it("refuses a missing or impossible date and an unknown format with a 400 that says why", async () => {
    for (const q of ["", "?shipDate=2031-02-30", "?shipDate=tomorrow", `?shipDate=${DAY}&format=xlsx`]) {
      const res = await get(`/OrderDesk/PickList${q}`, staffCookie);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toEqual(expect.any(String));
    }
    expect((await get(`/OrderDesk/PickList?shipDate=${DAY}&format=xlsx`, staffCookie)).json().message).toContain("Choose json, pdf or csv");
  });
});

describe("packing slip of an order", () => {
  it("prints a mass-market order's lines and packaging as PDF", async () => {
    const res = await get(`/OrderDesk/Orders/${orderNumbers.mm}/PackingSlip`, staffCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(res.rawPayload);
    for (const s of ["Packing slip", String(orderNumbers.mm), "Sunny Market", "Sunny Bouquet Mixed", "Pail fee (packaging)", "Mass market", t.config.brandName]) expect(text).toContain(s);
  });

  it("lists a wholesale order's lines as CSV with stems, pails and boxes", async () => {
    const res = await get(`/OrderDesk/Orders/${orderNumbers.boxed}/PackingSlip?format=csv`, staffCookie);
    expect(res.statusCode).toBe(200);
    const [, row] = res.body.trim().split("\r\n");
    expect(row).toMatch(new RegExp(`^${orderNumbers.boxed},${DAY},[A-Z0-9]+,${lily.productId},Lily Asiatic White 70cm,30,0,300,3,3$`));
  });

  it("answers 404 for an order that does not exist", async () => {
    const res = await get("/OrderDesk/Orders/999999/PackingSlip", staffCookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Order 999999 was not found.");
  });
});

describe("who may print them", () => {
  it("staff only: a wholesaler or a buyer gets 403, nobody signed in 401", async () => {
    for (const url of [`/OrderDesk/PickList?shipDate=${DAY}`, `/OrderDesk/PickList?shipDate=${DAY}&format=pdf`, `/OrderDesk/Orders/${orderNumbers.mm}/PackingSlip`]) {
      expect((await get(url, wholesalerCookie)).statusCode, url).toBe(403);
      expect((await get(url, buyerCookie)).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });
});
