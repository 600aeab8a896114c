// Which fills a FeedCache keeps (issue 30 "the cut-off rush"): a fill is dropped when a notice of one
// of its topics, or of everything, went by while it read; notices of other topics (every cart save
// sends some) leave it standing. A pure test: the feed is a stand-in that numbers its notices.
import { describe, expect, it } from "vitest";
import { FEED_LATE, FeedCache, type ChangeFeed } from "./change-feed.ts";

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

describe("a FeedCache fill", () => {
  it("is kept when only other topics were noticed while it read", () => {
    const feed = numberedFeed();
    const cache = new FeedCache<number>(feed);
    const fill = cache.begin();
    feed.emit("holds:7");
    feed.emit("cart:12");
    cache.set("session:a", 1, ["session:a", "accounts"], fill);
    expect(cache.get("session:a")).toBe(1);
    // and a later notice of its topic still drops it
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
    cache.set("session:a", 1, ["session:a", "accounts"], fill);
    expect(cache.get("session:a")).toBeUndefined();
  });

  it("is dropped when the feed was lost, came back or was late while it read", () => {
    for (const topic of ["*", FEED_LATE]) {
      const feed = numberedFeed();
      const cache = new FeedCache<number>(feed);
      const fill = cache.begin();
      feed.emit(topic);
      cache.set("k", 1, ["offers"], fill);
      expect(cache.get("k")).toBeUndefined();
    }
  });

  it("is dropped when more notices went by than it remembers", () => {
    const feed = numberedFeed();
    const cache = new FeedCache<number>(feed);
    const fill = cache.begin();
    for (let i = 0; i < 5000; i++) feed.emit(`cart:${i}`);
    cache.set("k", 1, ["offers"], fill);
    expect(cache.get("k")).toBeUndefined();
    // a fill begun after them is kept
    const next = cache.begin();
    feed.emit("cart:x");
    cache.set("k", 2, ["offers"], next);
    expect(cache.get("k")).toBe(2);
  });
});
