// The order desk: staff move orders from submitted to invoiced; buyers change or cancel their own.
export { orderDeskRoutes } from "./routes.ts";
export { CUTOFF_PASSED_MESSAGE } from "./service.ts";
