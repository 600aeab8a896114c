// The staff module's public face: impersonation and the audit log (docs/staff.md).
export { staffRoutes as routes } from "./routes.ts";
export { actingAware, actingContextPlugin, currentActing, runActing, type ActingContext } from "./acting.ts";
