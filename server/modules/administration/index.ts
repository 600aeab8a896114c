// The administration module's public face: users, customers, retailers, the retailer import, referrals.
export { administrationRoutes as routes, logoRoutes } from "./routes.ts";
