// The supply desk's calendar (issue 25 item 5; docs/domain-supply.md "Calendar"): closed days per
// store, customers' ship weekdays and cut-offs, retailers' pickup days. Request and response shapes
// of /api/Supply/Calendar/*.
import { z } from "zod";
import "./common.ts";
import { DigitsParam, IsoDate, ShortText } from "./common.ts";
import { CustomerId } from "./params.ts";
import { CLOSED_STORES } from "../domain/closed-days.ts";

export const ClosedStore = z.enum(CLOSED_STORES, { error: "Choose the wholesale or the mass-market store" });

export const ClosedDay = z.object({ date: IsoDate, store: ClosedStore, reason: z.string() });
export type ClosedDay = z.infer<typeof ClosedDay>;
export const ClosedDayList = z.object({ days: z.array(ClosedDay) });

export const ClosedDayQuery = z.object({ from: IsoDate.optional(), to: IsoDate.optional() });

/** Close one date, or a date in several stores at once (the form's "both stores"). */
export const ClosedDayCreate = z.object({
  date: IsoDate,
  stores: z.array(ClosedStore).min(1, "Choose at least one store").max(2, "At most two stores"),
  reason: ShortText(80),
});

export const ClosedDayParams = z.object({ store: ClosedStore, date: IsoDate });

export const HolidaysBody = z.object({
  year: z.number({ error: "Only numbers are allowed" }).int("Only whole numbers are allowed").min(2000, "At least 2000").max(2100, "At most 2100"),
  stores: z.array(ClosedStore).min(1, "Choose at least one store").max(2, "At most two stores"),
});
/** What a close answered: the days closed now, and those already closed (left as they were). */
export const ClosedDayResult = z.object({ added: z.array(ClosedDay), alreadyClosed: z.array(ClosedDay) });

const TIME = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time like 14:00");
export const ShipTimeEntry = z.object({
  weekday: z.number({ error: "Only numbers are allowed" }).int("Only whole numbers are allowed").min(1, "A weekday 1 (Sunday) to 7 (Saturday)").max(7, "A weekday 1 (Sunday) to 7 (Saturday)"),
  cutoffShipTime: TIME,
});
export const CustomerShipTimes = z.object({
  customerId: z.string(),
  companyName: z.string(),
  kind: z.enum(["wholesale", "massMarket"]),
  active: z.boolean(),
  shipTimes: z.array(ShipTimeEntry),
});
export const CustomerShipTimesList = z.object({ customers: z.array(CustomerShipTimes) });
export const ShipTimesBody = z.object({ shipTimes: z.array(ShipTimeEntry).max(7, "At most one cut-off per weekday") });
export const CustomerParams = z.object({ customerId: CustomerId });

const PICKUP = { monday: z.boolean(), tuesday: z.boolean(), wednesday: z.boolean(), thursday: z.boolean(), friday: z.boolean() };
export const PickupDaysBody = z.object(PICKUP);
export const RetailerPickupDays = z.object({ retailerId: z.number().int().min(1).max(2_147_483_647), name: z.string(), code: z.string().nullable(), active: z.boolean(), ...PICKUP });
export const RetailerPickupDaysList = z.object({ retailers: z.array(RetailerPickupDays) });
export const RetailerParams = z.object({ retailerId: DigitsParam(1) });
