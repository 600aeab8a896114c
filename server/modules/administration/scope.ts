// Who administers what: staff all customers, a wholesaler its own; impersonation as the caller's roles allow.
import { canImpersonate, STAFF_ROLES } from "../../../domain/access.ts";
import { forbidden } from "../../errors.ts";
import type { AuthContext } from "../../plugins/session.ts";
import { isStaff } from "../../plugins/roles.ts";

export const STAFF: readonly string[] = STAFF_ROLES;
export const actAs = (auth: AuthContext, roles: string[]) => canImpersonate(auth.user.roles, roles, !!auth.originalUserId);

/** The one "staff, or your own customers" scope lives in the buyers module. */
export { customerScope } from "../buyers/index.ts";

export function requireStaff(auth: AuthContext) {
  if (!isStaff(auth.user)) throw forbidden();
}
