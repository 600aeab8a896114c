import { z } from "zod";
import { ErrorResponses as Errors } from "../../../contract/common.ts";
import { CustomerId, PositiveInt, RetailerQuery, UserId } from "../../../contract/params.ts";
import { Order, OrderSummary, ShipDateDetail } from "../../../contract/store.ts";
import type { ApiRoutes } from "../../deps.ts";
import { checkedIds, type RouteAccess } from "../../plugins/access.ts";
import { orderDetail, orderSummaries, scopeOf, shipDateDetail } from "./service.ts";

const tags = ["orders"];
const OrderParams = z.object({ userId: UserId, customerId: CustomerId, orderNumber: PositiveInt });
export const ORDER_HISTORY_LIMIT = 500;

/**
 * Whose orders the caller sees: a Retailer user only its own shop's (whatever it asks); others the
 * whole customer's, or one retailer's when `retailerId` is given (0 = the customer's own orders).
 */
const ordersOf: RouteAccess = { ids: { userId: "params", customerId: "params", retailerId: "query" }, anyRetailer: true };

/** Order history (my design; SPEC §2 /Orders pages). Only wholesale-store orders. */
export const orderRoutes: ApiRoutes = async (app, { db }) => {
  app.get(
    "/Orders/:userId/:customerId",
    {
      schema: {
        tags,
        summary: "The customer's orders, newest first (a Retailer user: its own shop's only)",
        params: z.object({ userId: UserId, customerId: CustomerId }),
        querystring: RetailerQuery,
        response: { 200: z.array(OrderSummary), ...Errors },
      },
      config: { access: ordersOf },
    },
    async (request) => orderSummaries(db, scopeOf(checkedIds(request)), ORDER_HISTORY_LIMIT),
  );

  app.get(
    "/Orders/:userId/:customerId/:orderNumber",
    {
      schema: { tags, summary: "One order with its lines", params: OrderParams, querystring: RetailerQuery, response: { 200: Order, ...Errors } },
      config: { access: ordersOf },
    },
    async (request) => orderDetail(db, scopeOf(checkedIds(request)), request.params.orderNumber),
  );

  app.get(
    "/Orders/:userId/:customerId/:orderNumber/ShipDateDetail",
    {
      schema: {
        tags,
        summary: "Every line the customer has on that order's ship date, across its orders",
        params: OrderParams,
        querystring: RetailerQuery,
        response: { 200: ShipDateDetail, ...Errors },
      },
      config: { access: ordersOf },
    },
    async (request) => shipDateDetail(db, scopeOf(checkedIds(request)), request.params.orderNumber),
  );
};
