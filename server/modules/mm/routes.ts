import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ErrorResponse, ErrorResponses as Errors } from "../../../contract/common.ts";
import {
  MmCart,
  MmCartSaveBody,
  MmCatalog,
  MmCreateOrderBody,
  MmOrder,
  MmOrderResponse,
  MmOrderSummary,
  MmPackage,
  MmProduct,
  MmProfile,
  MmReorderBody,
  MmReorderResponse,
  ShipDateTime,
} from "../../../contract/mm.ts";
import { InteractiveImage } from "../../../contract/store.ts";
import { CustomerId, PositiveInt, RetailerId, UserId } from "../../../contract/params.ts";
import type { ApiRoutes } from "../../deps.ts";
import { checkedIds, type RouteAccess } from "../../plugins/access.ts";
import { isStaff } from "../../plugins/roles.ts";
import { loadBuyer } from "../buyers/index.ts";
import { interactiveImage } from "../dashboard/index.ts";
import { hotFor, sendAnswer, type MemoryRead } from "../../hot/index.ts";
import { createOrder, orderDetail, orderSummaries } from "./checkout.ts";
import { labelsPdf } from "./labels.ts";
import { reorder } from "./reorder.ts";
import {
  assertMassMarket,
  catalogsOn,
  getCart,
  ORDER_HISTORY_LIMIT,
  packagesList,
  productsOf,
  profileOf,
  RECENT_ORDERS,
  saveCart,
  specials,
} from "./service.ts";

const tags = ["mm"];
export const MM_IMAGE_KEY = "mm";

/** SPEC §7: query values that are empty are left out; an empty one here counts as absent. */
const absentIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const required = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);

const CustomerQuery = z.object({ customerId: required(CustomerId), userId: absentIfEmpty(UserId) });
/** `?customerId&userId`: the customer must be the caller's, a userId given the caller itself. */
const customerInQuery: RouteAccess = { ids: { userId: "query", customerId: "query" } };

/**
 * Mass-market store calls of SPEC §7 (MMStore, MMOrder, MMDashboard), plus the order history, one
 * order and its shelf labels (my design, same query style). A missing userId means the signed-in
 * user; every id given is checked (DOMAIN "Accounts and who may see what"), and the customer must be
 * a mass-market customer.
 */
export const mmRoutes: ApiRoutes = async (app, { db, config }) => {
  /** The checked caller and ids (server/plugins/guard.ts), and a mass-market buyer for them. */
  async function buyerFor(request: FastifyRequest) {
    const checked = checkedIds(request);
    const buyer = await loadBuyer(db, checked.customerId!, 0);
    assertMassMarket(buyer);
    return { auth: checked.auth, buyer, owner: { userId: checked.auth.user.id, customerId: checked.customerId! } };
  }

  app.get(
    "/MMDashboard/Specials/:userId/:customerId/:retailerId",
    {
      schema: {
        tags,
        summary: "Bouquets of the next ship date's catalog priced below their list price",
        params: z.object({ userId: UserId, customerId: CustomerId, retailerId: RetailerId }),
        response: { 200: z.array(MmProduct), ...Errors },
      },
      config: { access: { ids: { userId: "params", customerId: "params", retailerId: "params" } } },
    },
    async (request) => {
      const { buyer } = await buyerFor(request);
      return specials(db, buyer);
    },
  );

  app.get(
    "/MMDashboard/Orders/:customerId",
    {
      schema: {
        tags,
        summary: "The customer's last 10 mass-market orders ({id} is the customerId)",
        params: z.object({ customerId: CustomerId }),
        response: { 200: z.array(MmOrderSummary), ...Errors },
      },
      config: { access: { ids: { customerId: "params" } } },
    },
    async (request) => {
      await buyerFor(request);
      return orderSummaries(db, request.params.customerId, RECENT_ORDERS);
    },
  );

  app.get(
    "/MMDashboard/InteractiveImage",
    { schema: { tags, summary: "The mass-market dashboard's picture with product hotspots", response: { 200: InteractiveImage, ...Errors } }, config: { access: {} } },
    async () => interactiveImage(db, MM_IMAGE_KEY),
  );

  app.get(
    "/MMStore/MMProfile",
    { schema: { tags, summary: "Ship times, always-boxed and the ship dates the customer may choose", querystring: CustomerQuery, response: { 200: MmProfile, ...Errors } }, config: { access: customerInQuery } },
    async (request) => profileOf((await buyerFor(request)).buyer),
  );

  app.get(
    "/MMStore/Packages",
    {
      schema: {
        tags,
        summary: "Box types and the pail fee package (RFLP1)",
        // userId as every other mass-market call takes it (checked when given); an unknown key is a 400.
        querystring: z.object({ customerId: required(CustomerId), userId: absentIfEmpty(UserId), shipDateTime: absentIfEmpty(ShipDateTime), retailerId: absentIfEmpty(RetailerId) }),
        response: { 200: z.array(MmPackage), ...Errors },
      },
      config: { access: { ids: { userId: "query", customerId: "query", retailerId: "query" } } },
    },
    async (request) => {
      await buyerFor(request);
      return packagesList(db);
    },
  );

  app.get(
    "/MMStore/Cart",
    { schema: { tags, summary: "The mass-market cart (created empty on first use), priced now, with its fee lines", querystring: CustomerQuery, response: { 200: MmCart, ...Errors } }, config: { access: customerInQuery } },
    async (request) => {
      const { buyer, owner } = await buyerFor(request);
      return getCart(db, owner, buyer);
    },
  );

  app.post(
    "/MMStore/SaveCart",
    {
      schema: {
        tags,
        summary: "Saves the whole cart: holds the bouquets, prices lines, fees and totals from the server",
        description:
          "Only shipDate, boxed, version and items[].productId/quantity/barcode fields are read; prices, fee lines ('boxes', 'pails') and totals sent are ignored and recomputed. A quantity above what remains is cut to it ('You can only order up to the quantity remaining today'). A stale version answers 409 with the current cart in `data`.",
        querystring: CustomerQuery,
        body: MmCartSaveBody,
        response: { 200: MmCart, ...Errors, 409: ErrorResponse.extend({ data: MmCart }) },
      },
      config: { access: customerInQuery },
    },
    async (request) => {
      const { buyer, owner } = await buyerFor(request);
      return saveCart(db, config.holdMs, owner, buyer, request.body);
    },
  );

  app.get(
    "/MMStore/Catalogs",
    {
      schema: {
        tags,
        summary: "Mass-market catalogs covering the ship date for the customer, current first",
        querystring: CustomerQuery.extend({ shipDateTime: required(ShipDateTime) }),
        response: { 200: z.array(MmCatalog), ...Errors },
      },
      config: { access: customerInQuery },
    },
    async (request) => {
      const { buyer } = await buyerFor(request);
      return catalogsOn(db, buyer, request.query.shipDateTime);
    },
  );

  // The Products answers by ETag, and the ETags from this instance's memory while the change feed is live (server/hot).
  const hot = hotFor(db);
  const answers = hot.answers();
  const etags = hot.cache<string>(50_000);
  app.addHook("onClose", () => hot.close());
  /**
   * Products from memory, for the front door: the ETag productsOf keeps (under the key it keeps it
   * by, in service.ts) and its cached bytes. A key that does not match finds nothing: the app answers.
   */
  const productsFromMemory = ({ checked, query }: MemoryRead) => {
    const etag = etags.get(`${checked!.auth.user.id}|${checked!.customerId!}|${String(query.shipDateTime)}|${String(query.catalog)}`);
    return etag === undefined ? undefined : { etag, entry: answers.get(etag) };
  };
  app.get(
    "/MMStore/Products",
    {
      schema: {
        tags,
        summary: "The bouquets of a catalog (the first catalog's orderId) with what the buyer can still have; conditional with ETag / If-None-Match",
        querystring: CustomerQuery.extend({ shipDateTime: required(ShipDateTime), catalog: required(PositiveInt) }),
        response: { 200: z.array(MmProduct), 304: z.null().describe("Not modified"), ...Errors },
      },
      config: { access: customerInQuery, memoryAnswer: productsFromMemory, memoryQuery: true },
    },
    async (request, reply) => {
      // The hot path: the ids were checked by the guard; the customer's kind, catalog, cart and
      // fingerprint come in one statement (productsOf) rather than through buyerFor.
      const checked = checkedIds(request);
      const owner = { userId: checked.auth.user.id, customerId: checked.customerId! };
      const header = request.headers["if-none-match"];
      const result = await productsOf(db, owner, request.query.shipDateTime, request.query.catalog, {
        ifNoneMatch: Array.isArray(header) ? header.join(",") : header,
        cache: answers,
        tags: etags,
      });
      // The serialised (and compressed) answer is cached by ETag: sent as bytes, not serialised again.
      return sendAnswer(reply, request, answers, result);
    },
  );

  app.post(
    "/MMOrder/CreateOrder",
    {
      schema: {
        tags,
        summary: "Places the saved cart as an order (idempotent with the Idempotency-Key header)",
        description:
          "The body is the cart; only its version is read (409 when it is stale). Prices, fees and totals come from the database. salesUserId is the staff member behind an impersonation, or the staff member acting for the customer.",
        querystring: CustomerQuery,
        body: MmCreateOrderBody,
        headers: z.looseObject({
          "idempotency-key": z.string().trim().min(1, "This field is required").max(200, "Maximum 200 characters").optional(),
        }),
        response: { 200: MmOrderResponse, ...Errors, 409: ErrorResponse },
      },
      config: { access: customerInQuery },
    },
    async (request) => {
      const { auth, buyer, owner } = await buyerFor(request);
      return createOrder(db, {
        owner,
        buyer,
        userId: auth.user.id,
        salesUserId: auth.originalUserId ?? (isStaff(auth.user) ? auth.user.id : null),
        idempotencyKey: request.headers["idempotency-key"],
        version: request.body.version,
      });
    },
  );

  app.get(
    "/MMOrder/Orders",
    { schema: { tags, summary: "The customer's mass-market orders, newest first", querystring: CustomerQuery, response: { 200: z.array(MmOrderSummary), ...Errors } }, config: { access: customerInQuery } },
    async (request) => {
      await buyerFor(request);
      return orderSummaries(db, request.query.customerId, ORDER_HISTORY_LIMIT);
    },
  );

  app.post(
    "/MMOrder/Reorder",
    {
      schema: {
        tags,
        summary: "Puts a past order's bouquets (with their shelf labels and boxed choice) into the cart at today's prices and availability",
        description:
          "Adds to what the cart holds, on its ship date (an empty cart takes the first open date with a catalog, and the order's boxed choice). Saved as SaveCart saves: held, priced and cut to what remains. `notAdded` lists each bouquet not added in full and why.",
        querystring: CustomerQuery,
        body: MmReorderBody,
        response: { 200: MmReorderResponse, ...Errors, 409: ErrorResponse },
      },
      config: { access: customerInQuery },
    },
    async (request) => {
      const { buyer, owner } = await buyerFor(request);
      return reorder(db, config.holdMs, owner, buyer, request.body.orderNumber);
    },
  );

  const OrderQuery = CustomerQuery.extend({ orderNumber: required(PositiveInt) });
  app.get(
    "/MMOrder/Order",
    { schema: { tags, summary: "One mass-market order with its fee lines and label data", querystring: OrderQuery, response: { 200: MmOrder, ...Errors } }, config: { access: customerInQuery } },
    async (request) => {
      await buyerFor(request);
      return orderDetail(db, request.query.customerId, request.query.orderNumber);
    },
  );

  app.get(
    "/MMOrder/Labels",
    {
      schema: {
        tags,
        summary: "The order's shelf labels as a PDF, the UPC / EAN drawn as a barcode",
        querystring: OrderQuery,
        produces: ["application/pdf"],
        response: { 200: z.any().describe("application/pdf"), ...Errors, 429: ErrorResponse },
      },
      config: { access: customerInQuery },
    },
    async (request, reply) => {
      await buyerFor(request);
      const order = await orderDetail(db, request.query.customerId, request.query.orderNumber);
      const pdf = await labelsPdf(order, { name: config.brandName, address: config.growerAddress });
      return reply
        .type("application/pdf")
        .header("content-disposition", `inline; filename="labels-${order.orderNumber}.pdf"`)
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
};
