import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import compress from "@fastify/compress";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { ZodType } from "zod";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../db/client.ts";
import type { Deps, NonceCarrier } from "./deps.ts";
import { noncePool } from "./nonce-pool.ts";
import { FrontDoor, requestLog } from "./hot/index.ts";
import { RequestLogController } from "./request-log.ts";
import { capConnectionsPerAddress } from "./connection-cap.ts";
import { isDiskFull, type DiskGuard } from "./disk-guard.ts";
import { clientErrorHandler, DISK_FULL_MESSAGE, registerErrorHandling } from "./plugins/errors.ts";
import { refuseNul } from "./plugins/nul.ts";
import { completeApiSchemas, documentMediaTypes } from "./plugins/openapi.ts";
import { recentWrite, SESSION_COOKIE, sessionPlugin, WROTE_COOKIE } from "./plugins/session.ts";
import { writeOrigin } from "./plugins/origin.ts";
import { ops } from "./plugins/ops.ts";
import { helmetOptions, securityHeaders } from "./plugins/security-headers.ts";
import { forbidden, HttpError, notFound } from "./errors.ts";
import { apiModules } from "./modules/index.ts";
import { logoRoutes } from "./modules/administration/index.ts";
import { actingAware, actingContextPlugin } from "./modules/staff/index.ts";
import { guardPlugin } from "./plugins/guard.ts";
import { ssrPlugin } from "./ssr.ts";
import { compressOptions, DEFAULT_BROTLI_QUALITY } from "./compression.ts";
import type { PageViewCounter } from "./modules/analytics/index.ts";
import type { ServerBuild } from "react-router";

export interface BuildOptions extends Deps {
  /** Path of React Router's server build (build/server/index.js), or the build itself; omitted in API-only tests. */
  ssrBuildPath?: string | ServerBuild;
  /** Counts static pages' views (default: one writing to the database every few seconds). */
  pageViews?: PageViewCounter;
  logger?: boolean;
  /** Where the JSON log lines go (default standard output); tests read them. */
  logStream?: { write(line: string): void };
  /** The open database (pool figures for metrics); `db` alone is enough for everything else. */
  database?: Database;
  /** The embedded database's disk: writes answer 503 while it is (nearly) full (server/disk-guard.ts). */
  diskGuard?: DiskGuard;
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A request's id: the caller's X-Request-Id when it is a plain token, else a new UUID. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
}

/** Builds the whole application without listening: main.ts listens, tests use inject(). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Every module gets the acting-aware handle: writes made while impersonating are audited in their
  // own transaction (docs/staff.md).
  const db = actingAware(options.db);
  // Hot reads answered from memory ahead of routing, with every check repeated (server/hot/front-door.ts).
  const door = new FrontDoor();
  // Refused connections are logged once a minute per address, not once each (a flood would flood the log).
  const refusals = {
    lastLogged: new Map<string, number>(),
    note(address: string) {
      const now = Date.now();
      if (now - (this.lastLogged.get(address) ?? 0) < 60_000) return;
      if (this.lastLogged.size > 10_000) this.lastLogged.clear();
      this.lastLogged.set(address, now);
      app.log.warn({ address, max: config.http.maxConnectionsPerAddress }, "connections refused: too many open from one address");
    },
  };
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    genReqId: requestIdOf,
    // "request completed" carries the request as well (server/request-log.ts).
    logController: new RequestLogController(),
    // A request Node's HTTP parser refuses (a malformed header) gets the API's error body too.
    clientErrorHandler,
    serverFactory: (handler) => {
      // Bounds on slow and idle clients (docs/operations.md "Slow clients"): headers, then the whole
      // request, must arrive in time (Node answers 408 and closes), checked every second; a socket
      // silent for the idle time is closed (live streams write every 25 s); one address holds at
      // most so many connections.
      const bounds = config.http;
      const server = createServer(
        { headersTimeout: bounds.headersTimeoutMs, requestTimeout: bounds.requestTimeoutMs, keepAliveTimeout: bounds.keepAliveTimeoutMs, connectionsCheckingInterval: 1_000 },
        (req, res) => {
          if (cap.refused(req.socket)) return void res.destroy();
          if (!door.answer(req, res)) handler(req, res);
        },
      );
      server.setTimeout(bounds.idleTimeoutMs);
      const cap = capConnectionsPerAddress(server, bounds.maxConnectionsPerAddress, (address) => refusals.note(address));
      return server;
    },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // maxParamLength beyond any URL Node accepts (16 KB of headers): a long segment reaches its route
    // and gets that route's 400 with a field message, not a 404 for a path that exists.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 16_384 },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate("frontDoor", door);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const disk = options.diskGuard;
  if (disk) {
    // No write is tried on a full disk: it would fail half-way in the database, or wedge it.
    app.addHook("onRequest", (_request, reply, done) => {
      if (!disk.full || !UNSAFE.has(_request.method)) return done();
      reply.header("retry-after", "30");
      done(new HttpError(503, DISK_FULL_MESSAGE));
    });
    app.addHook("onError", (_request, _reply, err, done) => {
      if (isDiskFull(err)) disk.noteFull();
      done();
    });
  }
  refuseNul(app);
  completeApiSchemas(app);

  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-request-id", request.id);
    done(null, payload);
  });

  await app.register(cookie);
  const nonces = noncePool();
  // Helmet's headers, worked out once (server/plugins/security-headers.ts): per response only the
  // nonce for React Router's inline scripts changes. They go in with Fastify's own headers, so Node
  // writes them all in one pass.
  const security = securityHeaders(helmetOptions(config.cookieSecure));
  door.headers = (req) => ({ ...security.fixed, "content-security-policy": security.policy(nonces.next()), "x-request-id": requestIdOf(req) });
  // A browser that wrote a moment ago (through any instance) is answered by the app, after a sync.
  door.sessionToken = (header) => {
    const cookies = app.parseCookie(header);
    return recentWrite(cookies[WROTE_COOKIE]) ? undefined : cookies[SESSION_COOKIE];
  };
  // Fastify logs every request at level info: the front door logs its answers as the app's "request completed" line.
  const logsRequests = options.logger !== false && ["trace", "debug", "info"].includes(config.logLevel);
  door.open = () => !app.lifecycle.draining;
  if (logsRequests) door.log = requestLog(app.log, config.trustProxy);
  door.failed = (err) => app.log.error({ err }, "front door: answered by the app instead");
  app.addHook("onRequest", (_request, reply, done) => {
    const nonce = nonces.next();
    (reply.raw as NonceCarrier).scriptNonce = nonce;
    reply.headers(security.fixed);
    reply.header("content-security-policy", security.policy(nonce));
    done();
  });
  // Brotli at quality 4 but for pages (server/compression.ts).
  await app.register(compress, compressOptions(DEFAULT_BROTLI_QUALITY));
  await app.register(sessionPlugin, { db, config, shareMemoryLookup: (lookup) => (door.session = lookup) });
  await app.register(actingContextPlugin);

  await app.register(ops, { db, database: options.database, disk: options.diskGuard, shareCount: (count) => (door.count = count) });

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.brandName} store API`, version: "1.0.0" },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "bloom_sid" }, apiToken: { type: "http", scheme: "bearer", description: "An API token (bst_…) of /Admin/Integrations; /api/v1 only" } } },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => ("openapiObject" in document ? documentMediaTypes(document.openapiObject) : document.swaggerObject),
  });

  await app.register(
    async (api) => {
      // Writes must come from our own pages (docs/security.md "Cross-site writes").
      api.addHook("onRequest", (request, _reply, done) => {
        if (!UNSAFE.has(request.method)) return done();
        const verdict = writeOrigin(request, config.publicUrl);
        if (verdict === "cross-site") return done(forbidden("Cross-site requests are not allowed."));
        // A write on a cookie session must prove where it comes from: a same-origin Origin or
        // Sec-Fetch-Site. Browsers send one of them with every fetch and every form post.
        if (verdict === "unknown" && request.cookies[SESSION_COOKIE] !== undefined) return done(forbidden("Cross-site requests are not allowed."));
        done();
      });
      // Every route below declares who may call it (config.access); the guard checks it.
      await api.register(guardPlugin, { db, shareMemoryCheck: (check) => (door.access = check) });
      api.addHook("onRoute", (route) => {
        const answer = route.config?.memoryAnswer;
        // Fastify adds a HEAD route beside each GET; the front door answers GET only.
        if (!answer || route.method === "HEAD") return;
        if (route.method !== "GET") throw new Error(`${route.method} ${route.url}: only GET routes may answer from memory`);
        const query = route.config!.memoryQuery ? (route.schema?.querystring as ZodType | undefined) : undefined;
        door.add(route.url, { params: route.schema?.params as ZodType | undefined, query, access: route.config!.access!, answer });
      });
      for (const mod of apiModules) await api.register(mod, { db, config });
      api.get("/openapi.json", { schema: { hide: true }, config: { access: "public" } }, async () => app.swagger());
      api.all("/*", { schema: { hide: true }, config: { access: "public" } }, async (request) => {
        throw notFound(`No API route for ${request.method} ${request.url.split("?")[0]}`);
      });
    },
    { prefix: "/api" },
  );

  await app.register(logoRoutes, { db, config });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  if (options.ssrBuildPath) await app.register(ssrPlugin, { db, config, buildPath: options.ssrBuildPath, pageViews: options.pageViews });

  return app;
}
