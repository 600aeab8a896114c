// A session is touched (its last-seen time written) a minute and up to 30 s more after its last touch,
// the extra fixed per session (sessionTouchMs): sessions signed in together are touched spread out, not
// in one burst. Memory answers only within that time, so an active session is always touched.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { sessions } from "../../../db/schema/index.ts";
import { buildTestApp, loginAs, type TestApp } from "../../../tests/helpers/test-app.ts";
import { insertUser, DEFAULT_TEST_PASSWORD } from "../../../tests/factories/index.ts";
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

  /** A signed-in user whose session was last touched `agoMs` before the (faked) now, answered once from memory first. */
  async function sessionSeen(agoMs: (touchMs: number) => number) {
    const u = await insertUser(t.db, { roles: ["wholesaler"] });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, u.id));
    const checkToken = () => t.app.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { cookie } });
    // Twice: the first request after sign-in reads the session and the second keeps it in memory.
    expect((await checkToken()).json().user.id).toBe(u.id);
    expect((await checkToken()).json().user.id).toBe(u.id);
    const later = new Date(row!.lastSeenAt.getTime() + agoMs(sessionTouchMs(row!.id)));
    vi.useFakeTimers({ toFake: ["Date"], now: later });
    try {
      expect((await checkToken()).json().user.id).toBe(u.id);
    } finally {
      vi.useRealTimers();
    }
    const [after] = await t.db.select().from(sessions).where(eq(sessions.id, row!.id));
    return { before: row!.lastSeenAt.getTime(), after: after!.lastSeenAt.getTime(), later: later.getTime() };
  }

  it("not before its time (memory answers meanwhile)", async () => {
    const { before, after } = await sessionSeen((touchMs) => touchMs - 2000);
    expect(after).toBe(before);
  });

  it("once its time has passed, though memory still holds a copy", async () => {
    const { after, later } = await sessionSeen((touchMs) => touchMs + 2000);
    expect(after).toBe(later);
  });
});
