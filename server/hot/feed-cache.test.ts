// The hot-read caches are bounded (issue 14 "memory"): however many sessions, buyers or catalog
// answers pass through, a FeedCache keeps at most its `max` entries, dropping the oldest, and its
// topic index shrinks with it. A pure test: the feed is a stand-in that is always live.
import { describe, expect, it } from "vitest";
import { FEED_LATE, type ChangeFeed } from "../../db/change-feed.ts";
import { FeedCache } from "./feed-cache.ts";

function liveFeed(): ChangeFeed & { emit(topic: string): void } {
  const listeners = new Set<(topic: string) => void>();
  return {
    live: true,
    seq: 0,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    sync: async () => {},
    settle: async () => {},
    behind: false,
    release: async () => {},
    emit: (topic) => listeners.forEach((fn) => fn(topic)),
  };
}

describe("FeedCache", () => {
  it("keeps at most `max` entries, dropping the oldest first, and forgets their topics", () => {
    const feed = liveFeed();
    const cache = new FeedCache<number>(feed, 100);
    for (let i = 0; i < 10_000; i++) cache.set(`session:${i}`, i, [`session:${i}`, "accounts"], cache.begin());
    expect(cache.size).toBe(100);
    expect(cache.get("session:0")).toBeUndefined();
    expect(cache.get("session:9899")).toBeUndefined();
    expect(cache.get("session:9900")).toBe(9900);
    expect(cache.get("session:9999")).toBe(9999);
    // The topic index holds only what is kept: a notice for an evicted entry finds nothing to drop.
    const index = (cache as unknown as { byTopic: Map<string, Set<string>> }).byTopic;
    expect(index.size).toBe(101); // 100 session topics and "accounts"
    expect(index.get("accounts")!.size).toBe(100);
    feed.emit("accounts");
    expect(cache.size).toBe(0);
    expect(index.size).toBe(0);
  });
});

/** A stand-in feed that numbers its notices as the real one does (seq moves before listeners hear). */
function numberedFeed(): ChangeFeed & { emit(topic: string): void } {
  const listeners = new Set<(topic: string) => void>();
  const feed = {
    live: true,
    seq: 0,
    subscribe(fn: (topic: string) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    sync: async () => {},
    settle: async () => {},
    behind: false,
    release: async () => {},
    emit(topic: string) {
      feed.seq += 1;
      listeners.forEach((fn) => fn(topic));
    },
  };
  return feed;
}

// Which fills are kept (issue 30 "the cut-off rush"): a fill is dropped when a notice of one of its
// topics, or of everything, went by while it read; notices of other topics (every cart save sends
// some) leave it standing.
describe("a FeedCache fill", () => {
  it("is kept when only other topics were noticed while it read, and still dropped by a later notice of its own", () => {
    const feed = numberedFeed();
    const cache = new FeedCache<number>(feed);
    const fill = cache.begin();
    feed.emit("holds:7");
    feed.emit("cart:12");
    cache.set("session:a", 1, ["session:a", "accounts"], fill);
    expect(cache.get("session:a")).toBe(1);
    feed.emit("accounts");
    expect(cache.get("session:a")).toBeUndefined();
  });

  it("is dropped when one of its topics was noticed while it read", () => {
    const feed = numberedFeed();
    const cache = new FeedCache<number>(feed);
    const fill = cache.begin();
    feed.emit("holds:7");
    feed.emit("session:a");
    feed.emit("cart:12");
    feed.emit("holds:7");
    cache.set("session:a", 1, ["session:a", "accounts"], fill);
    expect(cache.get("session:a")).toBeUndefined();
    // a fill begun after that notice is kept
    const next = cache.begin();
    feed.emit("cart:12");
    cache.set("session:a", 2, ["session:a", "accounts"], next);
    expect(cache.get("session:a")).toBe(2);
  });

  it("is dropped when the feed was lost, came back or was late while it read", () => {
    for (const topic of ["*", FEED_LATE]) {
      const feed = numberedFeed();
      const cache = new FeedCache<number>(feed);
      const fill = cache.begin();
      feed.emit(topic);
      feed.emit("cart:1");
      cache.set("k", 1, ["offers"], fill);
      expect(cache.get("k")).toBeUndefined();
    }
  });

  it("is dropped when it began before notices the cache no longer remembers", () => {
    const feed = numberedFeed();
    const cache = new FeedCache<number>(feed);
    const fill = cache.begin();
    feed.emit("offers");
    for (let i = 0; i < 10_000; i++) feed.emit(`cart:${i}`);
    cache.set("k", 1, ["offers"], fill);
    expect(cache.get("k")).toBeUndefined();
    const next = cache.begin();
    feed.emit("cart:x");
    cache.set("k", 2, ["offers"], next);
    expect(cache.get("k")).toBe(2);
  });

  it("is dropped when it began before the cache was made", () => {
    const feed = numberedFeed();
    const before = feed.seq;
    feed.emit("cart:1");
    const cache = new FeedCache<number>(feed);
    cache.set("k", 1, ["offers"], before);
    expect(cache.get("k")).toBeUndefined();
  });
});
