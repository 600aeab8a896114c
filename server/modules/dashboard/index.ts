// The dashboard's public face: other modules import this file only.
export { dashboardRoutes as routes } from "./routes.ts";
export { activeComboSpecials, futureSpecials, interactiveImage, specials } from "./service.ts";
