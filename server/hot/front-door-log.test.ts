// The front door's "request completed" line (requestLog in front-door.ts) is put together from pino's
// pieces instead of through pino's info(): these tests hold it to the bytes pino itself writes for the
// same fields, through the serializers Fastify gives its logger, for requests no browser sends too.
import Fastify from "fastify";
import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { requestLog } from "./front-door.ts";

type LoggerOptions = Record<string, unknown>;

/** A Fastify app's logger (its serializers included) writing into `lines`. */
function fastifyLogger(lines: string[], options: LoggerOptions = {}) {
  const app = Fastify({ logger: { level: "info", stream: { write: (line: string) => void lines.push(line) }, ...options } });
  apps.push(app);
  return app.log;
}
const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** A request as Node's server hands it over: its method, URL, headers and socket. */
function request(url: string, headers: Record<string, string>, socket: { remoteAddress?: string; remotePort?: number } = { remoteAddress: "127.0.0.1", remotePort: 51_234 }) {
  return { method: "GET", url, headers, socket } as unknown as IncomingMessage;
}

const sameTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

/** The line of the front door's own writer and the line pino's info() writes for the same answer. */
function bothLines(req: IncomingMessage, trustProxy: boolean, options: LoggerOptions = {}) {
  const fast: string[] = [];
  const viaInfo: string[] = [];
  const fastLogger = fastifyLogger(fast, options);
  const infoLogger = fastifyLogger(viaInfo, options);
  // Only info(), none of pino's parts: the writer logs through it.
  requestLog({ info: (obj, msg) => infoLogger.info(obj, msg) }, trustProxy)(req, "3f9c", 200, 0.0412);
  requestLog(fastLogger, trustProxy)(req, "3f9c", 200, 0.0412);
  return { fast: fast.map(sameTime), viaInfo: viaInfo.map(sameTime) };
}

describe("the front door's request log line", () => {
  const cases: [string, IncomingMessage, boolean][] = [
    ["a plain request", request("/api/Auth/CheckToken/", { host: "shop.grower.test" }), false],
    ["behind a trusted proxy", request("/api/Store/Cart/u/c", { host: "10.0.0.2", "x-forwarded-for": "203.0.113.9, 10.0.0.2", "x-forwarded-host": "a.test, shop.grower.test" }), true],
    ["forwarded headers from an untrusted client", request("/api/Store/Cart/u/c", { host: "h", "x-forwarded-for": "203.0.113.9", "x-forwarded-host": "evil.test" }), false],
    ["quotes, backslashes, controls and Latin-1 bytes in the URL and host", request('/api/x?q="a\\b"\u0001\u00e9', { host: 'h"\\\u00ff' }), false],
    ["a quote alone in the URL, a backslash alone in the host", request('/api/x?q="a"', { host: "h\\x" }), false],
    ["a tab and DEL in the URL", request("/api/x?q=a\tb\u007f", { host: "h" }), false],
    ["an Accept-Version header", request("/api/Auth/CheckToken/", { host: "h", "accept-version": '1.2 "x"' }), false],
    ["an IPv6 client", request("/api/Auth/CheckToken/", { host: "[::1]:3000" }, { remoteAddress: "::1", remotePort: 40_000 }), false],
    ["a socket already closed (no address or port)", request("/api/Auth/CheckToken/", {}, {}), false],
  ];
  it.each(cases)("is the line pino writes: %s", (_name, req, trustProxy) => {
    const { fast, viaInfo } = bothLines(req, trustProxy);
    expect(fast).toHaveLength(1);
    expect(fast).toEqual(viaInfo);
    expect(JSON.parse(fast[0]!)).toMatchObject({ level: 30, reqId: "3f9c", res: { statusCode: 200 }, responseTime: 0.0412, msg: "request completed" });
  });

  it("does not go through info() for pino as the app configures it", () => {
    const lines: string[] = [];
    const log = fastifyLogger(lines);
    log.info = () => {
      throw new Error("info() called");
    };
    requestLog(log, false)(request("/api/Auth/CheckToken/", { host: "h" }), "1", 200, 1);
    expect(lines).toHaveLength(1);
  });

  it("writes nothing once the level is above info", () => {
    const { fast, viaInfo } = bothLines(request("/a", { host: "h" }), false, { level: "warn" });
    expect(fast).toEqual([]);
    expect(viaInfo).toEqual([]);
    const lines: string[] = [];
    const log = fastifyLogger(lines);
    const write = requestLog(log, false);
    log.level = "warn";
    write(request("/a", { host: "h" }), "1", 200, 1);
    expect(lines).toEqual([]);
  });

  it("leaves a logger configured beyond pino's defaults to its own info() (mixin, redaction, formatters, message key)", () => {
    const configured: LoggerOptions[] = [
      { mixin: () => ({ instance: "a" }) },
      { redact: ["req.url"] },
      { formatters: { log: (o: object) => ({ ...o, shaped: true }) } },
      { messageKey: "message" },
    ];
    for (const options of configured) {
      const { fast, viaInfo } = bothLines(request("/api/Auth/CheckToken/", { host: "h" }), false, options);
      expect(fast).toHaveLength(1);
      expect(fast, JSON.stringify(Object.keys(options))).toEqual(viaInfo);
    }
    const lines: string[] = [];
    const child = fastifyLogger(lines).child({}, { msgPrefix: "door: " });
    requestLog(child, false)(request("/a", { host: "h" }), "1", 200, 1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: "door: request completed" });
  });
});
