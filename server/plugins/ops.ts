// What an operator and a load balancer need from each instance: /healthz (the process is alive),
// /readyz (it can serve: database reachable, migrations current, not shutting down) and the
// Prometheus registry that server/metrics-server.ts exposes on a private port.
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Registry } from "prom-client";
import { HttpMetrics } from "./http-metrics.ts";
import { migrationsCurrent, type Database, type Db } from "../../db/client.ts";
import { storeFigures as readStoreFigures } from "../modules/orders/index.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's metrics (http, pool, holds, orders). */
    metrics: Registry;
    /** Set on SIGTERM: /readyz answers 503 so a load balancer stops sending new requests. */
    lifecycle: { draining: boolean };
  }
}

export interface OpsOptions {
  db: Db;
  /** Given the function that counts an answer, for answers made outside Fastify (server/hot/front-door.ts). */
  shareCount?: (count: (method: string, route: string, statusCode: number, seconds: number) => void) => void;
  /** The open database, for pool figures (PostgreSQL only) and its readiness connection. */
  database?: Pick<Database, "poolStats" | "readiness">;
  /** The embedded database's disk: /readyz reports it full. */
  disk?: { readonly full: boolean };
}

/** How long /readyz waits for the database. */
const READY_TIMEOUT_MS = 3_000;

/** The route whose 200 answers are placed orders (SPEC §7 PlaceOrder). */
const PLACE_ORDER_ROUTE = /\/Store\/PlaceOrder\/:userId\/:customerId$/i;

async function opsPlugin(app: FastifyInstance, { db, database, disk, shareCount }: OpsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  app.decorate("metrics", registry);
  app.decorate("lifecycle", { draining: false });

  const http = new HttpMetrics(registry);
  const placed = new Counter({
    name: "store_orders_placed_total",
    help: "Orders placed through this instance (PlaceOrder answered 200)",
    registers: [registry],
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Database connections of this instance's pool, by state (PostgreSQL only)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = database?.poolStats?.();
      if (!stats) return;
      this.set({ state: "open" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "in_use" }, stats.total - stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
      this.set({ state: "max" }, stats.max);
    },
  });

  // Figures of the whole store, read from the database once per scrape (the same on every instance).
  // prom-client collects all metrics at once, so the gauges share one read.
  type StoreFigures = { holds: number; bunches: number; orders: Array<{ status: string; n: number }> } | null;
  let reading: { at: number; figures: Promise<StoreFigures> } | undefined;
  const storeFigures = () => {
    if (!reading || Date.now() - reading.at > 1000) {
      reading = {
        at: Date.now(),
        figures: (async () => {
          try {
            return await readStoreFigures(db);
          } catch {
            return null;
          }
        })(),
      };
    }
    return reading.figures;
  };
  new Gauge({
    name: "db_up",
    help: "1 when the database answered the last scrape",
    registers: [registry],
    async collect() {
      this.set((await storeFigures()) ? 1 : 0);
    },
  });
  new Gauge({
    name: "store_holds_active",
    help: "Stock holds not yet expired",
    registers: [registry],
    async collect() {
      const f = await storeFigures();
      if (f) this.set(f.holds);
    },
  });
  new Gauge({
    name: "store_held_bunches",
    help: "Bunches held by carts, not yet expired",
    registers: [registry],
    async collect() {
      const f = await storeFigures();
      if (f) this.set(f.bunches);
    },
  });
  new Gauge({
    name: "store_orders",
    help: "Orders in the database, by status",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const f = await storeFigures();
      if (!f) return;
      this.reset();
      for (const { status, n } of f.orders) this.set({ status }, n);
    },
  });

  // While shutting down, every answer closes its connection, so keep-alive clients let go and the
  // server can close as soon as the requests in flight are answered.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (app.lifecycle.draining) reply.header("connection", "close");
    done(null, payload);
  });

  const count = (method: string, route: string, statusCode: number, seconds: number) => {
    http.count(method, route, statusCode, seconds);
    if (statusCode === 200 && method === "POST" && PLACE_ORDER_ROUTE.test(route)) placed.inc();
  };
  shareCount?.(count);
  app.addHook("onResponse", (request, reply, done) => {
    count(request.method, request.routeOptions.url ?? "unmatched", reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get("/healthz", { schema: { hide: true }, logLevel: "warn" }, async () => ({ status: "ok" }));

  app.get("/readyz", { schema: { hide: true }, logLevel: "warn" }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    if (app.lifecycle.draining) return reply.status(503).send({ status: "draining" });
    let current: boolean;
    try {
      // Over the readiness connection (PostgreSQL): requests queued for the pool do not make it wait.
      // A database that does not answer within 3 s is as good as unreachable (a wedged embedded one).
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no answer")), READY_TIMEOUT_MS)));
      current = await Promise.race([migrationsCurrent(database?.readiness ?? db), late]).finally(() => clearTimeout(timer));
    } catch {
      return reply.status(503).send({ status: "unavailable", database: "unreachable" });
    }
    if (!current) return reply.status(503).send({ status: "unavailable", database: "ok", migrations: "pending" });
    // Reads still work, but no write would: a load balancer should know.
    if (disk?.full) return reply.status(503).send({ status: "unavailable", database: "ok", migrations: "current", disk: "full" });
    return { status: "ok", database: "ok", migrations: "current" };
  });
}

export const ops = fp(opsPlugin, { name: "ops" });
