// Who may open which page: SPEC §2 (routes), §6 (roles table), DOMAIN.md
// "Staff impersonation". Each page's audience is in the pages table (domain/pages.ts); the API
// enforces the same roles.
import { isCatchAll, pageSegments, PAGES, type Audience } from "./pages.ts";

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

/** What each audience of the pages table (domain/pages.ts) means in roles; an empty list allows any role. */
export const AUDIENCES: Record<Audience, PageAccess> = {
  everyone: { signedIn: false, roles: [] },
  signedIn: { signedIn: true, roles: [] },
  buyers: { signedIn: true, roles: ["wholesaler", "Retailer"] },
  staffAndWholesaler: { signedIn: true, roles: [...STAFF_AND_WHOLESALER] },
  staff: { signedIn: true, roles: [...STAFF] },
  admin: { signedIn: true, roles: [...ADMIN_ONLY] },
};

// Every page but the catch-all, in lower case; a parameter segment (null) matches any one segment.
const RULES = PAGES.filter((p) => !isCatchAll(p)).map((p) => ({
  segments: pageSegments(p).map((s) => s?.toLowerCase() ?? null),
  fixed: pageSegments(p).filter((s) => s !== null).length,
  access: AUDIENCES[p.audience],
}));

/** Lower case, no query or hash, no empty segments, so '/Store/', '/store?x' and '//store' are one page. */
export function normalizePath(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? "";
  const segments = path.split("/").filter(Boolean);
  return `/${segments.join("/")}`.toLowerCase();
}

/**
 * What a page requires. Public pages and unknown paths (which render the public
 * 404) need nothing; the roles list is to be checked with hasAnyRole. A fixed
 * segment beats a parameter (/Admin/Wholesalers/New is not a customer id).
 */
export function pageAccess(pathname: string): PageAccess {
  const segments = normalizePath(pathname).split("/").filter(Boolean);
  let best: (typeof RULES)[number] | null = null;
  for (const rule of RULES) {
    if (rule.segments.length !== segments.length || (best && best.fixed >= rule.fixed)) continue;
    if (rule.segments.every((s, i) => s === null || s === segments[i])) best = rule;
  }
  const access = best?.access ?? AUDIENCES.everyone;
  return { signedIn: access.signedIn, roles: [...access.roles] };
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
