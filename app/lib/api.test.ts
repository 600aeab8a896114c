import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { api, ApiError, parseListInChunks, yieldBehind } from "./api.ts";

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

  it("hands over the first chunk's items before parsing the rest, once, and never for a short list", async () => {
    const firsts: { id: string }[][] = [];
    let whenFirst: boolean | undefined;
    let done = false;
    const all = parseListInChunks(items(1234), Item, undefined, (first) => {
      firsts.push(first);
      whenFirst = done;
    });
    const list = await all;
    done = true;
    expect(firsts).toHaveLength(1);
    expect(whenFirst).toBe(false);
    expect(firsts[0]).toEqual(list.slice(0, firsts[0]!.length));
    expect(firsts[0]!.length).toBeGreaterThan(0);
    expect(firsts[0]!.length).toBeLessThan(list.length);
    await parseListInChunks(items(10), Item, undefined, (first) => firsts.push(first));
    expect(firsts).toHaveLength(1);
  });
});

describe("parseListInChunks with its first chunk handed over", () => {
  it("lets work queued by the first chunk's receiver run before the rest is parsed", async () => {
    let done = false;
    let ranBeforeDone: boolean | undefined;
    const list = await parseListInChunks(items(3000), Item, undefined, () => {
      // As React's scheduler queues the render of the first rows: a message to the back of the queue.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        ranBeforeDone = !done;
      };
      channel.port2.postMessage(null);
    });
    done = true;
    expect(list).toHaveLength(3000);
    expect(ranBeforeDone).toBe(true);
  });
});

describe("yieldBehind", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("waits behind the page's other work with the browser's background priority where there is one", async () => {
    const asked: string[] = [];
    vi.stubGlobal("scheduler", { postTask: async (task: () => void, options: { priority: string }) => (asked.push(options.priority), task()) });
    await yieldBehind();
    expect(asked).toEqual(["background"]);
  });

  it("takes its turn behind tasks already queued elsewhere", async () => {
    let ran = false;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      ran = true;
    };
    channel.port2.postMessage(null);
    await yieldBehind();
    expect(ran).toBe(true);
  });
});

describe("parseListInChunks given up", () => {
  it("stops at the next chunk once its signal aborts, with the signal's reason, and hands nothing over after", async () => {
    const stop = new AbortController();
    const reuse: string[] = [];
    const firsts: unknown[] = [];
    const parse = parseListInChunks(
      items(3000),
      Item,
      (p) => {
        reuse.push(p.id);
        return p;
      },
      (first) => firsts.push(first),
      stop.signal,
    );
    // The first chunk is parsed at once; the rest waits for its turns.
    expect(reuse.length).toBeGreaterThan(0);
    expect(reuse.length).toBeLessThan(3000);
    stop.abort(new Error("another date"));
    const seen = reuse.length;
    await expect(parse).rejects.toThrow("another date");
    expect(reuse.length).toBe(seen);
    expect(firsts).toHaveLength(1);
  });

  it("does not start on a signal already aborted", async () => {
    const stop = new AbortController();
    stop.abort(new Error("gone"));
    await expect(parseListInChunks(items(10), Item, undefined, undefined, stop.signal)).rejects.toThrow("gone");
  });
});

describe("api.getList given up", () => {
  it("gives the signal's reason, not a connection error, when the request is aborted", async () => {
    const stop = new AbortController();
    const { createServer } = await import("node:http");
    // A server that never answers: the request is still out when it is given up.
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const read = api.getList(`http://127.0.0.1:${port}/List`, undefined, Item, undefined, undefined, stop.signal);
      setTimeout(() => stop.abort(new Error("no longer wanted")), 20);
      const err = await read.catch((e: unknown) => e);
      expect(err).not.toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ message: "no longer wanted" });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("api.upload", () => {
  // A plain HTTP server that answers with what it was sent, so the test sees the bytes on the wire.
  async function echoServer(status = 200, answer?: unknown) {
    const { createServer } = await import("node:http");
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(answer ?? { method: req.method, url: req.url, type: req.headers["content-type"] ?? "", body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    return { base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const Echo = z.object({ method: z.string(), url: z.string(), type: z.string(), body: z.string() });

  it("sends a file as it is with its own type, or the type given, and parses the answer", async () => {
    const { base, close } = await echoServer();
    try {
      const png = await api.upload("PUT", `${base}/Logo`, new Blob(["png bytes"], { type: "image/png" }), Echo);
      expect(png).toEqual({ method: "PUT", url: "/Logo", type: "image/png", body: "png bytes" });
      const csv = await api.upload("POST", `${base}/Import`, new Blob(["code,name\r\n"]), Echo, { type: "text/csv", query: { dryRun: true } });
      expect(csv).toEqual({ method: "POST", url: "/Import?dryRun=true", type: "text/csv", body: "code,name\r\n" });
    } finally {
      await close();
    }
  });

  it("sends form data as multipart", async () => {
    const { base, close } = await echoServer();
    try {
      const form = new FormData();
      form.set("file", new Blob(["a,b"], { type: "text/csv" }), "list.csv");
      const sent = await api.upload("POST", `${base}/Upload`, form, Echo);
      expect(sent.type).toMatch(/^multipart\/form-data; boundary=/);
      expect(sent.body).toContain('filename="list.csv"');
      expect(sent.body).toContain("a,b");
    } finally {
      await close();
    }
  });

  it("fails on an answer its schema refuses, and carries the server's message on an error", async () => {
    const wrong = await echoServer(200, { imgSrc: 42 });
    try {
      await expect(api.upload("PUT", `${wrong.base}/Logo`, new Blob(["x"], { type: "image/png" }), z.object({ imgSrc: z.string() }))).rejects.toBeInstanceOf(z.ZodError);
    } finally {
      await wrong.close();
    }
    const refused = await echoServer(415, { message: "The logo must be a PNG, JPEG or WebP image." });
    try {
      const err = await api.upload("PUT", `${refused.base}/Logo`, new Blob(["x"], { type: "image/gif" }), z.object({ imgSrc: z.string() })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 415, message: "The logo must be a PNG, JPEG or WebP image.", fromServer: true });
    } finally {
      await refused.close();
    }
  });
});
