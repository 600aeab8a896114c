// Issue 29 §3: the buyer's PO number and delivery notes typed at checkout, carried on the order, the
// buyer's order page, the order desk, the packing slip, the invoice PDF and GET /api/v1/orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { orderLines, orders } from "../../../db/schema/index.ts";
import { buildTestApp, signedInUser, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, offer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";
import { pdfText } from "../../../tests/helpers/pdf-layout.ts";
import { invoicePdfFor, issueInvoice } from "../invoices/service.ts";

let t: TestApp;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInUser(t, ["Administrator"]);
});
afterAll(async () => t?.close());

const PO = "PO 4471-B/Event “Winter Gala” — dock 3 X"; // 40 characters
const NOTES = "Back entrance on Mulberry Lane.\nRing twice; the cold room is on the left.";

const place = (c: Client, payload: object) =>
  t.app.inject({ method: "POST", url: `/api/Store/PlaceOrder/${c.userId}/${c.customerId}`, headers: { cookie: c.cookie, ...SAME_ORIGIN }, payload });
const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
const asAdmin = (url: string, payload?: object, method: "GET" | "POST" = "GET") => t.app.inject({ method, url: `/api${url}`, headers: { ...SAME_ORIGIN, cookie: admin.cookie }, payload });

async function cartOf() {
  const a = await buyer(t);
  const { products: [p] } = await offer(t.db, [a.customerId], { line: { originalQuantity: 30 } });
  expect((await a.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 4 }] })).statusCode).toBe(200);
  return a;
}

describe("PO number and delivery notes at checkout", () => {
  it("are stored on the order and shown on the buyer's order, the desk, the packing slip, the invoice and the API", async () => {
    expect(PO).toHaveLength(40);
    const a = await cartOf();
    const res = await place(a, { poNumber: `  ${PO} `, deliveryNotes: `${NOTES}\n` });
    expect(res.statusCode).toBe(200);
    const { orderNumber } = res.json();
    const [row] = await ordersOf(a.userId);
    expect(row).toMatchObject({ orderNumber, poNumber: PO, deliveryNotes: NOTES });

    // The buyer's order page.
    const mine = await a.get(`/api/Orders/${a.userId}/${a.customerId}/${orderNumber}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ poNumber: PO, deliveryNotes: NOTES });

    // The order desk.
    const desk = await asAdmin(`/OrderDesk/Orders/${orderNumber}`);
    expect(desk.statusCode).toBe(200);
    expect(desk.json()).toMatchObject({ poNumber: PO, deliveryNotes: NOTES });

    // The packing slip (PDF).
    const slip = await asAdmin(`/OrderDesk/Orders/${orderNumber}/PackingSlip`);
    expect(slip.statusCode).toBe(200);
    const slipText = await pdfText(slip.rawPayload);
    expect(slipText).toContain("PO number");
    expect(slipText).toContain("PO 4471-B/Event");
    expect(slipText).toContain("Delivery notes: Back entrance on Mulberry Lane.");

    // The invoice PDF, once the order is invoiced.
    const invoice = await t.db.transaction(async (tx) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, row!.id));
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, row!.id));
      return issueInvoice(tx, t.config, { order: o!, lines, actorUserId: admin.id });
    });
    const invoiceNumber = (invoice as { invoiceNumber: number }).invoiceNumber;
    const pdf = await invoicePdfFor(t.db, t.config, { all: true }, invoiceNumber);
    const invText = await pdfText(pdf);
    expect(invText).toContain("PO number");
    expect(invText).toContain("PO 4471-B/Event");
    expect(invText).toContain("Delivery notes: Back entrance on Mulberry Lane.");

    // GET /api/v1/orders.
    const created = await asAdmin("/Admin/ApiTokens", { name: `ERP PO ${orderNumber}`, scopes: ["orders:read"] }, "POST");
    expect(created.statusCode).toBe(201);
    const token = created.json().token as string;
    let since: string | undefined;
    let found: { poNumber: string | null; deliveryNotes: string | null } | undefined;
    for (let page = 0; page < 50 && !found; page++) {
      const v1 = await t.app.inject({ method: "GET", url: `/api/v1/orders?limit=100${since ? `&since=${since}` : ""}`, headers: { authorization: `Bearer ${token}` } });
      expect(v1.statusCode).toBe(200);
      const body = v1.json() as { orders: { orderNumber: number; poNumber: string | null; deliveryNotes: string | null }[]; next: string };
      found = body.orders.find((o) => o.orderNumber === orderNumber);
      if (!body.orders.length) break;
      since = body.next;
    }
    expect(found).toMatchObject({ poNumber: PO, deliveryNotes: NOTES });
  });

  it("are optional: none, or blank, is stored as none", async () => {
    const a = await cartOf();
    expect((await place(a, { poNumber: "   ", deliveryNotes: "" })).statusCode).toBe(200);
    const b = await cartOf();
    expect((await place(b, {})).statusCode).toBe(200);
    for (const u of [a, b]) {
      const [row] = await ordersOf(u.userId);
      expect(row).toMatchObject({ poNumber: null, deliveryNotes: null });
      const detail = (await u.get(`/api/Orders/${u.userId}/${u.customerId}/${row!.orderNumber}`)).json();
      expect(detail).toMatchObject({ poNumber: null, deliveryNotes: null });
    }
  });

  it("refuses a PO number over 40 characters or notes over 500 with a message per field, writing nothing", async () => {
    const a = await cartOf();
    const res = await place(a, { poNumber: "P".repeat(41), deliveryNotes: "n".repeat(501) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(JSON.stringify(body)).toContain("Maximum 40 characters");
    expect(JSON.stringify(body)).toContain("Maximum 500 characters");
    expect(await ordersOf(a.userId)).toEqual([]);
    expect((await a.cart()).json().items).toHaveLength(1);
    // Exactly at the limits is taken.
    const ok = await place(a, { poNumber: "P".repeat(40), deliveryNotes: "n".repeat(500) });
    expect(ok.statusCode).toBe(200);
    expect((await ordersOf(a.userId))[0]).toMatchObject({ poNumber: "P".repeat(40), deliveryNotes: "n".repeat(500) });
  });
});
