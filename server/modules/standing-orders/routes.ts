import { z } from "zod";
import { Ok, ErrorResponses as Errors } from "../../../contract/common.ts";
import { CartParams, RetailerQuery } from "../../../contract/params.ts";
import { StandingOrder, StandingOrderBody, StandingOrderParams } from "../../../contract/standing-orders.ts";
import type { ApiRoutes } from "../../deps.ts";
import { checkedIds, type RouteAccess } from "../../plugins/access.ts";
import { createStandingOrder, deleteStandingOrder, listStandingOrders, updateStandingOrder } from "./service.ts";

const tags = ["standing orders"];
/** Like the cart: `{userId}/{customerId}`, `?retailerId=` (omitted: a Retailer user's own shop, else 0). */
const owner: RouteAccess = { ids: { userId: "params", customerId: "params", retailerId: "query" } };
const ownerOf = (request: Parameters<typeof checkedIds>[0]) => {
  const ids = checkedIds(request);
  return { userId: ids.userId!, customerId: ids.customerId!, retailerId: ids.retailerId! };
};
/** The impersonator when the session acts for the buyer: who set the standing order up. */
const setBy = (request: Parameters<typeof checkedIds>[0]) => checkedIds(request).auth.originalUserId;

/** A buyer's weekly templates (docs/domain-orders.md "Standing orders"). */
export const standingOrderRoutes: ApiRoutes = async (app, { db, config }) => {
  app.get(
    "/StandingOrders/:userId/:customerId",
    {
      schema: { tags, summary: "The buyer's standing orders", params: CartParams, querystring: RetailerQuery, response: { 200: z.array(StandingOrder), ...Errors } },
      config: { access: owner },
    },
    async (request) => listStandingOrders(db, ownerOf(request)),
  );

  app.post(
    "/StandingOrders/:userId/:customerId",
    {
      schema: {
        tags,
        summary: "Creates a standing order and schedules its next run",
        params: CartParams,
        querystring: RetailerQuery,
        body: StandingOrderBody,
        response: { 200: StandingOrder, ...Errors },
      },
      config: { access: owner },
    },
    async (request) => createStandingOrder(db, config, ownerOf(request), request.body, setBy(request)),
  );

  app.put(
    "/StandingOrders/:userId/:customerId/:id",
    {
      schema: {
        tags,
        summary: "Changes (or pauses, or resumes) a standing order; its next run is scheduled anew",
        params: StandingOrderParams,
        querystring: RetailerQuery,
        body: StandingOrderBody,
        response: { 200: StandingOrder, ...Errors },
      },
      config: { access: owner },
    },
    async (request) => updateStandingOrder(db, config, ownerOf(request), request.params.id, request.body, setBy(request)),
  );

  app.delete(
    "/StandingOrders/:userId/:customerId/:id",
    {
      schema: { tags, summary: "Deletes a standing order", params: StandingOrderParams, querystring: RetailerQuery, response: { 200: Ok, ...Errors } },
      config: { access: owner },
    },
    async (request) => {
      await deleteStandingOrder(db, ownerOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
