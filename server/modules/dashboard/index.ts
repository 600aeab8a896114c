// What other modules may use of the dashboard.
export { interactiveImage } from "./service.ts";
