// Many live availability streams (issue 23, item 8) on one instance with the default caps: one
// address trying for more than LIVE_STREAMS_PER_ADDRESS (60) gets 429 past it; then 1,200 streams,
// every address at its cap (20 addresses x 60; 95 accounts x 12 and 6 sharing the first address), follow one catalog
// while a buyer saves a cart five times. Each change must reach every stream, pushed: its delivery
// from the save's start (the save, its notice, the 150 ms coalescing, one catalog read and the fan-out)
// is printed against the 1 s goal of npm run bench:live; /healthz answers throughout. Streams come from 127.0.0.2-29 (all this machine).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import http from "node:http";
import pg from "pg";
import { attachCluster } from "../helpers/pg-cluster.ts";
import { loginAs } from "../helpers/test-app.ts";
import { client, tomorrow } from "../helpers/store-fixtures.ts";
import { DEFAULT_TEST_PASSWORD } from "../factories/index.ts";
import { createWorld, serves, timeUntil, type World } from "./world.ts";
import { expectStayedUp, watchHealth } from "./health-watch.ts";

const cluster = attachCluster(inject("pgCluster"));
let world: World;
const requests: http.ClientRequest[] = [];
beforeAll(async () => {
  await cluster.ensureStarted();
  world = await createWorld(cluster, { instances: 1, buyers: 101, products: 4, stock: 100_000, env: { METRICS_PORT: "0" } });
});
afterAll(async () => {
  for (const r of requests) r.destroy();
  await world?.close();
});

interface Stream {
  status: number;
  body: string;
  /** Arrival times (performance.now()) of its change events. */
  changes: number[];
}

/** Opens a stream from `from`; resolves at its first event (200) or its refusal. */
function open(url: string, cookie: string, from: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const s: Stream = { status: 0, body: "", changes: [] };
    const req = http.get(url, { headers: { cookie, accept: "text/event-stream" }, localAddress: from, agent: false }, (res) => {
      s.status = res.statusCode ?? 0;
      res.setEncoding("utf8");
      if (s.status !== 200) {
        res.on("data", (d: string) => (s.body += d));
        res.on("end", () => resolve(s));
        return;
      }
      let first = true;
      res.on("data", (d: string) => {
        if (first) {
          first = false;
          resolve(s);
        }
        for (let i = d.indexOf("event: change"); i >= 0; i = d.indexOf("event: change", i + 1)) s.changes.push(performance.now());
      });
    });
    requests.push(req);
    req.on("error", reject);
  });
}

async function scrape(url: string): Promise<Record<string, number>> {
  const text = await (await fetch(url)).text();
  const out: Record<string, number> = {};
  for (const line of text.split("\n")) {
    const m = /^([a-z_]+)(?:\{[^}]*\})? ([\d.e+-]+)$/.exec(line);
    if (m && !(m[1]! in out)) out[m[1]!] = Number(m[2]);
  }
  return out;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))] ?? NaN);
};

describe("many live streams", () => {
  it("one address is held to its cap (429); 1,200 streams at the caps get each stock change pushed; /healthz answering throughout", async () => {
    const [instance] = world.instances;
    const admin = new pg.Client({ connectionString: world.url });
    await admin.connect();
    const { rows } = await admin.query("select c.order_id from catalogs c join offer_lines l on l.catalog_id = c.id where l.id = $1", [world.products[0]!.offerLineId]);
    const emails = await admin.query("select id, email from users where id = any($1)", [world.buyers.map((b) => b.userId)]);
    await admin.end();
    const orderId = rows[0].order_id as number;
    const emailOf = new Map(emails.rows.map((r: { id: string; email: string }) => [r.id, r.email]));
    // Each account signed in twice: 6 streams a session, 12 an account.
    const sessions: Array<{ b: World["buyers"][number]; cookies: string[] }> = [];
    for (const b of world.buyers) sessions.push({ b, cookies: [b.cookie, await loginAs(instance!, emailOf.get(b.userId)!, DEFAULT_TEST_PASSWORD)] });
    const urlOf = (b: { userId: string; customerId: string }) => `${instance!.baseUrl}/api/Store/Catalog/Live/${b.userId}/${b.customerId}/${orderId}/${tomorrow()}`;
    /** The 12 stream openings of account `i` (6 per session). */
    const twelve = (i: number, from: string) => Array.from({ length: 12 }, (_, k) => open(urlOf(sessions[i]!.b), sessions[i]!.cookies[k % 2]!, from));

    const health = await watchHealth(instance!.baseUrl);
    // One address, 6 accounts trying for 72 streams: 60 are let in.
    const attacker = (await Promise.all([0, 1, 2, 3, 4, 5].flatMap((i) => twelve(i, "127.0.0.2")))).map((s) => s);
    const refused = attacker.filter((s) => s.status === 429);
    expect(attacker.filter((s) => s.status === 200).length).toBe(60);
    expect(refused.length).toBe(12);
    expect(JSON.parse(refused[0]!.body).message).toBe("At most 60 live availability streams per network address are open at once. Close some store tabs and try again.");

    // 19 more addresses at 60 each, accounts 6..100 at 12 each.
    const streams = attacker.filter((s) => s.status === 200);
    const openStarted = Date.now();
    for (let a = 0; a < 19; a++) {
      const from = `127.0.0.${10 + a}`;
      const batch = await Promise.all([...twelve(6 + a * 5, from), ...twelve(7 + a * 5, from), ...twelve(8 + a * 5, from), ...twelve(9 + a * 5, from), ...twelve(10 + a * 5, from)].slice(0, 60));
      streams.push(...batch.filter((s) => s.status === 200));
      expect(batch.filter((s) => s.status !== 200).map((s) => s.body)).toEqual([]);
    }
    const openMs = Date.now() - openStarted;
    expect(streams.length).toBe(1_200);

    // Five saves by a buyer outside the streams, each changing what everybody else may take.
    const before = await scrape(`${instance!.metricsUrl}/metrics`);
    const probe = world.probes[0]!;
    const saver = client(instance!, probe.cookie, probe.userId, probe.customerId);
    const latencies: number[] = [];
    for (let n = 1; n <= 5; n++) {
      const got = streams.map((s) => s.changes.length);
      const t0 = performance.now();
      expect((await saver.save({ shipDate: tomorrow(), items: [{ productId: world.products[0]!.productId, quantity: n * 10 }] })).statusCode).toBe(200);
      await timeUntil(async () => streams.every((s, i) => s.changes.length > got[i]!), 10_000);
      for (const [i, s] of streams.entries()) latencies.push(s.changes[got[i]!]! - t0);
    }
    const after = await scrape(`${instance!.metricsUrl}/metrics`);
    const healthFigures = await health.stop();
    for (const r of requests) r.destroy();
    const recoveryMs = await timeUntil(() => serves(world, instance!), 10_000);

    const fanOuts = after.live_fanouts_total! - before.live_fanouts_total!;
    const cpuMsPerFanOut = ((after.live_fanout_cpu_seconds_total! - before.live_fanout_cpu_seconds_total!) * 1000) / Math.max(1, fanOuts);
    const figures = { p50: pct(latencies, 50), p99: pct(latencies, 99), max: pct(latencies, 100) };
    console.log(
      `[faults] ${JSON.stringify({ run: "1,200 live streams at the caps (20 addresses x 60, accounts x 12), 5 saves", refusedPastAddressCap: refused.length, openAllMs: openMs, deliveryMsFromSaveStart: figures, fanOuts, fanOutCpuMs: Math.round(cpuMsPerFanOut * 10) / 10, liveStreams: after.live_streams, recoveryMs, health: healthFigures })}`,
    );
    expect(after.live_streams).toBe(1_200);
    // Every stream got every change (timeUntil above). How soon is a figure, printed above and measured
    // against its 1 s goal by npm run bench:live: here the 1,200 streams' reader shares this process and
    // the machine with the server, so the slowest arrival counts this process's own lag too. The bound
    // only tells a change pushed at once from one that waited on something else (a stalled fan-out).
    expect(figures.max).toBeLessThan(3_000);
    expectStayedUp(healthFigures);
  });
});
