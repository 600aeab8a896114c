export { screenPublicForm } from "./service.ts";
