// The closed-day set as the server reads it: once per instance (per database handle), kept in memory
// while the change feed is live, dropped by the feed's "calendar" notice (migration 0020's trigger on
// closed_days) on every instance. Read inside a transaction it comes straight from the database.
import { changeFeedFor } from "../../../db/change-feed.ts";
import { FeedCache } from "../../hot/feed-cache.ts";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { addDays, isoDateAt } from "../../../domain/dates.ts";
import type { ClosedDays, ClosedStore } from "../../../domain/closed-days.ts";
import { closedDaysFrom } from "./repo.ts";

export const CALENDAR_TOPIC = "calendar";

type AllClosed = Record<ClosedStore, ClosedDays>;

const caches = new WeakMap<object, { cache: FeedCache<AllClosed>; release: () => Promise<void>; users: number }>();

/** Starts this instance's cache of closed days for `db` (the app's handle); the returned function ends it. */
export function attachClosedDays(db: Db): () => Promise<void> {
  const known = caches.get(db);
  if (known) {
    known.users += 1;
    return () => detach(db);
  }
  const feed = changeFeedFor(db);
  const cache = new FeedCache<AllClosed>(feed, 4);
  caches.set(db, {
    cache,
    users: 1,
    release: async () => {
      cache.close();
      await feed.release();
    },
  });
  return () => detach(db);
}

async function detach(db: Db) {
  const entry = caches.get(db);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return;
  caches.delete(db);
  await entry.release();
}

/** Closed days from a week ago on (older ones decide nothing an order can still choose). */
async function readAll(db: DbOrTx, now: Date): Promise<AllClosed> {
  const rows = await closedDaysFrom(db, addDays(isoDateAt(now), -7));
  const all = { wholesale: new Map<string, string>(), massMarket: new Map<string, string>() };
  for (const r of rows) all[r.store as ClosedStore]?.set(r.date, r.reason);
  return all;
}

/** The closed days of one store: from this instance's memory when it holds them, else read. */
export async function closedDaysOf(db: DbOrTx, store: ClosedStore, now = new Date()): Promise<ClosedDays> {
  const entry = caches.get(db);
  if (!entry) return (await readAll(db, now))[store];
  const key = isoDateAt(now);
  const known = entry.cache.get(key);
  if (known) return known[store];
  const fill = entry.cache.begin();
  const all = await readAll(db, now);
  entry.cache.set(key, all, [CALENDAR_TOPIC], fill);
  return all[store];
}
