import { afterEach, describe, expect, it, vi } from "vitest";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { QueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { cartSaver } from "./cart-saver.ts";

const Cart = z.object({ version: z.number().int(), lines: z.array(z.string()) });
type Cart = z.infer<typeof Cart>;
type Body = { version: number; add: string };

// A real HTTP cart endpoint: it keeps a cart, answers 409 with the current cart to a stale version,
// and can be told to answer a 409 whose body is not a cart.
async function cartServer() {
  let cart: Cart = { version: 1, lines: [] };
  let brokenConflict = false;
  const seen: Body[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Body;
      seen.push(body);
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      // A slow first answer: a second save sent before it returns would carry a stale version.
      setTimeout(() => {
        // The server's 409 says why and carries the current cart in `data` (server/errors.ts).
        if (brokenConflict) return send(409, { message: "Your cart was changed", data: { current: "not a cart" } });
        if (body.version !== cart.version) return send(409, { message: "Your cart was changed", data: cart });
        cart = { version: cart.version + 1, lines: [...cart.lines, body.add] };
        send(200, cart);
      }, seen.length === 1 ? 60 : 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/SaveCart`,
    seen,
    bump: (line: string) => (cart = { version: cart.version + 1, lines: [...cart.lines, line] }),
    breakConflicts: () => (brokenConflict = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe("cartSaver (both stores' one save path)", () => {
  it("runs saves one after another, each built from the cart the previous one left", async () => {
    const server = await cartServer();
    close = server.close;
    const client = new QueryClient();
    client.setQueryData(["cart"], { version: 1, lines: [] });
    const save = cartSaver<Cart, Body>(client, { key: ["cart"], path: server.url, schema: Cart });
    const [first, second] = await Promise.all([
      save((c) => ({ version: c.version, add: "Freedom rose" })),
      save((c) => ({ version: c.version, add: "Alstroemeria" })),
    ]);
    expect(first).toEqual({ ok: true, cart: { version: 2, lines: ["Freedom rose"] } });
    expect(second).toEqual({ ok: true, cart: { version: 3, lines: ["Freedom rose", "Alstroemeria"] } });
    expect(server.seen.map((b) => b.version)).toEqual([1, 2]);
    expect(client.getQueryData(["cart"])).toEqual({ version: 3, lines: ["Freedom rose", "Alstroemeria"] });
  });

  it("sends a save at once when none is in flight, and a later one only after it is answered", async () => {
    const server = await cartServer();
    close = server.close;
    const client = new QueryClient();
    client.setQueryData(["cart"], { version: 1, lines: [] });
    const save = cartSaver<Cart, Body>(client, { key: ["cart"], path: server.url, schema: Cart });
    const sent = vi.spyOn(globalThis, "fetch");
    try {
      // Sent before save returns (a date's click: before React renders the click), not in a later turn.
      const first = save((c) => ({ version: c.version, add: "Freedom rose" }));
      expect(sent).toHaveBeenCalledTimes(1);
      // Another save while the first is in flight waits for its answer (built from the cart it leaves).
      const second = save((c) => ({ version: c.version, add: "Alstroemeria" }));
      await Promise.resolve();
      expect(sent).toHaveBeenCalledTimes(1);
      await first;
      expect((await second)?.ok).toBe(true);
      expect(sent).toHaveBeenCalledTimes(2);
      expect(server.seen.map((b) => b.version)).toEqual([1, 2]);
      // Both answered: the next one is sent at once again.
      void save((c) => ({ version: c.version, add: "Peony" }));
      expect(sent).toHaveBeenCalledTimes(3);
    } finally {
      sent.mockRestore();
    }
  });

  it("takes the current cart from a 409 and says it was a conflict", async () => {
    const server = await cartServer();
    close = server.close;
    server.bump("from another window");
    const client = new QueryClient();
    client.setQueryData(["cart"], { version: 1, lines: [] });
    const save = cartSaver<Cart, Body>(client, { key: ["cart"], path: server.url, schema: Cart });
    const outcome = await save((c) => ({ version: c.version, add: "Peony" }));
    expect(outcome).toMatchObject({ ok: false, conflict: true });
    expect(outcome && !outcome.ok && outcome.error.status).toBe(409);
    expect(client.getQueryData(["cart"])).toEqual({ version: 2, lines: ["from another window"] });
  });

  it("keeps our cart when a 409's body is not a cart, and sends nothing when build gives null", async () => {
    const server = await cartServer();
    close = server.close;
    server.breakConflicts();
    const client = new QueryClient();
    client.setQueryData(["cart"], { version: 1, lines: ["mine"] });
    const save = cartSaver<Cart, Body>(client, { key: ["cart"], path: server.url, schema: Cart });
    expect(await save(() => null)).toBeNull();
    expect(server.seen).toHaveLength(0);
    const outcome = await save((c) => ({ version: c.version, add: "Lily" }));
    expect(outcome).toMatchObject({ ok: false, conflict: false });
    expect(client.getQueryData(["cart"])).toEqual({ version: 1, lines: ["mine"] });
  });
});
