// Path and query pieces the /api routes name (store, dashboard, orders, and the modules to come):
// the server validates them, and the client may use them to check an id before it builds a URL.
import { z } from "zod";
import { INTEGER_ONLY_MESSAGE, REQUIRED_MESSAGE } from "../domain/constants.ts";
import { IsoDate, RetailerIdParam } from "./common.ts";

const INT4_MAX = 2_147_483_647;

export const UserId = z.string().trim().min(1, REQUIRED_MESSAGE).max(100, "Maximum 100 characters");
export const CustomerId = z.string().trim().min(1, REQUIRED_MESSAGE).max(40, "Maximum 40 characters");
export const RetailerId = RetailerIdParam.max(INT4_MAX, INTEGER_ONLY_MESSAGE);
export const PositiveInt = z.coerce
  .number({ error: INTEGER_ONLY_MESSAGE })
  .int(INTEGER_ONLY_MESSAGE)
  .min(1, INTEGER_ONLY_MESSAGE)
  .max(INT4_MAX, INTEGER_ONLY_MESSAGE);
export { IsoDate };

/** The ids of a buyer's calls: `{userId}/{customerId}/{retailerId}`. */
export const BuyerParams = z.object({ userId: UserId, customerId: CustomerId, retailerId: RetailerId });
/** The ids of a cart's calls: `{userId}/{customerId}`, the retailer in the query. */
export const CartParams = z.object({ userId: UserId, customerId: CustomerId });
/** `?retailerId=`: omitted, the caller's own shop for a Retailer user (see server/plugins/guard.ts). */
export const RetailerQuery = z.object({ retailerId: RetailerId.optional() });
/** The ids as a query string (dashboard panels). */
export const BuyerQuery = z.object({ userId: UserId, customerId: CustomerId, retailerId: RetailerId.optional() });
