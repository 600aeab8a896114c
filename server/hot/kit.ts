import type { Db } from "../../db/client.ts";
import { changeFeedFor, type ChangeFeed } from "../../db/change-feed.ts";
import { AnswerCache } from "./answer-cache.ts";
import { FeedCache } from "./feed-cache.ts";

/** What one user of the kit (a module's routes, a plugin) holds: the change feed and the caches made on it. */
export interface Hot {
  /** The change feed these caches follow (shared by every user of the same database handle). */
  readonly feed: ChangeFeed;
  /** A map of values read from the database, dropped when the feed names a topic they were read from. */
  cache<V>(max?: number): FeedCache<V>;
  /** Serialised (and compressed) answers keyed by ETag: never stale, so needing no feed. */
  answers(max?: number, maxChars?: number): AnswerCache;
  /** Closes every cache made here and lets go of the feed (the app's onClose). */
  close(): Promise<void>;
}

/** The speed kit of a database handle: one change feed, the caches made on it, and one close. */
export function hotFor(db: Db, onError?: (err: Error) => void): Hot {
  const feed = changeFeedFor(db, onError);
  const caches: FeedCache<unknown>[] = [];
  let closed = false;
  return {
    feed,
    cache<V>(max?: number) {
      const cache = new FeedCache<V>(feed, max);
      caches.push(cache as FeedCache<unknown>);
      return cache;
    },
    answers: (max, maxChars) => new AnswerCache(max, maxChars),
    async close() {
      if (closed) return;
      closed = true;
      for (const c of caches) c.close();
      await feed.release();
    },
  };
}
