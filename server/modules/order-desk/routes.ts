// HTTP of the order desk (staff) and of a buyer's own change/cancel; rules live in service.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ErrorResponse } from "../../../contract/common.ts";
import { CancelBody, ChangeLineBody, DeskOrder, DeskOrderList, DeskOrderQuery, LineParams, OrderNumberParams, PendingBody } from "../../../contract/order-desk.ts";
import type { Deps } from "../../app.ts";
import { requireAuth, requireRoles } from "../../plugins/guards.ts";
import { clientIp } from "../../plugins/session.ts";
import { orderScope } from "../orders/index.ts";
import { CustomerId, RetailerId, UserId } from "../store/params.ts";
import * as desk from "./service.ts";

const tags = ["order desk"];
const Errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const Changes = { 200: DeskOrder, ...Errors, 409: ErrorResponse };

/** Staff only, checked before anything is parsed: 401 signed out, 403 for any other role. */
async function staffOnly(request: FastifyRequest) {
  requireRoles(request, "Administrator", "SalesPerson");
}

/** A POST without a body means "no options": it is validated as {}. */
async function emptyBody(request: FastifyRequest) {
  if (request.body === undefined || request.body === null) request.body = {};
}

function staff(request: FastifyRequest): desk.Actor {
  const auth = requireRoles(request, "Administrator", "SalesPerson");
  return { userId: auth.user.id, originalUserId: auth.originalUserId, ip: clientIp(request) };
}

export const orderDeskRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config }) => {
  app.get(
    "/OrderDesk/Orders",
    { onRequest: staffOnly,
      schema: {
        tags,
        summary: "Wholesale orders by ship date, status and customer (up to 500), with the day's bunches per product when one ship date is asked for",
        querystring: DeskOrderQuery,
        response: { 200: DeskOrderList, ...Errors },
      },
    },
    async (request) => {
      staff(request);
      return desk.listDeskOrders(db, request.query);
    },
  );

  app.get(
    "/OrderDesk/Orders/:orderNumber",
    { onRequest: staffOnly, schema: { tags, summary: "One order with its lines and the actions open on it", params: OrderNumberParams, response: { 200: DeskOrder, ...Errors } } },
    async (request) => {
      staff(request);
      return desk.deskOrder(db, request.params.orderNumber);
    },
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Lines/:lineId/Confirm",
    { onRequest: staffOnly,
      preValidation: emptyBody,
      schema: {
        tags,
        summary: "Confirm a line's pending bunches (all, or `quantity`), taking stock; 409 when not that many are free",
        params: LineParams,
        body: PendingBody,
        response: Changes,
      },
    },
    async (request) => desk.confirmPending(db, config, staff(request), request.params.orderNumber, request.params.lineId, request.body.quantity),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Lines/:lineId/Decline",
    { onRequest: staffOnly, preValidation: emptyBody, schema: { tags, summary: "Decline a line's pending bunches (all, or `quantity`); the buyer is told", params: LineParams, body: PendingBody, response: Changes } },
    async (request) => desk.declinePending(db, config, staff(request), request.params.orderNumber, request.params.lineId, request.body.quantity),
  );

  app.put(
    "/OrderDesk/Orders/:orderNumber/Lines/:lineId",
    { onRequest: staffOnly, schema: { tags, summary: "Set a line's quantity in bunches (0 removes it)", params: LineParams, body: ChangeLineBody, response: Changes } },
    async (request) => desk.changeLine(db, config, staff(request), request.params.orderNumber, request.params.lineId, request.body.quantity),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Confirm",
    { onRequest: staffOnly, schema: { tags, summary: "submitted -> confirmed (no pending quantity may be left)", params: OrderNumberParams, response: Changes } },
    async (request) => desk.confirmOrder(db, config, staff(request), request.params.orderNumber),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Pack",
    { onRequest: staffOnly, schema: { tags, summary: "Mark a confirmed order packed", params: OrderNumberParams, response: Changes } },
    async (request) => desk.packOrder(db, config, staff(request), request.params.orderNumber),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Ship",
    { onRequest: staffOnly, schema: { tags, summary: "Ship a packed order: issues and mails its invoice (shipped -> invoiced)", params: OrderNumberParams, response: Changes } },
    async (request) => desk.shipOrder(db, config, staff(request), request.params.orderNumber),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Cancel",
    { onRequest: staffOnly, preValidation: emptyBody, schema: { tags, summary: "Cancel an order that is not packed yet, giving its stock back", params: OrderNumberParams, body: CancelBody, response: Changes } },
    async (request) => desk.cancelOrder(db, config, staff(request), request.params.orderNumber, request.body.reason),
  );

  // ---- the buyer's own order, until the ship date's cut-off ----

  const BuyerOrder = z.object({ userId: UserId, customerId: CustomerId, orderNumber: OrderNumberParams.shape.orderNumber });
  const RetailerQuery = z.object({ retailerId: RetailerId.optional() });

  async function buyer(request: FastifyRequest, p: { userId: string; customerId: string }, retailerId?: number) {
    const auth = requireAuth(request);
    const scope = await orderScope(db, request, p.userId, p.customerId, retailerId);
    const actor: desk.Actor = { userId: auth.user.id, originalUserId: auth.originalUserId, ip: clientIp(request) };
    return { actor, scope: { customerId: scope.customerId, retailerId: scope.retailerId } };
  }

  app.put(
    "/Orders/:userId/:customerId/:orderNumber/Lines/:lineId",
    {
      schema: {
        tags: ["orders"],
        summary: "Change a line of one's own order until the ship date's cut-off (0 removes it; lowering gives stock back)",
        params: BuyerOrder.extend({ lineId: LineParams.shape.lineId }),
        querystring: RetailerQuery,
        body: ChangeLineBody,
        response: Changes,
      },
    },
    async (request) => {
      const { actor, scope } = await buyer(request, request.params, request.query.retailerId);
      return desk.changeLine(db, config, actor, request.params.orderNumber, request.params.lineId, request.body.quantity, scope);
    },
  );

  app.post(
    "/Orders/:userId/:customerId/:orderNumber/Cancel",
    {
      schema: {
        tags: ["orders"],
        summary: "Cancel one's own order until the ship date's cut-off, giving its stock back",
        params: BuyerOrder,
        querystring: RetailerQuery,
        response: Changes,
      },
    },
    async (request) => {
      const { actor, scope } = await buyer(request, request.params, request.query.retailerId);
      return desk.cancelOrder(db, config, actor, request.params.orderNumber, undefined, scope);
    },
  );
};
