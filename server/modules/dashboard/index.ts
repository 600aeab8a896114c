// The dashboard's public face: other modules import this file only.
export { dashboardRoutes as routes } from "./routes.ts";
export { interactiveImage } from "./service.ts";
