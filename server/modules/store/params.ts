// Path and query pieces shared by the store, dashboard and orders routes, and the one ownership
// check they all make.
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { DigitsParam, IsoDate, RetailerIdParam } from "../../../contract/common.ts";
import type { Db } from "../../../db/client.ts";
import { INTEGER_ONLY_MESSAGE, REQUIRED_MESSAGE } from "../../../domain/constants.ts";
import { requireAuth } from "../../plugins/guards.ts";
import type { AuthContext } from "../../plugins/session.ts";
import { assertOwnership, hasRole, isStaff, retailerIdOf } from "../access/service.ts";

export const UserId = z.string().trim().min(1, REQUIRED_MESSAGE).max(100, "Maximum 100 characters");
export const CustomerId = z.string().trim().min(1, REQUIRED_MESSAGE).max(40, "Maximum 40 characters");
export const RetailerId = RetailerIdParam;
export const PositiveInt = DigitsParam(1, INTEGER_ONLY_MESSAGE);
export { IsoDate };

/** A Retailer user (not staff): acts only for its own shop. */
export const isRetailerUser = (auth: AuthContext) => hasRole(auth.user, "Retailer") && !isStaff(auth.user);

/**
 * The retailer an optional `retailerId` query means: the given one, else the caller's own shop
 * for a Retailer user, else 0 (the customer itself). Ownership is checked afterwards either way.
 */
export function retailerFromQuery(auth: AuthContext, given: number | undefined): number {
  if (given !== undefined) return given;
  return isRetailerUser(auth) ? (retailerIdOf(auth.user) ?? 0) : 0;
}

/** Signed in, and every id the call names belongs to the caller (403 otherwise). */
export async function authorize(
  db: Db,
  request: FastifyRequest,
  ids: { userId?: string; customerId?: string; retailerId?: number },
): Promise<AuthContext> {
  const auth = requireAuth(request);
  await assertOwnership(db, auth, ids);
  return auth;
}
