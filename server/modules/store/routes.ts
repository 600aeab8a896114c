import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorResponse } from "../../../contract/common.ts";
import {
  Cart,
  CartSaveBody,
  Catalog,
  EarliestDateResponse,
  PlaceOrderResponse,
  Product,
  Profile,
  ShipDateResponse,
} from "../../../contract/store.ts";
import type { Deps } from "../../deps.ts";
import { requireAuth as requireAuthed } from "../../plugins/guards.ts";
import { getCart, removeHold, saveCart } from "./cart.ts";
import { placeOrder } from "./checkout.ts";
import { retailerShipDate } from "./dates.ts";
import { authorize, CustomerId, IsoDate, PositiveInt, RetailerId, retailerFromQuery, UserId } from "./params.ts";
import { loadBuyer } from "./repo.ts";
import { AnswerCache, negotiateEncoding } from "./answer-cache.ts";
import { catalogProducts, catalogsOn, earliestReceiptDate, profileOf } from "./service.ts";

const tags = ["store"];
const Errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse };
const BuyerParams = z.object({ userId: UserId, customerId: CustomerId, retailerId: RetailerId });
const CartParams = z.object({ userId: UserId, customerId: CustomerId });
const RetailerQuery = z.object({ retailerId: RetailerId.optional() });
const StaleCart = ErrorResponse.extend({ data: Cart });

/** Wholesale store calls of SPEC §7; see docs/domain-store.md for the rules behind each. */
export const storeRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config }) => {
  const answers = new AnswerCache();
  app.get(
    "/Store/Profile/:userId/:customerId/:retailerId",
    { schema: { tags, summary: "Ship times, pickup days and the dates the buyer may choose", params: BuyerParams, response: { 200: Profile, ...Errors } } },
    async (request) => {
      await authorize(db, request, request.params);
      return profileOf(await loadBuyer(db, request.params.customerId, request.params.retailerId));
    },
  );

  app.get(
    "/Store/Retailer/EarlistDate/:userId/:customerId/:retailerId",
    { schema: { tags, summary: "A retailer's earliest pickup (receiving) date", params: BuyerParams, response: { 200: EarliestDateResponse, ...Errors } } },
    async (request) => {
      await authorize(db, request, request.params);
      return { receiptDate: earliestReceiptDate(await loadBuyer(db, request.params.customerId, request.params.retailerId)) };
    },
  );

  app.get(
    "/Store/Retailer/Shipdate/:userId/:customerId/:retailerId/:date",
    {
      schema: {
        tags,
        summary: "The wholesaler's ship date serving a pickup date (null when none can)",
        params: BuyerParams.extend({ date: IsoDate }),
        response: { 200: ShipDateResponse, ...Errors },
      },
    },
    async (request) => {
      const { date, ...ids } = request.params;
      await authorize(db, request, ids);
      return { shipDate: retailerShipDate(await loadBuyer(db, ids.customerId, ids.retailerId), date, new Date()) };
    },
  );

  app.get(
    "/Store/Catalog/:customerId/:date/:userId",
    {
      schema: {
        tags,
        summary: "Catalogs covering a ship date for the customer, current first",
        params: z.object({ customerId: CustomerId, date: IsoDate, userId: UserId }),
        response: { 200: z.array(Catalog), ...Errors },
      },
    },
    async (request) => {
      const { customerId, date, userId } = request.params;
      await authorize(db, request, { userId, customerId });
      return catalogsOn(db, await loadBuyer(db, customerId, 0), date);
    },
  );

  app.get(
    "/Store/Catalog/Products/:userId/:customerId/:catalogOrderId/:date",
    {
      schema: {
        tags,
        summary: "Offer lines of a catalog with live availability; conditional with ETag / If-None-Match",
        params: z.object({ userId: UserId, customerId: CustomerId, catalogOrderId: PositiveInt, date: IsoDate }),
        querystring: RetailerQuery,
        response: { 200: z.array(Product), 304: z.null().describe("Not modified"), ...Errors },
      },
    },
    async (request, reply) => {
      const { userId, customerId, catalogOrderId, date } = request.params;
      const auth = requireAuthed(request);
      const retailerId = retailerFromQuery(auth, request.query.retailerId);
      await authorize(db, request, { userId, customerId, retailerId });
      const header = request.headers["if-none-match"];
      const result = await catalogProducts(
        db,
        {
          buyer: await loadBuyer(db, customerId, retailerId),
          userId,
          catalogOrderId,
          date,
          ifNoneMatch: Array.isArray(header) ? header.join(",") : header,
        },
        answers,
      );
      reply.header("etag", result.etag).header("cache-control", "private, no-cache").header("vary", "accept-encoding");
      if (result.notModified || !result.entry) return reply.code(304).send(null);
      // A 5,000-product answer is 3 MB of JSON: send the cached serialised (and compressed) bytes
      // rather than validating, serialising and compressing it again for every buyer's request.
      const encoding = negotiateEncoding(request.headers["accept-encoding"]);
      if (encoding !== "identity") reply.header("content-encoding", encoding);
      // Strings and buffers bypass the response serializer; the JSON was built from Product values.
      const body = (await answers.body(result.entry, encoding)) as unknown as Product[];
      return reply.type("application/json; charset=utf-8").send(body);
    },
  );

  app.get(
    "/Store/Cart/:userId/:customerId",
    {
      schema: {
        tags,
        summary: "The buyer's cart (created empty on first use)",
        params: CartParams,
        querystring: z.object({ shipdate: IsoDate.optional(), retailerId: RetailerId.optional() }),
        response: { 200: Cart, ...Errors },
      },
    },
    async (request) => {
      const { userId, customerId } = request.params;
      const retailerId = retailerFromQuery(requireAuthed(request), request.query.retailerId);
      await authorize(db, request, { userId, customerId, retailerId });
      const buyer = await loadBuyer(db, customerId, retailerId);
      return getCart(db, { userId, customerId, retailerId }, buyer, request.query.shipdate);
    },
  );

  app.post(
    "/Store/Cart/Save/:userId/:customerId",
    {
      schema: {
        tags,
        summary: "Saves the whole cart: holds what is free, the rest pending; prices from the server",
        description:
          "Only items[].productId/quantity, shipDate, receivingDate, boxed and version are read; any other field is ignored. A stale version answers 409 with the current cart in `data`.",
        params: CartParams,
        querystring: RetailerQuery,
        body: CartSaveBody,
        response: { 200: Cart, ...Errors, 409: StaleCart },
      },
    },
    async (request) => {
      const { userId, customerId } = request.params;
      const retailerId = retailerFromQuery(requireAuthed(request), request.query.retailerId);
      await authorize(db, request, { userId, customerId, retailerId });
      const buyer = await loadBuyer(db, customerId, retailerId);
      return saveCart(db, config, { userId, customerId, retailerId }, buyer, request.body);
    },
  );

  app.put(
    "/Store/Cart/RemoveHold/:userId/:customerId",
    {
      schema: {
        tags,
        summary: "Releases the cart's holds now; its lines stay as pending requests",
        params: CartParams,
        querystring: RetailerQuery,
        response: { 200: Cart, ...Errors },
      },
    },
    async (request) => {
      const { userId, customerId } = request.params;
      const retailerId = retailerFromQuery(requireAuthed(request), request.query.retailerId);
      await authorize(db, request, { userId, customerId, retailerId });
      return removeHold(db, { userId, customerId, retailerId }, await loadBuyer(db, customerId, retailerId));
    },
  );

  app.post(
    "/Store/PlaceOrder/:userId/:customerId",
    {
      schema: {
        tags,
        summary: "Places the cart as an order (idempotent with the Idempotency-Key header)",
        description:
          "salesUserId is recorded from the session only (the staff member behind an impersonation); the query value is accepted for compatibility and never trusted.",
        params: CartParams,
        querystring: z.object({ retailerId: RetailerId.optional(), salesUserId: z.string().max(100).optional() }),
        headers: z.looseObject({
          "idempotency-key": z.string().trim().min(1, "This field is required").max(200, "Maximum 200 characters").optional(),
        }),
        response: { 200: PlaceOrderResponse, ...Errors, 409: ErrorResponse },
      },
    },
    async (request) => {
      const { userId, customerId } = request.params;
      const auth = requireAuthed(request);
      const retailerId = retailerFromQuery(auth, request.query.retailerId);
      await authorize(db, request, { userId, customerId, retailerId });
      return placeOrder(db, {
        owner: { userId, customerId, retailerId },
        buyer: await loadBuyer(db, customerId, retailerId),
        userId: auth.user.id,
        salesUserId: auth.originalUserId,
        idempotencyKey: request.headers["idempotency-key"],
      });
    },
  );
};
