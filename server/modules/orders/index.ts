// What other modules may use of the order history.
export { orderScope } from "./routes.ts";
export type { OrderScope } from "./service.ts";
