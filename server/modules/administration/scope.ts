// Who administers what: staff all customers, a wholesaler its own; impersonation as the caller's roles allow.
import type { Db } from "../../../db/client.ts";
import { canImpersonate, STAFF_ROLES } from "../../../domain/access.ts";
import { forbidden } from "../../errors.ts";
import type { AuthContext, SessionUser } from "../../plugins/session.ts";
import { hasRole, isStaff } from "../../plugins/roles.ts";
import { ownCustomers } from "../buyers/index.ts";

export const STAFF: readonly string[] = STAFF_ROLES;
export const actAs = (auth: AuthContext, roles: string[]) => canImpersonate(auth.user.roles, roles, !!auth.originalUserId);

/** The customers whose retailers and users a caller administers: null = all (staff). */
export async function customerScope(db: Db, user: SessionUser): Promise<string[] | null> {
  if (isStaff(user)) return null;
  if (!hasRole(user, "wholesaler")) throw forbidden();
  return (await ownCustomers(db, user)).map((c) => c.customerID);
}

export function requireStaff(auth: AuthContext) {
  if (!isStaff(auth.user)) throw forbidden();
}
