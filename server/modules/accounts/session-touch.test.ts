// A session is touched (its last-seen time written) a minute and up to 30 s more after its last touch,
// the extra fixed per session (sessionTouchMs): sessions signed in together are touched spread out, not
// in one burst. Memory answers only within that time, so an active session is always touched.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { sessions } from "../../../db/schema/index.ts";
import { buildTestApp, loginAs, type TestApp } from "../../../tests/helpers/test-app.ts";
import { insertUser, DEFAULT_TEST_PASSWORD } from "../../../tests/factories/index.ts";
import { countStatements } from "../../../tests/helpers/statement-count.ts";
import { changeFeedFor } from "../../../db/change-feed.ts";
import { sessionTouchMs } from "./index.ts";

describe("when a session is touched", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it("a minute and up to 30 s more after the last touch, spread over sessions", () => {
    const seconds = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const ms = sessionTouchMs(createHash("sha256").update(randomBytes(32)).digest("hex"));
      expect(ms).toBeGreaterThanOrEqual(60_000);
      expect(ms).toBeLessThan(90_000);
      seconds.add(Math.floor((ms - 60_000) / 1000));
    }
    // 2,000 sessions fall in (nearly) every one of the 30 seconds.
    expect(seconds.size).toBeGreaterThanOrEqual(28);
  });

  /** A signed-in user, its session's row and its CheckToken, answered once from memory already. */
  async function signedIn() {
    const u = await insertUser(t.db, { roles: ["wholesaler"] });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    const checkToken = () => t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie } });
    // Twice: the first request after sign-in reads the session and the second keeps it in memory.
    expect((await checkToken()).json().user.id).toBe(u.id);
    expect((await checkToken()).json().user.id).toBe(u.id);
    return { u, row: row!, checkToken };
  }

  /** A signed-in user whose session was last touched `agoMs` before the (faked) now, answered once from memory first. */
  async function sessionSeen(agoMs: (touchMs: number) => number) {
    const { u, row, checkToken } = await signedIn();
    const later = new Date(row.lastSeenAt.getTime() + agoMs(sessionTouchMs(row.id)));
    vi.useFakeTimers({ toFake: ["Date"], now: later });
    try {
      expect((await checkToken()).json().user.id).toBe(u.id);
    } finally {
      vi.useRealTimers();
    }
    const [after] = await t.db.select().from(sessions).where(eq(sessions.id, row.id));
    return { before: row.lastSeenAt.getTime(), after: after!.lastSeenAt.getTime(), later: later.getTime() };
  }

  it("not before its time (memory answers meanwhile)", async () => {
    const { before, after } = await sessionSeen((touchMs) => touchMs - 2000);
    expect(after).toBe(before);
  });

  it("once its time has passed, though memory still holds a copy", async () => {
    const { after, later } = await sessionSeen((touchMs) => touchMs + 2000);
    expect(after).toBe(later);
  });

  it("once by many requests at once that find it due: they share one read of it, and all are answered", async () => {
    const { u, row, checkToken } = await signedIn();
    const later = new Date(row.lastSeenAt.getTime() + sessionTouchMs(row.id) + 2000);
    vi.useFakeTimers({ toFake: ["Date"], now: later });
    const counter = countStatements(t.db);
    try {
      // A busy session's requests (or a page's parallel calls) in flight together when its touch is due.
      const answers = await Promise.all(Array.from({ length: 20 }, () => checkToken()));
      expect(answers.map((a) => a.json().user?.id)).toEqual(Array(20).fill(u.id));
    } finally {
      counter.stop();
      vi.useRealTimers();
    }
    expect(counter.statements.filter((st) => /^update "?sessions"?/i.test(st)), counter.statements.join("\n")).toHaveLength(1);
    const [after] = await t.db.select().from(sessions).where(eq(sessions.id, row.id));
    expect(after!.lastSeenAt.getTime()).toBe(later.getTime());
  });

  it("a request that finds the session's read running after a sign-out's notice went by reads again, and is not signed in", async () => {
    const { u, row, checkToken } = await signedIn();
    // The session's read (its row by id) is answered by the database, then held back until released.
    const client = (t.db as unknown as { session: { client: { query: (...args: unknown[]) => Promise<unknown> } } }).session.client;
    const query = client.query;
    let reads = 0;
    let read!: () => void;
    const readDone = new Promise<void>((resolve) => (read = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    client.query = async function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string }).text ?? "");
      const result = await query.apply(this, args);
      if (/^select .* from "sessions" where/s.test(text) && (args[1] as unknown[] | undefined)?.includes(row.id)) {
        reads += 1;
        read();
        await released;
      }
      return result;
    };
    const feed = changeFeedFor(t.db);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(row.lastSeenAt.getTime() + sessionTouchMs(row.id) + 2000) });
    try {
      // Due for its touch, so memory does not answer: A reads the session from the database.
      const a = checkToken();
      await readDone;
      // Signed out meanwhile (another instance, another tab): the notice reaches this instance.
      const noticed = new Promise<void>((resolve) => {
        const stop = feed.subscribe((topic) => topic === `session:${row.id}` && (stop(), resolve()));
      });
      await t.db.delete(sessions).where(eq(sessions.id, row.id));
      await noticed;
      // B comes after the notice and finds A's read running: it must not take its answer.
      const b = checkToken();
      await new Promise((r) => setTimeout(r, 50));
      release();
      expect((await a).json().user?.id).toBe(u.id);
      expect((await b).json().user ?? null).toBeNull();
      expect(reads).toBe(2);
    } finally {
      release();
      client.query = query;
      vi.useRealTimers();
      await feed.release();
    }
  });
});
