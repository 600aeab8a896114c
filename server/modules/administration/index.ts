export { administrationRoutes, logoRoutes } from "./routes.ts";
