// The public site's module face: its /api routes (forms, art), and what the public pages' loaders use.
export { publicRoutes as routes } from "./routes.ts";
export { postApplication, postContact } from "./form-posts.ts";
export { issueFormToken, openings } from "./service.ts";
export { allRanges, interactivePicture, varietyRange } from "./range.ts";
export { screenPublicForm } from "./service.ts";
