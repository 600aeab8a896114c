// HTTP of the order desk (staff) and of a buyer's own change/cancel; rules live in service.ts.
import type { FastifyRequest } from "fastify";
import { ErrorResponse, ErrorResponses as Errors } from "../../../contract/common.ts";
import {
  BulkBody,
  BulkResult,
  BuyerLineParams,
  BuyerOrderParams,
  CancelBody,
  ChangeLineBody,
  DeskOrder,
  DeskOrderList,
  DeskOrderQuery,
  LineParams,
  OrderNumberParams,
  PendingBody,
  ShipBody,
} from "../../../contract/order-desk.ts";
import { RetailerQuery } from "../../../contract/params.ts";
import { STAFF_ROLES } from "../../../domain/access.ts";
import type { ApiRoutes } from "../../deps.ts";
import { checkedIds, signedIn, type RouteAccess } from "../../plugins/access.ts";
import { clientIp } from "../../plugins/session.ts";
import { scopeOf } from "../orders/index.ts";
import * as desk from "./service.ts";

const tags = ["order desk"];
const Changes = { 200: DeskOrder, ...Errors, 409: ErrorResponse };
const staff: RouteAccess = { roles: STAFF_ROLES };
/** A buyer's own order: the ids are the caller's, and a Retailer user's its own shop's. */
const ownOrder: RouteAccess = { ids: { userId: "params", customerId: "params", retailerId: "query" }, anyRetailer: true };

/** A POST without a body means "no options": it is validated as {}. */
async function emptyBody(request: FastifyRequest) {
  if (request.body === undefined || request.body === null) request.body = {};
}

function actor(request: FastifyRequest): desk.Actor {
  const auth = signedIn(request);
  return { userId: auth.user.id, originalUserId: auth.originalUserId, ip: clientIp(request) };
}

export const orderDeskRoutes: ApiRoutes = async (app, { db, config }) => {
  app.get(
    "/OrderDesk/Orders",
    {
      schema: {
        tags,
        summary:
          "Orders of both stores by ship date, status, customer and store (up to 500), sorted by ship date and cut-off, with counts per ship date; view=today: the open orders of the next week (and overdue ones); the day's bunches per product when one ship date is asked for",
        querystring: DeskOrderQuery,
        response: { 200: DeskOrderList, ...Errors },
      },
      config: { access: staff },
    },
    async (request) => desk.listDeskOrders(db, request.query),
  );

  app.get(
    "/OrderDesk/Orders/:orderNumber",
    {
      schema: { tags, summary: "One order with its lines and the actions open on it", params: OrderNumberParams, response: { 200: DeskOrder, ...Errors } },
      config: { access: staff },
    },
    async (request) => desk.deskOrder(db, request.params.orderNumber),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Lines/:lineId/Confirm",
    {
      preValidation: emptyBody,
      schema: {
        tags,
        summary: "Confirm a line's pending bunches (all, or `quantity`), taking stock; 409 when not that many are free",
        params: LineParams,
        body: PendingBody,
        response: Changes,
      },
      config: { access: staff },
    },
    async (request) => desk.confirmPending(db, config, actor(request), request.params.orderNumber, request.params.lineId, request.body.quantity),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Lines/:lineId/Decline",
    {
      preValidation: emptyBody,
      schema: { tags, summary: "Decline a line's pending bunches (all, or `quantity`); the buyer is told", params: LineParams, body: PendingBody, response: Changes },
      config: { access: staff },
    },
    async (request) => desk.declinePending(db, config, actor(request), request.params.orderNumber, request.params.lineId, request.body.quantity),
  );

  app.put(
    "/OrderDesk/Orders/:orderNumber/Lines/:lineId",
    {
      schema: { tags, summary: "Set a line's quantity in bunches (0 removes it)", params: LineParams, body: ChangeLineBody, response: Changes },
      config: { access: staff },
    },
    async (request) => desk.changeLine(db, config, actor(request), request.params.orderNumber, request.params.lineId, request.body.quantity),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Confirm",
    {
      schema: { tags, summary: "submitted -> confirmed (no pending quantity may be left)", params: OrderNumberParams, response: Changes },
      config: { access: staff },
    },
    async (request) => desk.confirmOrder(db, config, actor(request), request.params.orderNumber),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Pack",
    { schema: { tags, summary: "Mark a confirmed order packed", params: OrderNumberParams, response: Changes }, config: { access: staff } },
    async (request) => desk.packOrder(db, config, actor(request), request.params.orderNumber),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Ship",
    {
      preValidation: emptyBody,
      schema: {
        tags,
        summary: "Ship a packed order: issues and mails its invoice (shipped -> invoiced); before the ship date a `reason` is required (400 without), and audited",
        params: OrderNumberParams,
        body: ShipBody,
        response: Changes,
      },
      config: { access: staff },
    },
    async (request) => desk.shipOrder(db, config, actor(request), request.params.orderNumber, request.body.reason),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Invoice",
    {
      schema: { tags, summary: "Issue and mail the invoice of a shipped order that has none (shipped -> invoiced)", params: OrderNumberParams, response: Changes },
      config: { access: staff },
    },
    async (request) => desk.invoiceOrder(db, config, actor(request), request.params.orderNumber),
  );

  app.post(
    "/OrderDesk/Bulk",
    {
      schema: {
        tags,
        summary: "Confirm or decline the pending quantities of several orders or lines at once (confirm also confirms the orders); all or nothing",
        body: BulkBody,
        response: { 200: BulkResult, ...Errors, 409: ErrorResponse },
      },
      config: { access: staff },
    },
    async (request) => desk.bulkChange(db, config, actor(request), request.body),
  );

  app.post(
    "/OrderDesk/Orders/:orderNumber/Cancel",
    {
      preValidation: emptyBody,
      schema: { tags, summary: "Cancel an order that is not packed yet, giving its stock back", params: OrderNumberParams, body: CancelBody, response: Changes },
      config: { access: staff },
    },
    async (request) => desk.cancelOrder(db, config, actor(request), request.params.orderNumber, request.body.reason),
  );

  // ---- the buyer's own order, until the ship date's cut-off ----

  app.put(
    "/Orders/:userId/:customerId/:orderNumber/Lines/:lineId",
    {
      schema: {
        tags: ["orders"],
        summary: "Change a line of one's own order until the ship date's cut-off (0 removes it; lowering gives stock back)",
        params: BuyerLineParams,
        querystring: RetailerQuery,
        body: ChangeLineBody,
        response: Changes,
      },
      config: { access: ownOrder },
    },
    async (request) => {
      const scope = scopeOf(checkedIds(request));
      return desk.changeLine(db, config, actor(request), request.params.orderNumber, request.params.lineId, request.body.quantity, scope);
    },
  );

  app.post(
    "/Orders/:userId/:customerId/:orderNumber/Cancel",
    {
      schema: {
        tags: ["orders"],
        summary: "Cancel one's own order until the ship date's cut-off, giving its stock back",
        params: BuyerOrderParams,
        querystring: RetailerQuery,
        response: Changes,
      },
      config: { access: ownOrder },
    },
    async (request) => desk.cancelOrder(db, config, actor(request), request.params.orderNumber, undefined, scopeOf(checkedIds(request))),
  );
};
