import { hasAnyRole } from "../../domain/access.ts";

/**
 * A path on this site only. Browsers read a backslash as a slash, so "/\\evil.example" would leave the
 * site just like "//evil.example"; control characters are refused too.
 */
function isSafeReturnTo(returnTo: string): boolean {
  if (!returnTo.startsWith("/") || returnTo.startsWith("//")) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\\\u0000-\u001f]/.test(returnTo);
}

/** The order desk: where staff start the day (issue 26). */
export const ORDER_DESK_PATH = "/Administration/Orders";

/**
 * Where a user lands after signing in: a safe same-site returnTo, else staff (Administrator,
 * SalesPerson) the order desk, everyone else their store's dashboard.
 */
export function landingPath(user: { roles: string[] }, returnTo: string | null): string {
  if (returnTo && isSafeReturnTo(returnTo)) return returnTo;
  if (hasAnyRole(user.roles, ["Administrator", "SalesPerson"])) return ORDER_DESK_PATH;
  return isMassMarketOnly(user) ? "/MM/Dashboard" : "/Dashboard";
}

/** A supermarket buyer: MassMarket and no other role, so the wholesale store has nothing for them. */
export function isMassMarketOnly(user: { roles: string[] }): boolean {
  return hasAnyRole(user.roles, ["MassMarket"]) && !hasAnyRole(user.roles, ["Administrator", "SalesPerson", "wholesaler", "Retailer"]);
}
