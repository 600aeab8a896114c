import { z } from "zod";
import { ErrorResponse, ErrorResponses as Errors } from "../../../contract/common.ts";
import {
  Cart,
  CartSaveBody,
  Catalog,
  EarliestDateResponse,
  Favourites,
  PlaceOrderBody,
  PlaceOrderResponse,
  Product,
  ProductIdParam,
  Profile,
  ReorderBody,
  ReorderResponse,
  ShipDateResponse,
  VoucherQuote,
  VoucherQuoteQuery,
} from "../../../contract/store.ts";
import { checkVoucher } from "./voucher.ts";
import { BuyerParams, CartParams, CustomerId, IsoDate, PositiveInt, RetailerId, RetailerQuery, UserId } from "../../../contract/params.ts";
import type { ApiRoutes } from "../../deps.ts";
import { checkedIds, type RouteAccess } from "../../plugins/access.ts";
import { loadBuyer as readBuyer, type Buyer } from "../buyers/index.ts";
import { cartAnswer, cartInMemory, removeHold, saveCart } from "./cart.ts";
import { placeOrder } from "./checkout.ts";
import { retailerShipDate } from "./dates.ts";
import { hotFor, jsonOf, sendAnswer, sendJson, TaggedCache, type Json, type MemoryRead } from "../../hot/index.ts";
import { favouritesOf, starProduct, unstarProduct } from "./favourites.ts";
import { reorder } from "./reorder.ts";
import { CALENDAR_TOPIC } from "../calendar/index.ts";
import { catalogProducts, catalogsOn, earliestReceiptDate, profileOf, type CatalogSource } from "./service.ts";

const tags = ["store"];
/** Calls naming a buyer in the path: `{userId}/{customerId}/{retailerId}`. */
const buyerInPath: RouteAccess = { ids: { userId: "params", customerId: "params", retailerId: "params" } };
/** Cart calls: `{userId}/{customerId}`, `?retailerId=` (omitted: a Retailer user's own shop, else 0). */
const cartOwner: RouteAccess = { ids: { userId: "params", customerId: "params", retailerId: "query" } };
/** The checked owner of a cart call, its retailer resolved. */
const ownerOf = (ids: ReturnType<typeof checkedIds>) => ({ userId: ids.userId!, customerId: ids.customerId!, retailerId: ids.retailerId! });
const StaleCart = ErrorResponse.extend({ data: Cart });

/** Wholesale store calls of SPEC §7; see docs/domain-store.md for the rules behind each. */
export const storeRoutes: ApiRoutes = async (app, { db, config }) => {
  // Hot reads answered from this instance's memory while the change feed is live (server/hot).
  const hot = hotFor(db);
  const answers = hot.answers();
  // The rows of the last few catalog answers shared by every cart holding nothing, for every discount
  // (under 1 KB a row: about 4 MB for 5,000 products).
  const sources = new TaggedCache<CatalogSource>(4);
  /** The JSON of each cart answer object (cartAnswer hands out the same object while it is in memory). */
  const cartJson = new WeakMap<object, Json<Cart>>();
  const buyers = hot.cache<Buyer>(20_000);
  const etags = hot.cache<string>(50_000);
  const carts = hot.cache<Cart>(20_000);
  app.addHook("onClose", () => hot.close());
  /** The buyer of a store call (404 for a missing customer or retailer), kept while accounts stay as they were. */
  const loadBuyer = async (database: typeof db, customerId: string, retailerId: number): Promise<Buyer> => {
    const key = `${customerId}|${retailerId}`;
    const known = buyers.get(key);
    if (known) return known;
    const fill = buyers.begin();
    const buyer = await readBuyer(database, customerId, retailerId);
    buyers.set(key, buyer, ["accounts", CALENDAR_TOPIC], fill);
    return buyer;
  };
  app.get(
    "/Store/Profile/:userId/:customerId/:retailerId",
    {
      schema: { tags, summary: "Ship times, pickup days and the dates the buyer may choose", params: BuyerParams, response: { 200: Profile, ...Errors } },
      config: { access: buyerInPath },
    },
    async (request) => profileOf(await loadBuyer(db, request.params.customerId, request.params.retailerId)),
  );

  app.get(
    "/Store/Retailer/EarlistDate/:userId/:customerId/:retailerId",
    {
      schema: { tags, summary: "A retailer's earliest pickup (receiving) date", params: BuyerParams, response: { 200: EarliestDateResponse, ...Errors } },
      config: { access: buyerInPath },
    },
    async (request) => ({ receiptDate: earliestReceiptDate(await loadBuyer(db, request.params.customerId, request.params.retailerId)) }),
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
      config: { access: buyerInPath },
    },
    async (request) => {
      const { date, customerId, retailerId } = request.params;
      return { shipDate: retailerShipDate(await loadBuyer(db, customerId, retailerId), date, new Date()) };
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
      config: { access: { ids: { userId: "params", customerId: "params" } } },
    },
    async (request) => catalogsOn(db, await loadBuyer(db, request.params.customerId, 0), request.params.date),
  );

  /**
   * Catalog/Products from memory, for the front door: the ETag catalogProducts keeps (under the key
   * it keeps it by, in service.ts) and its cached bytes. A key that does not match finds nothing: the app answers.
   */
  const productsFromMemory = ({ checked, params }: MemoryRead) => {
    const owner = ownerOf(checked!);
    const buyer = buyers.get(`${owner.customerId}|${owner.retailerId}`);
    if (!buyer) return undefined;
    const etag = etags.get(`${owner.userId}|${buyer.customerId}|${buyer.retailerId}|${buyer.discountPercent}|${String(params.catalogOrderId)}|${String(params.date)}`);
    return etag === undefined ? undefined : { etag, entry: answers.get(etag) };
  };
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
      config: { access: cartOwner, memoryAnswer: productsFromMemory, memoryQuery: true },
    },
    async (request, reply) => {
      const { userId, customerId, retailerId } = ownerOf(checkedIds(request));
      const { catalogOrderId, date } = request.params;
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
        etags,
        sources,
      );
      // A 5,000-product answer is 3 MB of JSON: send the cached serialised (and compressed) bytes
      // rather than validating, serialising and compressing it again for every buyer's request.
      return sendAnswer(reply, request, answers, result);
    },
  );

  /** The cart GET's JSON from memory (no query: no date hint, the caller's own retailer), for the front door. */
  const cartFromMemory = ({ checked }: MemoryRead) => {
    const owner = ownerOf(checked!);
    const buyer = buyers.get(`${owner.customerId}|${owner.retailerId}`);
    const cart = buyer && cartInMemory(owner, buyer, carts);
    return cart && cartJson.get(cart);
  };
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
      config: { access: cartOwner, memoryAnswer: cartFromMemory },
    },
    async (request, reply) => {
      const owner = ownerOf(checkedIds(request));
      const cart = await cartAnswer(db, owner, await loadBuyer(db, owner.customerId, owner.retailerId), request.query.shipdate, carts);
      // Serialised as the response schema would, once per answer object: a cart from memory is sent
      // again as the same bytes, without checking and stringifying it on every request.
      let json = cartJson.get(cart);
      if (json === undefined) {
        json = jsonOf(Cart, cart as Cart);
        cartJson.set(cart, json);
      }
      return sendJson(reply, json);
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
      config: { access: cartOwner },
    },
    async (request) => {
      const owner = ownerOf(checkedIds(request));
      return saveCart(db, config, owner, await loadBuyer(db, owner.customerId, owner.retailerId), request.body);
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
      config: { access: cartOwner },
    },
    async (request) => {
      const owner = ownerOf(checkedIds(request));
      return removeHold(db, owner, await loadBuyer(db, owner.customerId, owner.retailerId));
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
        body: PlaceOrderBody.nullish(),
        response: { 200: PlaceOrderResponse, ...Errors, 409: ErrorResponse },
      },
      config: { access: cartOwner },
    },
    async (request) => {
      const checked = checkedIds(request);
      const { auth } = checked;
      const owner = ownerOf(checked);
      return placeOrder(db, {
        owner,
        buyer: await loadBuyer(db, owner.customerId, owner.retailerId),
        userId: auth.user.id,
        salesUserId: auth.originalUserId,
        idempotencyKey: request.headers["idempotency-key"],
        voucherCode: request.body?.voucherCode ?? undefined,
        poNumber: request.body?.poNumber ?? null,
        deliveryNotes: request.body?.deliveryNotes ?? null,
        config,
      });
    },
  );

  // The voucher's terms before the order is placed (issue 29 §3): the same check as PlaceOrder makes
  // (a code refused says why at the field); nothing is written.
  app.get(
    "/Store/VoucherQuote/:userId/:customerId",
    {
      schema: { tags, summary: "Checks a voucher code for the cart's owner and answers its terms", params: CartParams, querystring: VoucherQuoteQuery, response: { 200: VoucherQuote, ...Errors } },
      config: { access: cartOwner },
    },
    async (request) => {
      const owner = ownerOf(checkedIds(request));
      const applied = await checkVoucher(db, { code: request.query.code, userId: checkedIds(request).auth.user.id, customerId: owner.customerId, now: new Date() });
      return { code: applied.code, percentOff: applied.voucher.percentOff, amountOffCents: applied.voucher.amountOffCents };
    },
  );

  // ---- favourites and reorder (issue 13): the cart's ownership rule, the account's favourites.
  const favouriteParams = CartParams.extend({ productId: ProductIdParam });
  app.get(
    "/Store/Favourites/:userId/:customerId",
    {
      schema: { tags, summary: "The products the buying account starred", params: CartParams, querystring: RetailerQuery, response: { 200: Favourites, ...Errors } },
      config: { access: cartOwner },
    },
    async (request) => {
      const { customerId, retailerId } = ownerOf(checkedIds(request));
      return favouritesOf(db, { customerId, retailerId });
    },
  );

  app.put(
    "/Store/Favourites/:userId/:customerId/:productId",
    {
      schema: { tags, summary: "Stars a product (again: no change)", params: favouriteParams, querystring: RetailerQuery, response: { 200: Favourites, ...Errors } },
      config: { access: cartOwner },
    },
    async (request) => {
      const { customerId, retailerId } = ownerOf(checkedIds(request));
      return starProduct(db, { customerId, retailerId }, request.params.productId);
    },
  );

  app.delete(
    "/Store/Favourites/:userId/:customerId/:productId",
    {
      schema: { tags, summary: "Unstars a product", params: favouriteParams, querystring: RetailerQuery, response: { 200: Favourites, ...Errors } },
      config: { access: cartOwner },
    },
    async (request) => {
      const { customerId, retailerId } = ownerOf(checkedIds(request));
      return unstarProduct(db, { customerId, retailerId }, request.params.productId);
    },
  );

  app.post(
    "/Store/Reorder/:userId/:customerId/:orderNumber",
    {
      schema: {
        tags,
        summary: "Adds a past order's lines to the cart for a date, at that date's prices; lists the lines it cannot take",
        description:
          "`date` is a ship date, or a retailer's pickup date. Offered lines go through the cart save (holds, pending, final products capped). A cart holding lines for another date answers 409 with the cart in `data`.",
        params: CartParams.extend({ orderNumber: PositiveInt }),
        querystring: RetailerQuery,
        body: ReorderBody,
        response: { 200: ReorderResponse, ...Errors, 409: StaleCart },
      },
      config: { access: cartOwner },
    },
    async (request) => {
      const owner = ownerOf(checkedIds(request));
      return reorder(db, config, owner, await loadBuyer(db, owner.customerId, owner.retailerId), request.params.orderNumber, request.body);
    },
  );
};
