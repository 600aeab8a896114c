import fp from "fastify-plugin";
import fastifyStatic from "@fastify/static";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Db } from "../db/client.ts";
import type { Config } from "./config.ts";
import { createServices, type AppLoadContext } from "./context.ts";
import type { NonceCarrier } from "./deps.ts";
import { createPageViewCounter, type PageViewCounter } from "./modules/analytics/index.ts";
import { watchUnavailable } from "./unavailable-watch.ts";
import { compressOptions, PAGE_BROTLI_QUALITY } from "./compression.ts";

interface SsrOptions {
  db: Db;
  config: Config;
  /** React Router's server build: its file (build/server/index.js), or the module itself (tests). */
  buildPath: string | ServerBuild;
  /** Counts the views of static pages; by default one writing to `db` every few seconds. */
  pageViews?: PageViewCounter;
}

/** A browser fetching a page ahead of a click (link prefetch, prerender, preview): not a view. */
function isPrefetch(headers: FastifyRequest["headers"]): boolean {
  const purpose = [headers["sec-purpose"], headers["purpose"], headers["x-purpose"], headers["x-moz"]].flat().join(" ").toLowerCase();
  return /prefetch|prerender|preview/.test(purpose);
}

/**
 * Whether a rendered answer is a view of a static public page to count (docs/analytics.md): a GET
 * (not HEAD) answered 2xx, of a static page (which runs no script to report itself), not asked for by
 * a crawler or as a prefetch.
 */
export function countsAsStaticView(request: Pick<FastifyRequest, "method" | "headers">, status: number, staticPage: boolean): boolean {
  if (!staticPage || request.method !== "GET" || status < 200 || status >= 300) return false;
  const agent = request.headers["user-agent"];
  return !(agent && isbot(agent)) && !isPrefetch(request.headers);
}

/** Serves the built client assets and hands every other non-API request to React Router. */
export const ssrPlugin = fp<SsrOptions>(async (app, { db, config, buildPath, pageViews }) => {
  const build = typeof buildPath === "string" ? ((await import(pathToFileURL(buildPath).href)) as ServerBuild) : buildPath;
  const handle = createRequestHandler(build, config.env === "development" ? "development" : "production");
  const clientDir = typeof buildPath === "string" ? path.join(path.dirname(buildPath), "..", "client") : path.join(process.cwd(), "public");
  const views = pageViews ?? createPageViewCounter(db, app.log);
  app.addHook("onClose", async () => views.flush());

  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Vite fingerprints everything under assets/: cache it for a year.
      res.header(
        "cache-control",
        filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });

  await app.register(async (scope) => {
    // React Router reads the raw body itself (form posts to actions).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

    scope.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      schema: { hide: true },
      compress: compressOptions(PAGE_BROTLI_QUALITY),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const url = new URL(request.url, `${request.protocol}://${request.host}`);
        const headers = new Headers();
        for (const [key, value] of Object.entries(request.headers)) {
          if (value === undefined) continue;
          if (Array.isArray(value)) for (const v of value) headers.append(key, v);
          else headers.set(key, value);
        }
        const controller = new AbortController();
        reply.raw.on("close", () => controller.abort());
        const hasBody = request.method !== "GET" && request.method !== "HEAD" && Buffer.isBuffer(request.body);
        const webRequest = new Request(url, {
          method: request.method,
          headers,
          body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
          signal: controller.signal,
        });
        const watched = watchUnavailable(createServices(db, config, request.auth, request.ip));
        const rendered = { staticPage: false };
        const context: AppLoadContext = {
          rendered,
          auth: request.auth,
          nonce: (reply.raw as NonceCarrier).scriptNonce ?? "",
          clientIp: request.ip,
          site: { brandName: config.brandName, publicUrl: config.publicUrl, defaultCustomerCode: config.defaultCustomerCode },
          services: watched.services,
        };
        const response = await handle(webRequest, context as never);
        // A loader lost the database: the error handler answers 503 with Retry-After, not React Router's 500.
        if (response.status >= 500 && watched.lost()) {
          await response.body?.cancel();
          throw watched.lost();
        }
        if (countsAsStaticView(request, response.status, rendered.staticPage)) views.add(url.pathname, request.auth?.user.roles ?? null);
        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key === "set-cookie") continue;
          reply.header(key, value);
        }
        // What is rendered for a signed-in session is never kept by the browser: Back after signing
        // out must ask the server again (and land on sign-in), not show the signed-in page from the
        // browser's cache as if the session were still there (issue 29).
        if (request.auth) reply.header("cache-control", "private, no-store");
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header("set-cookie", cookies);
        if (!response.body) return reply.send();
        return reply.send(Readable.fromWeb(response.body as never));
      },
    });
  });
});
