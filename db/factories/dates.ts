// The factories' dates are the project's one date module (domain/dates.ts).
export { addDays, daysBetween, isoDateAt, newYorkInstant, specWeekday } from "../../domain/dates.ts";
