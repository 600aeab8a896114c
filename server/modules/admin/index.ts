// The staff tools' public face.
export { adminRoutes as routes } from "./routes.ts";
