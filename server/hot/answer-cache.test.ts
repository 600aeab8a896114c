import { describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { AnswerCache, negotiateEncoding } from "./answer-cache.ts";

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

  it("answers a header the same when it is asked again, and after many others were asked", () => {
    expect(negotiateEncoding("gzip;q=0")).toBe("identity");
    expect(negotiateEncoding("gzip;q=0")).toBe("identity");
    // More distinct headers than are kept, alternating answers: none is answered from another's entry.
    for (let i = 0; i < 300; i++) {
      expect(negotiateEncoding(`gzip;q=0.${i + 1}, x-${i}`)).toBe("gzip");
      expect(negotiateEncoding(`br;q=0, gzip;q=0, x-${i}`)).toBe("identity");
    }
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding(`${"x, ".repeat(100)}br`)).toBe("br");
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
    // Uncompressed: the JSON's UTF-8 bytes, encoded once and handed out again (not re-encoded per send).
    const plain = await cache.body(entry, "identity");
    expect(plain.toString("utf8")).toBe('{"hello":"lilies"}');
    expect(await cache.body(entry, "identity")).toBe(plain);
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
