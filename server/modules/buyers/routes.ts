import { z } from "zod";
import {
  CustomerParams,
  CustomerShipTimesList,
  PickupDaysBody,
  RetailerParams,
  RetailerPickupDays,
  RetailerPickupDaysList,
  ShipTimeEntry,
  ShipTimesBody,
} from "../../../contract/calendar.ts";
import { ErrorResponsesWithConflict as Errors } from "../../../contract/common.ts";
import { CustomerHeader } from "../../../contract/user.ts";
import { SUPPLY_ROLES } from "../../../domain/supply.ts";
import type { ApiRoutes } from "../../deps.ts";
import { signedIn, type RouteAccess, requestActor } from "../../plugins/access.ts";
import * as desk from "./calendar-desk.ts";
import { visibleCustomers } from "./service.ts";

/** The customers a user may choose between (all of them for staff). */
export const buyerRoutes: ApiRoutes = async (app, { db }) => {
  app.get(
    "/User/Customers/:userId",
    {
      schema: { tags: ["users"], params: z.object({ userId: z.string().min(1).max(100) }), response: { 200: z.array(CustomerHeader) } },
      config: { access: { ids: { userId: "params" } } },
    },
    async (request) => visibleCustomers(db, signedIn(request).user),
  );
};

const tags = ["supply"];
const staff: RouteAccess = { roles: SUPPLY_ROLES };

/**
 * The calendar desk's ship weekdays and cut-offs, and pickup days (staff only: Administrator and
 * SalesPerson; docs/domain-supply.md "Calendar"); registered after the calendar module's closed days.
 */
export const calendarDeskRoutes: ApiRoutes = async (app, { db }) => {
  app.get(
    "/Supply/Calendar/ShipTimes",
    { schema: { tags, summary: "Every customer with its ship weekdays and their cut-offs (HH:mm, New York)", response: { 200: CustomerShipTimesList, ...Errors } }, config: { access: staff } },
    async () => desk.shipTimesGrid(db),
  );
  app.put(
    "/Supply/Calendar/ShipTimes/:customerId",
    {
      schema: { tags, summary: "Set a customer's ship weekdays and cut-offs (the whole week; a weekday left out does not ship)", params: CustomerParams, body: ShipTimesBody, response: { 200: z.object({ customerId: z.string(), shipTimes: z.array(ShipTimeEntry) }), ...Errors } },
      config: { access: staff },
    },
    async (request) => desk.setShipTimes(db, requestActor(request), request.params.customerId, request.body.shipTimes),
  );
  app.get(
    "/Supply/Calendar/PickupDays",
    { schema: { tags, summary: "Every retailer with its pickup days (Monday to Friday)", response: { 200: RetailerPickupDaysList, ...Errors } }, config: { access: staff } },
    async () => desk.pickupDaysGrid(db),
  );
  app.put(
    "/Supply/Calendar/PickupDays/:retailerId",
    { schema: { tags, summary: "Set a retailer's pickup days", params: RetailerParams, body: PickupDaysBody, response: { 200: RetailerPickupDays, ...Errors } }, config: { access: staff } },
    async (request) => desk.setPickupDays(db, requestActor(request), request.params.retailerId, request.body),
  );
};
