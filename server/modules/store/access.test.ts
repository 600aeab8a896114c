// Every store, dashboard and order route refuses ids that are not the caller's (DOMAIN.md
// "Every /api call that names {userId}, {customerId} or {retailerId} is checked on the server").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, loginAs, type TestApp } from "../../../tests/helpers/test-app.ts";
import { DEFAULT_TEST_PASSWORD, insertCustomer, insertOrder, insertRetailer, insertUser } from "../../../tests/factories/index.ts";
import { buyer, offer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";

interface Ids {
  u: string;
  c: string;
  r: number;
}
/** What a call with the caller's own ids answers: 200, or a refusal that is not about access. */
type Answer = 200 | { status: 400 | 404; message: () => string };
interface Route {
  name: string;
  method: "GET" | "POST" | "PUT";
  /** Which ids the route names. */
  names: { user: boolean; customer: boolean; retailer: boolean };
  url(ids: Ids): string;
  payload?: object;
  /**
   * The answer to alice for her customer itself (retailer 0), to alice for her customer's shop, and
   * to the shop's own Retailer user; 200 unless given.
   */
  own?: Answer;
  ownShop?: Answer;
  shop?: Answer;
}

const all = { user: true, customer: true, retailer: true };
let orderNumber = 0;
let catalogOrderId = 0;
// Alice's carts are always empty here (the save sends no items).
const emptyCart: Answer = { status: 400, message: () => "Your cart is empty." };
// Alice's order is her customer's own (retailer 0): another shop's order list never shows it.
const notThisShops: Answer = { status: 404, message: () => `Order ${orderNumber} was not found.` };
const ROUTES: Route[] = [
  { name: "Store/Profile", method: "GET", names: all, url: (i) => `/api/Store/Profile/${i.u}/${i.c}/${i.r}` },
  {
    name: "Store/Retailer/EarlistDate",
    method: "GET",
    names: all,
    url: (i) => `/api/Store/Retailer/EarlistDate/${i.u}/${i.c}/${i.r}`,
    own: { status: 400, message: () => "Choose a retailer first." },
  },
  { name: "Store/Retailer/Shipdate", method: "GET", names: all, url: (i) => `/api/Store/Retailer/Shipdate/${i.u}/${i.c}/${i.r}/${tomorrow()}` },
  { name: "Store/Catalog", method: "GET", names: { ...all, retailer: false }, url: (i) => `/api/Store/Catalog/${i.c}/${tomorrow()}/${i.u}` },
  { name: "Store/Catalog/Products", method: "GET", names: all, url: (i) => `/api/Store/Catalog/Products/${i.u}/${i.c}/${catalogOrderId}/${tomorrow()}?retailerId=${i.r}` },
  { name: "Store/Cart", method: "GET", names: all, url: (i) => `/api/Store/Cart/${i.u}/${i.c}?retailerId=${i.r}` },
  { name: "Store/Cart/Save", method: "POST", names: all, url: (i) => `/api/Store/Cart/Save/${i.u}/${i.c}?retailerId=${i.r}`, payload: { items: [] } },
  { name: "Store/Cart/RemoveHold", method: "PUT", names: all, url: (i) => `/api/Store/Cart/RemoveHold/${i.u}/${i.c}?retailerId=${i.r}` },
  {
    name: "Store/PlaceOrder",
    method: "POST",
    names: all,
    url: (i) => `/api/Store/PlaceOrder/${i.u}/${i.c}?retailerId=${i.r}`,
    own: emptyCart,
    ownShop: emptyCart,
    shop: emptyCart,
  },
  { name: "Store/GetBlitzVoucher", method: "GET", names: { user: true, customer: false, retailer: false }, url: (i) => `/api/Store/GetBlitzVoucher/${i.u}` },
  { name: "Store/Recommended", method: "GET", names: all, url: (i) => `/api/Store/Recommended?customerId=${i.c}&userId=${i.u}&retailerId=${i.r}` },
  { name: "Dashboard/Specials", method: "GET", names: all, url: (i) => `/api/Dashboard/Specials/${i.u}/${i.c}/${i.r}` },
  { name: "Dashboard/FutureSpecials", method: "GET", names: all, url: (i) => `/api/Dashboard/FutureSpecials/${i.u}/${i.c}/${i.r}` },
  { name: "Dashboard/RecentOrders", method: "GET", names: { user: false, customer: true, retailer: false }, url: (i) => `/api/Dashboard/RecentOrders/${i.c}` },
  { name: "Dashboard/ComboSpecials", method: "GET", names: all, url: (i) => `/api/Dashboard/ComboSpecials?userId=${i.u}&customerId=${i.c}&retailerId=${i.r}` },
  { name: "Orders", method: "GET", names: all, url: (i) => `/api/Orders/${i.u}/${i.c}?retailerId=${i.r}` },
  {
    name: "Orders/{orderNumber}",
    method: "GET",
    names: all,
    url: (i) => `/api/Orders/${i.u}/${i.c}/${orderNumber}?retailerId=${i.r}`,
    ownShop: notThisShops,
    shop: notThisShops,
  },
  {
    name: "Orders/{orderNumber}/ShipDateDetail",
    method: "GET",
    names: all,
    url: (i) => `/api/Orders/${i.u}/${i.c}/${orderNumber}/ShipDateDetail?retailerId=${i.r}`,
    ownShop: notThisShops,
    shop: notThisShops,
  },
];

let t: TestApp;
let alice: Client;
let bob: Client;
let aliceShop: number;
let bobShop: number;
let shopCookie: string;
let shopUser: string;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await buyer(t);
  bob = await buyer(t);
  aliceShop = (await insertRetailer(t.db, { customerIds: [alice.customerId] })).retailerId;
  bobShop = (await insertRetailer(t.db, { customerIds: [bob.customerId] })).retailerId;
  const shop = await insertUser(t.db, {
    roles: ["Retailer"],
    claims: [
      { claim: "WholesalerId", value: alice.customerId },
      { claim: "retailerid", value: String(aliceShop) },
    ],
  });
  shopUser = shop.id;
  shopCookie = await loginAs(t.app, shop.email, DEFAULT_TEST_PASSWORD);
  orderNumber = (await insertOrder(t.db, { customerId: alice.customerId, userId: alice.userId })).orderNumber;
  catalogOrderId = (await offer(t.db, [alice.customerId])).catalog.orderId;
  // bob has a cart with a held line: forbidden calls must leave it as it is.
  const { products: [p] } = await offer(t.db, [bob.customerId]);
  await bob.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 3 }] });
});
afterAll(async () => t?.close());

const call = (route: Route, ids: Ids, cookie?: string) =>
  t.app.inject({ method: route.method, url: route.url(ids), headers: cookie ? { cookie } : {}, ...(route.payload ? { payload: route.payload } : {}) });

/** The call answers exactly as expected: 200, or the given status with its message (so never 401/403). */
async function expectAnswer(res: Awaited<ReturnType<typeof call>>, answer: Answer = 200) {
  if (answer === 200) {
    expect(res.statusCode, res.body).toBe(200);
    return;
  }
  expect(res.statusCode, res.body).toBe(answer.status);
  expect(res.json().message).toBe(answer.message());
}

describe.each(ROUTES)("$method $name", (route) => {
  const own = (): Ids => ({ u: alice.userId, c: alice.customerId, r: 0 });

  it("needs a session", async () => {
    expect((await call(route, own())).statusCode).toBe(401);
  });

  it("serves the caller's own ids", async () => {
    await expectAnswer(await call(route, own(), alice.cookie), route.own);
  });

  it.runIf(route.names.user)("refuses another user's userId", async () => {
    const res = await call(route, { ...own(), u: bob.userId }, alice.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, error: "Forbidden" });
  });

  it.runIf(route.names.customer)("refuses another customer's customerId", async () => {
    const res = await call(route, { ...own(), c: bob.customerId }, alice.cookie);
    expect(res.statusCode).toBe(403);
  });

  it.runIf(route.names.retailer)("refuses a retailer that does not buy through the customer", async () => {
    expect((await call(route, { ...own(), r: bobShop }, alice.cookie)).statusCode).toBe(403);
    // ... and its own retailer is fine.
    await expectAnswer(await call(route, { ...own(), r: aliceShop }, alice.cookie), route.ownShop);
  });

  it.runIf(route.names.retailer)("lets a Retailer user act only for its own shop", async () => {
    const mine: Ids = { u: shopUser, c: alice.customerId, r: aliceShop };
    await expectAnswer(await call(route, mine, shopCookie), route.shop);
    expect((await call(route, { ...mine, r: 0 }, shopCookie)).statusCode).toBe(403);
    expect((await call(route, { ...mine, r: bobShop }, shopCookie)).statusCode).toBe(403);
  });
});

describe("Dashboard/InteractiveImg", () => {
  it("needs a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/Dashboard/InteractiveImg" })).statusCode).toBe(401);
  });
});

describe("after all the refused calls", () => {
  it("left the other buyer's cart and holds untouched", async () => {
    const cart = (await bob.cart()).json();
    expect(cart).toMatchObject({ version: 1, items: [{ quantity: 3, quantityConfirmed: 3 }] });
    expect(cart.holdTime).not.toBeNull();
  });

  it("never let another customer's user see its orders", async () => {
    const other = await insertCustomer(t.db);
    const res = await alice.get(`/api/Orders/${alice.userId}/${other.customerId}`);
    expect(res.statusCode).toBe(403);
  });
});

describe("OpenAPI", () => {
  it("documents every store, dashboard and order route with its tag", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const paths: Record<string, Record<string, { tags?: string[]; parameters?: { name: string; in: string }[] }>> = res.json().paths;
    const documented = Object.entries(paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.tags?.join(",")}`));
    expect(documented).toEqual(
      expect.arrayContaining([
        "GET /api/Store/Profile/{userId}/{customerId}/{retailerId} store",
        "GET /api/Store/Retailer/EarlistDate/{userId}/{customerId}/{retailerId} store",
        "GET /api/Store/Retailer/Shipdate/{userId}/{customerId}/{retailerId}/{date} store",
        "GET /api/Store/Catalog/{customerId}/{date}/{userId} store",
        "GET /api/Store/Catalog/Products/{userId}/{customerId}/{catalogOrderId}/{date} store",
        "GET /api/Store/Cart/{userId}/{customerId} store",
        "POST /api/Store/Cart/Save/{userId}/{customerId} store",
        "PUT /api/Store/Cart/RemoveHold/{userId}/{customerId} store",
        "POST /api/Store/PlaceOrder/{userId}/{customerId} store",
        "GET /api/Store/GetBlitzVoucher/{userId} dashboard",
        "GET /api/Store/Recommended dashboard",
        "GET /api/Dashboard/Specials/{userId}/{customerId}/{retailerId} dashboard",
        "GET /api/Dashboard/FutureSpecials/{userId}/{customerId}/{retailerId} dashboard",
        "GET /api/Dashboard/RecentOrders/{customerId} dashboard",
        "GET /api/Dashboard/InteractiveImg dashboard",
        "GET /api/Dashboard/ComboSpecials dashboard",
        "GET /api/Orders/{userId}/{customerId} orders",
        "GET /api/Orders/{userId}/{customerId}/{orderNumber} orders",
        "GET /api/Orders/{userId}/{customerId}/{orderNumber}/ShipDateDetail orders",
      ]),
    );
    expect(paths["/api/Store/PlaceOrder/{userId}/{customerId}"]!.post!.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "idempotency-key", in: "header" })]),
    );
  });
});
