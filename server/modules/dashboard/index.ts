// The dashboard's public face: other modules import this file only.
export { dashboardRoutes as routes } from "./routes.ts";
export { activeComboSpecials, dashboardPanels, futureSpecials, interactiveImage, specials, type DashboardPanels } from "./service.ts";
