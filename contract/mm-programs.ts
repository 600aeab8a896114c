import { z } from "zod";
import { STANDING_ORDER_MODES } from "../domain/standing-orders.ts";
import { IsoDate } from "./common.ts";
import { MmCartItemInput } from "./mm.ts";
import { REQUIRED_MESSAGE } from "../domain/constants.ts";

/**
 * A mass-market standing program (docs/domain-mm.md "Standing programs"): the same bouquets, with
 * their shelf labels, every week on the chosen ship weekdays. Before each date's cut-off a job puts
 * them in the MM cart (and mails the buyer to check out), or places them as an order.
 */
export const MmProgramLineInput = MmCartItemInput.pick({ productId: true, quantity: true, barcodeNumber: true, barcodeTop: true, barcodeLeft: true, barcodeBottom: true });

const Weekday = z.number({ error: "Please choose a day" }).int("Please choose a day").min(1, "Please choose a day").max(7, "Please choose a day");
const OptionalDate = z.preprocess((v) => (v === "" ? null : v), IsoDate.nullable().optional());

export const MmProgramBody = z
  .object({
    name: z.string().trim().min(1, REQUIRED_MESSAGE).max(80, "Maximum 80 characters"),
    /** Sunday=1 .. Saturday=7: ship weekdays of the customer. */
    weekdays: z.array(Weekday).min(1, "Please choose at least one day").max(7, "Please choose at most seven days"),
    mode: z.enum(STANDING_ORDER_MODES, { error: "Please choose cart or order" }),
    /** Pack in boxes (the cart's boxed flag when the program fills an empty cart); left out: the cart's own. */
    boxed: z.boolean().nullable().optional(),
    paused: z.boolean().optional(),
    /** No run for a ship date in this range (inclusive); either end may be left open. */
    pausedFrom: OptionalDate,
    pausedUntil: OptionalDate,
    lines: z.array(MmProgramLineInput).min(1, "Add at least one bouquet").max(200, "At most 200 lines"),
  })
  .superRefine((b, ctx) => {
    if (b.pausedFrom && b.pausedUntil && b.pausedUntil < b.pausedFrom) {
      ctx.addIssue({ code: "custom", path: ["pausedUntil"], message: "The pause must end on or after its first day" });
    }
  });
export type MmProgramBody = z.infer<typeof MmProgramBody>;

export const MmProgramLine = z.object({
  productId: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  barcodeNumber: z.string().nullable(),
  barcodeTop: z.string().nullable(),
  barcodeLeft: z.string().nullable(),
  barcodeBottom: z.string().nullable(),
});

export const MmProgram = z.object({
  id: z.number().int(),
  name: z.string(),
  weekdays: z.array(z.number().int()),
  mode: z.enum(STANDING_ORDER_MODES),
  boxed: z.boolean().nullable(),
  paused: z.boolean(),
  pausedFrom: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  lines: z.array(MmProgramLine),
  /** The ship date of the next run (null when paused or when no open date falls on its weekdays). */
  nextShipDate: z.string().nullable(),
  /** When the next run fills the cart (or places the order) and mails the buyer: ahead of that date's cut-off. */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastResult: z.string().nullable(),
});
export type MmProgram = z.infer<typeof MmProgram>;
