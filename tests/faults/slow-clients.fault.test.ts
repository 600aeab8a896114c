// Slow and greedy clients (issue 23, item 3) against one instance with the default bounds of
// .env.example: hundreds of clients trickling a sign-in body one byte every 10 s, more than the
// per-address cap from one address, and clients that never finish their headers. Each trickling
// client is cut at HTTP_REQUEST_TIMEOUT_SECONDS (30) with 408, each slow-header one at
// HTTP_HEADERS_TIMEOUT_SECONDS (10), connections past HTTP_MAX_CONNECTIONS_PER_ADDRESS (256) get 429 at
// once, /healthz answers throughout (the slowest probe printed against the 1 s goal) and the instance serves a checkout afterwards.
// Clients come from 127.0.0.2-4 (all this machine); the health probe from 127.0.0.1.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import net from "node:net";
import { attachCluster } from "../helpers/pg-cluster.ts";
import { createWorld, serves, timeUntil, type World } from "./world.ts";
import { expectStayedUp, watchHealth } from "./health-watch.ts";

const cluster = attachCluster(inject("pgCluster"));
let world: World;
beforeAll(async () => {
  await cluster.ensureStarted();
  world = await createWorld(cluster, { instances: 1, buyers: 1, products: 2, stock: 100 });
});
afterAll(async () => world?.close());

interface Slow {
  /** The first line the server sent ("" if it only closed), and how long the connection lived. */
  ended: Promise<{ status: string; ms: number }>;
}

/** A client from `from` that sends `head` and then one byte of `drip` every `everyMs`. */
function slowClient(port: number, from: string, head: string, drip: string, everyMs: number): Slow {
  const started = Date.now();
  const socket = net.connect({ host: "127.0.0.1", port, localAddress: from });
  let text = "";
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding("utf8");
  socket.on("data", (d: string) => (text += d));
  socket.on("error", () => {});
  socket.on("connect", () => {
    socket.write(head);
    let i = 0;
    timer = setInterval(() => socket.writable && socket.write(drip[i++ % drip.length]!), everyMs);
  });
  const ended = new Promise<{ status: string; ms: number }>((resolve) =>
    socket.once("close", () => {
      clearInterval(timer);
      resolve({ status: text.split("\r\n")[0] ?? "", ms: Date.now() - started });
    }),
  );
  return { ended };
}

const figures = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, min: s[0], p50: s[Math.floor(s.length / 2)], max: s.at(-1) };
};

describe("slow clients", () => {
  it("500 trickling bodies, 100 slow headers, 44 past the per-address cap: cut within the bounds, /healthz answering throughout, serving after", async () => {
    const [instance] = world.instances;
    const port = Number(new URL(instance!.baseUrl).port);
    const health = await watchHealth(instance!.baseUrl);
    const body = `POST /api/Auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"`;
    const clients: Array<{ kind: "body" | "headers"; from: string; c: Slow }> = [];
    // 300 from one address (256 allowed), 200 from another, a few at a time as a script would open them.
    for (let i = 0; i < 500; i++) {
      const from = i < 300 ? "127.0.0.2" : "127.0.0.3";
      clients.push({ kind: "body", from, c: slowClient(port, from, body, "aaaaaaaa", 10_000) });
      if (i % 50 === 49) await new Promise((r) => setTimeout(r, 100));
    }
    for (let i = 0; i < 100; i++) clients.push({ kind: "headers", from: "127.0.0.4", c: slowClient(port, "127.0.0.4", "GET /healthz HTTP/1.1\r\n", "X-a: b\r\n", 2_000) });
    const ends = await Promise.all(clients.map(async (c) => ({ ...c, ...(await c.c.ended) })));
    const recoveryMs = await timeUntil(() => serves(world, instance!), 10_000);
    const healthFigures = await health.stop();

    const refused = ends.filter((e) => e.status.startsWith("HTTP/1.1 429"));
    const bodies = ends.filter((e) => e.kind === "body" && !e.status.startsWith("HTTP/1.1 429"));
    const headers = ends.filter((e) => e.kind === "headers");
    // 256 of the 300 from 127.0.0.2 were let in; the rest were refused at once.
    expect(refused.length).toBe(44);
    expect(refused.every((e) => e.from === "127.0.0.2" && e.ms < 2_000)).toBe(true);
    expect(bodies.length).toBe(456);
    // Cut at the 30 s request bound (checked every second), with 408.
    for (const e of bodies) {
      expect(e.status).toBe("HTTP/1.1 408 Request Timeout");
      expect(e.ms).toBeGreaterThanOrEqual(29_000);
      expect(e.ms).toBeLessThan(35_000);
    }
    // Cut at the 10 s header bound.
    for (const e of headers) expect(e.ms).toBeLessThan(15_000);
    expectStayedUp(healthFigures);
    expect(instance!.running()).toBe(true);
    console.log(
      `[faults] ${JSON.stringify({ run: "slow clients: 500 trickled bodies (1 byte/10 s) + 100 slow headers", refused429: refused.length, bodyCutMs: figures(bodies.map((e) => e.ms)), headerCutMs: figures(headers.map((e) => e.ms)), headerStatuses: [...new Set(headers.map((e) => e.status))], recoveryMs, health: healthFigures })}`,
    );
  });
});
