// Live availability's public face (issue 14): the SSE routes of both stores.
export { liveRoutes as routes } from "./routes.ts";
export { LIVE_DEFAULTS, LiveHub, type LiveOptions } from "./service.ts";
