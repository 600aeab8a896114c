// The authorization matrix's entries: sign-in, the account, the wholesale store and the buyer's orders.
import { tomorrow } from "../store-fixtures.ts";
import { type Entry, isStaff, ownership, USER_ADMIN, buyerCases, same, signedIn, get, userTargetCases, STANDING_ORDER, matrixProduct } from "./model.ts";

export const STORE_ENTRIES: Entry[] = [
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
