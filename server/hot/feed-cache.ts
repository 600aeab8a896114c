// A map of values read from the database, kept true by the change feed (db/change-feed.ts).
import { FEED_LATE, type ChangeFeed } from "../../db/change-feed.ts";

/**
 * A map of values read from the database, kept true by the change feed: an entry names the topics
 * it was read from and may carry a time it stops being true (the next hold expiry); a notice of one
 * of its topics drops it. Nothing is served while the feed is down. A fill that saw any notice
 * between its start (`begin()`) and `set` is not kept: it may have read before a change whose
 * notice has already gone by.
 */
export class FeedCache<V> {
  private readonly entries = new Map<string, { value: V; topics: string[]; until: number }>();
  private readonly byTopic = new Map<string, Set<string>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly max = 10_000,
    private readonly maxAgeMs = 5 * 60_000,
  ) {
    this.unsubscribe = feed.subscribe((topic) => this.invalidate(topic));
  }

  get size() {
    return this.entries.size;
  }

  /** A token for set(): the feed's position before reading the database. */
  begin(): number {
    return this.feed.seq;
  }

  get(key: string): V | undefined {
    if (!this.feed.live) return undefined;
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (Date.now() >= e.until) {
      this.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V, topics: string[], token: number, until = Infinity): void {
    if (!this.feed.live || this.feed.seq !== token) return;
    this.delete(key);
    if (this.entries.size >= this.max) this.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, topics, until: Math.min(until, Date.now() + this.maxAgeMs) });
    for (const t of topics) {
      let keys = this.byTopic.get(t);
      if (!keys) this.byTopic.set(t, (keys = new Set()));
      keys.add(key);
    }
  }

  invalidate(topic: string): void {
    if (topic === "*" || topic === FEED_LATE) {
      this.entries.clear();
      this.byTopic.clear();
      return;
    }
    const keys = this.byTopic.get(topic);
    if (!keys) return;
    this.byTopic.delete(topic);
    for (const k of keys) this.delete(k);
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    for (const t of e.topics) {
      const keys = this.byTopic.get(t);
      keys?.delete(key);
      if (keys && !keys.size) this.byTopic.delete(t);
    }
  }

  close(): void {
    this.unsubscribe();
    this.entries.clear();
    this.byTopic.clear();
  }
}
