// Live availability streams are capped per session (6), per signed-in account over all its sessions
// and per client address over all its accounts (issue 23, item 8): one more answers 429 with a message
// naming the cap, before anything is streamed, and a closed stream frees its place. Here with small
// caps (LIVE_STREAMS_PER_ACCOUNT=8, LIVE_STREAMS_PER_ADDRESS=10); at the default caps with a stock
// change fanned out to every stream: tests/faults/live-streams.fault.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import { buildTestApp, loginAs, type TestApp } from "../../../tests/helpers/test-app.ts";
import { tomorrow, offer } from "../../../tests/helpers/store-fixtures.ts";
import { ALL_WEEKDAYS, DEFAULT_TEST_PASSWORD, insertCustomer, insertUser, shipTimesOn } from "../../../tests/factories/index.ts";

let t: TestApp;
let base: string;
const open: http.ClientRequest[] = [];
beforeAll(async () => {
  // A short request bound too: a stream's request is complete once sent, so it must outlive the bound.
  t = await buildTestApp({ LIVE_STREAMS_PER_ACCOUNT: "8", LIVE_STREAMS_PER_ADDRESS: "10", HTTP_REQUEST_TIMEOUT_SECONDS: "2", HTTP_HEADERS_TIMEOUT_SECONDS: "1" });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const r of open) r.destroy();
  await t?.close();
});

/** Opens a stream from `from`; its status, and the body when refused. */
function stream(path: string, cookie: string, from = "127.0.0.1"): Promise<{ status: number; body: string; close(): Promise<void>; closed?: () => boolean }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { cookie, accept: "text/event-stream" }, localAddress: from, agent: false }, (res) => {
      const closed = new Promise<void>((r) => res.once("close", () => r()));
      const close = async () => {
        req.destroy();
        await closed;
      };
      if (res.statusCode !== 200) {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, close }));
        return;
      }
      // Open once the first event (the snapshot) is in.
      res.once("data", () => resolve({ status: 200, body: "", close, closed: () => res.destroyed || res.complete }));
    });
    open.push(req);
    req.on("error", reject);
  });
}

async function account() {
  const c = await insertCustomer(t.db, { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") });
  const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
  const { catalog } = await offer(t.db, [c.customerId], { count: 2 });
  const path = `/api/Store/Catalog/Live/${u.id}/${c.customerId}/${catalog.orderId}/${tomorrow()}`;
  return { path, signIn: () => loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD) };
}

describe("live stream caps", () => {
  it("a stream stays open past HTTP_REQUEST_TIMEOUT_SECONDS (the bound is on receiving the request, not on the answer)", async () => {
    const a = await account();
    const s = await stream(a.path, await a.signIn(), "127.0.0.9");
    expect(s.status).toBe(200);
    await new Promise((r) => setTimeout(r, 4_000));
    expect(s.closed!()).toBe(false);
    await s.close();
  });

  it("caps one account's streams over all its sessions: the 9th answers 429 naming the account cap; a closed one frees its place", async () => {
    const a = await account();
    const sessions = [await a.signIn(), await a.signIn()];
    // 6 in one session (its own cap), 2 in another: the account's 8.
    const eight = await Promise.all([...Array.from({ length: 6 }, () => stream(a.path, sessions[0]!, "127.0.0.5")), stream(a.path, sessions[1]!, "127.0.0.5"), stream(a.path, sessions[1]!, "127.0.0.5")]);
    expect(eight.map((s) => s.status)).toEqual(Array(8).fill(200));
    const third = await a.signIn();
    const ninth = await stream(a.path, third, "127.0.0.6");
    expect(ninth.status).toBe(429);
    expect(JSON.parse(ninth.body)).toMatchObject({ statusCode: 429, message: "At most 8 live availability streams per account are open at once. Close store tabs on another device and try again." });
    await eight[0]!.close();
    await expect.poll(async () => {
      const s = await stream(a.path, third, "127.0.0.6");
      await s.close();
      return s.status;
    }).toBe(200);
    for (const s of eight) await s.close();
  });

  it("caps one address's streams over all its accounts: the 11th answers 429 naming the address cap; other addresses are served", async () => {
    const accounts = [await account(), await account()];
    const cookies = await Promise.all(accounts.map((a) => a.signIn()));
    const ten = await Promise.all(Array.from({ length: 10 }, (_, i) => stream(accounts[i % 2]!.path, cookies[i % 2]!, "127.0.0.7")));
    expect(ten.map((s) => s.status)).toEqual(Array(10).fill(200));
    const eleventh = await stream(accounts[0]!.path, cookies[0]!, "127.0.0.7");
    expect(eleventh.status).toBe(429);
    expect(JSON.parse(eleventh.body).message).toBe("At most 10 live availability streams per network address are open at once. Close some store tabs and try again.");
    // The same account from another address is within its own cap (5 of 8 open).
    const elsewhere = await stream(accounts[0]!.path, cookies[0]!, "127.0.0.8");
    expect(elsewhere.status).toBe(200);
    await elsewhere.close();
    for (const s of ten) await s.close();
  });
});
