// Page-view counting (issue 13): the public face.
export { analyticsRoutes as routes } from "./routes.ts";
export { createPageViewCounter, type PageViewCounter } from "./service.ts";
