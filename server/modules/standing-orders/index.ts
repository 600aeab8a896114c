// The standing orders module's public face: its routes and its job.
import { STANDING_ORDER_JOB, standingOrderJob } from "./service.ts";
export { standingOrderRoutes as routes } from "./routes.ts";
export { STANDING_ORDER_JOB } from "./service.ts";

/** Collected by server/modules/index.ts. */
export const jobHandlers = { [STANDING_ORDER_JOB]: standingOrderJob };
