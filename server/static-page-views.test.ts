// Static public pages run no script, so the browser never reports their views (docs/analytics.md):
// the server counts them as it renders them. Rendered here through the real server entry
// (app/entry.server.tsx) and React Router, with a small route tree standing in for the built app:
// static pages "/", "/lilies" and "/Blog/:slug" (which answers 404 for an unknown post), and the
// store (an app page, which reports itself from the browser).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createElement } from "react";
import { data, Outlet, type ServerBuild } from "react-router";
import { sql } from "drizzle-orm";
import * as entry from "../app/entry.server.tsx";
import { isoDateAt } from "../domain/dates.ts";
import { STATIC_PAGE } from "../app/lib/static-page.ts";
import { createPageViewCounter, type PageViewCounter } from "./modules/analytics/index.ts";
import { buildTestApp, createTestDatabase, loginAs, type TestApp, type TestDatabase } from "../tests/helpers/test-app.ts";
import { DEFAULT_TEST_PASSWORD, insertUser } from "../tests/factories/index.ts";

const route = (id: string, parentId: string | undefined, path: string | undefined, module: object, index = false) => ({ id, parentId, path, index: index || undefined, module });
const page = (text: string) => () => createElement("main", null, createElement("h1", null, text));

const routes = {
  root: route("root", undefined, "", {
    default: () => createElement("html", { lang: "en" }, createElement("head", null, createElement("title", null, "Test")), createElement("body", null, createElement(Outlet))),
  }),
  home: route("home", "root", undefined, { default: page("Home"), handle: STATIC_PAGE }, true),
  lilies: route("lilies", "root", "lilies", { default: page("Lilies"), handle: STATIC_PAGE }),
  post: route("post", "root", "Blog/:slug", {
    default: page("A post"),
    ErrorBoundary: page("No such post"),
    handle: STATIC_PAGE,
    loader: ({ params }: { params: { slug?: string } }) => {
      if (params.slug !== "spring") throw data(null, { status: 404 });
      return null;
    },
  }),
  store: route("store", "root", "store", { default: page("Store") }),
};

const build = {
  entry: { module: entry },
  routes,
  assets: {
    entry: { module: "/entry.client.js", imports: [] },
    routes: Object.fromEntries(
      Object.values(routes).map((r) => [
        r.id,
        { id: r.id, parentId: r.parentId, path: r.path, index: r.index, module: `/${r.id}.js`, imports: [], css: [], hasAction: false, hasLoader: "loader" in r.module, hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: "ErrorBoundary" in r.module },
      ]),
    ),
    url: "/manifest.js",
    version: "1",
  },
  publicPath: "/",
  assetsBuildDirectory: "public",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

const errors: string[] = [];
let t: TestApp;
let database: TestDatabase;
let views: PageViewCounter;
beforeAll(async () => {
  database = await createTestDatabase();
  // The real counter on the test database, flushed by the tests; a failed write lands in `errors`.
  views = createPageViewCounter(database.db, { error: (_details, message) => void errors.push(message) }, 60_000);
  t = await buildTestApp({}, database, { ssrBuildPath: build, pageViews: views });
});
afterAll(async () => {
  await t?.close();
  await database?.close();
});

/** A browser's user agent: inject's own ("lightMyRequest") reads as a crawler. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers: { "user-agent": BROWSER, ...headers } });
let staffCookie = "";
/** The counts as staff see them (GET /api/Analytics/PageViews, the /Administration/PageViews screen): path -> role -> views. */
async function counted(): Promise<Record<string, Record<string, number>>> {
  await views.flush();
  if (!staffCookie) {
    const staff = await insertUser(t.db, { roles: ["Administrator"] });
    staffCookie = await loginAs(t.app, staff.email, DEFAULT_TEST_PASSWORD);
  }
  const res = await get("/api/Analytics/PageViews", { cookie: staffCookie });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json().pages as { path: string; byRole: Record<string, number> }[]).map((p) => [p.path, p.byRole]));
}

describe("views of static public pages, counted by the server", () => {
  it("counts each rendering of / and /lilies under its pattern and the role, and nothing for 404s, HEAD, crawlers or prefetches", async () => {
    for (const url of ["/", "/lilies", "/", "/LILIES?utm_source=x"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain("<script src");
    }
    expect((await get("/Blog/spring")).statusCode).toBe(200);
    // Not views: unknown addresses, a static page answering 404, HEAD, a crawler, a prefetch, the store (it reports itself).
    expect((await get("/no-such-page")).statusCode).toBe(404);
    expect((await get("/Blog/nothing-here")).statusCode).toBe(404);
    expect((await t.app.inject({ method: "HEAD", url: "/lilies", headers: { "user-agent": BROWSER } })).statusCode).toBe(200);
    expect((await get("/lilies", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).statusCode).toBe(200);
    expect((await get("/lilies", { "sec-purpose": "prefetch" })).statusCode).toBe(200);
    expect((await get("/lilies", { purpose: "prefetch" })).statusCode).toBe(200);
    expect((await get("/store")).statusCode).toBe(200);

    expect(await counted()).toEqual({ "/": { anonymous: 2 }, "/lilies": { anonymous: 2 }, "/Blog/{slug}": { anonymous: 1 } });
    const rows = await t.db.execute(sql`select day::text as day, path, role, product_id, count from page_views order by path`);
    expect((rows as unknown as { rows: unknown[] }).rows ?? rows).toEqual([
      { day: isoDateAt(), path: "/", role: "anonymous", product_id: "", count: 2 },
      { day: isoDateAt(), path: "/Blog/{slug}", role: "anonymous", product_id: "", count: 1 },
      { day: isoDateAt(), path: "/lilies", role: "anonymous", product_id: "", count: 2 },
    ]);
  });

  it("counts a signed-in visitor under the role, nothing else about them", async () => {
    const buyer = await insertUser(t.db, { roles: ["wholesaler"] });
    const cookie = await loginAs(t.app, buyer.email, DEFAULT_TEST_PASSWORD);
    expect((await get("/lilies", { cookie })).statusCode).toBe(200);
    expect((await counted())["/lilies"]).toEqual({ anonymous: 2, wholesaler: 1 });
    const rows = await t.db.execute(sql`select * from page_views`);
    expect(JSON.stringify(rows)).not.toContain(buyer.id);
  });

  it("serves the page when the count cannot be written, and logs the failure", async () => {
    await t.db.execute(sql`alter table page_views rename to page_views_away`);
    try {
      const res = await get("/");
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain("Home");
      await views.flush();
      expect(errors).toEqual(["page views of static pages could not be written"]);
    } finally {
      await t.db.execute(sql`alter table page_views_away rename to page_views`);
    }
    // The lost view is dropped, not retried; counting goes on.
    expect((await get("/")).statusCode).toBe(200);
    expect((await counted())["/"]).toEqual({ anonymous: 3 });
  });
});
