// HTTP of the supply desk's calendar (staff only: Administrator and SalesPerson; docs/domain-supply.md
// "Calendar"): closed days (ship times and pickup days: the buyers module's calendarDeskRoutes). Also
// starts this instance's closed-day cache, which every store call reads.
import { ErrorResponsesWithConflict as Errors } from "../../../contract/common.ts";
import {
  ClosedDay,
  ClosedDayCreate,
  ClosedDayList,
  ClosedDayParams,
  ClosedDayQuery,
  ClosedDayResult,
  HolidaysBody,
} from "../../../contract/calendar.ts";
import { SUPPLY_ROLES } from "../../../domain/supply.ts";
import type { ApiRoutes } from "../../deps.ts";
import { type RouteAccess, requestActor } from "../../plugins/access.ts";
import { attachClosedDays } from "./closed-days.ts";
import * as calendar from "./service.ts";

const tags = ["supply"];
const staff: RouteAccess = { roles: SUPPLY_ROLES };

export const calendarRoutes: ApiRoutes = async (app, { db }) => {
  const detach = attachClosedDays(db);
  app.addHook("onClose", async () => detach());

  app.get(
    "/Supply/Calendar/ClosedDays",
    { schema: { tags, summary: "Closed days of both stores (default: from a month ago, for a year)", querystring: ClosedDayQuery, response: { 200: ClosedDayList, ...Errors } }, config: { access: staff } },
    async (request) => calendar.listClosedDays(db, request.query),
  );
  app.post(
    "/Supply/Calendar/ClosedDays",
    { schema: { tags, summary: "Close a date in one or both stores: it is no longer offered nor accepted as a ship or pickup date", body: ClosedDayCreate, response: { 200: ClosedDayResult, ...Errors } }, config: { access: staff } },
    async (request) => calendar.closeDay(db, requestActor(request), request.body),
  );
  app.post(
    "/Supply/Calendar/Holidays",
    { schema: { tags, summary: "Close a year's US holidays (New Year's Day, Thanksgiving, Christmas Day) in one or both stores", body: HolidaysBody, response: { 200: ClosedDayResult, ...Errors } }, config: { access: staff } },
    async (request) => calendar.closeHolidays(db, requestActor(request), request.body),
  );
  app.delete(
    "/Supply/Calendar/ClosedDays/:store/:date",
    { schema: { tags, summary: "Open a closed date again in one store", params: ClosedDayParams, response: { 200: ClosedDay, ...Errors } }, config: { access: staff } },
    async (request) => calendar.reopenDay(db, requestActor(request), request.params.store, request.params.date),
  );
};
