// The mass-market store module's public face (SPEC §7 MM store, MMDashboard and MMOrder calls).
export { mmRoutes as routes } from "./routes.ts";
export { liveCatalogOf } from "./service.ts";
