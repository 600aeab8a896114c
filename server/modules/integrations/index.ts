// The integration API's public face (issue 28): API tokens and /api/v1.
export { integrationRoutes as routes } from "./routes.ts";
export { tokenAccess } from "./tokens.ts";
