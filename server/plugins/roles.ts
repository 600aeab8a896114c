// Who the signed-in user is, in the terms the server's rules use. One role check for the whole
// project: domain/access.ts's hasAnyRole over its ROLES list (case-insensitive, as SPEC §5 asks).
import { hasAnyRole, STAFF_ROLES, type Role } from "../../domain/access.ts";
import type { AuthContext, SessionUser } from "./auth-context.ts";

const lower = (s: string) => s.toLowerCase();

export const hasRole = (user: Pick<SessionUser, "roles">, ...roles: readonly Role[]) => roles.length > 0 && hasAnyRole(user.roles, roles);
export const isStaff = (user: Pick<SessionUser, "roles">) => hasAnyRole(user.roles, STAFF_ROLES);

export const claimValues = (user: Pick<SessionUser, "claims">, claim: string) =>
  user.claims.filter((c) => lower(c.claim) === lower(claim)).map((c) => c.value);

/** The shop of a Retailer user (its RetailerId claim), or null. */
export function retailerIdOf(user: Pick<SessionUser, "claims">): number | null {
  const v = claimValues(user, "retailerid")[0];
  const n = v === undefined ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** A Retailer user (not staff): acts only for its own shop. */
export const isRetailerUser = (auth: AuthContext) => hasRole(auth.user, "Retailer") && !isStaff(auth.user);
