import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ErrorResponse } from "../../../contract/common.ts";
import { Order, OrderSummary, ShipDateDetail } from "../../../contract/store.ts";
import type { Db } from "../../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { requireAuth } from "../../plugins/guards.ts";
import { retailerIdOf } from "../access/service.ts";
import { authorize, CustomerId, isRetailerUser, PositiveInt, RetailerId, UserId } from "../store/params.ts";
import { orderDetail, orderSummaries, shipDateDetail, type OrderScope } from "./service.ts";

const tags = ["orders"];
const Errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const OrderParams = z.object({ userId: UserId, customerId: CustomerId, orderNumber: PositiveInt });
const RetailerQuery = z.object({ retailerId: RetailerId.optional() });
export const ORDER_HISTORY_LIMIT = 500;

/**
 * Whose orders the caller sees: a Retailer user only its own shop's (whatever it asks); others the
 * whole customer's, or one retailer's when `retailerId` is given (0 = the customer's own orders).
 */
export async function orderScope(db: Db, request: FastifyRequest, userId: string | undefined, customerId: string, retailerId?: number): Promise<OrderScope> {
  const auth = requireAuth(request);
  const asked = retailerId ?? (isRetailerUser(auth) ? (retailerIdOf(auth.user) ?? 0) : undefined);
  await authorize(db, request, { userId, customerId, retailerId: asked });
  return { customerId, retailerId: isRetailerUser(auth) ? (retailerIdOf(auth.user) ?? -1) : asked };
}

/** Order history (my design; SPEC §2 /Orders pages). Only wholesale-store orders. */
export const orderRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
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
    },
    async (request) => {
      const { userId, customerId } = request.params;
      return orderSummaries(db, await orderScope(db, request, userId, customerId, request.query.retailerId), ORDER_HISTORY_LIMIT);
    },
  );

  app.get(
    "/Orders/:userId/:customerId/:orderNumber",
    { schema: { tags, summary: "One order with its lines", params: OrderParams, querystring: RetailerQuery, response: { 200: Order, ...Errors } } },
    async (request) => {
      const { userId, customerId, orderNumber } = request.params;
      return orderDetail(db, await orderScope(db, request, userId, customerId, request.query.retailerId), orderNumber);
    },
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
    },
    async (request) => {
      const { userId, customerId, orderNumber } = request.params;
      return shipDateDetail(db, await orderScope(db, request, userId, customerId, request.query.retailerId), orderNumber);
    },
  );
};
