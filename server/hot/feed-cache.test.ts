// The hot-read caches are bounded (issue 14 "memory"): however many sessions, buyers or catalog
// answers pass through, a FeedCache keeps at most its `max` entries, dropping the oldest, and its
// topic index shrinks with it. A pure test: the feed is a stand-in that is always live.
import { describe, expect, it } from "vitest";
import type { ChangeFeed } from "../../db/change-feed.ts";
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
