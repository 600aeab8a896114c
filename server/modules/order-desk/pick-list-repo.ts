// The SQL of the pick list and packing slips: the lines of a ship date's orders (both stores, not
// cancelled) with the wholesale product's stems a bunch and bunches a box.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { customersRead, orderLinesRead, ordersRead, productsRead } from "../../../db/schema/index.ts";

const lineColumns = {
  orderNumber: ordersRead.orderNumber,
  store: ordersRead.store,
  boxed: ordersRead.boxed,
  productId: orderLinesRead.productId,
  description: orderLinesRead.description,
  category: orderLinesRead.category,
  quantity: orderLinesRead.quantity,
  quantityConfirmed: orderLinesRead.quantityConfirmed,
  quantityPending: orderLinesRead.quantityPending,
  pails: orderLinesRead.pails,
  unitOfMeasure: orderLinesRead.unitOfMeasure,
  boxType: orderLinesRead.boxType,
  stemsPerBunch: productsRead.stemsPerBunch,
  bunchesPerBox: productsRead.bunchesPerBox,
};

/** Wholesale lines take their product's figures; a mass-market product id is not a wholesale one. */
const productOfLine = and(eq(productsRead.productId, orderLinesRead.productId), eq(ordersRead.store, "wholesale"));

/** Order lines with their order and, on a wholesale order, their product's figures. */
const linesWithProducts = (db: DbOrTx) =>
  db.select(lineColumns).from(orderLinesRead).innerJoin(ordersRead, eq(ordersRead.id, orderLinesRead.orderId)).leftJoin(productsRead, productOfLine);

export async function linesOfShipDate(db: DbOrTx, shipDate: string) {
  return linesWithProducts(db)
    .where(and(eq(ordersRead.shipDate, shipDate), ne(ordersRead.status, "cancelled")))
    .orderBy(asc(ordersRead.orderNumber), asc(orderLinesRead.position), asc(orderLinesRead.id));
}

export async function ordersOfShipDate(db: DbOrTx, shipDate: string) {
  return db
    .select({
      orderNumber: ordersRead.orderNumber,
      store: ordersRead.store,
      customerId: ordersRead.customerId,
      companyName: customersRead.companyName,
      status: ordersRead.status,
      packedAt: ordersRead.packedAt,
      boxed: ordersRead.boxed,
      lineCount: sql<number>`(select count(*)::int from ${orderLinesRead} l where l.order_id = ${ordersRead.id})`.mapWith(Number),
    })
    .from(ordersRead)
    .innerJoin(customersRead, eq(customersRead.customerId, ordersRead.customerId))
    .where(and(eq(ordersRead.shipDate, shipDate), ne(ordersRead.status, "cancelled")))
    .orderBy(asc(customersRead.companyName), asc(ordersRead.orderNumber));
}

/** One order of either store, with its customer's name and address. */
export async function orderForSlip(db: DbOrTx, orderNumber: number) {
  const [row] = await db
    .select({
      id: ordersRead.id,
      orderNumber: ordersRead.orderNumber,
      store: ordersRead.store,
      status: ordersRead.status,
      shipDate: ordersRead.shipDate,
      receivingDate: ordersRead.receivingDate,
      boxed: ordersRead.boxed,
      notes: ordersRead.notes,
      poNumber: ordersRead.poNumber,
      deliveryNotes: ordersRead.deliveryNotes,
      retailerId: ordersRead.retailerId,
      customerId: ordersRead.customerId,
      companyName: customersRead.companyName,
      address: customersRead.address,
      city: customersRead.city,
      state: customersRead.state,
      zip: customersRead.zip,
    })
    .from(ordersRead)
    .innerJoin(customersRead, eq(customersRead.customerId, ordersRead.customerId))
    .where(eq(ordersRead.orderNumber, orderNumber));
  return row;
}

export async function linesOfOrder(db: DbOrTx, orderId: number) {
  return linesWithProducts(db)
    .where(eq(orderLinesRead.orderId, orderId))
    .orderBy(asc(orderLinesRead.position), asc(orderLinesRead.id));
}
