// The supply desk's calendar (issue 25 item 5): closed days per store, ship times and cut-offs,
// retailers' pickup days; and the closed-day set every store call reads.
export { calendarRoutes as routes } from "./routes.ts";
export { closedDaysOf, CALENDAR_TOPIC } from "./closed-days.ts";
