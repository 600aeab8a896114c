// Storage of the supply desk: what it reads of other modules' rows through their read models (the
// customers a catalog names, who bought each offer line). The products, catalogs and offer lines
// themselves are the store's: the desk reads and writes them through the store's `supplyDesk`
// functions (server/modules/store/supply-repo.ts), inside its own transaction.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { customersRead, orderLinesRead, ordersRead } from "../../../db/schema/index.ts";

/** The named customers that exist, with their kind. */
export async function customersByIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ customerId: customersRead.customerId, kind: customersRead.kind }).from(customersRead).where(inArray(customersRead.customerId, ids));
}

/** Who bought each line: placed orders that are not cancelled, per order. */
export async function buyersOf(db: DbOrTx, lineIds: number[]) {
  if (!lineIds.length) return [];
  return db
    .select({
      lineId: orderLinesRead.offerLineId,
      customerId: ordersRead.customerId,
      companyName: customersRead.companyName,
      orderNumber: ordersRead.orderNumber,
      quantity: sql<number>`sum(${orderLinesRead.quantityConfirmed})::int`.mapWith(Number),
    })
    .from(orderLinesRead)
    .innerJoin(ordersRead, eq(ordersRead.id, orderLinesRead.orderId))
    .innerJoin(customersRead, eq(customersRead.customerId, ordersRead.customerId))
    .where(and(inArray(orderLinesRead.offerLineId, lineIds), sql`${ordersRead.status} <> 'cancelled'`, sql`${orderLinesRead.quantityConfirmed} > 0`))
    .groupBy(orderLinesRead.offerLineId, ordersRead.customerId, customersRead.companyName, ordersRead.orderNumber)
    .orderBy(asc(ordersRead.orderNumber));
}
