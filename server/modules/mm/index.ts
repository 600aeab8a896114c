// The mass-market store module (SPEC §7 MM store, MMDashboard and MMOrder calls).
export { mmRoutes } from "./routes.ts";
