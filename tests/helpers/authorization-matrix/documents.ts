// The authorization matrix's entries: claims, invoices and the integration API.
import { type Actor, type Me, type Case, type Entry, isStaff, buyerCases, same, get, matrixProduct } from "./model.ts";
import { byRole, NO_ORDER, post, STAFF_ONLY } from "./desk.ts";

export const DOCUMENT_ENTRIES: Entry[] = [];

// ---- claims (issue 29 §1): the buyer's own orders (wholesaler, Retailer), the desk's staff ---------
const CLAIMERS: readonly Actor[] = ["wholesaler", "Retailer"];
/** The buyer's claim routes: the ownership rule, then the role (staff act as a buyer to claim). */
const claimer =
  (status: number) =>
  (a: Actor): number =>
    CLAIMERS.includes(a) ? status : 403;
DOCUMENT_ENTRIES.push(
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
DOCUMENT_ENTRIES.push(
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
export const V1_PRODUCT = (me: Me) => {
  const { productId, ...body } = matrixProduct(me);
  return { productId, body };
};
export const V1_AVAILABILITY = { mode: "set", lines: [{ productId: "NO-SUCH-MATRIX", shipDate: "2030-01-02", quantity: 1 }] };
DOCUMENT_ENTRIES.push(
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
