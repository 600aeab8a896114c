// Who may open which page: SPEC §2 (routes), §6 (roles table), DOMAIN.md
// "Staff impersonation". The API enforces the same table; this is the shared source.

export const ROLES = ["Administrator", "SalesPerson", "wholesaler", "Retailer", "MassMarket"] as const;
export type Role = (typeof ROLES)[number];

/** The staff roles: they act for any customer and may impersonate. */
export const STAFF_ROLES: readonly Role[] = ["Administrator", "SalesPerson"];
export const STAFF_AND_WHOLESALER: readonly Role[] = ["Administrator", "SalesPerson", "wholesaler"];
export const ADMIN_ONLY: readonly Role[] = ["Administrator"];
const STAFF = STAFF_ROLES;
const CUSTOMER_SIDE: readonly Role[] = ["wholesaler", "Retailer", "MassMarket"];

const lower = (roles: readonly string[] | null | undefined): Set<string> =>
  new Set((roles ?? []).map((r) => r.trim().toLowerCase()));

/** Case-insensitive; an empty required list allows access (SPEC §5). */
export function hasAnyRole(userRoles: readonly string[] | null | undefined, required: readonly string[]): boolean {
  if (required.length === 0) return true;
  const have = lower(userRoles);
  return required.some((r) => have.has(r.trim().toLowerCase()));
}

export interface PageAccess {
  signedIn: boolean;
  roles: string[];
}

type Rule = { pattern: string; signedIn: boolean; roles: readonly Role[] };

// '*' is one path segment (a route parameter). Listed in lower case; first match wins,
// so the public /account/resetpassword sits before the staff-only /account.
const RULES: readonly Rule[] = [
  // Public pages with parameters or under otherwise protected prefixes.
  { pattern: "/account/resetpassword", signedIn: false, roles: [] },
  { pattern: "/flowercare/*", signedIn: false, roles: [] },
  { pattern: "/blog/*", signedIn: false, roles: [] },
  { pattern: "/wholesaler_referrals/*", signedIn: false, roles: [] },
  // Administrator, SalesPerson.
  { pattern: "/account", signedIn: true, roles: STAFF },
  { pattern: "/admin/users", signedIn: true, roles: STAFF },
  { pattern: "/admin/wholesalers", signedIn: true, roles: STAFF },
  { pattern: "/admin/wholesalers/new", signedIn: true, roles: STAFF }, // issue 25: a new customer
  { pattern: "/admin/wholesalers/*", signedIn: true, roles: STAFF },
  { pattern: "/mm/customer", signedIn: true, roles: STAFF },
  { pattern: "/mm/customer/new", signedIn: true, roles: STAFF },
  { pattern: "/mm/customer/*", signedIn: true, roles: STAFF },
  // The order desk (issue 12): in the Administration area, staff only.
  { pattern: "/administration/orders", signedIn: true, roles: STAFF },
  { pattern: "/administration/orders/*", signedIn: true, roles: STAFF },
  // Issue 26: the pick list of a ship date (staff only, like its API).
  { pattern: "/orderdesk/picklist", signedIn: true, roles: STAFF },
  // Issue 29: claims to answer on the order desk (staff only, like its API).
  { pattern: "/orderdesk/claims", signedIn: true, roles: STAFF },
  // Not a SPEC §2 route: the audit log screen of the staff desk (staff only, like its API).
  { pattern: "/administration/auditlog", signedIn: true, roles: STAFF },
  // Not a SPEC §2 route: page views per page and product (issue 13), staff only like its API.
  { pattern: "/administration/pageviews", signedIn: true, roles: STAFF },
  // The supply desk (issue 25): staff only, like its API.
  { pattern: "/supply", signedIn: true, roles: STAFF },
  { pattern: "/supply/products", signedIn: true, roles: STAFF },
  { pattern: "/supply/products/*", signedIn: true, roles: STAFF },
  { pattern: "/supply/availability", signedIn: true, roles: STAFF },
  { pattern: "/supply/availability/upload", signedIn: true, roles: STAFF },
  { pattern: "/supply/promotions", signedIn: true, roles: STAFF },
  { pattern: "/supply/bouquets", signedIn: true, roles: STAFF },
  { pattern: "/supply/packages", signedIn: true, roles: STAFF },
  { pattern: "/supply/calendar", signedIn: true, roles: STAFF },
  // Administrator, SalesPerson, wholesaler.
  { pattern: "/invoices", signedIn: true, roles: STAFF_AND_WHOLESALER },
  { pattern: "/invoices/details", signedIn: true, roles: STAFF_AND_WHOLESALER },
  { pattern: "/administration", signedIn: true, roles: STAFF_AND_WHOLESALER },
  { pattern: "/administration/users", signedIn: true, roles: STAFF_AND_WHOLESALER },
  { pattern: "/administration/retailers", signedIn: true, roles: STAFF_AND_WHOLESALER },
  { pattern: "/administration/retailers/*", signedIn: true, roles: STAFF_AND_WHOLESALER }, // New, Import, {retailerId}
  // Issue 29: a buyer's claims (wholesaler, Retailer; staff acting as one have the buyer's roles).
  { pattern: "/claims", signedIn: true, roles: ["wholesaler", "Retailer"] },
  // Administrator only.
  // Issue 28: the integration API's tokens and webhooks, like their API.
  { pattern: "/admin/integrations", signedIn: true, roles: ADMIN_ONLY },
  { pattern: "/mm/users", signedIn: true, roles: ADMIN_ONLY },
  { pattern: "/mm/users/*", signedIn: true, roles: ADMIN_ONLY },
  // Other store and MM layout pages: any signed-in user.
  ...[
    "/storefaq",
    "/dashboard",
    "/store",
    "/store/checkout",
    "/store/standingorders",
    "/orders",
    "/orders/*",
    "/orders/*/shipdatedetail",
    "/mm/dashboard",
    "/mm/store",
    "/mm/store/checkout",
    "/mm/orders",
    "/mm/orders/*",
    "/mm/programs",
  ].map((pattern) => ({ pattern, signedIn: true, roles: [] as readonly Role[] })),
];

const RULE_SEGMENTS = RULES.map((rule) => ({ ...rule, segments: rule.pattern.split("/").filter(Boolean) }));

/** Lower case, no query or hash, no empty segments, so '/Store/', '/store?x' and '//store' are one page. */
export function normalizePath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? "";
  const segments = path.split("/").filter(Boolean);
  return `/${segments.join("/")}`.toLowerCase();
}

/**
 * What a page requires. Public pages and unknown paths (which render the public
 * 404) need nothing; the roles list is to be checked with hasAnyRole.
 */
export function pageAccess(pathname: string): PageAccess {
  const segments = normalizePath(pathname).split("/").filter(Boolean);
  for (const rule of RULE_SEGMENTS) {
    if (rule.segments.length !== segments.length) continue;
    if (rule.segments.every((s, i) => s === "*" || s === segments[i])) {
      return { signedIn: rule.signedIn, roles: [...rule.roles] };
    }
  }
  return { signedIn: false, roles: [] };
}

/**
 * DOMAIN.md "Staff impersonation": an Administrator may become anyone who is
 * not an Administrator; a SalesPerson only a purely customer-side user (no
 * staff role); a wholesaler only a Retailer (that the retailer is its own is
 * checked by the server, which knows the link). No nesting: someone already
 * impersonating must stop first. A target with no role at all is only open to
 * an Administrator.
 */
export function canImpersonate(
  actorRoles: readonly string[] | null | undefined,
  targetRoles: readonly string[] | null | undefined,
  actorIsImpersonating = false,
): boolean {
  if (actorIsImpersonating) return false;
  const targetIsStaff = hasAnyRole(targetRoles, STAFF);
  if (hasAnyRole(actorRoles, ["Administrator"])) return !hasAnyRole(targetRoles, ["Administrator"]);
  if (hasAnyRole(actorRoles, ["SalesPerson"])) return !targetIsStaff && hasAnyRole(targetRoles, CUSTOMER_SIDE);
  if (hasAnyRole(actorRoles, ["wholesaler"])) {
    return !targetIsStaff && !hasAnyRole(targetRoles, ["wholesaler"]) && hasAnyRole(targetRoles, ["Retailer"]);
  }
  return false;
}
