// The authorization matrix (issue "Security and resilience"): every /api operation of the built app ×
// anonymous and each role × the caller's own ids and another user's, customer's, retailer's and
// order's, with the exact status each must answer. The expected statuses come from a model of the
// rules written here (DOMAIN.md "Every /api call that names {userId}…", SPEC §6, docs/security.md),
// not from the server's code. A route of the app without an entry below fails the first test.
//
// Every operation is also called in acting sessions (issue 23): staff acting for each kind of target
// (SalesPerson, wholesaler, Retailer, MassMarket) and a wholesaler acting for a shop that also buys
// through another wholesaler. An acting session is answered as its target, held to the customers both
// people share (the wholesaler's shop: its own customer only), with the few acting rules of its own
// (ACTING_RULES: no nesting, stopping, the account's password and other sessions are the owner's).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { buildTestApp, cookieFrom, injectOrStream, loginAs, SAME_ORIGIN, type TestApp } from "../../tests/helpers/test-app.ts";
import { DEFAULT_TEST_PASSWORD, insertCustomer, insertOrder, insertRetailer, insertUser, shipTimesOn, ALL_WEEKDAYS } from "../../tests/factories/index.ts";
import { offer, tomorrow } from "../../tests/helpers/store-fixtures.ts";

const ACTORS = ["anonymous", "Administrator", "SalesPerson", "wholesaler", "Retailer", "MassMarket"] as const;
type Actor = (typeof ACTORS)[number];
const STAFF: readonly Actor[] = ["Administrator", "SalesPerson"];

interface Me {
  /** The role the rules apply: the actor's own, or the target's in an acting session. */
  role: Actor;
  id: string;
  customer: string;
  retailer: number;
  order: number;
  cookie?: string;
  /** The customers the session reaches when not the role's usual ones (acting: those both people share). */
  customers?: string[];
}
interface World {
  C1: string;
  C2: string;
  M1: string;
  R1: number;
  R2: number;
  /** Users other than the actors: a wholesaler of C2, a SalesPerson linked to C1, an Administrator claiming C1. */
  otherUser: string;
  staffLinked: string;
  adminClaimed: string;
  /** The Retailer actor's id (a user a wholesaler of C1 manages through its WholesalerId claim). */
  shopUser: string;
  /** A shop buying through C1 and C2, and its Retailer user: the wholesaler of C1 acts for it. */
  R3: number;
  sharedShop: Me;
  o2: number;
  /** An order M1 placed in the mass-market store. */
  omm: number;
  cat1: number;
  cat2: number;
  me: Record<Actor, Me>;
}

interface Req {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  payload?: object;
  headers?: Record<string, string>;
  /** Sign in again for this call alone (logout ends the session it is sent with). */
  freshSession?: boolean;
}
interface Case {
  name: string;
  request(w: World, me: Me): Req;
  expected(actor: Actor, w: World, me: Me): number;
}
interface Entry {
  /** METHOD and path as registered, e.g. "GET /api/Store/Cart/:userId/:customerId". */
  route: string;
  cases: Case[];
}

// ---- the rules, as a model ------------------------------------------------------------------

const isStaff = (a: Actor) => STAFF.includes(a);
/** The customers an actor buys for (its own; staff may act for any existing one). */
function customersOf(a: Actor, w: World, me: Me): string[] {
  if (a === "anonymous") return [];
  if (me.customers) return me.customers;
  if (isStaff(a)) return [w.C1, w.C2, w.M1];
  if (a === "MassMarket") return [w.M1];
  return [w.C1];
}
const retailerLinks = (w: World): Record<number, string> => ({ [w.R1]: w.C1, [w.R2]: w.C2 });

/** DOMAIN: the user id is the caller, the customer one it may act for, the retailer its own or the customer's. */
function ownership(a: Actor, w: World, me: Me, ids: { user?: string; customer?: string; retailer?: number }): number {
  if (a === "anonymous") return 401;
  if (ids.user !== undefined && ids.user !== me.id) return 403;
  if (ids.customer !== undefined && !customersOf(a, w, me).includes(ids.customer)) return 403;
  if (ids.customer !== undefined && ids.retailer !== undefined) {
    if (a === "Retailer") return ids.retailer === me.retailer ? 200 : 403;
    if (ids.retailer !== 0 && retailerLinks(w)[ids.retailer] !== ids.customer) return 403;
  }
  return 200;
}

/** Users an actor may see, edit and reset (docs/domain.md "Accounts and access"). */
function manages(a: Actor, w: World, me: Me, target: string): boolean {
  if (a === "Administrator") return true;
  const staffTargets = [w.staffLinked, w.adminClaimed, w.me.Administrator.id, w.me.SalesPerson.id];
  if (a === "SalesPerson") return target === me.id || !staffTargets.includes(target);
  if (a === "wholesaler") return target === me.id || target === w.shopUser; // C1's users without a staff role
  return false;
}
const USER_ADMIN: readonly Actor[] = ["Administrator", "SalesPerson", "wholesaler"];

// ---- cases --------------------------------------------------------------------------------------

type Ids = { user: string; customer: string; retailer: number };
/** own, another user's, another customer's and another retailer's ids for a buyer route. */
function buyerVariants(w: World, me: Me): [string, Ids][] {
  return [
    ["own ids", { user: me.id, customer: me.customer, retailer: me.retailer }],
    ["another user's id", { user: w.otherUser, customer: me.customer, retailer: me.retailer }],
    ["another customer", { user: me.id, customer: me.customer === w.C2 ? w.C1 : w.C2, retailer: me.retailer }],
    ["another retailer", { user: me.id, customer: me.customer, retailer: w.R2 }],
  ];
}

/**
 * Cases for a route naming user, customer and retailer: the ownership answer, and when that passes
 * `success` (200 unless the route refuses the call for a reason other than access).
 */
function buyerCases(url: (ids: Ids, w: World, me: Me) => Req, success: (a: Actor, ids: Ids, w: World) => number = () => 200, names = { retailer: true }): Case[] {
  return [0, 1, 2, 3].map((i) => ({
    name: ["own ids", "another user's id", "another customer", "another retailer"][i]!,
    request: (w, me) => url(buyerVariants(w, me)[i]![1], w, me),
    expected: (a, w, me) => {
      const ids = buyerVariants(w, me)[i]![1];
      const access = ownership(a, w, me, names.retailer ? ids : { user: ids.user, customer: ids.customer });
      return access === 200 ? success(a, ids, w) : access;
    },
  }));
}

const same = (status: number): Case["expected"] => () => status;
const signedIn = (status: number): Case["expected"] => (a) => (a === "anonymous" ? 401 : status);
const get = (url: string): Req => ({ method: "GET", url });

/** Users a Details/Update/Resend call may name, and whether it exists as a staff user. */
const targets: [string, (w: World, me: Me) => string][] = [
  ["itself", (_w, me) => me.id],
  ["a Retailer user of C1 (claim)", (w) => w.shopUser],
  ["another customer's user", (w) => w.otherUser],
  ["a SalesPerson linked to C1", (w) => w.staffLinked],
  ["an Administrator claiming C1", (w) => w.adminClaimed],
];

function userTargetCases(req: (w: World, me: Me, target: string) => Req, refused: 403 | 404): Case[] {
  return targets.map(([name, target]) => ({
    name: `target: ${name}`,
    request: (w, me) => req(w, me, target(w, me)),
    expected: (a, w, me) => {
      if (a === "anonymous") return 401;
      if (!USER_ADMIN.includes(a)) return 403;
      return manages(a, w, me, target(w, me)) ? 200 : refused;
    },
  }));
}

/** A valid standing order naming a product that does not exist. */
const STANDING_ORDER = { name: "Matrix", weekday: 3, mode: "cart", lines: [{ productId: "MATRIX-NO-SUCH", quantity: 1 }] };

/** A valid new product whose code is the caller's own. */
// Each call its own code: an acting session shares its target's user id, so the id alone repeats.
let matrixProducts = 0;
const matrixProduct = (me: Me) => ({
  productId: `MX-${me.id.replace(/[^A-Za-z0-9]/g, "").slice(0, 24)}-${++matrixProducts}`,
  description: "Matrix lily",
  variety: "lilies",
  category: "Lilies",
  colour: "White",
  colourHex: "#FFFFFF",
  unitOfMeasure: "Pail",
  unitOfMeasureQty: 8,
  stemsPerBunch: 10,
  bunchesPerBox: 12,
  image: "lily",
});

const ENTRIES: Entry[] = [
  // ---- auth
  {
    route: "POST /api/Auth/login/",
    // One unknown e-mail per caller: the failures stay under the sign-in lockout of one account and address.
    cases: [{ name: "wrong password", request: (_w, me) => ({ method: "POST", url: "/api/Auth/login/", payload: { email: `nobody-matrix-${me.id}@example.test`, password: "wrong-password" } }), expected: same(401) }],
  },
  { route: "GET /api/Auth/CheckToken/", cases: [{ name: "session", request: () => get("/api/Auth/CheckToken/"), expected: same(200) }] },
  { route: "POST /api/Auth/logout/", cases: [{ name: "own session", request: () => ({ method: "POST", url: "/api/Auth/logout/", freshSession: true }), expected: same(200) }] },
  {
    route: "POST /api/Auth/RequestPasswordReset/:id",
    cases: [{ name: "another user", request: (w) => ({ method: "POST", url: `/api/Auth/RequestPasswordReset/${w.otherUser}` }), expected: same(200) }],
  },
  { route: "POST /api/Auth/Validate/Reset", cases: [{ name: "unknown token", request: () => ({ method: "POST", url: "/api/Auth/Validate/Reset", payload: { token: "no-such-token" } }), expected: same(200) }] },
  {
    route: "POST /api/Auth/UpdatePassword",
    cases: [
      {
        name: "unknown token",
        request: () => ({ method: "POST", url: "/api/Auth/UpdatePassword", payload: { token: "no-such-token", password: "a-long-password", confirmPassword: "a-long-password" } }),
        expected: same(400),
      },
    ],
  },
  {
    route: "POST /api/Auth/ResendPasswordReset/:id",
    cases: userTargetCases((_w, _me, id) => ({ method: "POST", url: `/api/Auth/ResendPasswordReset/${id}` }), 404),
  },
  {
    route: "POST /api/Auth/ResendPasswordReset/:id/:kind",
    cases: userTargetCases((_w, _me, id) => ({ method: "POST", url: `/api/Auth/ResendPasswordReset/${id}/welcome` }), 404),
  },
  {
    route: "POST /api/Auth/SetCustomer/:customerId",
    cases: [
      { name: "own customer", request: (_w, me) => ({ method: "POST", url: `/api/Auth/SetCustomer/${me.customer}` }), expected: signedIn(200) },
      { name: "another customer", request: (w) => ({ method: "POST", url: `/api/Auth/SetCustomer/${w.C2}` }), expected: (a, w, me) => ownership(a, w, me, { customer: w.C2 }) },
    ],
  },
  // ---- users
  {
    route: "GET /api/User/Index/:id",
    cases: [
      { name: "own id", request: (_w, me) => get(`/api/User/Index/${me.id}`), expected: (a) => (a === "anonymous" ? 401 : USER_ADMIN.includes(a) ? 200 : 403) },
      { name: "another user's id", request: (w) => get(`/api/User/Index/${w.otherUser}`), expected: signedIn(403) },
    ],
  },
  {
    route: "GET /api/User/Details/:id/:id2",
    cases: [
      ...userTargetCases((_w, me, id) => get(`/api/User/Details/${me.id}/${id}`), 403),
      { name: "another caller id", request: (w, me) => get(`/api/User/Details/${w.otherUser}/${me.id}`), expected: signedIn(403) },
    ],
  },
  {
    route: "PUT /api/User/Update/:id",
    cases: userTargetCases((_w, _me, id) => ({ method: "PUT", url: `/api/User/Update/${id}`, payload: { firstName: "Matrix" } }), 403),
  },
  {
    route: "GET /api/User/Customers/:userId",
    cases: [
      { name: "own id", request: (_w, me) => get(`/api/User/Customers/${me.id}`), expected: signedIn(200) },
      { name: "another user's id", request: (w) => get(`/api/User/Customers/${w.otherUser}`), expected: signedIn(403) },
    ],
  },
  // ---- admin
  { route: "GET /api/Admin/MailOutbox", cases: [{ name: "list", request: () => get("/api/Admin/MailOutbox"), expected: (a) => (a === "anonymous" ? 401 : a === "Administrator" ? 200 : 403) }] },
  { route: "GET /api/Admin/AuditLog", cases: [{ name: "list", request: () => get("/api/Admin/AuditLog"), expected: (a) => (a === "anonymous" ? 401 : isStaff(a) ? 200 : 403) }] },
  // ---- public
  { route: "GET /api/Public/Art/:file", cases: [{ name: "picture", request: () => get("/api/Public/Art/lily.svg"), expected: same(200) }] },
  {
    route: "GET /api/Public/Card/:file",
    cases: [
      { name: "card", request: () => get("/api/Public/Card/lily.svg"), expected: same(200) },
      { name: "card as PNG", request: () => get("/api/Public/Card/lily.png"), expected: same(200) },
    ],
  },
  { route: "GET /api/Public/FormToken", cases: [{ name: "token", request: () => get("/api/Public/FormToken?form=contact"), expected: same(200) }] },
  { route: "POST /api/Public/Contact", cases: [{ name: "empty form", request: () => ({ method: "POST", url: "/api/Public/Contact", payload: {} }), expected: same(400) }] },
  { route: "POST /api/Public/Apply/:openingId", cases: [{ name: "empty form", request: () => ({ method: "POST", url: "/api/Public/Apply/grower", payload: {} }), expected: same(400) }] },
  // ---- store
  {
    route: "GET /api/Store/Profile/:userId/:customerId/:retailerId",
    cases: buyerCases((i) => get(`/api/Store/Profile/${i.user}/${i.customer}/${i.retailer}`)),
  },
  {
    route: "GET /api/Store/Retailer/EarlistDate/:userId/:customerId/:retailerId",
    cases: buyerCases(
      (i) => get(`/api/Store/Retailer/EarlistDate/${i.user}/${i.customer}/${i.retailer}`),
      (_a, ids) => (ids.retailer === 0 ? 400 : 200), // "Choose a retailer first."
    ),
  },
  {
    route: "GET /api/Store/Retailer/Shipdate/:userId/:customerId/:retailerId/:date",
    cases: buyerCases((i) => get(`/api/Store/Retailer/Shipdate/${i.user}/${i.customer}/${i.retailer}/${tomorrow()}`)),
  },
  {
    route: "GET /api/Store/Catalog/:customerId/:date/:userId",
    cases: buyerCases((i) => get(`/api/Store/Catalog/${i.customer}/${tomorrow()}/${i.user}`), undefined, { retailer: false }),
  },
  {
    route: "GET /api/Store/Catalog/Products/:userId/:customerId/:catalogOrderId/:date",
    cases: [
      ...buyerCases((i, w) => get(`/api/Store/Catalog/Products/${i.user}/${i.customer}/${i.customer === w.C2 ? w.cat2 : w.cat1}/${tomorrow()}?retailerId=${i.retailer}`)),
      {
        name: "another customer's catalog",
        request: (w, me) => get(`/api/Store/Catalog/Products/${me.id}/${me.customer}/${w.cat2}/${tomorrow()}?retailerId=${me.retailer}`),
        expected: signedIn(404),
      },
    ],
  },
  {
    // Live availability (an open text/event-stream when allowed): the rules of Catalog/Products.
    route: "GET /api/Store/Catalog/Live/:userId/:customerId/:catalogOrderId/:date",
    cases: [
      ...buyerCases((i, w) => get(`/api/Store/Catalog/Live/${i.user}/${i.customer}/${i.customer === w.C2 ? w.cat2 : w.cat1}/${tomorrow()}?retailerId=${i.retailer}`)),
      {
        name: "another customer's catalog",
        request: (w, me) => get(`/api/Store/Catalog/Live/${me.id}/${me.customer}/${w.cat2}/${tomorrow()}?retailerId=${me.retailer}`),
        expected: signedIn(404),
      },
    ],
  },
  { route: "GET /api/Store/Cart/:userId/:customerId", cases: buyerCases((i) => get(`/api/Store/Cart/${i.user}/${i.customer}?retailerId=${i.retailer}`)) },
  {
    route: "POST /api/Store/Cart/Save/:userId/:customerId",
    cases: buyerCases((i) => ({ method: "POST", url: `/api/Store/Cart/Save/${i.user}/${i.customer}?retailerId=${i.retailer}`, payload: { items: [] } })),
  },
  {
    route: "PUT /api/Store/Cart/RemoveHold/:userId/:customerId",
    cases: buyerCases((i) => ({ method: "PUT", url: `/api/Store/Cart/RemoveHold/${i.user}/${i.customer}?retailerId=${i.retailer}` })),
  },
  {
    route: "POST /api/Store/PlaceOrder/:userId/:customerId",
    // Every actor's cart is empty here: an authorized call is refused for that, never placed.
    cases: buyerCases(
      (i) => ({ method: "POST", url: `/api/Store/PlaceOrder/${i.user}/${i.customer}?retailerId=${i.retailer}`, headers: { "idempotency-key": `matrix-${i.user}-${i.customer}` } }),
      () => 400,
    ),
  },
  {
    route: "GET /api/Store/VoucherQuote/:userId/:customerId",
    // No such code exists: an authorized call is refused for that (400), never answers terms.
    cases: buyerCases((i) => get(`/api/Store/VoucherQuote/${i.user}/${i.customer}?retailerId=${i.retailer}&code=NO-SUCH-VOUCHER`), () => 400),
  },
  // ---- standing orders: the buyer's own, like the cart; an authorized call is refused for its
  // content (an unknown product) or an id that is not the caller's, so the matrix writes nothing.
  { route: "GET /api/StandingOrders/:userId/:customerId", cases: buyerCases((i) => get(`/api/StandingOrders/${i.user}/${i.customer}?retailerId=${i.retailer}`)) },
  {
    route: "POST /api/StandingOrders/:userId/:customerId",
    cases: buyerCases(
      (i) => ({ method: "POST", url: `/api/StandingOrders/${i.user}/${i.customer}?retailerId=${i.retailer}`, payload: STANDING_ORDER }),
      () => 400,
    ),
  },
  {
    route: "PUT /api/StandingOrders/:userId/:customerId/:id",
    cases: buyerCases(
      (i) => ({ method: "PUT", url: `/api/StandingOrders/${i.user}/${i.customer}/999999?retailerId=${i.retailer}`, payload: STANDING_ORDER }),
      () => 400,
    ),
  },
  {
    route: "DELETE /api/StandingOrders/:userId/:customerId/:id",
    cases: buyerCases((i) => ({ method: "DELETE", url: `/api/StandingOrders/${i.user}/${i.customer}/999999?retailerId=${i.retailer}` }), () => 404),
  },
  { route: "POST /api/Jobs/RunDue", cases: [{ name: "run due jobs", request: () => ({ method: "POST", url: "/api/Jobs/RunDue" }), expected: (a) => (a === "anonymous" ? 401 : a === "Administrator" ? 200 : 403) }] },
  // Favourites and reorder (issue 13): the cart's ownership rule.
  { route: "GET /api/Store/Favourites/:userId/:customerId", cases: buyerCases((i) => get(`/api/Store/Favourites/${i.user}/${i.customer}?retailerId=${i.retailer}`)) },
  {
    route: "PUT /api/Store/Favourites/:userId/:customerId/:productId",
    // No product of that code exists: an authorized call is answered 404, never written.
    cases: buyerCases((i) => ({ method: "PUT", url: `/api/Store/Favourites/${i.user}/${i.customer}/NO-SUCH-1?retailerId=${i.retailer}` }), () => 404),
  },
  {
    route: "DELETE /api/Store/Favourites/:userId/:customerId/:productId",
    cases: buyerCases((i) => ({ method: "DELETE", url: `/api/Store/Favourites/${i.user}/${i.customer}/NO-SUCH-1?retailerId=${i.retailer}` })),
  },
  // The fresh list (issue 29 §2): the caller's own preference and any open date's CSV or PDF, for a customer it buys for.
  {
    route: "GET /api/Store/FreshList/Preference/:userId/:customerId",
    cases: buyerCases((i) => get(`/api/Store/FreshList/Preference/${i.user}/${i.customer}`), undefined, { retailer: false }),
  },
  {
    route: "PUT /api/Store/FreshList/Preference/:userId/:customerId",
    cases: buyerCases((i) => ({ method: "PUT", url: `/api/Store/FreshList/Preference/${i.user}/${i.customer}`, payload: { enabled: false, time: "07:00" } }), undefined, { retailer: false }),
  },
  {
    route: "GET /api/Store/FreshList/Csv/:userId/:customerId/:date",
    cases: buyerCases((i) => get(`/api/Store/FreshList/Csv/${i.user}/${i.customer}/${tomorrow()}`), undefined, { retailer: false }),
  },
  {
    route: "GET /api/Store/FreshList/Pdf/:userId/:customerId/:date",
    cases: buyerCases((i) => get(`/api/Store/FreshList/Pdf/${i.user}/${i.customer}/${tomorrow()}`), undefined, { retailer: false }),
  },
  {
    route: "POST /api/Store/Reorder/:userId/:customerId/:orderNumber",
    // No order has that number: an authorized call is answered 404 and the cart is left alone.
    cases: buyerCases((i) => ({ method: "POST", url: `/api/Store/Reorder/${i.user}/${i.customer}/999999?retailerId=${i.retailer}`, payload: { date: tomorrow() } }), () => 404),
  },
  {
    route: "GET /api/Store/Recommended",
    cases: buyerCases((i) => get(`/api/Store/Recommended?userId=${i.user}&customerId=${i.customer}&retailerId=${i.retailer}`)),
  },
  {
    route: "GET /api/Store/GetBlitzVoucher/:userId",
    cases: [
      { name: "own id", request: (_w, me) => get(`/api/Store/GetBlitzVoucher/${me.id}`), expected: signedIn(200) },
      { name: "another user's id", request: (w) => get(`/api/Store/GetBlitzVoucher/${w.otherUser}`), expected: signedIn(403) },
    ],
  },
  // ---- page views (issue 13)
  { route: "POST /api/Analytics/PageView", cases: [{ name: "a page", request: () => ({ method: "POST", url: "/api/Analytics/PageView", payload: { path: "/store" } }), expected: same(200) }] },
  { route: "GET /api/Analytics/PageViews", cases: [{ name: "report", request: () => get("/api/Analytics/PageViews"), expected: (a) => (a === "anonymous" ? 401 : isStaff(a) ? 200 : 403) }] },
  // ---- the supply desk (issue 25): staff only; calls that would write are sent with a body the
  // staff answer refuses (400) or naming nothing that exists (404), so the world stays as it is.
  ...(
    [
      ["GET /api/Supply/Products", "GET", "/api/Supply/Products", undefined, 200],
      ["POST /api/Supply/Products", "POST", "/api/Supply/Products", "product", 200],
      ["GET /api/Supply/Products/:productId", "GET", "/api/Supply/Products/NO-SUCH-MATRIX", undefined, 404],
      ["PUT /api/Supply/Products/:productId", "PUT", "/api/Supply/Products/NO-SUCH-MATRIX", { grade: "A" }, 404],
      ["DELETE /api/Supply/Products/:productId", "DELETE", "/api/Supply/Products/NO-SUCH-MATRIX", undefined, 404],
      ["GET /api/Supply/Catalogs", "GET", "/api/Supply/Catalogs", undefined, 200],
      ["POST /api/Supply/Catalogs", "POST", "/api/Supply/Catalogs", { title: "Matrix", shipDateFrom: "2030-01-02", shipDateTo: "2030-01-02", customerIds: ["NO-SUCH-MATRIX"] }, 400],
      ["PUT /api/Supply/Catalogs/:catalogId", "PUT", "/api/Supply/Catalogs/999999999", { title: "Matrix", shipDateFrom: "2030-01-02", shipDateTo: "2030-01-02" }, 404],
      ["GET /api/Supply/Catalogs/:catalogId/Lines", "GET", "/api/Supply/Catalogs/999999999/Lines", undefined, 404],
      ["GET /api/Supply/Catalogs/:catalogId/Lines.csv", "GET", "/api/Supply/Catalogs/999999999/Lines.csv", undefined, 404],
      ["POST /api/Supply/Catalogs/:catalogId/Lines", "POST", "/api/Supply/Catalogs/999999999/Lines", { productId: "NO-SUCH-MATRIX", quantity: 1, price: 1, priceNoPail: 1 }, 404],
      ["PUT /api/Supply/Catalogs/:catalogId/Lines/:lineId", "PUT", "/api/Supply/Catalogs/999999999/Lines/1", { quantity: 1 }, 404],
      ["DELETE /api/Supply/Catalogs/:catalogId/Lines/:lineId", "DELETE", "/api/Supply/Catalogs/999999999/Lines/1", undefined, 404],
      ["GET /api/Supply/Upload/Sample", "GET", "/api/Supply/Upload/Sample", undefined, 200],
      ["POST /api/Supply/Catalogs/:catalogId/Upload/Preview", "POST", "/api/Supply/Catalogs/999999999/Upload/Preview", { mode: "set", csv: "product,quantity\nX,1\n" }, 404],
      ["POST /api/Supply/Catalogs/:catalogId/Upload/Apply", "POST", "/api/Supply/Catalogs/999999999/Upload/Apply", { mode: "set", csv: "product,quantity\nX,1\n" }, 404],
      // Promotions (issue 25 item 4): the same staff-only desk.
      ["GET /api/Supply/Promotions/Specials", "GET", "/api/Supply/Promotions/Specials", undefined, 200],
      ["PUT /api/Supply/Promotions/Specials/:lineId", "PUT", "/api/Supply/Promotions/Specials/999999999", { special: false }, 404],
      ["GET /api/Supply/Promotions/Dashboard", "GET", "/api/Supply/Promotions/Dashboard?customerId=NO-SUCH-MATRIX", undefined, 400],
      ["GET /api/Supply/Promotions/Combos", "GET", "/api/Supply/Promotions/Combos", undefined, 200],
      ["POST /api/Supply/Promotions/Combos", "POST", "/api/Supply/Promotions/Combos", { title: "M", description: "M", discountPercent: 5, startsOn: "2030-01-02", endsOn: "2030-01-03", productIds: ["NO-SUCH-MATRIX", "NO-SUCH-MATRIX-2"] }, 400],
      ["PUT /api/Supply/Promotions/Combos/:comboId", "PUT", "/api/Supply/Promotions/Combos/999999999", { title: "M", description: "M", discountPercent: 5, startsOn: "2030-01-02", endsOn: "2030-01-03", productIds: ["NO-SUCH-MATRIX", "NO-SUCH-MATRIX-2"] }, 404],
      ["POST /api/Supply/Promotions/Combos/:comboId/End", "POST", "/api/Supply/Promotions/Combos/999999999/End", undefined, 404],
      ["DELETE /api/Supply/Promotions/Combos/:comboId", "DELETE", "/api/Supply/Promotions/Combos/999999999", undefined, 404],
      ["GET /api/Supply/Promotions/Vouchers", "GET", "/api/Supply/Promotions/Vouchers", undefined, 200],
      ["GET /api/Supply/Promotions/Buyers", "GET", "/api/Supply/Promotions/Buyers", undefined, 200],
      ["POST /api/Supply/Promotions/Vouchers", "POST", "/api/Supply/Promotions/Vouchers", { customerId: "NO-SUCH-MATRIX", description: "M", percentOff: 5, validUntil: "2030-01-02" }, 400],
      ["PUT /api/Supply/Promotions/Vouchers/:voucherId", "PUT", "/api/Supply/Promotions/Vouchers/999999999", { percentOff: 5 }, 404],
      ["POST /api/Supply/Promotions/Vouchers/:voucherId/Withdraw", "POST", "/api/Supply/Promotions/Vouchers/999999999/Withdraw", undefined, 404],
      ["DELETE /api/Supply/Promotions/Vouchers/:voucherId", "DELETE", "/api/Supply/Promotions/Vouchers/999999999", undefined, 404],
      // The mass-market half: bouquets, packages and bouquet lines.
      ["GET /api/Supply/Bouquets", "GET", "/api/Supply/Bouquets", undefined, 200],
      // An unknown box type: refused (400) before anything is written.
      ["POST /api/Supply/Bouquets", "POST", "/api/Supply/Bouquets", { productId: "MX-BOUQUET", description: "Matrix bouquet", category: "Bouquets", colour: "Mixed", colourHex: "#FFFFFF", imageName: "lily", price: 9.99, pricePerBouquet: 9.99, pricePerBouquetNoBox: 9.79, boxType: "NO-SUCH-MATRIX", unitOfMeasure: "Bunch", packSize: 8 }, 400],
      ["GET /api/Supply/Bouquets/:productId", "GET", "/api/Supply/Bouquets/NO-SUCH-MATRIX", undefined, 404],
      ["PUT /api/Supply/Bouquets/:productId", "PUT", "/api/Supply/Bouquets/NO-SUCH-MATRIX", { packSize: 2 }, 404],
      ["DELETE /api/Supply/Bouquets/:productId", "DELETE", "/api/Supply/Bouquets/NO-SUCH-MATRIX", undefined, 404],
      ["GET /api/Supply/Packages", "GET", "/api/Supply/Packages", undefined, 200],
      // The pail fee as a box: refused (400) before anything is written.
      ["POST /api/Supply/Packages", "POST", "/api/Supply/Packages", { type: "RFLP1", category: "boxes", size: "Pail", description: "Matrix", price: 1 }, 400],
      ["PUT /api/Supply/Packages/:type", "PUT", "/api/Supply/Packages/NO-SUCH-MATRIX", { price: 1 }, 404],
      ["DELETE /api/Supply/Packages/:type", "DELETE", "/api/Supply/Packages/NO-SUCH-MATRIX", undefined, 404],
      ["GET /api/Supply/Catalogs/:catalogId/Bouquets", "GET", "/api/Supply/Catalogs/999999999/Bouquets", undefined, 404],
      ["POST /api/Supply/Catalogs/:catalogId/Bouquets", "POST", "/api/Supply/Catalogs/999999999/Bouquets", { productId: "NO-SUCH-MATRIX", quantity: 1 }, 404],
      ["PUT /api/Supply/Catalogs/:catalogId/Bouquets/:productId", "PUT", "/api/Supply/Catalogs/999999999/Bouquets/NO-SUCH-MATRIX", { quantity: 1 }, 404],
      ["DELETE /api/Supply/Catalogs/:catalogId/Bouquets/:productId", "DELETE", "/api/Supply/Catalogs/999999999/Bouquets/NO-SUCH-MATRIX", undefined, 404],
      // The calendar (issue 25 item 5): staff close a far mass-market date and that year's holidays
      // (a body every schema accepts, so validation cannot answer before the guard; again: nothing new,
      // 200), a reopen of a date not closed (404), ship times and pickup days of nobody (404).
      ["GET /api/Supply/Calendar/ClosedDays", "GET", "/api/Supply/Calendar/ClosedDays", undefined, 200],
      ["POST /api/Supply/Calendar/ClosedDays", "POST", "/api/Supply/Calendar/ClosedDays", { date: "2099-06-01", stores: ["massMarket"], reason: "Matrix" }, 200],
      ["POST /api/Supply/Calendar/Holidays", "POST", "/api/Supply/Calendar/Holidays", { year: 2099, stores: ["massMarket"] }, 200],
      ["DELETE /api/Supply/Calendar/ClosedDays/:store/:date", "DELETE", "/api/Supply/Calendar/ClosedDays/wholesale/2030-01-02", undefined, 404],
      ["GET /api/Supply/Calendar/ShipTimes", "GET", "/api/Supply/Calendar/ShipTimes", undefined, 200],
      ["PUT /api/Supply/Calendar/ShipTimes/:customerId", "PUT", "/api/Supply/Calendar/ShipTimes/NO-SUCH-MATRIX", { shipTimes: [] }, 404],
      ["GET /api/Supply/Calendar/PickupDays", "GET", "/api/Supply/Calendar/PickupDays", undefined, 200],
      ["PUT /api/Supply/Calendar/PickupDays/:retailerId", "PUT", "/api/Supply/Calendar/PickupDays/999999999", { monday: true, tuesday: false, wednesday: false, thursday: false, friday: false }, 404],
      ["GET /api/Supply/Upload/Sample.xlsx", "GET", "/api/Supply/Upload/Sample.xlsx", undefined, 200],
      ["GET /api/Supply/Catalogs/:catalogId/Lines.xlsx", "GET", "/api/Supply/Catalogs/999999999/Lines.xlsx", undefined, 404],
      ["POST /api/Supply/Catalogs/:catalogId/Copy/Preview", "POST", "/api/Supply/Catalogs/999999999/Copy/Preview", { toShipDate: "2030-01-02", existing: "skip" }, 404],
      ["POST /api/Supply/Catalogs/:catalogId/Copy/Apply", "POST", "/api/Supply/Catalogs/999999999/Copy/Apply", { toShipDate: "2030-01-02", existing: "skip" }, 404],
    ] as const
  ).map(([route, method, url, payload, staffStatus]): Entry => ({
    route,
    cases: [
      {
        name: "staff only",
        // A new product is each caller's own (a code made of its id), so each staff caller creates one.
        request: (_w, me) => ({ method, url, ...(payload === "product" ? { payload: matrixProduct(me) } : payload ? { payload } : {}) }),
        expected: (a) => (a === "anonymous" ? 401 : isStaff(a) ? staffStatus : 403),
      },
    ],
  })),
  // ---- dashboard
  {
    route: "GET /api/Dashboard/Specials/:userId/:customerId/:retailerId",
    cases: buyerCases((i) => get(`/api/Dashboard/Specials/${i.user}/${i.customer}/${i.retailer}`)),
  },
  {
    route: "GET /api/Dashboard/FutureSpecials/:userId/:customerId/:retailerId",
    cases: buyerCases((i) => get(`/api/Dashboard/FutureSpecials/${i.user}/${i.customer}/${i.retailer}`)),
  },
  {
    route: "GET /api/Dashboard/RecentOrders/:customerId",
    cases: [
      { name: "own customer", request: (_w, me) => get(`/api/Dashboard/RecentOrders/${me.customer}`), expected: signedIn(200) },
      { name: "another customer", request: (w) => get(`/api/Dashboard/RecentOrders/${w.C2}`), expected: (a, w, me) => ownership(a, w, me, { customer: w.C2 }) },
    ],
  },
  { route: "GET /api/Dashboard/InteractiveImg", cases: [{ name: "picture", request: () => get("/api/Dashboard/InteractiveImg"), expected: signedIn(404) }] },
  {
    route: "GET /api/Dashboard/ComboSpecials",
    cases: buyerCases((i) => get(`/api/Dashboard/ComboSpecials?userId=${i.user}&customerId=${i.customer}&retailerId=${i.retailer}`)),
  },
  // ---- orders
  {
    route: "GET /api/Orders/:userId/:customerId",
    cases: buyerCases((i) => get(`/api/Orders/${i.user}/${i.customer}?retailerId=${i.retailer}`)),
  },
  ...(["", "/ShipDateDetail"] as const).map(
    (suffix): Entry => ({
      route: `GET /api/Orders/:userId/:customerId/:orderNumber${suffix}`,
      cases: [
        ...buyerCases(
          (i, w, me) => get(`/api/Orders/${i.user}/${i.customer}/${i.customer === me.customer ? me.order : w.o2}${suffix}?retailerId=${i.retailer}`),
        ),
        {
          name: "another customer's order under the own customer",
          request: (w, me) => get(`/api/Orders/${me.id}/${me.customer}/${w.o2}${suffix}?retailerId=${me.retailer}`),
          expected: signedIn(404),
        },
      ],
    }),
  ),
];

// ---- the mass-market store: the ownership rule, then the customer must be a mass-market one ------

/** The customer an actor uses the mass-market store for: its own M1, staff any (M1 here), others their own. */
const mmCustomer = (a: Actor, w: World, me: Me) => (a === "MassMarket" || isStaff(a) ? w.M1 : me.customer);
type MmIds = { user: string; customer: string; retailer: number };
function mmVariants(a: Actor, w: World, me: Me): [string, MmIds][] {
  const own = mmCustomer(a, w, me);
  return [
    ["own ids", { user: me.id, customer: own, retailer: me.retailer }],
    ["another user's id", { user: w.otherUser, customer: own, retailer: me.retailer }],
    ["another customer", { user: me.id, customer: w.C2, retailer: me.retailer }],
    ["another retailer", { user: me.id, customer: own, retailer: w.R2 }],
  ];
}
/** Not the caller's: the ownership answer; the caller's but not a mass-market customer: 403. */
function mmCases(req: (ids: MmIds, w: World) => Req, success: (ids: MmIds, w: World) => number = () => 200, names = { retailer: false }): Case[] {
  return [0, 1, 2, 3]
    .filter((i) => names.retailer || i !== 3)
    .map((i) => ({
      name: ["own ids", "another user's id", "another customer", "another retailer"][i]!,
      request: (w, me) => {
        return req(mmVariants(me.role, w, me)[i]![1], w);
      },
      expected: (a, w, me) => {
        const ids = mmVariants(a, w, me)[i]![1];
        const access = ownership(a, w, me, names.retailer ? ids : { user: ids.user, customer: ids.customer });
        if (access !== 200) return access;
        return ids.customer === w.M1 ? success(ids, w) : 403;
      },
    }));
}
const mmQuery = (i: MmIds) => `customerId=${i.customer}&userId=${i.user}`;
/** A valid standing program naming a bouquet that does not exist. */
const MM_PROGRAM = { name: "Weekly", weekdays: [3], mode: "cart", lines: [{ productId: "NO-SUCH-BOUQUET", quantity: 2 }] };

ENTRIES.push(
  {
    route: "GET /api/MMDashboard/Specials/:userId/:customerId/:retailerId",
    cases: mmCases((i) => get(`/api/MMDashboard/Specials/${i.user}/${i.customer}/${i.retailer}`), undefined, { retailer: true }),
  },
  {
    route: "GET /api/MMDashboard/Orders/:customerId",
    cases: mmCases((i) => get(`/api/MMDashboard/Orders/${i.customer}`)).filter((c) => c.name !== "another user's id"),
  },
  { route: "GET /api/MMDashboard/InteractiveImage", cases: [{ name: "picture", request: () => get("/api/MMDashboard/InteractiveImage"), expected: signedIn(404) }] },
  { route: "GET /api/MMStore/MMProfile", cases: mmCases((i) => get(`/api/MMStore/MMProfile?${mmQuery(i)}`)) },
  { route: "GET /api/MMStore/Packages", cases: mmCases((i) => get(`/api/MMStore/Packages?customerId=${i.customer}`)).filter((c) => c.name !== "another user's id") },
  { route: "GET /api/MMStore/Cart", cases: mmCases((i) => get(`/api/MMStore/Cart?${mmQuery(i)}`)) },
  { route: "POST /api/MMStore/SaveCart", cases: mmCases((i) => ({ method: "POST", url: `/api/MMStore/SaveCart?${mmQuery(i)}`, payload: { items: [] } })) },
  { route: "GET /api/MMStore/Catalogs", cases: mmCases((i) => get(`/api/MMStore/Catalogs?${mmQuery(i)}&shipDateTime=${tomorrow()}`)) },
  // A wholesale catalog is no mass-market catalog: the caller's own call answers 404.
  { route: "GET /api/MMStore/Products", cases: mmCases((i, w) => get(`/api/MMStore/Products?${mmQuery(i)}&shipDateTime=${tomorrow()}&catalog=${w.cat1}`), () => 404) },
  { route: "GET /api/MMStore/Live", cases: mmCases((i, w) => get(`/api/MMStore/Live?${mmQuery(i)}&shipDateTime=${tomorrow()}&catalog=${w.cat1}`), () => 404) },
  // Every cart is empty here: the caller's own order is refused for that, never placed.
  { route: "POST /api/MMOrder/CreateOrder", cases: mmCases((i) => ({ method: "POST", url: `/api/MMOrder/CreateOrder?${mmQuery(i)}`, payload: {} }), () => 400) },
  { route: "GET /api/MMOrder/Orders", cases: mmCases((i) => get(`/api/MMOrder/Orders?${mmQuery(i)}`)) },
  // The MassMarket actor's order is a wholesale-store one: no mass-market order of that number.
  { route: "GET /api/MMOrder/Order", cases: mmCases((i, w) => get(`/api/MMOrder/Order?${mmQuery(i)}&orderNumber=${w.me.MassMarket.order}`), () => 404) },
  { route: "GET /api/MMOrder/Labels", cases: mmCases((i, w) => get(`/api/MMOrder/Labels?${mmQuery(i)}&orderNumber=${w.me.MassMarket.order}`), () => 404) },
  // The MassMarket actor's order is a wholesale-store one: nothing of that number to reorder.
  {
    route: "POST /api/MMOrder/Reorder",
    cases: mmCases((i, w) => ({ method: "POST", url: `/api/MMOrder/Reorder?${mmQuery(i)}`, payload: { orderNumber: w.me.MassMarket.order } }), () => 404),
  },
  // Standing programs: the caller's own list; a program naming a bouquet that does not exist is
  // refused (its lines are checked before the program is looked up); no program 999999 to delete.
  { route: "GET /api/MMPrograms", cases: mmCases((i) => get(`/api/MMPrograms?${mmQuery(i)}`)) },
  { route: "POST /api/MMPrograms", cases: mmCases((i) => ({ method: "POST", url: `/api/MMPrograms?${mmQuery(i)}`, payload: MM_PROGRAM }), () => 400) },
  { route: "PUT /api/MMPrograms/:id", cases: mmCases((i) => ({ method: "PUT", url: `/api/MMPrograms/999999?${mmQuery(i)}`, payload: MM_PROGRAM }), () => 400) },
  { route: "DELETE /api/MMPrograms/:id", cases: mmCases((i) => ({ method: "DELETE", url: `/api/MMPrograms/999999?${mmQuery(i)}` }), () => 404) },
);

// ---- the staff desk: administration, the signed-in user's account, referrals, acting for others -----

const USER_DESK: readonly Actor[] = USER_ADMIN;
const byRole = (allowed: readonly Actor[], status = 200): Case["expected"] => (a) => (a === "anonymous" ? 401 : allowed.includes(a) ? status : 403);
const STAFF_ONLY: readonly Actor[] = STAFF;
let seq = 0;

ENTRIES.push(
  { route: "GET /api/Administration/Users", cases: [{ name: "list", request: () => get("/api/Administration/Users"), expected: byRole(USER_DESK) }] },
  {
    route: "POST /api/Administration/Users",
    // Inviting a SalesPerson: only an Administrator grants a staff role.
    cases: [
      {
        name: "invite a SalesPerson",
        request: () => ({ method: "POST", url: "/api/Administration/Users", payload: { email: `matrix-invite-${++seq}@example.test`, firstName: "In", lastName: "Vite", role: "SalesPerson" } }),
        expected: (a) => (a === "anonymous" ? 401 : a === "Administrator" ? 201 : 403),
      },
    ],
  },
  { route: "PUT /api/Account/Profile", cases: [{ name: "own name", request: () => ({ method: "PUT", url: "/api/Account/Profile", payload: { firstName: "Matrix", lastName: "Tester" } }), expected: signedIn(200) }] },
  {
    route: "POST /api/Account/Password",
    cases: [
      {
        name: "wrong current password",
        request: () => ({ method: "POST", url: "/api/Account/Password", payload: { currentPassword: "not-the-password", password: "a-long-password", confirmPassword: "a-long-password" } }),
        expected: signedIn(400),
      },
    ],
  },
  { route: "POST /api/Account/SignOutOthers", cases: [{ name: "own sessions", request: () => ({ method: "POST", url: "/api/Account/SignOutOthers" }), expected: signedIn(200) }] },
  { route: "GET /api/Admin/Wholesalers", cases: [{ name: "list", request: () => get("/api/Admin/Wholesalers"), expected: byRole(STAFF_ONLY) }] },
  // A new customer (issue 25): staff only. Sent with C1's code (taken: 409) or an unknown catalog
  // (400), so staff write nothing; the rest are refused before the body is looked at further.
  {
    route: "POST /api/Admin/Wholesalers",
    cases: [
      { name: "C1's code again", request: (w) => ({ method: "POST", url: "/api/Admin/Wholesalers", payload: { customerId: w.C1, kind: "wholesale", companyName: "Matrix", alwaysBoxed: false, shipTimes: [] } }), expected: (a) => (a === "anonymous" ? 401 : isStaff(a) ? 409 : 403) },
      { name: "unknown catalog", request: () => ({ method: "POST", url: "/api/Admin/Wholesalers", payload: { customerId: "MATRIX-NEW", kind: "wholesale", companyName: "Matrix", alwaysBoxed: false, shipTimes: [], catalogIds: [999999999] } }), expected: (a) => (a === "anonymous" ? 401 : isStaff(a) ? 400 : 403) },
      { name: "empty form", request: () => ({ method: "POST", url: "/api/Admin/Wholesalers", payload: {} }), expected: same(400) },
    ],
  },
  { route: "GET /api/Admin/Wholesalers/:customerId", cases: [{ name: "C1", request: (w) => get(`/api/Admin/Wholesalers/${w.C1}`), expected: byRole(STAFF_ONLY) }] },
  // Writes whose bodies fail validation answer 400 to everyone: the schemas run before the access
  // check (server/plugins/guard.ts), so nothing of the record is revealed or touched either way.
  { route: "PUT /api/Admin/Wholesalers/:customerId", cases: [{ name: "empty form", request: (w) => ({ method: "PUT", url: `/api/Admin/Wholesalers/${w.C2}`, payload: {} }), expected: same(400) }] },
  { route: "PUT /api/Admin/Wholesalers/:customerId/Logo", cases: [{ name: "not an image", request: (w) => ({ method: "PUT", url: `/api/Admin/Wholesalers/${w.C2}/Logo`, payload: { not: "an image" } }), expected: same(400) }] },
  { route: "DELETE /api/Admin/Wholesalers/:customerId/Logo", cases: [{ name: "C2's logo", request: (w) => ({ method: "DELETE", url: `/api/Admin/Wholesalers/${w.C2}/Logo` }), expected: byRole(STAFF_ONLY) }] },
  {
    route: "GET /api/Administration/Retailers",
    cases: [
      { name: "list", request: () => get("/api/Administration/Retailers"), expected: byRole(USER_DESK) },
      { name: "C1's retailers", request: (w) => get(`/api/Administration/Retailers?customerId=${w.C1}`), expected: byRole(USER_DESK) },
      // Another customer named is 403 like every other foreign id (issue 23 item 15), not an empty list.
      { name: "C2's retailers", request: (w) => get(`/api/Administration/Retailers?customerId=${w.C2}`), expected: byRole(STAFF_ONLY) },
    ],
  },
  { route: "POST /api/Administration/Retailers", cases: [{ name: "empty form", request: () => ({ method: "POST", url: "/api/Administration/Retailers", payload: {} }), expected: same(400) }] },
  {
    route: "GET /api/Administration/Retailers/:retailerId",
    cases: [
      { name: "C1's retailer", request: (w) => get(`/api/Administration/Retailers/${w.R1}`), expected: byRole(USER_DESK) },
      { name: "C2's retailer", request: (w) => get(`/api/Administration/Retailers/${w.R2}`), expected: (a) => (a === "anonymous" ? 401 : isStaff(a) ? 200 : a === "wholesaler" ? 404 : 403) },
    ],
  },
  { route: "PUT /api/Administration/Retailers/:retailerId", cases: [{ name: "empty form", request: (w) => ({ method: "PUT", url: `/api/Administration/Retailers/${w.R1}`, payload: {} }), expected: same(400) }] },
  { route: "POST /api/Administration/Retailers/Import/Preview", cases: [{ name: "JSON, not CSV", request: () => ({ method: "POST", url: "/api/Administration/Retailers/Import/Preview", payload: {} }), expected: same(400) }] },
  { route: "POST /api/Administration/Retailers/Import", cases: [{ name: "JSON, not CSV", request: () => ({ method: "POST", url: "/api/Administration/Retailers/Import", payload: {} }), expected: same(400) }] },
  { route: "POST /api/Referrals/:id", cases: [{ name: "empty form", request: (w) => ({ method: "POST", url: `/api/Referrals/${w.C1}`, payload: {} }), expected: same(400) }] },
  { route: "GET /api/Referrals", cases: [{ name: "queue", request: () => get("/api/Referrals"), expected: byRole(USER_DESK) }] },
  { route: "POST /api/Referrals/:id/Approve", cases: [{ name: "no such referral", request: () => ({ method: "POST", url: "/api/Referrals/999999/Approve", payload: {} }), expected: byRole(USER_DESK, 404) }] },
  { route: "POST /api/Referrals/:id/Decline", cases: [{ name: "no such referral", request: () => ({ method: "POST", url: "/api/Referrals/999999/Decline" }), expected: byRole(USER_DESK, 404) }] },
  {
    route: "POST /api/Admin/:userId/Impersonate",
    // DOMAIN "Staff impersonation": staff act for a customer-side user; nobody else acts for anyone.
    cases: [{ name: "another customer's wholesaler", request: (w) => ({ method: "POST", url: `/api/Admin/${w.otherUser}/Impersonate`, freshSession: true }), expected: byRole(STAFF_ONLY) }],
  },
  {
    route: "POST /api/Retailer/Impersonate/:a/:b/:c",
    // A wholesaler user acts for its own customer's retailers; staff for any customer-side user.
    cases: [
      {
        name: "C1's retailer",
        request: (w, me) => ({ method: "POST", url: `/api/Retailer/Impersonate/${me.id}/${w.C1}/${w.R1}`, freshSession: true }),
        expected: byRole(["Administrator", "SalesPerson", "wholesaler"]),
      },
    ],
  },
  { route: "POST /api/Retailer/Unimpersonate", cases: [{ name: "not acting for anyone", request: () => ({ method: "POST", url: "/api/Retailer/Unimpersonate", freshSession: true }), expected: signedIn(409) }] },
  { route: "GET /api/Retailer/ActFor", cases: [{ name: "list", request: () => get("/api/Retailer/ActFor"), expected: signedIn(200) }] },
);

ENTRIES.push(
  // Webhooks (issue 28): Administrator only; ids that do not exist answer 404 to an Administrator.
  { route: "GET /api/Admin/Webhooks", cases: [{ name: "list", request: () => get("/api/Admin/Webhooks"), expected: byRole(["Administrator"]) }] },
  {
    route: "POST /api/Admin/Webhooks",
    cases: [
      { name: "register", request: () => ({ method: "POST", url: "/api/Admin/Webhooks", payload: { url: "https://hooks.example.test/matrix", events: ["order.placed"] } }), expected: byRole(["Administrator"]) },
      { name: "no events", request: () => ({ method: "POST", url: "/api/Admin/Webhooks", payload: { url: "https://hooks.example.test/matrix", events: [] } }), expected: same(400) },
    ],
  },
  { route: "GET /api/Admin/Webhooks/:id", cases: [{ name: "unknown webhook", request: () => get("/api/Admin/Webhooks/999999"), expected: byRole(["Administrator"], 404) }] },
  { route: "DELETE /api/Admin/Webhooks/:id", cases: [{ name: "unknown webhook", request: () => ({ method: "DELETE", url: "/api/Admin/Webhooks/999999" }), expected: byRole(["Administrator"], 404) }] },
  { route: "GET /api/Admin/Webhooks/:id/Deliveries", cases: [{ name: "unknown webhook", request: () => get("/api/Admin/Webhooks/999999/Deliveries"), expected: byRole(["Administrator"], 404) }] },
  {
    route: "POST /api/Admin/Webhooks/:id/Deliveries/:deliveryId/Redeliver",
    cases: [{ name: "unknown delivery", request: () => ({ method: "POST", url: "/api/Admin/Webhooks/999999/Deliveries/1/Redeliver" }), expected: byRole(["Administrator"], 404) }],
  },
);

// ---- the order desk (staff) and a buyer's own order changes ----------------------------------------
// No order 999999 exists: staff reach the handler and get 404; nobody else gets past the role check.
const NO_ORDER = 999999;
const post = (url: string, payload?: object): Req => ({ method: "POST", url, payload });
ENTRIES.push(
  {
    route: "GET /api/OrderDesk/Orders",
    cases: [
      { name: "the day's orders", request: () => get("/api/OrderDesk/Orders"), expected: byRole(STAFF_ONLY) },
      { name: "today first", request: () => get("/api/OrderDesk/Orders?view=today"), expected: byRole(STAFF_ONLY) },
      { name: "the mass-market store's", request: (w) => get(`/api/OrderDesk/Orders?store=mm&customerId=${w.M1}`), expected: byRole(STAFF_ONLY) },
    ],
  },
  {
    route: "GET /api/OrderDesk/Orders/:orderNumber",
    cases: [
      { name: "no such order", request: () => get(`/api/OrderDesk/Orders/${NO_ORDER}`), expected: byRole(STAFF_ONLY, 404) },
      { name: "a mass-market order", request: (w) => get(`/api/OrderDesk/Orders/${w.omm}`), expected: byRole(STAFF_ONLY) },
      { name: "a wholesale order", request: (w) => get(`/api/OrderDesk/Orders/${w.o2}`), expected: byRole(STAFF_ONLY) },
    ],
  },
  {
    route: "POST /api/OrderDesk/Bulk",
    cases: [{ name: "no such order", request: () => post("/api/OrderDesk/Bulk", { action: "confirm", orders: [NO_ORDER] }), expected: byRole(STAFF_ONLY, 404) }],
  },
  ...(["Confirm", "Decline"] as const).map(
    (action): Entry => ({
      route: `POST /api/OrderDesk/Orders/:orderNumber/Lines/:lineId/${action}`,
      cases: [{ name: "no such order", request: () => post(`/api/OrderDesk/Orders/${NO_ORDER}/Lines/1/${action}`, {}), expected: byRole(STAFF_ONLY, 404) }],
    }),
  ),
  {
    route: "PUT /api/OrderDesk/Orders/:orderNumber/Lines/:lineId",
    cases: [{ name: "no such order", request: () => ({ method: "PUT", url: `/api/OrderDesk/Orders/${NO_ORDER}/Lines/1`, payload: { quantity: 1 } }), expected: byRole(STAFF_ONLY, 404) }],
  },
  ...(["Confirm", "Pack", "Ship", "Invoice", "Cancel"] as const).map(
    (action): Entry => ({
      route: `POST /api/OrderDesk/Orders/:orderNumber/${action}`,
      cases: [
        { name: "no such order", request: () => post(`/api/OrderDesk/Orders/${NO_ORDER}/${action}`, action === "Cancel" ? {} : undefined), expected: byRole(STAFF_ONLY, 404) },
        // Another order than the ones the read cases use: the first staff call changes it, the next gets 409 from the status machine.
        ...(action === "Invoice"
          ? [{ name: "a submitted mass-market order", request: (w: World) => post(`/api/OrderDesk/Orders/${w.omm}/Invoice`), expected: byRole(STAFF_ONLY, 409) }]
          : []),
      ],
    }),
  ),
  // The pick list and packing slips (docs/documents.md): staff only, in every format.
  {
    route: "GET /api/OrderDesk/PickList",
    cases: (["json", "csv", "pdf"] as const).map((format) => ({ name: `a day's pick list as ${format}`, request: () => get(`/api/OrderDesk/PickList?shipDate=2031-03-04&format=${format}`), expected: byRole(STAFF_ONLY) })),
  },
  {
    route: "GET /api/OrderDesk/Orders/:orderNumber/PackingSlip",
    cases: [{ name: "no such order", request: () => get(`/api/OrderDesk/Orders/${NO_ORDER}/PackingSlip`), expected: byRole(STAFF_ONLY, 404) }],
  },
  {
    route: "PUT /api/Orders/:userId/:customerId/:orderNumber/Lines/:lineId",
    cases: buyerCases((i) => ({ method: "PUT", url: `/api/Orders/${i.user}/${i.customer}/${NO_ORDER}/Lines/1?retailerId=${i.retailer}`, payload: { quantity: 1 } }), () => 404),
  },
  {
    route: "POST /api/Orders/:userId/:customerId/:orderNumber/Cancel",
    cases: buyerCases((i) => post(`/api/Orders/${i.user}/${i.customer}/${NO_ORDER}/Cancel?retailerId=${i.retailer}`, {}), () => 404),
  },
);

// ---- claims (issue 29 §1): the buyer's own orders (wholesaler, Retailer), the desk's staff ---------
const CLAIMERS: readonly Actor[] = ["wholesaler", "Retailer"];
/** The buyer's claim routes: the ownership rule, then the role (staff act as a buyer to claim). */
const claimer =
  (status: number) =>
  (a: Actor): number =>
    CLAIMERS.includes(a) ? status : 403;
ENTRIES.push(
  { route: "GET /api/Claims/:userId/:customerId", cases: buyerCases((i) => get(`/api/Claims/${i.user}/${i.customer}?retailerId=${i.retailer}`), claimer(200)) },
  {
    route: "POST /api/Claims/:userId/:customerId",
    cases: buyerCases((i) => post(`/api/Claims/${i.user}/${i.customer}?retailerId=${i.retailer}`, { orderNumber: NO_ORDER, lineId: 1, reason: "damaged", quantity: 1 }), claimer(404)),
  },
  {
    route: "GET /api/Claims/:userId/:customerId/Orders/:orderNumber",
    cases: [
      ...buyerCases((i, w, me) => get(`/api/Claims/${i.user}/${i.customer}/Orders/${i.customer === me.customer ? me.order : w.o2}?retailerId=${i.retailer}`), claimer(200)),
      {
        name: "another customer's order under the own customer",
        request: (w, me) => get(`/api/Claims/${me.id}/${me.customer}/Orders/${w.o2}?retailerId=${me.retailer}`),
        expected: (a) => (a === "anonymous" ? 401 : claimer(404)(a)),
      },
    ],
  },
  {
    route: "GET /api/Claims/:userId/:customerId/:claimId/Photos/:photoId",
    cases: buyerCases((i) => get(`/api/Claims/${i.user}/${i.customer}/${NO_ORDER}/Photos/1?retailerId=${i.retailer}`), claimer(404)),
  },
  { route: "GET /api/OrderDesk/Claims", cases: [{ name: "open claims", request: () => get("/api/OrderDesk/Claims"), expected: byRole(STAFF_ONLY) }] },
  {
    route: "GET /api/OrderDesk/Claims/:claimId/Photos/:photoId",
    cases: [{ name: "no such claim", request: () => get(`/api/OrderDesk/Claims/${NO_ORDER}/Photos/1`), expected: byRole(STAFF_ONLY, 404) }],
  },
  {
    route: "POST /api/OrderDesk/Claims/:claimId/Accept",
    cases: [{ name: "no such claim", request: () => post(`/api/OrderDesk/Claims/${NO_ORDER}/Accept`, {}), expected: byRole(STAFF_ONLY, 404) }],
  },
  {
    route: "POST /api/OrderDesk/Claims/:claimId/Decline",
    cases: [{ name: "no such claim", request: () => post(`/api/OrderDesk/Claims/${NO_ORDER}/Decline`, { reason: "Arrived in good order" }), expected: byRole(STAFF_ONLY, 404) }],
  },
);

// ---- invoices: staff, and a wholesaler for its own customers -------------------------------------
const INVOICE_READERS: readonly Actor[] = ["Administrator", "SalesPerson", "wholesaler"];
/** A statement of C1 (the wholesaler actor's customer) or C2 (not its customer). */
const statementExpected =
  (customer: "C1" | "C2"): Case["expected"] =>
  (a, w, me) =>
    a === "anonymous" ? 401 : isStaff(a) ? 200 : a === "wholesaler" ? (me.customer === w[customer] ? 200 : 403) : 403;
ENTRIES.push(
  { route: "GET /api/Invoices", cases: [{ name: "list", request: () => get("/api/Invoices"), expected: byRole(INVOICE_READERS) }] },
  { route: "GET /api/Invoices/Csv", cases: [{ name: "list as CSV", request: () => get("/api/Invoices/Csv"), expected: byRole(INVOICE_READERS) }] },
  ...(["", "/Pdf"] as const).map(
    (suffix): Entry => ({
      route: `GET /api/Invoices/Statement/:customerId${suffix}`,
      cases: [
        { name: "C1's statement", request: (w) => get(`/api/Invoices/Statement/${w.C1}${suffix}`), expected: statementExpected("C1") },
        { name: "C2's statement", request: (w) => get(`/api/Invoices/Statement/${w.C2}${suffix}`), expected: statementExpected("C2") },
      ],
    }),
  ),
  ...(["", "/Pdf"] as const).map(
    (suffix): Entry => ({
      route: `GET /api/Invoices/:invoiceNumber${suffix}`,
      cases: [{ name: "no such invoice", request: () => get(`/api/Invoices/${NO_ORDER}${suffix}`), expected: byRole(INVOICE_READERS, 404) }],
    }),
  ),
  {
    route: "GET /api/Invoices/:invoiceNumber/CreditNotes/:creditNoteNumber/Pdf",
    cases: [{ name: "no such invoice", request: () => get(`/api/Invoices/${NO_ORDER}/CreditNotes/1/Pdf`), expected: byRole(INVOICE_READERS, 404) }],
  },
  { route: "POST /api/Invoices/:invoiceNumber/Paid", cases: [{ name: "no such invoice", request: () => post(`/api/Invoices/${NO_ORDER}/Paid`, { paid: true }), expected: byRole(STAFF_ONLY, 404) }] },
  {
    route: "POST /api/Invoices/:invoiceNumber/CreditNotes",
    cases: [{ name: "no such invoice", request: () => post(`/api/Invoices/${NO_ORDER}/CreditNotes`, { reason: "Short delivery", lines: [{ invoiceLineId: 1, quantity: 1 }] }), expected: byRole(STAFF_ONLY, 404) }],
  },
);

// ---- the integration API (issue 28): tokens are the Administrator's; /api/v1 takes an API token
// only, so every cookie session (and no credentials) is a 401 there. The tokens' own matrix (each
// scope, none, revoked, beside a cookie) is the "API tokens" block below.
const V1_PRODUCT = (me: Me) => {
  const { productId, ...body } = matrixProduct(me);
  return { productId, body };
};
const V1_AVAILABILITY = { mode: "set", lines: [{ productId: "NO-SUCH-MATRIX", shipDate: "2030-01-02", quantity: 1 }] };
ENTRIES.push(
  {
    route: "POST /api/Admin/ApiTokens",
    cases: [{ name: "create", request: () => post("/api/Admin/ApiTokens", { name: "Matrix", scopes: ["orders:read"] }), expected: (a) => (a === "anonymous" ? 401 : a === "Administrator" ? 201 : 403) }],
  },
  { route: "GET /api/Admin/ApiTokens", cases: [{ name: "list", request: () => get("/api/Admin/ApiTokens"), expected: (a) => (a === "anonymous" ? 401 : a === "Administrator" ? 200 : 403) }] },
  {
    route: "DELETE /api/Admin/ApiTokens/:id",
    cases: [{ name: "no such token", request: () => ({ method: "DELETE", url: "/api/Admin/ApiTokens/999999" }), expected: (a) => (a === "anonymous" ? 401 : a === "Administrator" ? 404 : 403) }],
  },
  {
    route: "PUT /api/v1/products/:productId",
    cases: [{ name: "a session is no token", request: (_w, me) => ({ method: "PUT", url: `/api/v1/products/${V1_PRODUCT(me).productId}`, payload: V1_PRODUCT(me).body }), expected: same(401) }],
  },
  { route: "PUT /api/v1/availability", cases: [{ name: "a session is no token", request: () => ({ method: "PUT", url: "/api/v1/availability", payload: V1_AVAILABILITY }), expected: same(401) }] },
  { route: "GET /api/v1/orders", cases: [{ name: "a session is no token", request: () => get("/api/v1/orders?limit=5"), expected: same(401) }] },
  { route: "GET /api/v1/invoices", cases: [{ name: "a session is no token", request: () => get("/api/v1/invoices?limit=5"), expected: same(401) }] },
);

// ---- acting sessions (issue 23) -------------------------------------------------------------------

/** Who acts (`by`, signed in as itself) for whom (`as`: the actor of that role, or the shared shop). */
interface Acting {
  name: string;
  by: "Administrator" | "SalesPerson" | "wholesaler";
  as: Exclude<Actor, "anonymous" | "Administrator">;
  /** The wholesaler of C1 acting for the shop buying through C1 and C2 (Retailer/Impersonate). */
  sharedShop?: boolean;
  cookie?: string;
}
const ACTING: Acting[] = [
  { name: "Administrator acting as the SalesPerson", by: "Administrator", as: "SalesPerson" },
  { name: "Administrator acting as the wholesaler", by: "Administrator", as: "wholesaler" },
  { name: "Administrator acting as the Retailer", by: "Administrator", as: "Retailer" },
  { name: "Administrator acting as the MassMarket user", by: "Administrator", as: "MassMarket" },
  { name: "SalesPerson acting as the wholesaler", by: "SalesPerson", as: "wholesaler" },
  { name: "SalesPerson acting as the Retailer", by: "SalesPerson", as: "Retailer" },
  { name: "SalesPerson acting as the MassMarket user", by: "SalesPerson", as: "MassMarket" },
  { name: "wholesaler of C1 acting for a shop of C1 and C2", by: "wholesaler", as: "Retailer", sharedShop: true },
];
/** The ids an acting session names as its own: its target's. */
const actingMe = (a: Acting, w: World): Me => (a.sharedShop ? w.sharedShop : w.me[a.as]);

/**
 * What an acting session answers differently from its target signed in: it cannot start acting again
 * (409, or 403 where the target's role may not call the route at all), it can stop (200), and the
 * account's password and other sessions are refused (403). Everything else: the target's rules,
 * within the customers both people share (Me.customers).
 */
const ACTING_RULES: Record<string, (a: Acting) => number> = {
  "POST /api/Admin/:userId/Impersonate": (a) => (isStaff(a.as) ? 409 : 403),
  "POST /api/Retailer/Impersonate/:a/:b/:c": () => 409,
  "POST /api/Retailer/Unimpersonate": () => 200,
  "POST /api/Account/Password": () => 403,
  "POST /api/Account/SignOutOthers": () => 403,
};

let actorEmails: Record<Exclude<Actor, "anonymous">, string>;

/** A new session of `a.by`, acting as its target; the cookie. */
async function startActing(a: Acting): Promise<string> {
  const cookie = await loginAs(t.app, actorEmails[a.by], DEFAULT_TEST_PASSWORD);
  const target = actingMe(a, w);
  const url = a.sharedShop ? `/api/Retailer/Impersonate/${w.me.wholesaler.id}/${w.C1}/${w.R3}` : `/api/Admin/${target.id}/Impersonate`;
  const res = await t.app.inject({ method: "POST", url, headers: { cookie, ...SAME_ORIGIN } });
  if (res.statusCode !== 200 || res.json().user.id !== target.id) throw new Error(`${a.name}: could not start acting (${res.statusCode} ${res.body.slice(0, 200)})`);
  return cookie;
}

/** The acting session still acting as its target (a real actor's SignOutOthers ends the sessions it acts in), else a new one. */
async function actingCookie(a: Acting): Promise<string> {
  const check = await t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie: a.cookie! } });
  const body = check.json();
  if (body.user?.id !== actingMe(a, w).id || !body.originalUser) a.cookie = await startActing(a);
  return a.cookie!;
}

async function sendWith(cookie: string | undefined, req: Req, extraHeaders: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const unsafe = req.method !== "GET";
  // A live availability stream stays open: its status is read, then it is closed.
  return (/\/Live\b/.test(req.url) ? (o: InjectOptions) => injectOrStream(t.app, o) : (o: InjectOptions) => t.app.inject(o))({
    method: req.method,
    url: req.url,
    ...(req.payload ? { payload: req.payload } : {}),
    headers: { ...(cookie ? { cookie } : {}), ...(unsafe ? SAME_ORIGIN : {}), ...req.headers, ...extraHeaders },
  });
}

// ---- the run ----------------------------------------------------------------------------------

let t: TestApp;
let w: World;

/** Every /api operation of the built app, from its route tree (HEAD and the documentation pages left out). */
function apiRoutes(app: TestApp["app"]): string[] {
  const lines = app.printRoutes({ commonPrefix: false }).split("\n");
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of lines) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (stack[depth - 1] ?? "") + m[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? "").split(", ").filter(Boolean)) {
      if (method === "HEAD" || !path.startsWith("/api/")) continue;
      if (path.startsWith("/api/docs") || path === "/api/openapi.json" || path === "/api/*") continue;
      found.push(`${method} ${path}`);
    }
  }
  return [...new Set(found)];
}

/** The route key as the router prints it (routes are case-insensitive, trailing slashes ignored). */
const routeKey = (route: string) => route.toLowerCase().replace(/\/$/, "");

beforeAll(async () => {
  t = await buildTestApp();
  const wholesale = { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") };
  const C1 = (await insertCustomer(t.db, wholesale)).customerId;
  const C2 = (await insertCustomer(t.db, wholesale)).customerId;
  const M1 = (await insertCustomer(t.db, { ...wholesale, kind: "massMarket" })).customerId;
  const R1 = (await insertRetailer(t.db, { customerIds: [C1] })).retailerId;
  const R2 = (await insertRetailer(t.db, { customerIds: [C2] })).retailerId;
  const admin = await insertUser(t.db, { roles: ["Administrator"] });
  const sales = await insertUser(t.db, { roles: ["SalesPerson"] });
  const whole = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [C1] });
  const shop = await insertUser(t.db, {
    roles: ["Retailer"],
    claims: [
      { claim: "WholesalerId", value: C1 },
      { claim: "retailerid", value: String(R1) },
    ],
  });
  const mm = await insertUser(t.db, { roles: ["MassMarket"], customerIds: [M1] });
  const other = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [C2] });
  const staffLinked = await insertUser(t.db, { roles: ["SalesPerson"], customerIds: [C1] });
  const adminClaimed = await insertUser(t.db, { roles: ["Administrator"], claims: [{ claim: "WholesalerId", value: C1 }] });
  const o1 = (await insertOrder(t.db, { customerId: C1, userId: whole.id })).orderNumber;
  const o1r = (await insertOrder(t.db, { customerId: C1, userId: shop.id, retailerId: R1 })).orderNumber;
  const om = (await insertOrder(t.db, { customerId: M1, userId: mm.id })).orderNumber;
  const o2 = (await insertOrder(t.db, { customerId: C2, userId: other.id })).orderNumber;
  const omm = (await insertOrder(t.db, { customerId: M1, userId: mm.id, store: "mm" })).orderNumber;
  const R3 = (await insertRetailer(t.db, { customerIds: [C1, C2] })).retailerId;
  const shop3 = await insertUser(t.db, {
    roles: ["Retailer"],
    claims: [
      { claim: "WholesalerId", value: C1 },
      { claim: "WholesalerId", value: C2 },
      { claim: "retailerid", value: String(R3) },
    ],
  });
  const o3 = (await insertOrder(t.db, { customerId: C1, userId: shop3.id, retailerId: R3 })).orderNumber;
  const cat1 = (await offer(t.db, [C1, M1])).catalog.orderId;
  const cat2 = (await offer(t.db, [C2])).catalog.orderId;
  const me = (role: Actor, u: { id: string }, customer: string, retailer: number, order: number): Me => ({ role, id: u.id, customer, retailer, order });
  w = {
    C1,
    C2,
    M1,
    R1,
    R2,
    otherUser: other.id,
    staffLinked: staffLinked.id,
    adminClaimed: adminClaimed.id,
    shopUser: shop.id,
    R3,
    // Acted for by the wholesaler of C1: the session reaches C1 only, though the shop also buys through C2.
    sharedShop: { ...me("Retailer", shop3, C1, R3, o3), customers: [C1] },
    o2,
    omm,
    cat1,
    cat2,
    me: {
      anonymous: me("anonymous", whole, C1, 0, o1),
      Administrator: me("Administrator", admin, C1, 0, o1),
      SalesPerson: me("SalesPerson", sales, C1, 0, o1),
      wholesaler: me("wholesaler", whole, C1, 0, o1),
      Retailer: me("Retailer", shop, C1, R1, o1r),
      MassMarket: me("MassMarket", mm, M1, 0, om),
    },
  };
  const emails: Record<Exclude<Actor, "anonymous">, string> = { Administrator: admin.email, SalesPerson: sales.email, wholesaler: whole.email, Retailer: shop.email, MassMarket: mm.email };
  for (const [actor, email] of Object.entries(emails)) w.me[actor as Actor].cookie = await loginAs(t.app, email, DEFAULT_TEST_PASSWORD);
  actorEmails = emails;
  for (const a of ACTING) a.cookie = await startActing(a);
});
afterAll(async () => t?.close());

async function send(actor: Actor, req: Req, extraHeaders: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const me = w.me[actor];
  let cookie = me.cookie;
  if (req.freshSession && actor !== "anonymous") {
    const emailOf = await t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie: cookie! } });
    const res = await t.app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email: emailOf.json().user.email, password: DEFAULT_TEST_PASSWORD } });
    cookie = cookieFrom(res);
  }
  return sendWith(cookie, req, extraHeaders);
}

describe("authorization matrix", () => {
  it("has an entry for every /api operation of the app, and no entry for a route that does not exist", () => {
    const routes = apiRoutes(t.app).map(routeKey).sort();
    const entries = ENTRIES.map((e) => routeKey(e.route)).sort();
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => !entries.includes(r)), "routes without a matrix entry").toEqual([]);
    expect(entries.filter((e) => !routes.includes(e)), "matrix entries without a route").toEqual([]);
    expect(new Set(entries).size).toBe(entries.length);
  });

  // One test per route: every actor × every case, all mismatches reported at once.
  for (const entry of ENTRIES) {
    it(`${entry.route}`, async () => {
      const mismatches: string[] = [];
      let checked = 0;
      for (const c of entry.cases) {
        for (const actor of ACTORS) {
          const me = w.me[actor];
          const req = c.request(w, me);
          const expected = c.expected(actor, w, me);
          const res = await send(actor, req);
          checked++;
          if (res.statusCode !== expected) mismatches.push(`${actor}, ${c.name}: ${req.method} ${req.url} → ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 160)}`);
        }
      }
      expect(mismatches).toEqual([]);
      expect(checked).toBe(entry.cases.length * ACTORS.length);
    });

    it(`${entry.route}, in acting sessions`, async () => {
      const mismatches: string[] = [];
      let checked = 0;
      for (const a of ACTING) {
        // A call that ends or changes its session (sign-out, stop acting) gets an acting session of its own.
        const cookie = entry.cases.some((c) => c.request(w, actingMe(a, w)).freshSession) ? await startActing(a) : await actingCookie(a);
        for (const c of entry.cases) {
          const me = actingMe(a, w);
          const req = c.request(w, me);
          const rule = ACTING_RULES[entry.route];
          const expected = rule ? rule(a) : c.expected(me.role, w, me);
          const res = await sendWith(cookie, req);
          checked++;
          if (res.statusCode !== expected) mismatches.push(`${a.name}, ${c.name}: ${req.method} ${req.url} → ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 160)}`);
        }
      }
      expect(mismatches).toEqual([]);
      expect(checked).toBe(entry.cases.length * ACTING.length);
    });
  }

  it("acting sessions acted as their targets throughout, and the shared shop's session never reached C2", async () => {
    for (const a of ACTING) {
      const body = (await t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie: await actingCookie(a) } })).json();
      expect(body.user.id).toBe(actingMe(a, w).id);
      expect(body.originalUser.email).toBe(actorEmails[a.by]);
    }
    const shared = ACTING.find((a) => a.sharedShop)!;
    const user = (await t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie: shared.cookie! } })).json().user;
    expect(user.customers.map((c: { customerID: string }) => c.customerID)).toEqual([w.C1]);
    expect((await sendWith(shared.cookie, { method: "POST", url: `/api/Auth/SetCustomer/${w.C2}` })).statusCode).toBe(403);
    // The shop's own user reaches both: the refusal is the acting wholesaler's limit, not the shop's.
    const own = await loginAs(t.app, (await t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie: shared.cookie! } })).json().user.email, DEFAULT_TEST_PASSWORD);
    expect((await sendWith(own, { method: "POST", url: `/api/Auth/SetCustomer/${w.C2}` })).statusCode).toBe(200);
  });

  it("refuses every write on a cookie session that does not prove it comes from our pages, and writes nothing", async () => {
    const mismatches: string[] = [];
    const before = await t.app.inject({ method: "GET", url: "/api/Admin/AuditLog?pageSize=100", headers: { cookie: w.me.Administrator.cookie! } });
    expect(before.statusCode).toBe(200);
    for (const entry of ENTRIES) {
      if (entry.route.startsWith("GET ")) continue;
      const c = entry.cases[0]!;
      for (const actor of ACTORS) {
        const me = w.me[actor];
        const req = c.request(w, me);
        if (req.freshSession) continue;
        const variants: [string, Record<string, string>, number][] = [
          ["Origin: null", { origin: "null" }, 403],
          ["another site's Origin", { origin: "https://evil.example" }, 403],
          ["Sec-Fetch-Site: cross-site", { origin: "", "sec-fetch-site": "cross-site" }, 403],
        ];
        // Without Origin or Sec-Fetch-Site: refused on a cookie session, answered as usual without one.
        variants.push(["neither header", { origin: "" }, actor === "anonymous" ? c.expected(actor, w, me) : 403]);
        for (const [name, headers, expected] of variants) {
          const res = await send(actor, req, headers);
          if (res.statusCode !== expected) mismatches.push(`${actor}, ${name}: ${req.method} ${req.url} → ${res.statusCode} (expected ${expected})`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    const after = await t.app.inject({ method: "GET", url: "/api/Admin/AuditLog?pageSize=100", headers: { cookie: w.me.Administrator.cookie! } });
    expect(after.json()).toEqual(before.json());
    // Four requests per write route and actor: it grows with the API (and a loaded machine is slow).
  }, 180_000);
});

// ---- API tokens on /api/v1 (issue 28) --------------------------------------------------------------
// Every /api/v1 operation × a token of each scope, a token of every scope, a revoked and an unknown
// token, no credentials, and a token sent beside a session cookie. Only the route's own scope passes.
describe("authorization matrix: API tokens", () => {
  const SCOPES = ["catalog:write", "availability:write", "orders:read", "invoices:read"] as const;
  const V1: { route: string; scope: (typeof SCOPES)[number]; request: (n: number) => Req; success: number }[] = [
    {
      route: "PUT /api/v1/products/:productId",
      scope: "catalog:write",
      request: (n) => ({ method: "PUT", url: `/api/v1/products/MXT-${n}`, payload: V1_PRODUCT(w.me.Administrator).body }),
      success: 200,
    },
    { route: "PUT /api/v1/availability", scope: "availability:write", request: () => ({ method: "PUT", url: "/api/v1/availability", payload: V1_AVAILABILITY }), success: 200 },
    { route: "GET /api/v1/orders", scope: "orders:read", request: () => get("/api/v1/orders?limit=5"), success: 200 },
    { route: "GET /api/v1/invoices", scope: "invoices:read", request: () => get("/api/v1/invoices?limit=5"), success: 200 },
  ];
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    const make = async (name: string, scopes: string[]) => {
      const res = await sendWith(w.me.Administrator.cookie, post("/api/Admin/ApiTokens", { name, scopes }));
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json() as { id: number; token: string };
    };
    for (const s of SCOPES) tokens[s] = (await make(`Matrix ${s}`, [s])).token;
    tokens.all = (await make("Matrix all", [...SCOPES])).token;
    const revoked = await make("Matrix revoked", [...SCOPES]);
    expect((await sendWith(w.me.Administrator.cookie, { method: "DELETE", url: `/api/Admin/ApiTokens/${revoked.id}` })).statusCode).toBe(200);
    tokens.revoked = revoked.token;
    tokens.unknown = `bst_${"x".repeat(43)}`;
  });

  it("covers every /api/v1 operation", () => {
    const routes = apiRoutes(t.app).map(routeKey).filter((r) => r.includes("/api/v1/"));
    expect(routes.sort()).toEqual(V1.map((v) => routeKey(v.route)).sort());
  });

  for (const op of V1) {
    it(`${op.route}: only its scope`, async () => {
      const mismatches: string[] = [];
      let n = 0;
      const callers: [string, Record<string, string>, number][] = [
        ...SCOPES.map((s): [string, Record<string, string>, number] => [`token with ${s}`, { authorization: `Bearer ${tokens[s]}` }, s === op.scope ? op.success : 403]),
        ["token with every scope", { authorization: `Bearer ${tokens.all}` }, op.success],
        ["revoked token", { authorization: `Bearer ${tokens.revoked}` }, 401],
        ["unknown token", { authorization: `Bearer ${tokens.unknown}` }, 401],
        ["Basic credentials", { authorization: "Basic YWRtaW46YWRtaW4=" }, 401],
        ["no credentials", {}, 401],
        // From our own pages (Origin), so the cookie passes the cross-site check and the token rule answers.
        ["token beside an Administrator's session cookie", { authorization: `Bearer ${tokens.all}`, cookie: w.me.Administrator.cookie!, ...SAME_ORIGIN }, 401],
      ];
      for (const [name, headers, expected] of callers) {
        const req = op.request(++n);
        const res = await t.app.inject({ method: req.method, url: req.url, ...(req.payload ? { payload: req.payload } : {}), headers });
        if (res.statusCode !== expected) mismatches.push(`${name}: ${req.method} ${req.url} → ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 160)}`);
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("a token opens nothing outside /api/v1", async () => {
    for (const url of ["/api/Admin/ApiTokens", "/api/Supply/Products", "/api/OrderDesk/Orders", "/api/Admin/AuditLog"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${tokens.all}` } });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
