import { z } from "zod";
import { ErrorResponses as Errors } from "../../../contract/common.ts";
import { BuyerParams, BuyerQuery, CustomerId, UserId } from "../../../contract/params.ts";
import { BlitzVoucher, ComboSpecial, FutureSpecial, InteractiveImage, OrderSummary, Product } from "../../../contract/store.ts";
import type { ApiRoutes } from "../../deps.ts";
import { checkedIds, type RouteAccess } from "../../plugins/access.ts";
import { loadBuyer } from "../buyers/index.ts";
import { orderSummaries, scopeOf } from "../orders/index.ts";
import { activeComboSpecials, blitzVoucher, DASHBOARD_IMAGE_KEY, futureSpecials, interactiveImage, RECENT_ORDERS, recommended, specials } from "./service.ts";

const tags = ["dashboard"];

const buyerInPath: RouteAccess = { ids: { userId: "params", customerId: "params", retailerId: "params" } };
/** `?userId=&customerId=&retailerId=` (omitted retailer: a Retailer user's own shop, else 0). */
const buyerInQuery: RouteAccess = { ids: { userId: "query", customerId: "query", retailerId: "query" } };

/** Dashboard calls of SPEC §7, plus the store's GetBlitzVoucher and Recommended (dashboard panels). */
export const dashboardRoutes: ApiRoutes = async (app, { db }) => {
  app.get(
    "/Dashboard/Specials/:userId/:customerId/:retailerId",
    {
      schema: { tags, summary: "Specials of the catalog current for the next open ship date", params: BuyerParams, response: { 200: z.array(Product), ...Errors } },
      config: { access: buyerInPath },
    },
    async (request) => specials(db, await loadBuyer(db, request.params.customerId, request.params.retailerId), request.params.userId),
  );

  app.get(
    "/Dashboard/FutureSpecials/:userId/:customerId/:retailerId",
    {
      schema: { tags, summary: "Specials of later catalogs", params: BuyerParams, response: { 200: z.array(FutureSpecial), ...Errors } },
      config: { access: buyerInPath },
    },
    async (request) => futureSpecials(db, await loadBuyer(db, request.params.customerId, request.params.retailerId), request.params.userId),
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
      config: { access: { ids: { customerId: "params", retailerId: "caller" }, anyRetailer: true } },
    },
    async (request) => orderSummaries(db, scopeOf(checkedIds(request)), RECENT_ORDERS),
  );

  app.get(
    "/Dashboard/InteractiveImg",
    {
      schema: { tags, summary: "The dashboard's picture with product hotspots", response: { 200: InteractiveImage, ...Errors } },
      config: { access: {} },
    },
    async () => interactiveImage(db, DASHBOARD_IMAGE_KEY),
  );

  app.get(
    "/Dashboard/ComboSpecials",
    {
      schema: { tags, summary: "Combo specials running today", querystring: BuyerQuery, response: { 200: z.array(ComboSpecial), ...Errors } },
      config: { access: buyerInQuery },
    },
    async () => activeComboSpecials(db),
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
      config: { access: buyerInQuery },
    },
    async (request) => {
      const { userId, customerId, retailerId } = checkedIds(request);
      return recommended(db, await loadBuyer(db, customerId!, retailerId!), userId!);
    },
  );

  app.get(
    "/Store/GetBlitzVoucher/:userId",
    {
      schema: { tags, summary: "The user's running, unredeemed blitz voucher, or null", params: z.object({ userId: UserId }), response: { 200: BlitzVoucher, ...Errors } },
      config: { access: { ids: { userId: "params" } } },
    },
    async (request) => blitzVoucher(db, request.params.userId),
  );
};
