import { z } from "zod";
import { MAX_ORDER_QUANTITY } from "../domain/cart-flags.ts";
import { INVALID_QUANTITY_MESSAGE, REQUIRED_MESSAGE } from "../domain/constants.ts";
import { STANDING_ORDER_MODES } from "../domain/standing-orders.ts";
import { CustomerId, PositiveInt, UserId } from "./params.ts";

/** A standing order (docs/domain-orders.md "Standing orders"): a buyer's weekly template. */
export const StandingOrderLineInput = z.object({
  productId: z.string().trim().min(1, REQUIRED_MESSAGE).max(50, "Maximum 50 characters"),
  quantity: z.number({ error: INVALID_QUANTITY_MESSAGE }).int(INVALID_QUANTITY_MESSAGE).min(1, INVALID_QUANTITY_MESSAGE).max(MAX_ORDER_QUANTITY, INVALID_QUANTITY_MESSAGE),
});

export const StandingOrderBody = z.object({
  name: z.string().trim().min(1, REQUIRED_MESSAGE).max(80, "Maximum 80 characters"),
  /** Sunday=1 .. Saturday=7: a ship weekday, or a retailer's pickup weekday. */
  weekday: z.number().int("Please choose a day").min(1, "Please choose a day").max(7, "Please choose a day"),
  mode: z.enum(STANDING_ORDER_MODES, { error: "Please choose cart or order" }),
  paused: z.boolean().optional(),
  lines: z.array(StandingOrderLineInput).min(1, "Add at least one product").max(200, "At most 200 lines"),
});
export type StandingOrderBody = z.infer<typeof StandingOrderBody>;

export const StandingOrder = z.object({
  id: z.number().int(),
  name: z.string(),
  weekday: z.number().int(),
  mode: z.enum(STANDING_ORDER_MODES),
  paused: z.boolean(),
  lines: z.array(z.object({ productId: z.string(), description: z.string(), quantity: z.number().int() })),
  /** The ship date the next run is for (null when paused or when no date on that weekday is open). */
  nextShipDate: z.string().nullable(),
  /** For a retailer: the pickup date of that run. */
  nextPickupDate: z.string().nullable(),
  /** When the next run makes the cart (or order). */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastResult: z.string().nullable(),
});
export type StandingOrder = z.infer<typeof StandingOrder>;

export const StandingOrderParams = z.object({ userId: UserId, customerId: CustomerId, id: PositiveInt });
