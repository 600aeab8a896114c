// The supply desk's calendar (issue 25 item 5): closed days per store, and the closed-day set every
// store call reads. Ship times, cut-offs and pickup days are the buyers module's (its calendar desk
// uses this desk's actor and audit entry).
export { calendarRoutes as routes } from "./routes.ts";
export { closedDaysOf, CALENDAR_TOPIC } from "./closed-days.ts";
export { record, type Actor } from "./service.ts";
