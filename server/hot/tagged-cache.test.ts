import { describe, expect, it } from "vitest";
import { TaggedCache } from "./tagged-cache.ts";

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
