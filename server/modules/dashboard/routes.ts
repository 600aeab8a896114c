import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorResponse } from "../../../contract/common.ts";
import { BlitzVoucher, ComboSpecial, FutureSpecial, InteractiveImage, OrderSummary, Product } from "../../../contract/store.ts";
import type { Deps } from "../../deps.ts";
import { requireAuth } from "../../plugins/guards.ts";
import { orderScope } from "../orders/routes.ts";
import { orderSummaries } from "../orders/service.ts";
import { authorize, CustomerId, RetailerId, retailerFromQuery, UserId } from "../store/params.ts";
import { loadBuyer } from "../store/repo.ts";
import { activeComboSpecials, blitzVoucher, futureSpecials, interactiveImage, recommended, specials } from "./service.ts";

const tags = ["dashboard"];
const Errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const BuyerParams = z.object({ userId: UserId, customerId: CustomerId, retailerId: RetailerId });
const BuyerQuery = z.object({ userId: UserId, customerId: CustomerId, retailerId: RetailerId.optional() });
export const RECENT_ORDERS = 10;
export const DASHBOARD_IMAGE_KEY = "dashboard";

/** Dashboard calls of SPEC §7, plus the store's GetBlitzVoucher and Recommended (dashboard panels). */
export const dashboardRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    "/Dashboard/Specials/:userId/:customerId/:retailerId",
    {
      schema: { tags, summary: "Specials of the catalog current for the next open ship date", params: BuyerParams, response: { 200: z.array(Product), ...Errors } },
    },
    async (request) => {
      await authorize(db, request, request.params);
      return specials(db, await loadBuyer(db, request.params.customerId, request.params.retailerId), request.params.userId);
    },
  );

  app.get(
    "/Dashboard/FutureSpecials/:userId/:customerId/:retailerId",
    { schema: { tags, summary: "Specials of later catalogs", params: BuyerParams, response: { 200: z.array(FutureSpecial), ...Errors } } },
    async (request) => {
      await authorize(db, request, request.params);
      return futureSpecials(db, await loadBuyer(db, request.params.customerId, request.params.retailerId), request.params.userId);
    },
  );

  app.get(
    "/Dashboard/RecentOrders/:customerId",
    {
      schema: {
        tags,
        summary: "The customer's last 10 orders ({id} is the customerId; a Retailer user sees its own shop's)",
        params: z.object({ customerId: CustomerId }),
        response: { 200: z.array(OrderSummary), ...Errors },
      },
    },
    async (request) => orderSummaries(db, await orderScope(db, request, undefined, request.params.customerId), RECENT_ORDERS),
  );

  app.get(
    "/Dashboard/InteractiveImg",
    { schema: { tags, summary: "The dashboard's picture with product hotspots", response: { 200: InteractiveImage, ...Errors } } },
    async (request) => {
      requireAuth(request);
      return interactiveImage(db, DASHBOARD_IMAGE_KEY);
    },
  );

  app.get(
    "/Dashboard/ComboSpecials",
    { schema: { tags, summary: "Combo specials running today", querystring: BuyerQuery, response: { 200: z.array(ComboSpecial), ...Errors } } },
    async (request) => {
      const { userId, customerId } = request.query;
      const retailerId = retailerFromQuery(requireAuth(request), request.query.retailerId);
      await authorize(db, request, { userId, customerId, retailerId });
      return activeComboSpecials(db);
    },
  );

  app.get(
    "/Store/Recommended",
    {
      schema: {
        tags,
        summary: "Products this customer buys most that are available now, then specials of the same varieties",
        querystring: BuyerQuery,
        response: { 200: z.array(Product), ...Errors },
      },
    },
    async (request) => {
      const { userId, customerId } = request.query;
      const retailerId = retailerFromQuery(requireAuth(request), request.query.retailerId);
      await authorize(db, request, { userId, customerId, retailerId });
      return recommended(db, await loadBuyer(db, customerId, retailerId), userId);
    },
  );

  app.get(
    "/Store/GetBlitzVoucher/:userId",
    { schema: { tags, summary: "The user's running, unredeemed blitz voucher, or null", params: z.object({ userId: UserId }), response: { 200: BlitzVoucher, ...Errors } } },
    async (request) => {
      await authorize(db, request, { userId: request.params.userId });
      return blitzVoucher(db, request.params.userId);
    },
  );
};
