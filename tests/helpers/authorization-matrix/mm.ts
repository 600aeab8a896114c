// The authorization matrix's entries: the mass-market store.
import { tomorrow } from "../store-fixtures.ts";
import { type Actor, type Me, type World, type Req, type Case, type Entry, isStaff, ownership, signedIn, get } from "./model.ts";

export const MM_ENTRIES: Entry[] = [];

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

MM_ENTRIES.push(
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
