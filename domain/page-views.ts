// Page-view counting (issue 13, SPEC §7 "reports a page view on each navigation"): what is counted
// is a route pattern, never the address as typed, so the table holds a bounded set of pages and
// nothing a visitor wrote (no order numbers, ids, search words or query strings).
import { ROLES } from "./access.ts";
import { pagePattern, PAGES } from "./pages.ts";

/** Days the staff screen looks back over. */
export const PAGE_VIEW_DAYS = 30;
/** The page counted for any address no route serves. */
export const UNKNOWN_PAGE = "(page not found)";
export const ANONYMOUS_ROLE = "anonymous";

/** The counted pages of the pages table, as SPEC §2 spells them; `{name}` is one path segment. */
export const PAGE_PATTERNS: readonly string[] = PAGES.filter((p) => p.pageView).map(pagePattern);

const PATTERN_SEGMENTS = PAGE_PATTERNS.map((pattern) => ({ pattern, segments: pattern.split("/").filter(Boolean) }));

/**
 * The route pattern an address belongs to, matched case-insensitively and without its query or
 * hash; a fixed segment beats a parameter (/Administration/Retailers/New is not a retailer id).
 * Any other address is UNKNOWN_PAGE.
 */
export function pagePatternOf(address: string): string {
  const path = address.split(/[?#]/)[0] ?? "";
  const segments = path.split("/").filter(Boolean);
  let best: { pattern: string; fixed: number } | null = null;
  for (const p of PATTERN_SEGMENTS) {
    if (p.segments.length !== segments.length) continue;
    let fixed = 0;
    const ok = p.segments.every((s, i) => {
      if (s.startsWith("{")) return segments[i]!.length > 0 && segments[i]!.length <= 100;
      fixed++;
      return s.toLowerCase() === segments[i]!.toLowerCase();
    });
    if (ok && (!best || fixed > best.fixed)) best = { pattern: p.pattern, fixed };
  }
  return best?.pattern ?? UNKNOWN_PAGE;
}

/** The one role a view is counted under: the first of ROLES the user holds, or anonymous. */
export function pageViewRole(roles: readonly string[] | null | undefined): string {
  if (!roles) return ANONYMOUS_ROLE;
  const have = new Set(roles.map((r) => r.trim().toLowerCase()));
  return ROLES.find((r) => have.has(r.toLowerCase())) ?? (roles.length > 0 ? "other" : ANONYMOUS_ROLE);
}
