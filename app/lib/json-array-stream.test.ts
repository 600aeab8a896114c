import { describe, expect, it } from "vitest";
import { createServer } from "node:http";
import { z } from "zod";
import { JsonArraySplitter, jsonArrayBatches } from "./json-array-stream.ts";
import { api } from "./api.ts";

/** Every element of `text` as the splitter gives them, fed in pieces of `size` characters. */
function split(text: string, size: number): unknown[] {
  const splitter = new JsonArraySplitter();
  const out: unknown[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...splitter.push(text.slice(i, i + size)));
  out.push(...splitter.push(""));
  splitter.end();
  return out;
}

// Text that looks like structure but is inside strings, escapes, nesting, numbers and literals.
const tricky = [
  { id: "a,b", note: "] } [ {", quote: 'say "hi", then ]', slash: "C:\\dir\\", tail: "\\" },
  [1, [2, [3, { x: "]" }]], "],["],
  "just a string, with a comma",
  -12.5e3,
  true,
  null,
  { nested: { deeper: [{}, [], ""] }, unicode: "Rosé 🌷 ünïcode \u2028" },
  {},
  [],
];

describe("JsonArraySplitter", () => {
  it("gives the elements JSON.parse gives, however the text is cut", () => {
    const text = JSON.stringify(tricky);
    for (const size of [1, 2, 3, 7, 64, text.length]) expect(split(text, size), `pieces of ${size}`).toEqual(tricky);
    const spaced = ` \n [ ${tricky.map((t) => JSON.stringify(t, null, 2)).join(" ,\n ")} ] \n`;
    for (const size of [1, 5, spaced.length]) expect(split(spaced, size), `spaced, pieces of ${size}`).toEqual(tricky);
  });

  it("gives what JSON.parse gives for random lists of strings full of quotes and backslashes", () => {
    // A small deterministic generator: the same cases every run.
    let seed = 7;
    // mulberry32
    const next = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n | 0;
    };
    const alphabet = ['"', "\\", ",", "[", "]", "{", "}", ":", "a", " ", "é", "🌷", "\n"];
    const text = () => Array.from({ length: next(12) }, () => alphabet[next(alphabet.length)]).join("");
    const value = (depth: number): unknown => {
      const kind = next(depth > 2 ? 3 : 5);
      if (kind === 0) return text();
      if (kind === 1) return next(1000) - 500;
      if (kind === 2) return [null, true, false][next(3)];
      if (kind === 3) return Array.from({ length: next(4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: next(4) }, () => [text(), value(depth + 1)]));
    };
    for (let round = 0; round < 200; round++) {
      const list = Array.from({ length: next(8) }, () => value(0));
      const json = JSON.stringify(list);
      expect(split(json, 1 + next(9)), json).toEqual(list);
    }
  });

  it("gives an empty list for [] and a one-element list for one element", () => {
    expect(split("[]", 1)).toEqual([]);
    expect(split(" [ ] ", 2)).toEqual([]);
    expect(split('[{"a":1}]', 3)).toEqual([{ a: 1 }]);
  });

  it("gives complete elements before the array is complete", () => {
    const splitter = new JsonArraySplitter();
    expect(splitter.push('[{"id":1},{"id":2},{"id"')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(splitter.push(":3}")).toEqual([]);
    expect(splitter.push("]")).toEqual([{ id: 3 }]);
    splitter.end();
  });

  it("refuses what is not a JSON array, a cut-off array, and text after its end", () => {
    expect(() => split('{"id":1}', 3)).toThrow(/list/);
    expect(() => split("null", 1)).toThrow(/list/);
    expect(() => split('"[1]"', 2)).toThrow(/list/);
    expect(() => split("", 1)).toThrow(/list/);
    expect(() => split('[{"id":1},{"id"', 4)).toThrow(SyntaxError);
    expect(() => split("[1,2]x", 2)).toThrow(SyntaxError);
    expect(() => split("[1,,2]", 2)).toThrow(SyntaxError);
    expect(() => split("[1,{]", 2)).toThrow(SyntaxError);
  });
});

describe("reading a list as it arrives", () => {
  const Item = z.object({ id: z.string(), n: z.number().int() });
  const items = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: `p${from + i}`, n: from + i }));

  it("decodes characters cut between chunks", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify(tricky));
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += 3) c.enqueue(bytes.slice(i, i + 3));
        c.close();
      },
    });
    const out: unknown[] = [];
    for await (const batch of jsonArrayBatches(body)) out.push(...batch);
    expect(out).toEqual(tricky);
  });

  it("gives api.getList's first chunk of items while the rest of the answer is still on its way", async () => {
    // A server that sends the first 300 items, then waits until the test has seen the first chunk.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const all = items(0, 1000);
    const text = JSON.stringify(all);
    const cut = text.indexOf('{"id":"p300"');
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write(text.slice(0, cut));
      void released.then(() => res.end(text.slice(cut)));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      let first: unknown[] | undefined;
      const read = api.getList(`http://127.0.0.1:${port}/List`, undefined, Item, undefined, (rows) => {
        first = rows;
        release();
      });
      // Never released unless the first chunk came before the end: the read would not finish.
      expect(await read).toEqual(all);
      expect(first).toEqual(all.slice(0, 250));
    } finally {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("stops the download when the list is given up while it arrives", async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    const server = createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write(JSON.stringify(items(0, 600)).slice(0, -1) + ",");
      req.socket.on("close", closed);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const stop = new AbortController();
    try {
      const read = api.getList(`http://127.0.0.1:${port}/List`, undefined, Item, undefined, () => stop.abort(new Error("no longer wanted")), stop.signal);
      await expect(read).rejects.toThrow("no longer wanted");
      await connectionClosed;
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
