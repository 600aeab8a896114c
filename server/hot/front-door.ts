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
//   - the path parameters, through the route's own schema (an encoded or unusual character goes
//     through the app), and the query through the route's querystring schema for the routes that
//     take one from memory (`memoryQuery`; any other URL with a query goes through the app);
//   - the response headers (server/plugins/security-headers.ts), the request id and the metrics.
// It logs each answer in one line, as the app logs a request answered, when request logging is on (level info or below),
// and stands aside while the instance drains. A plain JSON answer large enough to compress goes
// through the app, which compresses it; a cached answer (AnswerCache: an ETag and its bytes in each
// encoding, compressed once) is sent as the app sends it, 304 included, in any size, as long as the
// bytes in the client's encoding are already made.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import pino from "pino";
import type { ZodType } from "zod";
import type { AuthContext } from "../plugins/session.ts";
import type { CheckedAccess, RouteAccess } from "../plugins/access.ts";
import { AnswerCache, negotiateEncoding, type AnswerEntry } from "./answer-cache.ts";
// Answers at least this large go through the app, which compresses them.
import { COMPRESS_THRESHOLD } from "../compression.ts";

/** What a memory answer is given: the signed-in caller, the validated path parameters and the passed access check. */
export interface MemoryRead {
  auth: AuthContext;
  params: Record<string, unknown>;
  /** The validated query (empty unless the route takes one from memory). */
  query: Record<string, unknown>;
  checked: CheckedAccess | null;
}

/** A cached conditional answer (as sendAnswer sends it): its ETag and its entry in the AnswerCache. */
export interface MemoryEntry {
  etag: string;
  /** Undefined when only the ETag is known: a client holding it is answered 304, any other by the app. */
  entry: AnswerEntry | undefined;
}

/** A route's answer from memory: its JSON or cached entry, or undefined when memory does not hold it (the app answers). */
export type MemoryAnswer = (read: MemoryRead) => string | MemoryEntry | undefined;

/** Weak comparison (RFC 9110 §13.1.2) of an If-None-Match list with our tag, as the routes make it. */
function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, "");
  const ours = strip(etag);
  return (Array.isArray(header) ? header.join(",") : header).split(",").some((t) => t.trim() === "*" || strip(t) === ours);
}

interface DoorRoute {
  /** The route pattern, as Fastify and the metrics name it. */
  url: string;
  /** Literal segments, or null where a parameter goes (named in `names`). */
  segments: (string | null)[];
  names: string[];
  params?: ZodType;
  /** The querystring schema of a route that takes its query from memory too. */
  query?: ZodType;
  access: RouteAccess;
  answer: MemoryAnswer;
}

/**
 * A query the front door takes: at most ten `name=value` pairs of plain characters and
 * percent-encodings (no "+", no empty value, no name twice), decoded as Fastify's parser decodes them.
 */
const PLAIN_QUERY = /^[\w.~@:,%-]{1,100}=[\w.~@:,%-]{1,100}(?:&[\w.~@:,%-]{1,100}=[\w.~@:,%-]{1,100}){0,9}$/;

function plainQuery(search: string): Record<string, string> | undefined {
  if (!PLAIN_QUERY.test(search)) return undefined;
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const pair of search.split("&")) {
    const at = pair.indexOf("=");
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(pair.slice(0, at));
      value = decodeURIComponent(pair.slice(at + 1));
    } catch {
      return undefined; // a malformed encoding: the app answers it
    }
    if (name in query) return undefined;
    query[name] = value;
  }
  return { ...query };
}

/**
 * A path segment the front door takes as it is: letters, digits and the few marks ids hold (an
 * e-mail address as a user id), never a percent-encoding, a semicolon or anything a schema would trim.
 */
const PLAIN_SEGMENT = /^[\w.~@:+,-]{1,100}$/;

/** A URL's route, with its parameters and query as the route's schemas parse them. */
interface DoorTarget {
  route: DoorRoute;
  params: Readonly<Record<string, unknown>>;
  query: Readonly<Record<string, unknown>>;
}

/** How many URLs' targets the front door keeps, and the longest URL it keeps one for. */
const TARGETS_KEPT = 5_000;
const TARGET_URL_MAX = 512;

export class FrontDoor {
  private readonly routes = new Map<string, DoorRoute[]>();
  /** Each URL asked lately: its target, or null when the app answers it (see `target`). */
  private readonly targets = new Map<string, DoorTarget | null>();
  /** The session of a cookie token, from memory only; undefined when memory cannot tell (set by the session plugin). */
  session: (token: string | undefined) => AuthContext | undefined = () => undefined;
  /** A route's access check from memory only; undefined when memory cannot tell (set by the guard). */
  access: (auth: AuthContext, access: RouteAccess, params: Record<string, unknown>, query: Record<string, unknown>) => CheckedAccess | null | undefined = () => undefined;
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
  add(url: string, route: { params?: ZodType; query?: ZodType; access: RouteAccess; answer: MemoryAnswer }) {
    const parts = url.split("/");
    const segments = parts.map((p) => (p.startsWith(":") ? null : p));
    const names = parts.filter((p) => p.startsWith(":")).map((p) => p.slice(1));
    const key = `${parts.length}|${parts.slice(0, 3).join("/")}`;
    const list = this.routes.get(key) ?? [];
    list.push({ url, segments, names, ...route });
    this.routes.set(key, list);
    this.targets.clear();
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
    if (!url || url.includes("//")) return false;
    const cookie = request.headers.cookie;
    if (!cookie || !this.open()) return false;
    const started = performance.now();
    let found: { route: DoorRoute; status: number; body: string | Buffer | undefined; headers: OutgoingHttpHeaders } | undefined;
    try {
      const target = this.target(url);
      if (!target) return false;
      found = this.find(target, cookie, request);
    } catch (err) {
      // Whatever went wrong, the app answers the request and reports its own errors.
      this.failed(err);
      return false;
    }
    if (!found) return false;
    response.writeHead(found.status, found.headers);
    response.end(found.body);
    this.answered++;
    const ms = performance.now() - started;
    this.count("GET", found.route.url, found.status, ms / 1000);
    this.log?.(request, found.headers["x-request-id"] as string, found.status, ms);
    return true;
  }

  /** Reports an error met while reading memory (set by the app: its log). */
  failed: (err: unknown) => void = () => {};

  private find(target: DoorTarget, cookie: string, request: IncomingMessage) {
    const { route } = target;
    const answer = this.read(target, cookie);
    if (answer === undefined) return undefined;
    if (typeof answer === "string") {
      const bytes = Buffer.byteLength(answer);
      if (bytes >= COMPRESS_THRESHOLD) return undefined;
      const headers = this.headers(request);
      headers["content-type"] = "application/json; charset=utf-8";
      headers["content-length"] = String(bytes);
      return { route, status: 200, body: answer, headers };
    }
    return this.cached(route, answer, request);
  }

  /**
   * The route a URL names and its parameters and query as the route's schemas parse them, or null
   * when the app must answer it. A pure function of the URL (the schemas check formats only), so it is
   * worked out once per URL and kept (at most TARGETS_KEPT URLs of up to TARGET_URL_MAX characters;
   * all are dropped when full): the hot reads ask the same few URLs again and again.
   */
  private target(url: string): DoorTarget | null {
    const known = this.targets.get(url);
    if (known !== undefined) return known;
    const mark = url.indexOf("?");
    const parts = (mark < 0 ? url : url.slice(0, mark)).split("/");
    const list = this.routes.get(`${parts.length}|${parts.slice(0, 3).join("/")}`);
    // No route of the door starts so: the app answers (not kept, as the URLs of pages and files are many).
    if (!list) return null;
    const target = this.parse(list, parts, mark < 0 ? undefined : url.slice(mark + 1));
    if (url.length <= TARGET_URL_MAX) {
      if (this.targets.size >= TARGETS_KEPT) this.targets.clear();
      this.targets.set(url, target);
    }
    return target;
  }

  private parse(list: DoorRoute[], parts: string[], search: string | undefined): DoorTarget | null {
    for (const route of list) {
      const raw = this.match(route, parts);
      if (!raw) continue;
      let rawQuery: Record<string, string> = {};
      if (search !== undefined) {
        // Only a route that takes its query from memory, and only a plain one; the app parses the rest.
        const plain = route.query && plainQuery(search);
        if (!plain) return null;
        rawQuery = plain;
      }
      let params: Record<string, unknown> = raw;
      if (route.params) {
        const parsed = route.params.safeParse(raw);
        if (!parsed.success) return null;
        params = parsed.data as Record<string, unknown>;
      }
      let query: Record<string, unknown> = rawQuery;
      if (route.query) {
        const parsed = route.query.safeParse(rawQuery);
        if (!parsed.success) return null;
        query = parsed.data as Record<string, unknown>;
      }
      // Shared by every request for the URL: frozen, so nothing can change it for the next one.
      return { route, params: Object.freeze(params), query: Object.freeze(query) };
    }
    return null;
  }

  /** A cached answer as sendAnswer sends it: 304 when the client holds it, else its bytes in the client's encoding, if made. */
  private cached(route: DoorRoute, { etag, entry }: MemoryEntry, request: IncomingMessage) {
    if (etagMatches(request.headers["if-none-match"], etag)) {
      const headers = this.headers(request);
      headers.etag = etag;
      headers["cache-control"] = "private, no-cache";
      headers.vary = "accept-encoding";
      return { route, status: 304, body: undefined, headers };
    }
    if (!entry) return undefined;
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    const body = AnswerCache.bodyNow(entry, encoding);
    // Not made yet in this encoding: the app compresses it once, and the next request finds it here.
    if (!body) return undefined;
    const headers = this.headers(request);
    headers.etag = etag;
    headers["cache-control"] = "private, no-cache";
    headers.vary = "accept-encoding";
    if (encoding !== "identity") headers["content-encoding"] = encoding;
    headers["content-type"] = "application/json; charset=utf-8";
    headers["content-length"] = String(body.length);
    return { route, status: 200, body, headers };
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

  private read({ route, params, query }: DoorTarget, cookie: string) {
    const auth = this.session(this.sessionToken(cookie));
    if (!auth || auth.originalUserId) return undefined;
    const checked = this.access(auth, route.access, params, query);
    if (checked === undefined) return undefined;
    return route.answer({ auth, params, query, checked });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** The instance's front door (server/hot/front-door.ts). */
    frontDoor: FrontDoor;
  }
  interface FastifyContextConfig {
    /** The route's answer from memory, for the front door (GET routes only; server/hot/front-door.ts). */
    memoryAnswer?: MemoryAnswer;
    /** True when the memory answer may be given for a URL with a query (checked by the route's querystring schema). */
    memoryQuery?: boolean;
  }
}

/**
 * What the app's log says of a request it answers at level info ("request completed", with the request:
 * server/request-log.ts), for a request the front door answered: the same message and fields, the
 * client's address and host read as Fastify reads them (behind a trusted proxy, X-Forwarded-For's
 * first address and X-Forwarded-Host's last value). One line: the door answers a request in the same
 * synchronous call that reads it, so there is never a request of its own in flight to log on arrival.
 *
 * With pino as the app configures it (its default line: no formatter, mixin, hook, redaction or
 * message prefix), the line is put together here from pino's own pieces (its level and time fields,
 * its bindings, its line end) and handed to pino's destination: the same bytes pino writes for the
 * same fields (front-door-log.test.ts compares them), without pino's generic walk over the object and
 * Fastify's serializers, which cost a hot read more than the rest of its checks. Any other logger
 * gets the fields through its info().
 */
export function requestLog(log: { info(obj: object, msg: string): void }, trustProxy: boolean) {
  const line = pinoLine(log);
  return (request: IncomingMessage, reqId: string, statusCode: number, responseTime: number) => {
    const headers = request.headers;
    const forwardedFor = trustProxy ? headers["x-forwarded-for"] : undefined;
    const forwardedHost = trustProxy ? headers["x-forwarded-host"] : undefined;
    const host = typeof forwardedHost === "string" && forwardedHost ? forwardedHost.slice(forwardedHost.lastIndexOf(",") + 1).trim() : (headers.host ?? "");
    const ip = typeof forwardedFor === "string" && forwardedFor.trim() ? forwardedFor.split(",")[0]!.trim() : request.socket.remoteAddress;
    if (line) return line(reqId, request, host, ip, statusCode, responseTime);
    const req = { method: request.method, url: request.url, headers, host, ip, socket: request.socket };
    log.info({ reqId, req, res: { statusCode }, responseTime }, "request completed");
  };
}

type PinoParts = Record<symbol, unknown>;

/** Printable ASCII but the quote and the backslash: a JSON string of these is the characters quoted. */
const NEEDS_NO_ESCAPE = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * A JSON string, as pino writes one (JSON.stringify's escaping); the common case (a URL, a host, an
 * address, an id) without a call into JSON.stringify, which costs more than the whole line's rest.
 */
const str = (value: string) => (NEEDS_NO_ESCAPE.test(value) ? `"${value}"` : JSON.stringify(value));

/**
 * The "request completed" line of a pino logger with its default line shape, written to its
 * destination; null for any other logger. The fields in Fastify's order (its request serializer:
 * method, url, version, host, remoteAddress, remotePort; undefined ones left out, as JSON.stringify
 * leaves them), after pino's level, time and bindings, before its message.
 */
function pinoLine(log: object) {
  const s = pino.symbols;
  const p = log as PinoParts;
  const levels = p[s.lsCacheSym] as Record<number, string> | undefined;
  const time = p[s.timeSym] as (() => string) | undefined;
  const stream = p[s.streamSym] as { write(line: string): void; [key: symbol]: unknown } | undefined;
  const formatters = p[s.formattersSym] as { log?: unknown } | undefined;
  const hooks = p[s.hooksSym] as { logMethod?: unknown; streamWrite?: unknown } | undefined;
  const stringifiers = p[s.stringifiersSym] as object | undefined;
  const plain =
    typeof levels?.[30] === "string" &&
    typeof time === "function" &&
    typeof stream?.write === "function" &&
    !stream[s.needsMetadataGsym] &&
    typeof p[s.chindingsSym] === "string" &&
    typeof p[s.endSym] === "string" &&
    p[s.messageKeySym] === "msg" &&
    !formatters?.log &&
    !hooks?.logMethod &&
    !hooks?.streamWrite &&
    !p[s.mixinSym] &&
    // A child's message prefix (a symbol pino's types do not list).
    !p[(s as unknown as Record<string, symbol>).msgPrefixSym!] &&
    stringifiers !== undefined &&
    Reflect.ownKeys(stringifiers).length === 0;
  if (!plain) return null;
  const head = levels[30]!;
  const end = `,"msg":"request completed"${p[s.endSym] as string}`;
  return (reqId: string, request: IncomingMessage, host: string, ip: string | undefined, statusCode: number, responseTime: number) => {
    // The level can change at run time (logger.level = "warn"): pino's own check, by number.
    if ((p[s.levelValSym] as number) > 30) return;
    const version = request.headers["accept-version"];
    const port = request.socket.remotePort;
    stream.write(
      head +
        time.call(log) +
        (p[s.chindingsSym] as string) +
        ',"reqId":' +
        str(reqId) +
        ',"req":{"method":' +
        str(request.method!) +
        ',"url":' +
        str(request.url!) +
        (version === undefined ? "" : ',"version":' + JSON.stringify(version)) +
        ',"host":' +
        str(host) +
        (ip === undefined ? "" : ',"remoteAddress":' + str(ip)) +
        (port === undefined ? "" : ',"remotePort":' + port) +
        '},"res":{"statusCode":' +
        statusCode +
        '},"responseTime":' +
        (Number.isFinite(responseTime) ? responseTime : "null") +
        end,
    );
  };
}
