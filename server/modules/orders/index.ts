// The order history's public face: other modules import this file only.
export { orderRoutes as routes, ORDER_HISTORY_LIMIT } from "./routes.ts";
export { orderSummaries, scopeOf, toLine as orderLineView, type OrderScope } from "./service.ts";
/** For both stores' checkouts: the order's write, run inside their transaction, and a repeated Idempotency-Key's order. */
export { insertOrder, orderByIdempotencyKey, orderOfKeySql, type OrderInsert, type OrderLineInsert, type OrderRow } from "./repo.ts";
export {
  storeFigures,
  findOrder,
  linesOf as orderLinesOf,
  updateOrderLine,
  deleteOrderLine,
  refreshOrderTotals,
  setOrderState,
  type OrderFilter,
} from "./repo.ts";
