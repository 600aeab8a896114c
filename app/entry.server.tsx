import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import type { AppLoadContext } from "../server/context.ts";
import { readFileSync } from "node:fs";
import { isStaticPage, staticCssOf, staticPreloadsOf, StaticHeadContext, type HeadLink, type StaticHead } from "./lib/static-page.ts";
import { NonceContext } from "./lib/nonce.tsx";
import { classesOfHtml, dropUnreadCustomProperties, dropUnusedFontFaces, parseSheet, pruneSheet, type ParsedSheet } from "./lib/css-prune.ts";

export const streamTimeout = 5_000;

/** The built client's CSS files, read once each (the built server sits in build/server/). */
const CLIENT_DIR = new URL("../client/", import.meta.url);
const cssFiles = new Map<string, string | null>();
function cssText(href: string): string | null {
  if (!cssFiles.has(href)) {
    let text: string | null = null;
    try {
      if (/^\/assets\/[\w.-]+\.css$/.test(href)) text = readFileSync(new URL(`.${href}`, CLIENT_DIR), "utf8");
    } catch {
      text = null;
    }
    cssFiles.set(href, text);
  }
  return cssFiles.get(href)!;
}

/** The static style sheets parsed once each, to be cut for each page (app/lib/css-prune.ts). */
const parsedSheets = new Map<string, ParsedSheet>();

/**
 * A static page's whole HTML with its inline style sheets cut down to what the page can use
 * (app/lib/css-prune.ts): the rules its classes can match (the page runs no script, so no element
 * gets a class its HTML does not name), the custom properties something reads, the web fonts its
 * characters need. Most public pages then fit in the ~14 KB a new connection delivers in its first
 * round trip, one round trip sooner on a slow connection.
 */
function withPrunedStyles(html: string, styles: readonly string[]): string {
  let out = html;
  for (const css of styles) {
    const at = out.indexOf(css);
    if (at < 0 || !css) continue;
    let sheet = parsedSheets.get(css);
    if (!sheet) parsedSheets.set(css, (sheet = parseSheet(css)));
    const page = out.slice(0, at) + out.slice(at + css.length);
    const pruned = dropUnusedFontFaces(dropUnreadCustomProperties(pruneSheet(sheet, classesOfHtml(page)), page), page);
    out = out.slice(0, at) + pruned + out.slice(at + css.length);
  }
  return out;
}

/** A static page's <head>: its routes' CSS inline and their other links (app/lib/static-page.ts). */
function staticHead(routerContext: EntryContext): StaticHead | null {
  const styles: string[] = [];
  const links: HeadLink[] = [];
  const matches = routerContext.staticHandlerContext.matches;
  // A layout may name one sheet for its static pages (the public pages' own, smaller than the app's).
  const handles = matches.map((m) => ({ handle: routerContext.routeModules[m.route.id]?.handle }));
  const own = staticCssOf(handles);
  if (own !== null) {
    const text = cssText(own);
    if (text === null) return null;
    styles.push(text);
  }
  for (const m of matches) {
    for (const href of own !== null ? [] : (routerContext.manifest.routes[m.route.id]?.css ?? [])) {
      const text = cssText(href);
      if (text === null) return null;
      if (!styles.includes(text)) styles.push(text);
    }
    const mod = routerContext.routeModules[m.route.id] as { links?: () => HeadLink[] } | undefined;
    links.push(...(mod?.links?.() ?? []));
  }
  return { preloads: staticPreloadsOf(handles), styles, links };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const userAgent = request.headers.get("user-agent");
  const crawler = !!userAgent && isbot(userAgent);
  // SPEC §2: for crawler user agents the error page is not rendered — only the status.
  if (crawler && responseStatusCode >= 400) {
    return new Response(null, { status: responseStatusCode, headers: { "cache-control": "no-store" } });
  }
  const nonce = loadContext?.nonce ?? "";
  // A static public page (app/lib/static-page.ts) is not hydrated, so the loader data React Router
  // would stream after the HTML for hydration is not sent either.
  const matches = routerContext.staticHandlerContext.matches.map((m) => ({ handle: routerContext.routeModules[m.route.id]?.handle }));
  const isStatic = isStaticPage(matches);
  // The server counts a static page's view (server/ssr.ts): the page itself runs no script to report it.
  if (loadContext?.rendered) loadContext.rendered.staticPage = isStatic;
  if (isStatic && routerContext.serverHandoffStream) {
    void routerContext.serverHandoffStream.cancel().catch(() => {});
    routerContext.serverHandoffStream = undefined;
  }
  const head = isStatic ? staticHead(routerContext) : null;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StaticHeadContext.Provider value={head}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StaticHeadContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // A static page with its CSS inline is sent whole, once rendered, so that its sheet can be
        // cut to the rules the page uses (it is a small page, rendered from loaded data).
        [crawler || routerContext.isSpaMode || head?.styles.length ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("cache-control")) responseHeaders.set("cache-control", "no-cache");
          if (head?.styles.length) {
            const chunks: Buffer[] = [];
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("error", reject);
            body.on("end", () => {
              const html = withPrunedStyles(Buffer.concat(chunks).toString("utf8"), head.styles);
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
            });
          } else resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
