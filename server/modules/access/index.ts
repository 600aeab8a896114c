// What other modules may use of access: role checks.
export { hasRole, isStaff } from "./service.ts";
