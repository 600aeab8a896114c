// The hot-read caches are bounded (issue 14 "memory"): however many sessions, buyers or catalog
// answers pass through, a FeedCache keeps at most its `max` entries, dropping the oldest, and its
// topic index shrinks with it. A pure test: the feed is a stand-in that is always live.
import { describe, expect, it } from "vitest";
import { FEED_LATE, type ChangeFeed } from "../../db/change-feed.ts";
import { FeedCache } from "./feed-cache.ts";

/** A stand-in feed, always live, that numbers its notices as the real one does (seq moves before listeners hear). */
function liveFeed(): ChangeFeed & { emit(topic: string): void } {
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

// Which fills are kept (issue 30 "the cut-off rush"): a fill is dropped when a notice of one of its
// topics, or of everything, went by while it read; notices of other topics (every cart save sends
// some) leave it standing.
/** A fill of `topics` begun before `notices` went by: its cache, its feed and whether it was kept. */
function fillAcross(notices: string[], topics: string[]) {
  const feed = liveFeed();
  const cache = new FeedCache<number>(feed);
  const fill = cache.begin();
  for (const topic of notices) feed.emit(topic);
  cache.set("k", 1, topics, fill);
  return { feed, cache, kept: cache.get("k") === 1 };
}

describe("a FeedCache fill", () => {
  it("is kept when only other topics were noticed while it read, and still dropped by a later notice of its own", () => {
    const { feed, cache, kept } = fillAcross(["holds:7", "cart:12"], ["session:a", "accounts"]);
    expect(kept).toBe(true);
    feed.emit("accounts");
    expect(cache.get("k")).toBeUndefined();
  });

  it("is dropped when one of its topics was noticed while it read; one begun after that notice is kept", () => {
    const { feed, cache, kept } = fillAcross(["holds:7", "session:a", "cart:12", "holds:7"], ["session:a", "accounts"]);
    expect(kept).toBe(false);
    const next = cache.begin();
    feed.emit("cart:12");
    cache.set("k", 2, ["session:a", "accounts"], next);
    expect(cache.get("k")).toBe(2);
  });

  it("is dropped when the feed was lost, came back or was late while it read", () => {
    expect(fillAcross(["*", "cart:1"], ["offers"]).kept).toBe(false);
    expect(fillAcross([FEED_LATE, "cart:1"], ["offers"]).kept).toBe(false);
  });

  it("is dropped when it began before notices the cache no longer remembers", () => {
    const { feed, cache, kept } = fillAcross(["offers", ...Array.from({ length: 10_000 }, (_, i) => `cart:${i}`)], ["offers"]);
    expect(kept).toBe(false);
    const next = cache.begin();
    feed.emit("cart:x");
    cache.set("k", 2, ["offers"], next);
    expect(cache.get("k")).toBe(2);
  });

  it("is dropped when it began before the cache was made", () => {
    const feed = liveFeed();
    const before = feed.seq;
    feed.emit("cart:1");
    const cache = new FeedCache<number>(feed);
    cache.set("k", 1, ["offers"], before);
    expect(cache.get("k")).toBeUndefined();
  });
});

// What a read in progress may still be given to (the session plugin's shared read): the same rule as a fill.
describe("FeedCache.fresh", () => {
  it("says a read of some topics is stale once a notice of one of them, or of everything, went by since it began", () => {
    const feed = liveFeed();
    const cache = new FeedCache<number>(feed);
    const began = cache.begin();
    expect(cache.fresh(["session:a", "accounts"], began)).toBe(true);
    feed.emit("cart:7");
    expect(cache.fresh(["session:a", "accounts"], began)).toBe(true);
    feed.emit("session:a");
    expect(cache.fresh(["session:a", "accounts"], began)).toBe(false);
    expect(cache.fresh(["session:b", "accounts"], began)).toBe(true);
    // A read begun after that notice is fresh again; everything ("*") makes every earlier read stale.
    const later = cache.begin();
    expect(cache.fresh(["session:a", "accounts"], later)).toBe(true);
    feed.emit("*");
    expect(cache.fresh(["session:b"], later)).toBe(false);
    (feed as { live: boolean }).live = false;
    expect(cache.fresh(["session:b"], cache.begin())).toBe(false);
  });
});
