// Live availability (issue 14): the events of Store/Catalog/Live and MMStore/Live (text/event-stream).
import { z } from "zod";

/** `event: snapshot`: every line of the catalog, product id → what the buyer may still take. */
export const LiveSnapshot = z.object({ catalog: z.number().int(), available: z.record(z.string(), z.number().int().min(0)) });
export type LiveSnapshot = z.infer<typeof LiveSnapshot>;

/** `event: change`: only the lines whose quantity changed; `refresh` when lines came or went (read the list again). */
export const LiveChange = z.object({ available: z.record(z.string(), z.number().int().min(0)), refresh: z.literal(true).optional() });
export type LiveChange = z.infer<typeof LiveChange>;

/** `event: end`: the server ended the stream ("signed-out": do not reconnect; "shutdown": reconnect). */
export const LiveEnd = z.object({ reason: z.enum(["signed-out", "shutdown"]) });
export type LiveEnd = z.infer<typeof LiveEnd>;

export const LIVE_STREAM_DESCRIPTION = [
  "A text/event-stream that stays open. It starts with `retry:` and one event: `snapshot` (LiveSnapshot: every line's quantity for this buyer),",
  "or `ready` when the request's Last-Event-ID is still the catalog's current state (nothing was missed).",
  "Then `change` events (LiveChange) carry only the lines whose quantity changed, at most a few per second;",
  "`id:` is a hash of the catalog's stock and holds, the same on every instance, so a reconnect catches up.",
  "`calendar` (no data) comes when the grower closed or opened a date: read the offered dates (the profile) again.",
  "`: keep-alive` comments come every 25 s. `end` (LiveEnd) comes before the server closes the stream on sign-out or shutdown.",
  "At most 6 streams per session and instance: one more answers 429.",
].join(" ");
