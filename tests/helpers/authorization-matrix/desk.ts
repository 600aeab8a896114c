// The authorization matrix's entries: the staff desk (administration, the signed-in user's account,
// referrals, acting for others) and the order desk.
import { type Actor, STAFF, type World, type Req, type Case, type Entry, isStaff, USER_ADMIN, buyerCases, same, signedIn, get } from "./model.ts";

export const DESK_ENTRIES: Entry[] = [];

// ---- the staff desk: administration, the signed-in user's account, referrals, acting for others -----

export const USER_DESK: readonly Actor[] = USER_ADMIN;
export const byRole = (allowed: readonly Actor[], status = 200): Case["expected"] => (a) => (a === "anonymous" ? 401 : allowed.includes(a) ? status : 403);
export const STAFF_ONLY: readonly Actor[] = STAFF;
export let seq = 0;

DESK_ENTRIES.push(
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

DESK_ENTRIES.push(
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
export const NO_ORDER = 999999;
export const post = (url: string, payload?: object): Req => ({ method: "POST", url, payload });
DESK_ENTRIES.push(
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
