import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { randomBytes, randomUUID } from "node:crypto";
import zlib from "node:zlib";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../db/client.ts";
import type { Deps, NonceCarrier } from "./deps.ts";
import { registerErrorHandling } from "./plugins/errors.ts";
import { sessionPlugin } from "./plugins/session.ts";
import { ops } from "./plugins/ops.ts";
import { forbidden, notFound } from "./errors.ts";
import { apiModules } from "./modules/index.ts";
import { logoRoutes } from "./modules/administration/index.ts";
import { actingAware, actingContextPlugin } from "./modules/staff/index.ts";
import { guardPlugin } from "./plugins/guard.ts";
import { ssrPlugin } from "./ssr.ts";

export interface BuildOptions extends Deps {
  /** Path of React Router's server build (build/server/index.js); omitted in API-only tests. */
  ssrBuildPath?: string;
  logger?: boolean;
  /** Where the JSON log lines go (default standard output); tests read them. */
  logStream?: { write(line: string): void };
  /** The open database (pool figures for metrics); `db` alone is enough for everything else. */
  database?: Database;
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Builds the whole application without listening: main.ts listens, tests use inject(). */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  // Every module gets the acting-aware handle: writes made while impersonating are audited in their
  // own transaction (docs/staff.md).
  const db = actingAware(options.db);
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(cookie);
  // A fresh nonce per response for React Router's inline scripts. Styles need 'unsafe-inline'
  // (SVG and style attributes), so only script-src carries the nonce.
  app.addHook("onRequest", async (_request, reply) => {
    (reply.raw as NonceCarrier).scriptNonce = randomBytes(16).toString("base64");
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as NonceCarrier).scriptNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.cookieSecure ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.cookieSecure,
  });
  // Brotli's default quality (11) costs ~1 s of CPU on a 5,000-product catalogue; 4 is nearly as small
  // and over a hundred times cheaper.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip", "deflate"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await app.register(sessionPlugin, { db, config });
  await app.register(actingContextPlugin);

  await app.register(ops, { db, database: options.database });

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.brandName} store API`, version: "1.0.0" },
      components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "bloom_sid" } } },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      // Writes must come from our own pages: SameSite cookies plus an Origin check.
      api.addHook("onRequest", async (request) => {
        if (!UNSAFE.has(request.method)) return;
        const origin = request.headers.origin;
        const site = request.headers["sec-fetch-site"];
        if (site === "cross-site") throw forbidden("Cross-site requests are not allowed.");
        if (origin && origin !== "null") {
          let host: string;
          try {
            host = new URL(origin).host;
          } catch {
            throw forbidden("Cross-site requests are not allowed.");
          }
          if (host !== request.host) throw forbidden("Cross-site requests are not allowed.");
        }
      });
      // Every route below declares who may call it (config.access); the guard checks it.
      await api.register(guardPlugin, { db });
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

  if (options.ssrBuildPath) await app.register(ssrPlugin, { db, config, buildPath: options.ssrBuildPath });

  return app;
}
