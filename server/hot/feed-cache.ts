// A map of values read from the database, kept true by the change feed (db/change-feed.ts).
import { FEED_LATE, type ChangeFeed } from "../../db/change-feed.ts";

/**
 * A map of values read from the database, kept true by the change feed: an entry names the topics
 * it was read from and may carry a time it stops being true (the next hold expiry); a notice of one
 * of its topics drops it. Nothing is served while the feed is down. A fill that saw a notice of one
 * of its own topics, or of everything ("*", FEED_LATE), between its start (`begin()`) and `set` is
 * not kept: it may have read before a change whose notice has already gone by. Notices of other
 * topics leave it standing: under a rush of cart saves (notices each) a fill would otherwise never
 * be kept. The cache remembers the feed position of each topic's latest notice for the last
 * `TOPICS_REMEMBERED` topics; a fill begun before the oldest one it forgot is not kept either.
 */
/** How many topics' latest notices a FeedCache remembers for the fills in progress. */
const TOPICS_REMEMBERED = 4096;

export class FeedCache<V> {
  private readonly entries = new Map<string, { value: V; topics: string[]; until: number }>();
  private readonly byTopic = new Map<string, Set<string>>();
  private readonly unsubscribe: () => void;
  /** Each topic's latest notice (feed position), least recent first; bounded by TOPICS_REMEMBERED. */
  private readonly noticed = new Map<string, number>();
  /** The latest notice of everything ("*", FEED_LATE). */
  private resetAt: number;
  /** Fills begun before this position may have missed a notice the cache no longer remembers. */
  private forgottenUpTo: number;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly max = 10_000,
    private readonly maxAgeMs = 5 * 60_000,
  ) {
    // Notices before this cache existed are unknown to it: a fill begun before now is not kept.
    this.resetAt = this.forgottenUpTo = feed.seq;
    this.unsubscribe = feed.subscribe((topic) => this.noticeOf(topic));
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
    if (!this.fresh(topics, token)) return;
    this.delete(key);
    if (this.entries.size >= this.max) this.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, topics, until: Math.min(until, Date.now() + this.maxAgeMs) });
    for (const t of topics) {
      let keys = this.byTopic.get(t);
      if (!keys) this.byTopic.set(t, (keys = new Set()));
      keys.add(key);
    }
  }

  /**
   * Whether what a fill begun at `token` read of `topics` is still as true as an entry would be: set()
   * would keep it (the feed live, no notice of them, or of everything, since).
   */
  fresh(topics: string[], token: number): boolean {
    return this.feed.live && (this.feed.seq === token || !this.missed(topics, token));
  }

  /** Whether a fill begun at `token` may have missed a notice of one of `topics` (or of everything). */
  private missed(topics: string[], token: number): boolean {
    if (token < this.forgottenUpTo || this.resetAt > token) return true;
    for (const t of topics) if ((this.noticed.get(t) ?? -Infinity) > token) return true;
    return false;
  }

  /** A notice from the feed: remembered (for fills in progress), then its entries dropped. */
  private noticeOf(topic: string): void {
    const at = this.feed.seq;
    if (topic === "*" || topic === FEED_LATE) {
      this.resetAt = at;
      this.noticed.clear();
    } else {
      this.noticed.delete(topic); // re-inserted last: the map stays in order of the latest notice
      this.noticed.set(topic, at);
      if (this.noticed.size > TOPICS_REMEMBERED) {
        // Forget the least recent half; a fill begun before the last one forgotten is not kept.
        let drop = this.noticed.size - TOPICS_REMEMBERED / 2;
        for (const [t, seq] of this.noticed) {
          if (drop-- <= 0) break;
          this.noticed.delete(t);
          this.forgottenUpTo = Math.max(this.forgottenUpTo, seq);
        }
      }
    }
    this.invalidate(topic);
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
