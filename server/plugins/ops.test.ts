// /healthz, /readyz, the metrics registry and its private port, and the 503 a lost database gives,
// on the test's database (PGlite, and PostgreSQL under npm run test:pg). What needs a database that
// really goes away is in tests/faults (npm run test:faults).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { isDatabaseUnavailable, migrationsCurrent, rowsOf } from "../../db/client.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { startMetricsServer, type MetricsServer } from "../metrics-server.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-app.ts";
import { insertOrder, insertUser, insertCustomer } from "../../tests/factories/index.ts";
import { registerErrorHandling, UNAVAILABLE_MESSAGE } from "./errors.ts";

let database: TestDatabase;
let app: FastifyInstance;
let metrics: MetricsServer;
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000" });
  app = await buildApp({ db: database.db, database, config, logger: false });
  await app.ready();
  metrics = await startMetricsServer(app.metrics, { host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await metrics?.close();
  await app?.close();
  await database?.close();
});

describe("/healthz and /readyz", () => {
  it("/healthz answers while the process runs, without asking the database", async () => {
    const res = await app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("/readyz answers 200 when the database answers and every migration is applied", async () => {
    const res = await app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok", migrations: "current" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("/readyz answers 503 while a migration of this version is not applied", async () => {
    const db = database.db;
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
    );
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      expect(await migrationsCurrent(db)).toBe(false);
      const res = await app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", database: "ok", migrations: "pending" });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
  });

  it("/readyz answers 503 while draining (SIGTERM), and every answer then closes its connection", async () => {
    app.lifecycle.draining = true;
    try {
      const res = await app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "draining" });
      expect(res.headers.connection).toBe("close");
      expect((await app.inject({ method: "GET", url: "/healthz" })).headers.connection).toBe("close");
    } finally {
      app.lifecycle.draining = false;
    }
    expect((await app.inject({ method: "GET", url: "/healthz" })).headers.connection).not.toBe("close");
  });
});

describe("metrics", () => {
  const scrape = async () => {
    const res = await fetch(`${metrics.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  };
  const value = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);

  it("count requests per method, route pattern and status, with their latency", async () => {
    const before = await scrape();
    const route = /^http_requests_total\{method="GET",route="\/api\/Auth\/CheckToken\/",status_code="(\d+)"\} (\d+)$/m;
    const count = (text: string) => Number(route.exec(text)?.[2] ?? 0);
    for (let i = 0; i < 3; i++) await app.inject({ method: "GET", url: "/api/Auth/CheckToken/" });
    await app.inject({ method: "GET", url: "/api/No/Such/Route" });
    const after = await scrape();
    expect(count(after) - count(before)).toBe(3);
    expect(after).toMatch(/^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/Auth\/CheckToken\/",status_code="\d+"\} \d+$/m);
    expect(after).toMatch(/^http_requests_total\{method="GET",route="\/api\/\*",status_code="404"\} 1$/m);
    expect(after).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it("show the store's orders by status, its active holds and whether the database answers", async () => {
    const c = await insertCustomer(database.db);
    const u = await insertUser(database.db, { customerIds: [c.customerId] });
    await insertOrder(database.db, { customerId: c.customerId, userId: u.id, status: "submitted" });
    await insertOrder(database.db, { customerId: c.customerId, userId: u.id, status: "submitted" });
    const counts = rowsOf<{ status: string; n: number }>(await database.db.execute(sql`select status, count(*)::int as n from orders group by status`));
    // A second read within a second answers from the same figures: wait for a fresh one.
    await new Promise((r) => setTimeout(r, 1100));
    const text = await scrape();
    for (const { status, n } of counts) expect(value(text, new RegExp(`^store_orders\\{status="${status}"\\} (\\d+)$`, "m"))).toBe(n);
    expect(value(text, /^store_holds_active (\d+)$/m)).toBe(0);
    expect(value(text, /^db_up (\d+)$/m)).toBe(1);
    // Pool figures exist on PostgreSQL only (PGlite has no pool).
    if (database.kind === "postgres") expect(value(text, /^db_pool_connections\{state="max"\} (\d+)$/m)).toBe(20);
  });

  it("are not served by the public app, and the metrics port serves nothing else", async () => {
    const res = await app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("http_requests_total");
    expect((await fetch(`${metrics.baseUrl}/`)).status).toBe(404);
    expect((await fetch(`${metrics.baseUrl}/metrics`, { method: "POST" })).status).toBe(404);
  });
});

describe("logs", () => {
  it("are JSON lines carrying the request id that the answer and its error body give", async () => {
    const lines: string[] = [];
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000" });
    const logged = await buildApp({ db: database.db, config, logStream: { write: (line) => void lines.push(line) } });
    try {
      const given = await logged.inject({ method: "GET", url: "/api/Auth/CheckToken/", headers: { "x-request-id": "lb-7f3a.1" } });
      expect(given.headers["x-request-id"]).toBe("lb-7f3a.1");
      const missing = await logged.inject({ method: "GET", url: "/api/No/Such/Route" });
      const id = missing.headers["x-request-id"] as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(missing.json().requestId).toBe(id);
      // An id that is not a plain token is replaced, never logged as given.
      const odd = await logged.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "a b\nc" } });
      expect(odd.headers["x-request-id"]).not.toBe("a b\nc");

      const entries = lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string; res?: { statusCode: number }; level: number; time: number });
      const of = (reqId: string) => entries.filter((e) => e.reqId === reqId).map((e) => [e.msg, e.res?.statusCode]);
      expect(of("lb-7f3a.1")).toEqual([
        ["incoming request", undefined],
        ["request completed", given.statusCode],
      ]);
      expect(of(id)).toEqual([
        ["incoming request", undefined],
        ["request completed", 404],
      ]);
      expect(entries.every((e) => typeof e.level === "number" && typeof e.time === "number")).toBe(true);
    } finally {
      await logged.close();
    }
  });
});

describe("a database that went away", () => {
  it("is told apart from the request's own faults", () => {
    const terminated = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(true);
    // Drizzle wraps the driver's error: the cause decides.
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: terminated }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Something else"))).toBe(false);
  });

  it("answers 503 with Retry-After and the request id, never 500", async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandling(bare);
    bare.get("/lost", async () => {
      throw new Error("Failed query: insert into orders", { cause: Object.assign(new Error("Connection terminated unexpectedly"), {}) });
    });
    bare.get("/broken", async () => {
      throw new Error("a bug");
    });
    const res = await bare.inject({ method: "GET", url: "/lost" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("2");
    expect(res.json()).toMatchObject({ statusCode: 503, error: "Service Unavailable", message: UNAVAILABLE_MESSAGE });
    expect(res.json().requestId).toBeTruthy();
    // A browser asking for a page gets a page saying the same.
    const page = await bare.inject({ method: "GET", url: "/lost", headers: { accept: "text/html,application/xhtml+xml" } });
    expect(page.statusCode).toBe(503);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["retry-after"]).toBe("2");
    expect(page.body).toContain("<h1>Briefly unavailable</h1>");
    expect(page.body).toContain(UNAVAILABLE_MESSAGE);
    expect(page.body).not.toContain("<script");
    expect((await bare.inject({ method: "GET", url: "/broken" })).statusCode).toBe(500);
    await bare.close();
  });
});
