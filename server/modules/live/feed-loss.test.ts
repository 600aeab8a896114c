// The change feed's LISTEN connection lost on PostgreSQL (a failover, an administrator's
// pg_terminate_backend): while it is down the hot caches answer from the database, so a change made
// meanwhile is seen at once; the feed comes back by itself and the caches answer from memory again;
// a live availability stream open throughout catches up with the change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { changeFeedFor, type ChangeFeed } from "../../../db/change-feed.ts";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { countStatements } from "../../../tests/helpers/statement-count.ts";
import { openSse, type SseEvent } from "../../../tests/helpers/sse.ts";

const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let feed: ChangeFeed;
let base: string;
const RECONNECT = process.env.BLOOM_FEED_RECONNECT_MS;
/** The live hub's own reads of the catalog (its stream is open): not the list's. */
const LIVE_READS = /^select (ol|h)\.product_id, (coalesce|c\.user_id)/;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp();
  feed = changeFeedFor(t.db); // the app's own feed (one per pool), looked at, not replaced
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  if (RECONNECT === undefined) delete process.env.BLOOM_FEED_RECONNECT_MS;
  else process.env.BLOOM_FEED_RECONNECT_MS = RECONNECT;
  await feed?.release();
  await t?.close();
});

/** Ends this database's LISTEN connection from the server side; how many it ended. */
async function terminateFeed(): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = 'bloom-store-feed' and datname = current_database()`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

describe.skipIf(!onPostgres)("the change feed's connection lost", () => {
  it("answers from the database while it is down, comes back by itself, and the stream catches up", async () => {
    const c = await buyer(t);
    const other = await buyer(t);
    const { catalog, offerLines, products } = await offer(t.db, [c.customerId, other.customerId], { count: 2, line: { originalQuantity: 30 } });
    const p0 = products[0]!.productId;
    const quantity = async () => ((await c.products(catalog.orderId, tomorrow())).json() as { productId: string; quantityRemaining: number }[]).find((p) => p.productId === p0)!.quantityRemaining;
    // Warm: the second read is answered from memory (no statement).
    expect(await quantity()).toBe(30);
    const warm = countStatements(t.db);
    expect(await quantity()).toBe(30);
    warm.stop();
    expect(warm.statements).toEqual([]);
    const stream = await openSse(`${base}/api/Store/Catalog/Live/${c.userId}/${c.customerId}/${catalog.orderId}/${tomorrow()}`, { cookie: c.cookie });
    const snapshot = await stream.next((e) => e.event === "snapshot");
    expect((snapshot.data as { available: Record<string, number> }).available[p0]).toBe(30);

    // Lose the feed, and keep it away long enough to look (it comes back on its own afterwards).
    process.env.BLOOM_FEED_RECONNECT_MS = "15000";
    expect(await terminateFeed()).toBeGreaterThan(0);
    await expect.poll(() => feed.live, { timeout: 20_000 }).toBe(false);

    // A change no notice will tell anyone about: the grower lowers the stock straight in the database.
    await t.db.execute(sql`update offer_lines set original_quantity = 25 where id = ${offerLines[0]!.id}`);
    expect(await quantity()).toBe(25); // the cache is off: read from the database
    expect(feed.live).toBe(false); // (still down: that answer did not come from a returned feed)
    // The open stream is not left with stale numbers: a feedless instance reads its catalogs again (once
    // when the feed is lost, then every 5 s), and so finds the change while the feed is still down.
    const polled = await stream.next((e: SseEvent) => e.event === "change" && (e.data as { available: Record<string, number> }).available[p0] === 25);
    expect(polled.id).not.toBe(snapshot.id);
    expect(feed.live).toBe(false); // found without the feed, not by its return

    // Back by itself.
    process.env.BLOOM_FEED_RECONNECT_MS = "1000";
    await expect.poll(() => feed.live, { timeout: 30_000, interval: 200 }).toBe(true);
    expect(await quantity()).toBe(25);
    const again = countStatements(t.db);
    expect(await quantity()).toBe(25);
    again.stop();
    expect(again.statements.filter((s) => !LIVE_READS.test(s))).toEqual([]);
    // Notices flow again: another buyer's hold reaches the stream through the feed.
    const from = stream.events.length;
    expect((await other.save({ shipDate: tomorrow(), items: [{ productId: p0, quantity: 4 }] })).statusCode).toBe(200);
    await stream.next((e) => e.event === "change" && (e.data as { available: Record<string, number> }).available[p0] === 21, from);
    expect(await quantity()).toBe(21);
    stream.close();
  }, 90_000);
});
