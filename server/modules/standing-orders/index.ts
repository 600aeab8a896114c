// The standing orders module's public face: its routes (the wholesale store's standing orders and
// the mass-market store's standing programs) and its job.
import type { ApiRoutes } from "../../deps.ts";
import { mmProgramRoutes } from "./mm-routes.ts";
import { standingOrderRoutes } from "./routes.ts";
import { STANDING_ORDER_JOB, standingOrderJob } from "./service.ts";
export { STANDING_ORDER_JOB } from "./service.ts";

export const routes: ApiRoutes = async (app, deps) => {
  await standingOrderRoutes(app, deps);
  await mmProgramRoutes(app, deps);
};

/** Collected by server/modules/index.ts. */
export const jobHandlers = { [STANDING_ORDER_JOB]: standingOrderJob };
