// The order history's public face: other modules import this file only.
export { orderRoutes as routes, ORDER_HISTORY_LIMIT } from "./routes.ts";
export { orderSummaries, scopeOf, toLine as orderLineView, type OrderScope } from "./service.ts";
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
