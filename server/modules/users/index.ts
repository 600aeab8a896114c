// The users module's public face: other modules import this file only.
export { userRoutes as routes } from "./routes.ts";
export { listUsers, userPayload } from "./service.ts";
export { manageableCondition } from "./service.ts";
