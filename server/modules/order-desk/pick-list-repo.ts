// The SQL of the pick list and packing slips: the lines of a ship date's orders (both stores, not
// cancelled) with the wholesale product's stems a bunch and bunches a box.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { customers, orderLines, orders, products } from "../../../db/schema/index.ts";

const lineColumns = {
  orderNumber: orders.orderNumber,
  store: orders.store,
  boxed: orders.boxed,
  productId: orderLines.productId,
  description: orderLines.description,
  category: orderLines.category,
  quantity: orderLines.quantity,
  quantityConfirmed: orderLines.quantityConfirmed,
  quantityPending: orderLines.quantityPending,
  pails: orderLines.pails,
  unitOfMeasure: orderLines.unitOfMeasure,
  boxType: orderLines.boxType,
  stemsPerBunch: products.stemsPerBunch,
  bunchesPerBox: products.bunchesPerBox,
};

/** Wholesale lines take their product's figures; a mass-market product id is not a wholesale one. */
const productOfLine = and(eq(products.productId, orderLines.productId), eq(orders.store, "wholesale"));

export async function linesOfShipDate(db: DbOrTx, shipDate: string) {
  return db
    .select(lineColumns)
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(products, productOfLine)
    .where(and(eq(orders.shipDate, shipDate), ne(orders.status, "cancelled")))
    .orderBy(asc(orders.orderNumber), asc(orderLines.position), asc(orderLines.id));
}

export async function ordersOfShipDate(db: DbOrTx, shipDate: string) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      store: orders.store,
      customerId: orders.customerId,
      companyName: customers.companyName,
      status: orders.status,
      packedAt: orders.packedAt,
      boxed: orders.boxed,
      lineCount: sql<number>`(select count(*)::int from ${orderLines} l where l.order_id = ${orders.id})`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(customers, eq(customers.customerId, orders.customerId))
    .where(and(eq(orders.shipDate, shipDate), ne(orders.status, "cancelled")))
    .orderBy(asc(customers.companyName), asc(orders.orderNumber));
}

/** One order of either store, with its customer's name and address. */
export async function orderForSlip(db: DbOrTx, orderNumber: number) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      store: orders.store,
      status: orders.status,
      shipDate: orders.shipDate,
      receivingDate: orders.receivingDate,
      boxed: orders.boxed,
      notes: orders.notes,
      poNumber: orders.poNumber,
      deliveryNotes: orders.deliveryNotes,
      retailerId: orders.retailerId,
      customerId: orders.customerId,
      companyName: customers.companyName,
      address: customers.address,
      city: customers.city,
      state: customers.state,
      zip: customers.zip,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.customerId, orders.customerId))
    .where(eq(orders.orderNumber, orderNumber));
  return row;
}

export async function linesOfOrder(db: DbOrTx, orderId: number) {
  return db
    .select(lineColumns)
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(products, productOfLine)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
}
