export { staffRoutes } from "./routes.ts";
export { actingAware, actingContextPlugin, currentActing, runActing, type ActingContext } from "./acting.ts";
