import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseListInChunks } from "./api.ts";

const Item = z.object({ id: z.string(), n: z.number().int() });
const items = (count: number) => Array.from({ length: count }, (_, i) => ({ id: `p${i}`, n: i, extra: "dropped" }));

describe("parseListInChunks", () => {
  it("gives what one parse of the whole list gives, in order", async () => {
    const list = items(1234);
    expect(await parseListInChunks(list, Item)).toEqual(z.array(Item).parse(list));
    expect(await parseListInChunks([], Item)).toEqual([]);
  });

  it("fails on an item that does not fit, as the whole list's parse does", async () => {
    const list: unknown[] = items(900);
    list[700] = { id: "p700", n: "seven hundred" };
    await expect(parseListInChunks(list, Item)).rejects.toBeInstanceOf(z.ZodError);
    await expect(parseListInChunks({ id: "p1", n: 1 }, Item)).rejects.toThrow(/list/);
  });

  it("lets other work run while a long list is parsed", async () => {
    let parsed = false;
    let ranBefore: boolean | undefined;
    setTimeout(() => (ranBefore = !parsed), 0);
    await parseListInChunks(items(2000), Item);
    parsed = true;
    expect(ranBefore).toBe(true);
  });
});
