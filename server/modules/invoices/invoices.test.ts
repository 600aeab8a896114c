// Invoices on a real database (PGlite by default, PostgreSQL with DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { extractText } from "unpdf";
import { takeDocumentNumbers } from "../../../db/document-numbers.ts";
import { creditNotes, customers, invoiceLines, invoices, orders, vouchers } from "../../../db/schema/index.ts";
import { invoiceTotals, taxCents } from "../../../domain/invoicing.ts";
import { formatMoney } from "../../../domain/money.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { addDays, DEFAULT_TEST_PASSWORD, insertCustomer, insertInvoice, insertOrder, insertRetailer, insertUser, isoDateAt, type OrderLineOptions } from "../../../tests/factories/index.ts";

const TAX = 825;
let t: TestApp;
let staffCookie: string;
beforeAll(async () => {
  t = await buildTestApp({ TAX_RATE_BP: String(TAX) });
  const s = await insertUser(t.db, { roles: ["Administrator"] });
  staffCookie = await loginAs(t.app, s.email, DEFAULT_TEST_PASSWORD);
});
afterAll(async () => t?.close());

type Method = "GET" | "POST";
const req = (cookie: string, method: Method, url: string, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers: { ...SAME_ORIGIN, cookie }, payload });
const staff = (method: Method, url: string, payload?: object) => req(staffCookie, method, url, payload);

/** A customer with a wholesaler user signed in, and `n` confirmed, packed orders ready to ship. */
async function customerWithOrders(n: number, lines: OrderLineOptions[] = [{ quantity: 12, pailPriceCents: 1015, bunchPriceCents: 1195 }, { quantity: 3, pailPriceCents: 990, bunchPriceCents: 1299 }]) {
  const c = await insertCustomer(t.db, { paymentTermsDays: 15, address: "12 Market St", city: "Trenton", state: "NJ", zip: "08601" });
  const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
  const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
  const list = [];
  for (let i = 0; i < n; i++) {
    list.push(await insertOrder(t.db, { customerId: c.customerId, userId: u.id, status: "confirmed", packedAt: new Date(), shipDate: isoDateAt(), lines }));
  }
  return { c, u, cookie, orders: list };
}

const ship = (orderNumber: number) => staff("POST", `/OrderDesk/Orders/${orderNumber}/Ship`);

describe("issuing invoices", () => {
  it("invoices a shipped order: terms, due date, a line per price, tax at TAX_RATE_BP rounded half up", async () => {
    const { c, orders: [o] } = await customerWithOrders(1);
    const res = await ship(o!.orderNumber);
    expect(res.statusCode).toBe(200);
    const number = res.json().invoiceNumber as number;
    const detail = (await staff("GET", `/Invoices/${number}`)).json();
    // 12 bunches = one pail of 8 + 4 loose; 3 bunches loose.
    const expectedLines = [
      { quantity: 8, unitPriceCents: 1015 },
      { quantity: 4, unitPriceCents: 1195 },
      { quantity: 3, unitPriceCents: 1299 },
    ];
    const totals = invoiceTotals(expectedLines, TAX);
    expect(detail).toMatchObject({
      invoiceNumber: number,
      customerId: c.customerId,
      orderNumber: o!.orderNumber,
      invoiceDate: isoDateAt(),
      dueDate: addDays(isoDateAt(), 15),
      terms: "Net 15",
      taxRateBp: TAX,
      subtotal: totals.subtotalCents / 100,
      tax: totals.taxCents / 100,
      total: totals.totalCents / 100,
      balance: totals.totalCents / 100,
      paid: false,
    });
    expect(detail.lines.map((l: { quantity: number; unitPrice: number; pails: number }) => [l.pails, l.quantity, l.unitPrice])).toEqual([
      [1, 8, 10.15],
      [0, 4, 11.95],
      [0, 3, 12.99],
    ]);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, number));
    expect(row!.taxCents).toBe(taxCents(row!.subtotalCents, TAX));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, o!.id));
    expect(order!.status).toBe("invoiced");
    expect((await ship(o!.orderNumber)).statusCode).toBe(409);
  });

  it("numbers concurrent shipments uniquely and without gaps", async () => {
    const { orders: list } = await customerWithOrders(8, [{ quantity: 2 }]);
    const before = await takeDocumentNumbers(t.db, "invoice"); // burn one outside, to know where we are
    const results = await Promise.all(list.map((o) => ship(o.orderNumber)));
    expect(results.map((r) => r.statusCode)).toEqual(list.map(() => 200));
    const numbers = results.map((r) => r.json().invoiceNumber as number).sort((a, b) => a - b);
    expect(numbers).toEqual(list.map((_, i) => before + 1 + i));
  });

  it("a rolled-back issue gives its number back", async () => {
    let taken = 0;
    await t.db
      .transaction(async (tx) => {
        taken = await takeDocumentNumbers(tx, "invoice");
        throw new Error("the shipment failed");
      })
      .catch(() => undefined);
    expect(taken).toBeGreaterThan(500_000);
    expect(await takeDocumentNumbers(t.db, "invoice")).toBe(taken);
  });
});

describe("who sees invoices", () => {
  it("a wholesaler sees only its own customers' invoices; another's detail, PDF and statement are 403", async () => {
    const mine = await customerWithOrders(1);
    const theirs = await customerWithOrders(1);
    const myNumber = (await ship(mine.orders[0]!.orderNumber)).json().invoiceNumber;
    const theirNumber = (await ship(theirs.orders[0]!.orderNumber)).json().invoiceNumber;

    const list = (await req(mine.cookie, "GET", "/Invoices")).json();
    expect(list.items.map((i: { invoiceNumber: number }) => i.invoiceNumber)).toEqual([myNumber]);
    expect(list.total).toBe(1);
    expect((await req(mine.cookie, "GET", `/Invoices/${myNumber}`)).statusCode).toBe(200);
    expect((await req(mine.cookie, "GET", `/Invoices/${theirNumber}`)).statusCode).toBe(403);
    expect((await req(mine.cookie, "GET", `/Invoices/${theirNumber}/Pdf`)).statusCode).toBe(403);
    expect((await req(mine.cookie, "GET", `/Invoices?customerId=${theirs.c.customerId}`)).statusCode).toBe(403);
    expect((await req(mine.cookie, "GET", `/Invoices/Statement/${theirs.c.customerId}`)).statusCode).toBe(403);
    expect((await req(mine.cookie, "GET", `/Invoices/Statement/${theirs.c.customerId}/Pdf`)).statusCode).toBe(403);
    expect((await req(mine.cookie, "GET", `/Invoices/Csv`)).body).not.toContain(String(theirNumber));
    // Staff changes are staff only.
    expect((await req(mine.cookie, "POST", `/Invoices/${myNumber}/Paid`, { paid: true })).statusCode).toBe(403);
    expect((await req(mine.cookie, "POST", `/Invoices/${myNumber}/CreditNotes`, { reason: "x", lines: [{ invoiceLineId: 1, quantity: 1 }] })).statusCode).toBe(403);

    // A Retailer user has no invoices page at all.
    const shop = await insertRetailer(t.db, { customerIds: [mine.c.customerId] });
    const r = await insertUser(t.db, { roles: ["Retailer"], claims: [{ claim: "WholesalerId", value: mine.c.customerId }, { claim: "retailerid", value: String(shop.retailerId) }] });
    const rc = await loginAs(t.app, r.email, DEFAULT_TEST_PASSWORD);
    expect((await req(rc, "GET", "/Invoices")).statusCode).toBe(403);
    expect((await req(rc, "GET", `/Invoices/${myNumber}/Pdf`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/Invoices" })).statusCode).toBe(401);
  });
});

describe("documents", () => {
  it("the invoice PDF holds the number, customer, every line and the totals of the database", async () => {
    const { c, cookie, orders: [o] } = await customerWithOrders(1);
    const number = (await ship(o!.orderNumber)).json().invoiceNumber;
    const res = await req(cookie, "GET", `/Invoices/${number}/Pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    // A description may wrap onto a second line of its row: compare with the line breaks as spaces.
    const text = (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text.replace(/\s+/g, " ");
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, number));
    const lines = await t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, inv!.id));
    expect(text).toContain(String(number));
    expect(text).toContain(c.companyName);
    expect(text).toContain(String(o!.orderNumber));
    expect(text).toContain("12 Market St");
    expect(text).toContain(t.config.brandName);
    for (const l of lines) {
      expect(text).toContain(l.description);
      expect(text).toContain(formatMoney(l.unitPriceCents));
      expect(text).toContain(formatMoney(l.lineTotalCents));
    }
    for (const cents of [inv!.subtotalCents, inv!.taxCents, inv!.totalCents]) expect(text).toContain(formatMoney(cents));
  });

  it("a 200-line invoice breaks over pages with numbered pages and every line", async () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ productId: `LONG-${String(i).padStart(3, "0")}`, quantity: 8, pailPriceCents: 1000 + i, bunchPriceCents: 1200 }));
    const { cookie, orders: [o] } = await customerWithOrders(1, many);
    const number = (await ship(o!.orderNumber)).json().invoiceNumber;
    const res = await req(cookie, "GET", `/Invoices/${number}/Pdf`);
    const { totalPages, text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    expect(totalPages).toBeGreaterThan(3);
    expect(text).toContain(`Page ${totalPages} of ${totalPages}`);
    for (const l of many) expect(text).toContain(l.productId);
  });

  it("the CSV lists the filtered invoices with their amounts", async () => {
    const { c, cookie, orders: list } = await customerWithOrders(3, [{ quantity: 5 }]);
    for (const o of list) await ship(o.orderNumber);
    const res = await req(cookie, "GET", `/Invoices/Csv?customerId=${c.customerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    const db = await t.db.select().from(invoices).where(eq(invoices.customerId, c.customerId));
    expect(rows.map((r) => Number(r.Invoice)).sort()).toEqual(db.map((i) => i.invoiceNumber).sort());
    for (const r of rows) {
      const i = db.find((x) => x.invoiceNumber === Number(r.Invoice))!;
      expect(r.Total).toBe((i.totalCents / 100).toFixed(2));
      expect(r.Company).toBe(c.companyName);
    }
  });

  it("the CSV writes a company name a spreadsheet would run (OWASP CSV injection) as text, its amounts as numbers", async () => {
    const { c, cookie, orders: [o] } = await customerWithOrders(1, [{ quantity: 5 }]);
    for (const name of ["+1+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "=HYPERLINK(\"http://evil.example\")", "@SUM(1)"]) {
      await t.db.update(customers).set({ companyName: name }).where(eq(customers.customerId, c.customerId));
      if (name.startsWith("+")) await ship(o!.orderNumber);
      const res = await req(cookie, "GET", `/Invoices/Csv?customerId=${c.customerId}`);
      const [row] = parse(res.body, { columns: true }) as Record<string, string>[];
      expect(row!.Company, name).toBe(`'${name}`);
      expect(row!.Total).toMatch(/^\d+\.\d{2}$/);
    }
  });
});

describe("credit notes, payments and statements", () => {
  it("credits lines with its own number, lowers the balance, refuses over-crediting; paid invoices leave the statement", async () => {
    const { c, cookie, orders: [o] } = await customerWithOrders(1);
    const number = (await ship(o!.orderNumber)).json().invoiceNumber;
    const detail = (await staff("GET", `/Invoices/${number}`)).json();
    const line = detail.lines[2]; // 3 loose bunches at $12.99
    const note = await staff("POST", `/Invoices/${number}/CreditNotes`, { reason: "Damaged stems", lines: [{ invoiceLineId: line.lineId, quantity: 2 }] });
    expect(note.statusCode).toBe(200);
    const credit = 2 * 1299;
    expect(note.json()).toMatchObject({ invoiceNumber: number, reason: "Damaged stems", subtotal: credit / 100, tax: taxCents(credit, TAX) / 100 });
    expect(note.json().creditNoteNumber).toBeGreaterThan(900_000);
    // The credit note as a document: the customer's wholesaler may read it, another may not.
    const noteNumber = note.json().creditNoteNumber as number;
    const notePdf = await req(cookie, "GET", `/Invoices/${number}/CreditNotes/${noteNumber}/Pdf`);
    expect(notePdf.statusCode).toBe(200);
    expect(notePdf.headers["content-type"]).toBe("application/pdf");
    const pdfText = (await extractText(new Uint8Array(notePdf.rawPayload), { mergePages: true })).text.replace(/\s+/g, " ");
    for (const s of ["Credit note", String(noteNumber), String(number), "Damaged stems", c.companyName, t.config.brandName, `-${formatMoney(credit)}`]) expect(pdfText).toContain(s);
    expect((await staff("GET", `/Invoices/${number}/CreditNotes/${noteNumber + 1}/Pdf`)).json().message).toBe(`Credit note ${noteNumber + 1} was not found on invoice ${number}.`);
    const stranger = await customerWithOrders(0);
    expect((await req(stranger.cookie, "GET", `/Invoices/${number}/CreditNotes/${noteNumber}/Pdf`)).statusCode).toBe(403);
    // A reason the credit note cannot print is refused, and no note is written.
    const unprintable = await staff("POST", `/Invoices/${number}/CreditNotes`, { reason: "花店 🌹", lines: [{ invoiceLineId: line.lineId, quantity: 1 }] });
    expect(unprintable.statusCode).toBe(400);
    expect(unprintable.json().message).toContain('cannot print "花", "店", "🌹"');
    expect((await staff("GET", `/Invoices/${number}`)).json().creditNotes).toHaveLength(1);
    const over = await staff("POST", `/Invoices/${number}/CreditNotes`, { reason: "Short", lines: [{ invoiceLineId: line.lineId, quantity: 2 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe("At most 1 can still be credited on this line.");
    expect((await staff("POST", `/Invoices/${number}/CreditNotes`, { reason: "Short", lines: [{ invoiceLineId: 1, quantity: 1 }] })).statusCode).toBe(400);

    const after = (await req(cookie, "GET", `/Invoices/${number}`)).json();
    const creditTotal = credit + taxCents(credit, TAX);
    expect(Math.round(after.credited * 100)).toBe(creditTotal);
    expect(Math.round(after.balance * 100)).toBe(Math.round(detail.total * 100) - creditTotal);
    expect(after.lines[2].creditedQuantity).toBe(2);

    // An older open invoice ages into 31-60.
    const old = await insertOrder(t.db, { customerId: c.customerId, userId: o!.userId, status: "invoiced", shipDate: addDays(isoDateAt(), -45), lines: [{ quantity: 4 }] });
    const oldInv = await insertInvoice(t.db, old, { invoiceDate: addDays(isoDateAt(), -45), taxRateBp: TAX });
    const st = (await req(cookie, "GET", `/Invoices/Statement/${c.customerId}`)).json();
    expect(st.items.map((i: { invoiceNumber: number; bucket: string }) => [i.invoiceNumber, i.bucket])).toEqual([
      [oldInv.invoiceNumber, "31-60"],
      [number, "0-30"],
    ]);
    expect(Math.round(st.buckets["0-30"] * 100)).toBe(Math.round(after.balance * 100));
    expect(Math.round(st.buckets["31-60"] * 100)).toBe(oldInv.totalCents);
    expect(Math.round(st.balance * 100)).toBe(Math.round(after.balance * 100) + oldInv.totalCents);

    const pdf = await req(cookie, "GET", `/Invoices/Statement/${c.customerId}/Pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    for (const s of [c.companyName, String(number), String(oldInv.invoiceNumber), formatMoney(Math.round(st.balance * 100)), "31-60 days", "90+ days"]) expect(text).toContain(s);

    const paid = await staff("POST", `/Invoices/${number}/Paid`, { paid: true });
    expect(paid.json()).toMatchObject({ paid: true, balance: 0 });
    expect((await staff("POST", `/Invoices/${number}/CreditNotes`, { reason: "Late", lines: [{ invoiceLineId: line.lineId, quantity: 1 }] })).statusCode).toBe(409);
    const st2 = (await req(cookie, "GET", `/Invoices/Statement/${c.customerId}`)).json();
    expect(st2.items.map((i: { invoiceNumber: number }) => i.invoiceNumber)).toEqual([oldInv.invoiceNumber]);
    expect((await staff("GET", `/Invoices?customerId=${c.customerId}&status=paid`)).json().items.map((i: { invoiceNumber: number }) => i.invoiceNumber)).toEqual([number]);
  });

  it("filters by date, status and number, and pages on the server", async () => {
    const c = await insertCustomer(t.db);
    const made = [];
    for (let i = 0; i < 7; i++) {
      const o = await insertOrder(t.db, { customerId: c.customerId, status: "invoiced", lines: [{ quantity: 1 + i }] });
      made.push(await insertInvoice(t.db, o, { invoiceDate: addDays("2026-01-01", i * 10), paid: i % 2 === 0 }));
    }
    const page = (url: string) => staff("GET", `/Invoices?customerId=${c.customerId}${url}`).then((r) => r.json());
    const p1 = await page("&pageSize=3&page=1");
    const p3 = await page("&pageSize=3&page=3");
    expect(p1.total).toBe(7);
    expect(p1.items.map((i: { invoiceNumber: number }) => i.invoiceNumber)).toEqual(made.slice(4).reverse().map((i) => i.invoiceNumber));
    expect(p3.items.map((i: { invoiceNumber: number }) => i.invoiceNumber)).toEqual([made[0]!.invoiceNumber]);
    expect((await page("&status=unpaid")).total).toBe(3);
    expect((await page("&from=2026-01-11&to=2026-01-31")).items.map((i: { invoiceDate: string }) => i.invoiceDate)).toEqual(["2026-01-31", "2026-01-21", "2026-01-11"]);
    expect((await page(`&number=${made[3]!.invoiceNumber}`)).items.map((i: { invoiceNumber: number }) => i.invoiceNumber)).toEqual([made[3]!.invoiceNumber]);
    const bad = await staff("GET", `/Invoices?from=2026-02-01&to=2026-01-01`);
    expect(bad.statusCode).toBe(400);
    expect((await staff("GET", `/Invoices?pageSize=1000`)).statusCode).toBe(400);
    expect((await staff("GET", `/Invoices?number=12a`)).statusCode).toBe(400);
    expect((await staff("GET", `/Invoices/abc`)).statusCode).toBe(400);
    expect((await staff("GET", `/Invoices/99999999`)).statusCode).toBe(404);
    await t.db.update(customers).set({ active: true }).where(eq(customers.customerId, c.customerId));
  });
});

describe("OpenAPI", () => {
  it("documents every order-desk and invoice route with the statuses it can answer", async () => {
    const paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, unknown> }>> = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json().paths;
    const op = (method: string, path: string) => paths[path]?.[method];
    const reads = ["200", "400", "401", "403", "404"];
    const changes = [...reads, "409"];
    const expected: [string, string, string, string[]][] = [
      ["get", "/api/OrderDesk/Orders", "order desk", reads],
      ["get", "/api/OrderDesk/Orders/{orderNumber}", "order desk", reads],
      ["post", "/api/OrderDesk/Orders/{orderNumber}/Lines/{lineId}/Confirm", "order desk", changes],
      ["post", "/api/OrderDesk/Orders/{orderNumber}/Lines/{lineId}/Decline", "order desk", changes],
      ["put", "/api/OrderDesk/Orders/{orderNumber}/Lines/{lineId}", "order desk", changes],
      ["post", "/api/OrderDesk/Orders/{orderNumber}/Confirm", "order desk", changes],
      ["post", "/api/OrderDesk/Orders/{orderNumber}/Pack", "order desk", changes],
      ["post", "/api/OrderDesk/Orders/{orderNumber}/Ship", "order desk", changes],
      ["post", "/api/OrderDesk/Orders/{orderNumber}/Cancel", "order desk", changes],
      ["put", "/api/Orders/{userId}/{customerId}/{orderNumber}/Lines/{lineId}", "orders", changes],
      ["post", "/api/Orders/{userId}/{customerId}/{orderNumber}/Cancel", "orders", changes],
      ["get", "/api/Invoices", "invoices", reads],
      ["get", "/api/Invoices/Csv", "invoices", reads],
      ["get", "/api/Invoices/{invoiceNumber}", "invoices", reads],
      ["get", "/api/Invoices/{invoiceNumber}/Pdf", "invoices", reads],
      ["post", "/api/Invoices/{invoiceNumber}/Paid", "invoices", reads],
      ["post", "/api/Invoices/{invoiceNumber}/CreditNotes", "invoices", changes],
      ["get", "/api/Invoices/Statement/{customerId}", "invoices", reads],
      ["get", "/api/Invoices/Statement/{customerId}/Pdf", "invoices", reads],
    ];
    for (const [method, path, tag, statuses] of expected) {
      const o = op(method, path);
      expect(o?.tags, `${method} ${path}`).toEqual([tag]);
      // Writes also document 413 and 415 (the body limit and content types, docs/security.md).
      const documented = Object.keys(o?.responses ?? {});
      const bodyStatuses: string[] = documented.filter((s) => s === "413" || s === "415");
      // Every operation documents 503 (the database went away under the request).
      expect(documented, `${method} ${path}`).toContain("503");
      expect(bodyStatuses.length === 0 || (method !== "get" && bodyStatuses.length === 2), `${method} ${path}`).toBe(true);
      expect(documented.filter((s) => !bodyStatuses.includes(s) && s !== "503").sort(), `${method} ${path}`).toEqual([...statuses].sort());
    }
  });
});

describe("bad input never reaches the database", () => {
  it("answers 400 for a NUL in a customer code or reason", async () => {
    expect((await staff("GET", "/Invoices?customerId=A%00B")).statusCode).toBe(400);
    expect((await staff("GET", "/Invoices/Statement/A%00B")).statusCode).toBe(400);
    expect((await staff("GET", "/OrderDesk/Orders?customerId=A%00B")).statusCode).toBe(400);
    expect((await staff("POST", "/OrderDesk/Orders/1/Cancel", { reason: "a\u0000b" })).statusCode).toBe(400);
  });
});

describe("credit notes on an order placed with a voucher", () => {
  /** A buyer's order of three products with a 15 % + $3.33 voucher, placed in the store, confirmed, packed and shipped. */
  async function voucherInvoice() {
    const a = await buyer(t);
    const { products } = await offer(t.db, [a.customerId], { count: 3, line: { originalQuantity: 200 } });
    const [v] = await t.db
      .insert(vouchers)
      .values({ code: `CREDIT-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, description: "Blitz", percentOff: 15, amountOffCents: 333, startsAt: new Date(Date.now() - 86_400_000), expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const items = products.map((p, i) => ({ productId: p.productId, quantity: [7, 13, 3][i]! }));
    expect((await a.save({ shipDate: tomorrow(), items })).statusCode).toBe(200);
    const placed = await t.app.inject({ method: "POST", url: `/api/Store/PlaceOrder/${a.userId}/${a.customerId}`, headers: { cookie: a.cookie, ...SAME_ORIGIN }, payload: { voucherCode: v!.code } });
    expect(placed.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, a.userId));
    expect(order!.discountCents).toBeGreaterThan(0);
    // Shipped ahead of its ship date (tomorrow), so with the reason the desk asks for.
    for (const step of ["Confirm", "Pack", "Ship"]) {
      const body = step === "Ship" ? { reason: "Collected early by the customer" } : undefined;
      expect((await staff("POST", `/OrderDesk/Orders/${order!.orderNumber}/${step}`, body)).statusCode).toBe(200);
    }
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.orderId, order!.id));
    const detail = (await staff("GET", `/Invoices/${inv!.invoiceNumber}`)).json();
    return { order: order!, inv: inv!, detail };
  }
  type Line = { lineId: number; quantity: number; lineTotal: number };
  const cents = (dollars: number) => Math.round(dollars * 100);

  it("a full credit note refunds exactly what was paid (the invoice total), not the full price", async () => {
    const { order, inv, detail } = await voucherInvoice();
    // What the buyer pays: the order total after the voucher, plus tax on it.
    expect(inv.subtotalCents).toBe(order.totalCents);
    expect(inv.totalCents).toBe(order.totalCents + taxCents(order.totalCents, TAX));
    const merchandise = (detail.lines as Line[]).filter((l) => l.lineTotal > 0);
    const voucherLine = (detail.lines as Line[]).find((l) => l.lineTotal < 0)!;
    expect(cents(voucherLine.lineTotal)).toBe(-order.discountCents);

    const note = await staff("POST", `/Invoices/${inv.invoiceNumber}/CreditNotes`, { reason: "Whole shipment lost", lines: merchandise.map((l) => ({ invoiceLineId: l.lineId, quantity: l.quantity })) });
    expect(note.statusCode).toBe(200);
    expect(cents(note.json().subtotal)).toBe(inv.subtotalCents);
    expect(cents(note.json().tax)).toBe(inv.taxCents);
    expect(cents(note.json().total)).toBe(inv.totalCents);
    const lineSum = (note.json().lines as { lineTotal: number }[]).reduce((s, l) => s + cents(l.lineTotal), 0);
    expect(lineSum).toBe(inv.subtotalCents);
    const after = (await staff("GET", `/Invoices/${inv.invoiceNumber}`)).json();
    expect(cents(after.credited)).toBe(inv.totalCents);
    expect(after.balance).toBe(0);

    // The voucher line itself is not credited (it would add to the refund's discount twice).
    const again = await staff("POST", `/Invoices/${inv.invoiceNumber}/CreditNotes`, { reason: "x", lines: [{ invoiceLineId: voucherLine.lineId, quantity: 1 }] });
    expect(again.statusCode).toBe(400);
  });

  it("credit notes a line at a time add up to exactly the invoice total, never more on the way", async () => {
    const { inv, detail } = await voucherInvoice();
    const merchandise = (detail.lines as Line[]).filter((l) => l.lineTotal > 0);
    for (const line of merchandise) {
      for (let done = 0; done < line.quantity; ) {
        const units = Math.min(line.quantity - done, 2);
        const res = await staff("POST", `/Invoices/${inv.invoiceNumber}/CreditNotes`, { reason: "Damaged stems", lines: [{ invoiceLineId: line.lineId, quantity: units }] });
        expect(res.statusCode).toBe(200);
        done += units;
        const [{ total }] = await t.db
          .select({ total: sql<number>`coalesce(sum(${creditNotes.totalCents}), 0)::int`.mapWith(Number) })
          .from(creditNotes)
          .where(eq(creditNotes.invoiceId, inv.id)) as [{ total: number }];
        expect(total).toBeLessThanOrEqual(inv.totalCents);
      }
    }
    const after = (await staff("GET", `/Invoices/${inv.invoiceNumber}`)).json();
    expect(cents(after.credited)).toBe(inv.totalCents);
  });
});

