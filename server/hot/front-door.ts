// The front door: the hot reads (CheckToken, the cart GET) answered from this instance's memory
// before a request reaches Fastify's routing and hooks, when every check the app would make can be
// made from memory too. Anything else, or any check that memory cannot answer, goes through the app
// unchanged, so the front door can only ever answer what the app would have answered from the same
// memory, with the same bytes and headers (server/hot/front-door.test.ts compares the two).
//
// The checks it repeats, each through the function of the plugin that owns it:
//   - the session (server/plugins/session.ts): from memory only, and only while the change feed
//     has delivered everything this instance wrote; an impersonated session, or a browser that wrote
//     through any instance a moment ago (its WROTE_COOKIE), goes through the app;
//   - the route's access declaration (server/plugins/guard.ts): only a check already passed and
//     still true in memory; a 401 or 403 is always the app's;
//   - the path parameters, through the route's own schema (a URL with a query, an encoded or an
//     unusual character goes through the app);
//   - the response headers (server/plugins/security-headers.ts), the request id and the metrics.
// It logs its answers as Fastify logs a request when request logging is on (level info or below),
// and stands aside while the instance drains and for answers large enough to compress.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { ZodType } from "zod";
import type { AuthContext } from "../plugins/session.ts";
import type { CheckedAccess, RouteAccess } from "../plugins/access.ts";
// Answers at least this large go through the app, which compresses them.
import { COMPRESS_THRESHOLD } from "../compression.ts";

/** What a memory answer is given: the signed-in caller, the validated path parameters and the passed access check. */
export interface MemoryRead {
  auth: AuthContext;
  params: Record<string, unknown>;
  checked: CheckedAccess | null;
}

/** A route's answer from memory: its JSON, or undefined when memory does not hold it (the app answers). */
export type MemoryAnswer = (read: MemoryRead) => string | undefined;

interface DoorRoute {
  /** The route pattern, as Fastify and the metrics name it. */
  url: string;
  /** Literal segments, or null where a parameter goes (named in `names`). */
  segments: (string | null)[];
  names: string[];
  params?: ZodType;
  access: RouteAccess;
  answer: MemoryAnswer;
}

/**
 * A path segment the front door takes as it is: letters, digits and the few marks ids hold (an
 * e-mail address as a user id), never a percent-encoding, a semicolon or anything a schema would trim.
 */
const PLAIN_SEGMENT = /^[\w.~@:+,-]{1,100}$/;

export class FrontDoor {
  private readonly routes = new Map<string, DoorRoute[]>();
  /** The session of a cookie token, from memory only; undefined when memory cannot tell (set by the session plugin). */
  session: (token: string | undefined) => AuthContext | undefined = () => undefined;
  /** A route's access check from memory only; undefined when memory cannot tell (set by the guard). */
  access: (auth: AuthContext, access: RouteAccess, params: Record<string, unknown>) => CheckedAccess | null | undefined = () => undefined;
  /** The session cookie of a request (set by the app, with the cookie plugin's parser). */
  sessionToken: (cookieHeader: string) => string | undefined = () => undefined;
  /** The headers every answer carries (security headers, request id), in a new object. */
  headers: (request: IncomingMessage) => OutgoingHttpHeaders = () => ({});
  /** Counts an answer in the metrics (set by the ops plugin). */
  count: (method: string, route: string, statusCode: number, seconds: number) => void = () => {};
  /** False while the app must see every request (draining). */
  open: () => boolean = () => true;
  /** Logs an answer as Fastify logs a request, when request logging is on (set by the app). */
  log: ((request: IncomingMessage, requestId: string, statusCode: number, ms: number) => void) | null = null;
  /** How many requests the front door has answered. */
  answered = 0;

  /** Registers a GET route's memory answer (from the route's `config.memoryAnswer`). */
  add(url: string, route: { params?: ZodType; access: RouteAccess; answer: MemoryAnswer }) {
    const parts = url.split("/");
    const segments = parts.map((p) => (p.startsWith(":") ? null : p));
    const names = parts.filter((p) => p.startsWith(":")).map((p) => p.slice(1));
    const key = `${parts.length}|${parts.slice(0, 3).join("/")}`;
    const list = this.routes.get(key) ?? [];
    list.push({ url, segments, names, ...route });
    this.routes.set(key, list);
  }

  get size() {
    let n = 0;
    for (const list of this.routes.values()) n += list.length;
    return n;
  }

  /** Answers the request from memory and returns true, or returns false having written nothing. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET" || this.routes.size === 0) return false;
    const url = request.url;
    if (!url || url.includes("?") || url.includes("//")) return false;
    const cookie = request.headers.cookie;
    if (!cookie || !this.open()) return false;
    const parts = url.split("/");
    const list = this.routes.get(`${parts.length}|${parts.slice(0, 3).join("/")}`);
    if (!list) return false;
    const started = performance.now();
    let found: { route: DoorRoute; json: string; headers: OutgoingHttpHeaders } | undefined;
    try {
      found = this.find(list, parts, cookie, request);
    } catch (err) {
      // Whatever went wrong, the app answers the request and reports its own errors.
      this.failed(err);
      return false;
    }
    if (!found) return false;
    response.writeHead(200, found.headers);
    response.end(found.json);
    this.answered++;
    const ms = performance.now() - started;
    this.count("GET", found.route.url, 200, ms / 1000);
    this.log?.(request, found.headers["x-request-id"] as string, 200, ms);
    return true;
  }

  /** Reports an error met while reading memory (set by the app: its log). */
  failed: (err: unknown) => void = () => {};

  private find(list: DoorRoute[], parts: string[], cookie: string, request: IncomingMessage) {
    for (const route of list) {
      const raw = this.match(route, parts);
      if (!raw) continue;
      const json = this.read(route, raw, cookie);
      if (json === undefined) return undefined;
      const bytes = Buffer.byteLength(json);
      if (bytes >= COMPRESS_THRESHOLD) return undefined;
      const headers = this.headers(request);
      headers["content-type"] = "application/json; charset=utf-8";
      headers["content-length"] = String(bytes);
      return { route, json, headers };
    }
    return undefined;
  }

  private match(route: DoorRoute, parts: string[]): Record<string, string> | null {
    const params: Record<string, string> = {};
    let n = 0;
    for (let i = 0; i < parts.length; i++) {
      const literal = route.segments[i];
      const part = parts[i]!;
      if (literal === null) {
        if (!PLAIN_SEGMENT.test(part)) return null;
        params[route.names[n++]!] = part;
      } else if (literal !== part) return null;
    }
    return params;
  }

  private read(route: DoorRoute, raw: Record<string, string>, cookie: string): string | undefined {
    const auth = this.session(this.sessionToken(cookie));
    if (!auth || auth.originalUserId) return undefined;
    let params: Record<string, unknown> = raw;
    if (route.params) {
      const parsed = route.params.safeParse(raw);
      if (!parsed.success) return undefined;
      params = parsed.data as Record<string, unknown>;
    }
    const checked = this.access(auth, route.access, params);
    if (checked === undefined) return undefined;
    return route.answer({ auth, params, checked });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The instance's front door (server/hot/front-door.ts). */
    frontDoor: FrontDoor;
  }
  interface FastifyContextConfig {
    /** The route's answer from memory, for the front door (GET routes only; server/front-door.ts). */
    memoryAnswer?: MemoryAnswer;
  }
}

/**
 * What Fastify's logger writes for a request it answers at level info ("incoming request", then
 * "request completed"), for a request the front door answered: the same messages and fields, the
 * client's address and host read as Fastify reads them (behind a trusted proxy, X-Forwarded-For's
 * first address and X-Forwarded-Host's last value).
 */
export function requestLog(log: { info(obj: object, msg: string): void }, trustProxy: boolean) {
  return (request: IncomingMessage, reqId: string, statusCode: number, responseTime: number) => {
    const headers = request.headers;
    const forwardedFor = trustProxy ? headers["x-forwarded-for"] : undefined;
    const forwardedHost = trustProxy ? headers["x-forwarded-host"] : undefined;
    const req = {
      method: request.method,
      url: request.url,
      headers,
      host: typeof forwardedHost === "string" && forwardedHost ? forwardedHost.slice(forwardedHost.lastIndexOf(",") + 1).trim() : (headers.host ?? ""),
      ip: typeof forwardedFor === "string" && forwardedFor.trim() ? forwardedFor.split(",")[0]!.trim() : request.socket.remoteAddress,
      socket: request.socket,
    };
    log.info({ reqId, req }, "incoming request");
    log.info({ reqId, res: { statusCode }, responseTime }, "request completed");
  };
}
