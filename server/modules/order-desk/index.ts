// The order desk's public face: staff move orders from submitted to invoiced; buyers change or
// cancel their own until the cut-off.
export { orderDeskRoutes as routes } from "./routes.ts";
export { CUTOFF_PASSED_MESSAGE } from "./service.ts";
export { pickListRoutes } from "./pick-list-routes.ts";
