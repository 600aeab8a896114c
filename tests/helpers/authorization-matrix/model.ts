// The authorization matrix's model of the rules (server/security/authorization-matrix.test.ts): the
// callers, their world of ids, and the helpers that build each route's cases.

export const ACTORS = ["anonymous", "Administrator", "SalesPerson", "wholesaler", "Retailer", "MassMarket"] as const;
export type Actor = (typeof ACTORS)[number];
export const STAFF: readonly Actor[] = ["Administrator", "SalesPerson"];

export interface Me {
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
export interface World {
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

export interface Req {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  payload?: object;
  headers?: Record<string, string>;
  /** Sign in again for this call alone (logout ends the session it is sent with). */
  freshSession?: boolean;
}
export interface Case {
  name: string;
  request(w: World, me: Me): Req;
  expected(actor: Actor, w: World, me: Me): number;
}
export interface Entry {
  /** METHOD and path as registered, e.g. "GET /api/Store/Cart/:userId/:customerId". */
  route: string;
  cases: Case[];
}

// ---- the rules, as a model ------------------------------------------------------------------

export const isStaff = (a: Actor) => STAFF.includes(a);
/** The customers an actor buys for (its own; staff may act for any existing one). */
export function customersOf(a: Actor, w: World, me: Me): string[] {
  if (a === "anonymous") return [];
  if (me.customers) return me.customers;
  if (isStaff(a)) return [w.C1, w.C2, w.M1];
  if (a === "MassMarket") return [w.M1];
  return [w.C1];
}
export const retailerLinks = (w: World): Record<number, string> => ({ [w.R1]: w.C1, [w.R2]: w.C2 });

/** DOMAIN: the user id is the caller, the customer one it may act for, the retailer its own or the customer's. */
export function ownership(a: Actor, w: World, me: Me, ids: { user?: string; customer?: string; retailer?: number }): number {
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
export function manages(a: Actor, w: World, me: Me, target: string): boolean {
  if (a === "Administrator") return true;
  const staffTargets = [w.staffLinked, w.adminClaimed, w.me.Administrator.id, w.me.SalesPerson.id];
  if (a === "SalesPerson") return target === me.id || !staffTargets.includes(target);
  if (a === "wholesaler") return target === me.id || target === w.shopUser; // C1's users without a staff role
  return false;
}
export const USER_ADMIN: readonly Actor[] = ["Administrator", "SalesPerson", "wholesaler"];

// ---- cases --------------------------------------------------------------------------------------

export type Ids = { user: string; customer: string; retailer: number };
/** own, another user's, another customer's and another retailer's ids for a buyer route. */
export function buyerVariants(w: World, me: Me): [string, Ids][] {
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
export function buyerCases(url: (ids: Ids, w: World, me: Me) => Req, success: (a: Actor, ids: Ids, w: World) => number = () => 200, names = { retailer: true }): Case[] {
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

export const same = (status: number): Case["expected"] => () => status;
export const signedIn = (status: number): Case["expected"] => (a) => (a === "anonymous" ? 401 : status);
export const get = (url: string): Req => ({ method: "GET", url });

/** Users a Details/Update/Resend call may name, and whether it exists as a staff user. */
export const targets: [string, (w: World, me: Me) => string][] = [
  ["itself", (_w, me) => me.id],
  ["a Retailer user of C1 (claim)", (w) => w.shopUser],
  ["another customer's user", (w) => w.otherUser],
  ["a SalesPerson linked to C1", (w) => w.staffLinked],
  ["an Administrator claiming C1", (w) => w.adminClaimed],
];

export function userTargetCases(req: (w: World, me: Me, target: string) => Req, refused: 403 | 404): Case[] {
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
export const STANDING_ORDER = { name: "Matrix", weekday: 3, mode: "cart", lines: [{ productId: "MATRIX-NO-SUCH", quantity: 1 }] };

/** A valid new product whose code is the caller's own. */
// Each call its own code: an acting session shares its target's user id, so the id alone repeats.
export let matrixProducts = 0;
export const matrixProduct = (me: Me) => ({
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

