import { hasAnyRole } from "../../domain/access.ts";

/** Where a user lands after signing in: a safe same-site returnTo, else their store's dashboard. */
export function landingPath(user: { roles: string[] }, returnTo: string | null): string {
  if (returnTo && returnTo.startsWith("/") && !returnTo.startsWith("//")) return returnTo;
  const massMarketOnly = hasAnyRole(user.roles, ["MassMarket"]) && !hasAnyRole(user.roles, ["Administrator", "SalesPerson", "wholesaler", "Retailer"]);
  return massMarketOnly ? "/MM/Dashboard" : "/Dashboard";
}
