// The fresh list (issue 29 §2, docs/fresh-list.md): a buyer's daily availability mail and its CSV.
import { z } from "zod";

/** "HH:MM", 24-hour, New York time. */
export const TimeOfDay = z
  .string()
  .trim()
  .max(5, "Enter a time as HH:MM")
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time as HH:MM");

export const FreshListPreference = z.object({
  enabled: z.boolean(),
  /** When the list is sent each day, New York time. */
  time: TimeOfDay,
  /** The next time it will be sent (ISO instant), or null when off. */
  nextSendAt: z.string().max(40).nullable(),
});
export type FreshListPreference = z.infer<typeof FreshListPreference>;

export const FreshListPreferenceBody = z.object({ enabled: z.boolean(), time: TimeOfDay });
export type FreshListPreferenceBody = z.infer<typeof FreshListPreferenceBody>;
