// Mass-market orders (SPEC §4 "MM cart", §7 MMOrder): the cart as saved becomes an order, and the
// order history and one order as the buyer reads them.
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { MmOrder, MmOrderResponse, MmOrderSummary } from "../../../contract/mm.ts";
import { isFeeLine, itemCount, mmCartTotal, pailTotal, recomputeFeeLines } from "../../../domain/mm-fees.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import type { Buyer } from "../buyers/index.ts";
import { refusedDate } from "../store/index.ts";
import { cartLinesOf, emptyCartSql, lockCartRow } from "../carts/index.ts";
import { insertOrder, orderByIdempotencyKey, type OrderLineInsert } from "../orders/index.ts";
import {
  allPackages,
  catalogLines,
  insertLabels,
  lockCatalogLines,
  orderOf,
  ordersOf,
  rememberBarcodes,
  takeStock,
  type LabelValues,
  type MmOwner,
  type OrderRow,
} from "./repo.ts";
import {
  cartView,
  CHOOSE_DATE_MESSAGE,
  EMPTY_CART_MESSAGE,
  firstCatalog,
  freeOf,
  linePriceCents,
  NO_CATALOG_MESSAGE,
  notOfferedMessage,
  soldOutMessage,
  STALE_CART_MESSAGE,
  toFeePackage,
} from "./service.ts";

export interface CreateOrderInput {
  owner: MmOwner;
  buyer: Buyer;
  /** The signed-in user (the impersonated one during impersonation). */
  userId: string;
  /** The staff member behind an impersonation: the only source of salesUserId. */
  salesUserId: string | null;
  idempotencyKey?: string;
  version?: number;
}

/** The user's mass-market order placed with this Idempotency-Key, if any. */
async function orderByKey(db: DbOrTx, userId: string, key: string): Promise<OrderRow | undefined> {
  return (await orderByIdempotencyKey(db, userId, key, "mm"))?.o;
}

async function orderAnswer(db: DbOrTx, o: OrderRow): Promise<MmOrderResponse> {
  const found = await orderOf(db, o.customerId, o.orderNumber);
  const count = itemCount((found?.lines ?? []).map(({ l }) => ({ quantity: l.quantity, category: l.category, description: l.description })));
  return { orderNumber: o.orderNumber, shipDate: o.shipDate, total: centsToDollars(o.totalCents), itemCount: count };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * CreateOrder: the cart as saved becomes an order, in one transaction. Lock the cart (this also
 * serialises two copies of one request), answer the first order again for a repeated
 * Idempotency-Key, re-check the ship date, lock the catalog lines, price every line and fee from the
 * database, take the stock under the invariant (ordered + other carts' holds <= available; a line
 * that cannot be had in full refuses the whole order, nothing written), remember the label data,
 * empty the cart.
 */
export async function createOrder(db: Db, input: CreateOrderInput, now = new Date()): Promise<MmOrderResponse> {
  const { owner, buyer, idempotencyKey: key } = input;
  if (key) {
    const first = await orderByKey(db, input.userId, key);
    if (first) return orderAnswer(db, first);
  }
  try {
    return await db.transaction(async (tx) => {
      const { cart } = await lockCartRow(tx, { ...owner, retailerId: 0 }, "mm", buyer.alwaysBoxed);
      if (key) {
        const first = await orderByKey(tx, input.userId, key);
        if (first) return orderAnswer(tx, first);
      }
      if (input.version !== undefined && input.version !== cart.version) throw conflict(STALE_CART_MESSAGE, await cartView(tx, cart));
      const stored = await cartLinesOf(tx, cart.id);
      if (!stored.length) throw badRequest(EMPTY_CART_MESSAGE);
      const shipDate = cart.shipDate;
      if (!shipDate) throw badRequest(CHOOSE_DATE_MESSAGE, { shipDate: "This field is required" });
      if (!isShipDateOpen(shipDate, buyer.shipTimes, now, buyer.closed)) throw refusedDate(buyer, "ship", shipDate, "shipDate");
      const catalog = await firstCatalog(tx, buyer, shipDate);
      if (!catalog) throw badRequest(NO_CATALOG_MESSAGE);
      const ids = stored.map((l) => l.productId);
      await lockCatalogLines(tx, catalog.id, ids);
      const live = new Map((await catalogLines(tx, catalog.id, cart.id, ids)).map((r) => [r.product.productId, r]));
      const boxed = buyer.alwaysBoxed || cart.boxed;

      const merchandise: (OrderLineInsert & { label: LabelValues | null })[] = [];
      const take = new Map<string, number>();
      for (const l of stored) {
        const r = live.get(l.productId);
        if (!r) throw badRequest(`${l.description}: ${notOfferedMessage(shipDate)} Please review your cart.`);
        const free = freeOf(r);
        if (l.quantity > free) throw conflict(soldOutMessage(r.product.description, free));
        const price = linePriceCents(r, boxed);
        take.set(l.productId, l.quantity);
        merchandise.push({
          orderId: 0,
          position: merchandise.length,
          productId: l.productId,
          offerOrderNumber: catalog.orderId,
          description: r.product.description,
          category: r.product.category,
          quantity: l.quantity,
          bunchPriceCents: price,
          quantityConfirmed: l.quantity,
          lineTotalCents: price * l.quantity,
          boxType: r.product.boxType,
          unitOfMeasure: r.product.unitOfMeasure,
          label: l.barcodeNumber || l.barcodeTop || l.barcodeLeft || l.barcodeBottom
            ? { barcodeNumber: l.barcodeNumber, barcodeTop: l.barcodeTop, barcodeLeft: l.barcodeLeft, barcodeBottom: l.barcodeBottom }
            : null,
        });
      }
      const packages = (await allPackages(tx)).map(toFeePackage);
      const fees = recomputeFeeLines(
        merchandise.map((m) => ({ productId: m.productId, description: m.description, category: m.category ?? "", quantity: m.quantity, priceCents: m.bunchPriceCents ?? 0, unitOfMeasure: m.unitOfMeasure ?? "", boxType: m.boxType ?? null })),
        packages,
        boxed,
      ).filter(isFeeLine);
      const lines = [
        ...merchandise,
        ...fees.map((f, i) => ({
          orderId: 0,
          position: merchandise.length + i,
          productId: f.productId,
          description: f.description,
          category: f.category,
          quantity: f.quantity,
          bunchPriceCents: f.priceCents,
          quantityConfirmed: f.quantity,
          lineTotalCents: f.priceCents * f.quantity,
          boxType: f.boxType,
          unitOfMeasure: f.unitOfMeasure ?? "Each",
          label: null,
        })),
      ];
      const totalCents = mmCartTotal(lines.map((l) => ({ quantity: l.quantity, priceCents: l.bunchPriceCents ?? 0 })));

      // The invariant, checked by the database: under our locks it always passes; if it ever does
      // not, the whole order rolls back rather than overselling.
      if ((await takeStock(tx, catalog.id, cart.id, take)) !== take.size) throw conflict("The stock changed while your order was being placed. Please try again.");

      // The order, its lines and the cart emptied in one statement; then the lines' labels.
      const order = await insertOrder(
        tx,
        {
          store: "mm",
          customerId: owner.customerId,
          userId: input.userId,
          retailerId: 0,
          salesUserId: input.salesUserId,
          shipDate,
          boxed,
          status: "submitted",
          subtotalCents: totalCents,
          totalCents,
          idempotencyKey: key ?? null,
        },
        lines.map(({ label: _label, ...l }) => l),
        emptyCartSql(cart.id),
      );
      await insertLabels(
        tx,
        lines.flatMap((l, i) => (l.label ? [{ orderLineId: order.lineIds[i]!, ...l.label }] : [])),
      );
      await rememberBarcodes(
        tx,
        stored.flatMap((l) =>
          l.barcodeNumber
            ? [{ customerId: owner.customerId, productId: l.productId, barcodeNumber: l.barcodeNumber, barcodeTop: l.barcodeTop, barcodeLeft: l.barcodeLeft, barcodeBottom: l.barcodeBottom }]
            : [],
        ),
      );
      return {
        orderNumber: order.orderNumber,
        shipDate,
        total: centsToDollars(totalCents),
        itemCount: itemCount(lines.map((l) => ({ quantity: l.quantity, category: l.category ?? "", description: l.description }))),
      };
    });
  } catch (err) {
    // Two copies that do not share a cart lock: the loser hits the unique index and answers the winner's order.
    if (key && isUniqueViolation(err)) {
      const first = await orderByKey(db, input.userId, key);
      if (first) return orderAnswer(db, first);
    }
    throw err;
  }
}

function toSummary(o: OrderRow, count: number): MmOrderSummary {
  return {
    orderNumber: o.orderNumber,
    customerId: o.customerId,
    shipDate: o.shipDate,
    placedAt: o.placedAt.toISOString(),
    status: o.status,
    boxed: o.boxed,
    itemCount: count,
    total: centsToDollars(o.totalCents),
  };
}

export async function orderSummaries(db: Db, customerId: string, limit: number): Promise<MmOrderSummary[]> {
  return (await ordersOf(db, customerId, limit)).map((r) => toSummary(r.o, r.itemCount));
}

export async function orderDetail(db: Db, customerId: string, orderNumber: number): Promise<MmOrder> {
  const found = await orderOf(db, customerId, orderNumber);
  // Another customer's order is indistinguishable from a missing one.
  if (!found) throw notFound(`Order ${orderNumber} was not found.`);
  const lines = found.lines.map(({ l, label: lb }) => ({
    productId: l.productId,
    description: l.description,
    category: l.category,
    quantity: l.quantity,
    price: centsToDollars(l.bunchPriceCents),
    lineTotal: centsToDollars(l.lineTotalCents),
    unitOfMeasure: l.unitOfMeasure,
    boxType: l.boxType,
    fee: isFeeLine(l),
    barcodeNumber: lb?.barcodeNumber ?? null,
    barcodeTop: lb?.barcodeTop ?? null,
    barcodeLeft: lb?.barcodeLeft ?? null,
    barcodeBottom: lb?.barcodeBottom ?? null,
  }));
  const counted = found.lines.map(({ l }) => ({ quantity: l.quantity, category: l.category, description: l.description }));
  return { ...toSummary(found.o, itemCount(counted)), lines, pailTotal: pailTotal(counted), salesUserId: found.o.salesUserId };
}
