// The supply desk's public face (issue 25): staff publish products, catalogs and offer lines, and
// upload the day's fresh list; a quantity is never set below what is sold plus held. The
// mass-market half (bouquets, packages, bouquet lines) is mmRoutes.
export { supplyRoutes as routes } from "./routes.ts";
// The promotions desk (server/modules/promotions) puts lines on special through the same line edit;
// the integration API (server/modules/integrations) writes through the same rules.
export { applyRows, type PlanRow } from "./upload.ts";
export { createProduct, editLine, inTransaction, product, record, updateProduct, type Actor } from "./service.ts";
export { supplyMmRoutes as mmRoutes } from "./mm-routes.ts";
