import fp from "fastify-plugin";
import { hash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config.ts";
import type { Db } from "../../db/client.ts";
import { changeFeedFor } from "../../db/change-feed.ts";
import { FeedCache } from "../hot/feed-cache.ts";
import { openSession, sessionTouchMs, type SessionRow } from "../modules/accounts/index.ts";
import type { AuthContext, SessionUser } from "./auth-context.ts";

export type { AuthContext, SessionUser } from "./auth-context.ts";

export const SESSION_COOKIE = "bloom_sid";

/**
 * The mark a successful write by a signed-in session leaves in its browser for a few seconds: the
 * time of the write, in ms. Another instance may not have received the write's change-feed notices
 * yet when the same browser's next request reaches it; a request carrying a recent mark is answered
 * only after a sync of that instance's feed (every notice committed before it has arrived), so a
 * buyer's own change, a sign-out included, is seen by every instance at once.
 */
export const WROTE_COOKIE = "bloom_wrote";
/** How long the mark counts: far longer than a notice takes to arrive, short enough to cost nothing later. */
export const WROTE_MS = 5_000;

/** True when `value` is the mark of a write made within WROTE_MS (a mark from the future beyond a second's clock skew is not). */
export function recentWrite(value: string | undefined, now = Date.now()): boolean {
  if (!value || !/^\d{13}$/.test(value)) return false;
  const age = now - Number(value);
  return age < WROTE_MS && age > -1_000;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The stored id of a session token: its SHA-256 (one-shot: no hash object per request). */
export const hashToken = (token: string) => hash("sha256", token, "hex");
export const newToken = () => randomBytes(32).toString("base64url");

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Reads the session cookie on every request; sessions live in the database so any instance can serve
 * any user. A session read recently is answered from this instance's memory while the change feed
 * (migration 0011) is live: a sign-out, an expiry or any change to users, roles or claims is noticed
 * by every instance and drops it. A write answered by this instance first waits for its own notices
 * to come back through the feed, so the next request, to any instance, finds them delivered.
 */
export const sessionPlugin = fp<{
  db: Db;
  config: Config;
  /** Given the session lookup from memory alone, for the front door (server/hot/front-door.ts). */
  shareMemoryLookup?: (lookup: (token: string | undefined) => AuthContext | undefined) => void;
}>(
  async (app, { db, config, shareMemoryLookup }) => {
    app.decorateRequest("auth", null);
    const feed = changeFeedFor(db, (err) => app.log.warn({ err }, "change feed lost"));
    const cache = new FeedCache<{ s: SessionRow; user: SessionUser }>(feed, 50_000);
    app.addHook("onClose", async () => {
      cache.close();
      await feed.release();
    });
    // Hooks in callback form: a hot read that memory answers runs them without a promise or a turn
    // of the microtask queue each.
    const wroteAttributes = `; Max-Age=${WROTE_MS / 1000}; Path=/; HttpOnly; SameSite=Lax${config.cookieSecure ? "; Secure" : ""}`;
    app.addHook("onSend", (request, reply, payload, done) => {
      if (UNSAFE.has(request.method) && reply.statusCode < 400) {
        // A signed-in session's write (a sign-out too; not a sign-in, which starts a session no
        // instance holds in memory) marks its browser, after the commit.
        if (request.auth) {
          const existing = reply.getHeader("set-cookie");
          const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
          reply.header("set-cookie", [...list, `${WROTE_COOKIE}=${Date.now()}${wroteAttributes}`]);
        }
        // The write's own notices first (settle: a cart save's came with its COMMIT; others sync).
        feed.settle().then(() => done(null, payload), done);
      } else done(null, payload);
    });

    /** The session of `id` from memory (before its next touch, sessionTouchMs, and before expiry nothing would be written), or undefined. */
    const memoryAuth = (id: string): AuthContext | undefined => {
      const hit = cache.get(id);
      const now = Date.now();
      if (!hit || hit.s.expiresAt.getTime() <= now || now - hit.s.lastSeenAt.getTime() > sessionTouchMs(id)) return undefined;
      return { sessionId: id, user: hit.user, originalUserId: hit.s.originalUserId, currentCustomerId: hit.s.currentCustomerId };
    };
    /** The session of `id` from memory: true when it answered. */
    const fromMemory = (request: FastifyRequest, id: string) => {
      const auth = memoryAuth(id);
      if (!auth) return false;
      request.auth = auth;
      return true;
    };
    // The front door asks the same question, and only while nothing this process wrote is undelivered.
    shareMemoryLookup?.((token) => (!feed.behind && token && token.length <= 100 ? memoryAuth(hashToken(token)) : undefined));
    // The session's rows are the accounts module's: it reads them, ends a lapsed one and touches it.
    // One read per session at a time: the requests that miss memory while it runs (a page's parallel
    // calls; every request of a busy session once its touch is due, which would each touch it and
    // each notice would drop the next fill) take its answer, unless a notice of the session or the
    // accounts came since it began (then the answer may be older than that change: they read again).
    const reading = new Map<string, { token: number; open: ReturnType<typeof openSession> }>();
    const topicsOf = (id: string) => [`session:${id}`, "accounts"];
    const authFrom = (request: FastifyRequest, id: string, open: Awaited<ReturnType<typeof openSession>>) => {
      if (!open) return;
      const { session: s, user } = open;
      request.auth = { sessionId: id, user, originalUserId: s.originalUserId, currentCustomerId: s.currentCustomerId };
    };
    const fromDatabase = async (request: FastifyRequest, id: string) => {
      const running = reading.get(id);
      if (running) {
        const open = await running.open.catch(() => undefined);
        if (open !== undefined && cache.fresh(topicsOf(id), running.token)) return authFrom(request, id, open);
      }
      const fill = cache.begin();
      const read = openSession(db, id, new Date(), config.sessionIdleMs);
      if (!reading.has(id)) reading.set(id, { token: fill, open: read });
      let open: Awaited<typeof read>;
      try {
        open = await read;
      } finally {
        if (reading.get(id)?.open === read) reading.delete(id);
      }
      authFrom(request, id, open);
      if (!open || open.touched) return; // a touch's notice drops nothing yet kept; the next request keeps the touched row
      cache.set(id, { s: open.session, user: open.user }, topicsOf(id), fill, open.session.expiresAt.getTime());
    };
    app.addHook("onRequest", (request, _reply, done) => {
      const token = request.cookies[SESSION_COOKIE];
      const id = token && token.length <= 100 ? hashToken(token) : null;
      // Whatever this process wrote is noticed before anything is answered from memory, and so is
      // whatever this browser wrote through any instance a moment ago (WROTE_COOKIE).
      const wrote = recentWrite(request.cookies[WROTE_COOKIE]);
      if (!wrote && !feed.behind && (id === null || fromMemory(request, id))) return done();
      (wrote ? feed.sync() : feed.settle())
        .then(() => (id === null || fromMemory(request, id) ? undefined : fromDatabase(request, id)))
        .then(() => done(), done);
    });
  },
  { name: "session" },
);

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.cookieSecure,
    maxAge: Math.floor(config.sessionMaxMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax", secure: config.cookieSecure });
}

export { clientIp } from "./access.ts";
