import { describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { AnswerCache, negotiateEncoding, TaggedCache } from "./answer-cache.ts";

describe("negotiateEncoding", () => {
  it.each([
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0", "identity"],
    ["*", "br"],
    ["", "identity"],
    [undefined, "identity"],
    ["identity", "identity"],
  ])("%s -> %s", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe("AnswerCache", () => {
  it("returns bodies that decompress to the JSON, compressing once per encoding", async () => {
    const cache = new AnswerCache(2);
    const entry = cache.set('W/"a"', JSON.stringify({ hello: "lilies" }));
    const br = (await cache.body(entry, "br")) as Buffer;
    expect(JSON.parse(brotliDecompressSync(br).toString())).toEqual({ hello: "lilies" });
    expect(await cache.body(entry, "br")).toBe(br);
    expect(JSON.parse(gunzipSync((await cache.body(entry, "gzip")) as Buffer).toString())).toEqual({ hello: "lilies" });
    expect(await cache.body(entry, "identity")).toBe('{"hello":"lilies"}');
  });

  it("evicts the least recently used entry", () => {
    const cache = new AnswerCache(2);
    cache.set("a", "1");
    cache.set("b", "2");
    cache.get("a");
    cache.set("c", "3");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")?.json).toBe("1");
    expect(cache.get("c")?.json).toBe("3");
  });

  it("keeps its JSON within the character budget, dropping the least recently used, and never keeps an answer bigger than it", () => {
    const cache = new AnswerCache(24, 10);
    cache.set("a", "1234");
    cache.set("b", "5678");
    cache.get("a");
    cache.set("c", "90ab"); // 12 characters: "b", the least recently used, goes
    expect(cache.get("b")).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, chars: 8 });
    const big = cache.set("d", "x".repeat(11));
    expect(big.json).toHaveLength(11);
    expect(cache.get("d")).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, chars: 8 });
    cache.set("a", "12"); // replacing an answer counts its new size only
    expect(cache.size).toEqual({ entries: 2, chars: 6 });
  });
});

describe("TaggedCache", () => {
  it("builds a tag once however many ask at the same time, and hands out the same value after", async () => {
    const cache = new TaggedCache<number[]>(2);
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const build = async () => {
      builds++;
      await gate;
      return [builds];
    };
    const together = [cache.getOrBuild("a", build), cache.getOrBuild("a", build), cache.getOrBuild("a", build)];
    release();
    const values = await Promise.all(together);
    expect(builds).toBe(1);
    expect(new Set(values).size).toBe(1);
    expect(await cache.getOrBuild("a", build)).toBe(values[0]);
    expect(builds).toBe(1);
  });

  it("keeps the most recently used up to its bound, and not a failed build", async () => {
    const cache = new TaggedCache<string>(2);
    const built: string[] = [];
    const build = (tag: string) => async () => {
      built.push(tag);
      return tag;
    };
    await cache.getOrBuild("a", build("a"));
    await cache.getOrBuild("b", build("b"));
    await cache.getOrBuild("a", build("a")); // a is now the most recently used
    await cache.getOrBuild("c", build("c")); // drops b
    expect(cache.size).toBe(2);
    await cache.getOrBuild("a", build("a"));
    await cache.getOrBuild("b", build("b"));
    expect(built).toEqual(["a", "b", "c", "b"]);

    await expect(cache.getOrBuild("d", () => Promise.reject(new Error("database gone")))).rejects.toThrow("database gone");
    await Promise.resolve();
    expect(await cache.getOrBuild("d", build("d"))).toBe("d");
  });
});
