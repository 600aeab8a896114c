// Order history of the wholesale store: summaries, one order, one ship date's lines.
import type { Db } from "../../../db/client.ts";
import type { Order, OrderSummary, ShipDateDetail } from "../../../contract/store.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { notFound } from "../../errors.ts";
import * as repo from "./repo.ts";
import type { OrderScope } from "./repo.ts";

export type { OrderScope };

type OrderRow = repo.OrderRow;

function toSummary(o: OrderRow, count: number): OrderSummary {
  return {
    orderNumber: o.orderNumber,
    customerId: o.customerId,
    retailerId: o.retailerId,
    shipDate: o.shipDate,
    receivingDate: o.receivingDate,
    placedAt: o.placedAt.toISOString(),
    status: o.status,
    boxed: o.boxed,
    lineCount: count,
    total: centsToDollars(o.totalCents),
  };
}

/** An order line as the API shows it (order history and the order desk). */
export function toLine(l: Pick<repo.LineRow, "id" | "productId" | "description" | "category" | "quantity" | "pails" | "looseBunches" | "pailPriceCents" | "bunchPriceCents" | "quantityConfirmed" | "quantityPending" | "lineTotalCents">) {
  return {
    lineId: l.id,
    productId: l.productId,
    description: l.description,
    category: l.category,
    quantity: l.quantity,
    pails: l.pails,
    looseBunches: l.looseBunches,
    pailPrice: centsToDollars(l.pailPriceCents),
    bunchPrice: centsToDollars(l.bunchPriceCents),
    quantityConfirmed: l.quantityConfirmed,
    quantityPending: l.quantityPending,
    lineTotal: centsToDollars(l.lineTotalCents),
  };
}

/** Newest first (placed time, then order number). */
export async function orderSummaries(db: Db, scope: OrderScope, limit: number): Promise<OrderSummary[]> {
  const rows = await repo.latestOrders(db, scope, limit);
  return rows.map((r) => toSummary(r.o, r.count));
}

async function findOrder(db: Db, scope: OrderScope, orderNumber: number): Promise<OrderRow> {
  const o = await repo.orderByNumber(db, scope, orderNumber);
  // Another customer's (or retailer's) order is indistinguishable from a missing one.
  if (!o) throw notFound(`Order ${orderNumber} was not found.`);
  return o;
}

export async function orderDetail(db: Db, scope: OrderScope, orderNumber: number): Promise<Order> {
  const o = await findOrder(db, scope, orderNumber);
  const lines = await repo.linesOf(db, [o.id]);
  return { ...toSummary(o, lines.length), lines: lines.map(toLine), subtotal: centsToDollars(o.subtotalCents), salesUserId: o.salesUserId, poNumber: o.poNumber ?? null, deliveryNotes: o.deliveryNotes ?? null, ...(o.discountCents > 0 ? { voucherCode: o.voucherCode ?? "", discount: centsToDollars(o.discountCents) } : {}) };
}

/** Every line of this scope's orders shipping on the same date as the given order (cancelled ones left out). */
export async function shipDateDetail(db: Db, scope: OrderScope, orderNumber: number): Promise<ShipDateDetail> {
  const o = await findOrder(db, scope, orderNumber);
  const sameDay = await repo.ordersShippingOn(db, scope, o.shipDate);
  const ids = [...new Set([o.id, ...sameDay.map((r) => r.id)])];
  const numberOf = new Map([[o.id, o.orderNumber], ...sameDay.map((r) => [r.id, r.orderNumber] as const)]);
  const lines = await repo.linesOf(db, ids);
  const total = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  return {
    orderNumber: o.orderNumber,
    shipDate: o.shipDate,
    lines: lines.map((l) => ({ ...toLine(l), orderNumber: numberOf.get(l.orderId)! })),
    total: centsToDollars(total),
  };
}

/** The orders a checked call may see: its customer, and the retailer the guard resolved (undefined = all). */
export function scopeOf(ids: { customerId?: string; retailerId?: number }): OrderScope {
  return { customerId: ids.customerId!, retailerId: ids.retailerId };
}
