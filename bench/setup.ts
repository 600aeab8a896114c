import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import pg from "pg";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer, type RunningServer } from "../tests/e2e/harness.ts";
import { OTHER_BENCH_BUYERS } from "../db/seed/generate.ts";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
export const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1000);
export const BENCH_EMAIL = "bench@demo.test";
export const BENCH_PASSWORD = "bloom-demo-2026";

export interface BenchServer {
  server: RunningServer;
  base: string;
  cookie: string;
  userId: string;
  customerId: string;
  json<T>(url: string, init?: RequestInit): Promise<T>;
}

/**
 * A fresh embedded database with a generated catalogue (db/seed/generate.ts) and one bench buyer,
 * served by the real built server, signed in.
 */
export async function startBenchServer(): Promise<BenchServer> {
  // BENCH_DATA_DIR: generate once into that folder and start from a copy of it on later runs.
  const kept = process.env.BENCH_DATA_DIR;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bloom-bench-"));
  if (kept && existsSync(path.join(kept, "PG_VERSION"))) {
    console.log(`Using the data generated in ${kept}`);
    cpSync(kept, dataDir, { recursive: true });
  } else {
    console.log(`Generating ${PRODUCTS} products and ${CUSTOMERS} customers…`);
    const seeded = spawnSync(
      process.execPath,
      ["--import", "tsx", "db/seed-cli.ts", "--large", "--products", String(PRODUCTS), "--customers", String(CUSTOMERS)],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir }, stdio: ["ignore", "ignore", "inherit"] },
    );
    if (seeded.status !== 0) throw new Error("data generation failed");
    if (kept) cpSync(dataDir, kept, { recursive: true });
  }
  const server = await startServer({ DEMO_MODE: "false", LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "error" }, { dataDir });
  const base = server.baseUrl;
  const { cookie, user } = await signIn(base, BENCH_EMAIL);
  const json = async <T>(url: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${url}`, {
      ...init,
      headers: { cookie, origin: base, "content-type": "application/json", ...(init.headers as object) },
    });
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return { server, base, cookie, userId: user.id, customerId: user.customers[0]!.customerID, json };
}

/** Signs a bench user in (the demo password): its session cookie and the user the answer names. */
export async function signIn(base: string, email: string) {
  const login = await fetch(`${base}/api/Auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`bench login of ${email} failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return { cookie, user: (await login.json()) as { id: string; customers: { customerID: string }[] } };
}

/** The large data's other buyers (db/seed-cli.ts: customers G000002 on, one user each), signed in. */
export async function signInOtherBuyers(base: string): Promise<{ cookie: string; userId: string; customerId: string }[]> {
  const buyers = [];
  for (let n = 2; n < 2 + OTHER_BENCH_BUYERS; n++) {
    const customerId = `G${String(n).padStart(6, "0")}`;
    const { cookie, user } = await signIn(base, `bench+${customerId.toLowerCase()}@bench.example`);
    buyers.push({ cookie, userId: user.id, customerId });
  }
  return buyers;
}

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface HotBenchOptions {
  /** "demo": the demo seed (about 300 products); "large": db/seed/generate.ts with PRODUCTS products. */
  data: "demo" | "large";
  /** A PostgreSQL server (its maintenance database): a fresh database is made there and dropped after. Unset: PGlite. */
  postgresUrl?: string;
  /** App instances on the one database (PostgreSQL only; PGlite is one process's folder). */
  instances?: number;
}

export interface HotBench extends BenchServer {
  servers: RunningServer[];
  bases: string[];
  /** The server processes' ids (their CPU time is read from /proc). */
  pids: number[];
  stop(): Promise<void>;
}

/**
 * One database with demo or generated data, served by `instances` real server processes, and a
 * wholesale buyer signed in (the session works on every instance: it lives in the database).
 */
export async function startHotBench(options: HotBenchOptions): Promise<HotBench> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bloom-bench-"));
  let databaseUrl = "";
  let dropDatabase = async () => {};
  if (options.postgresUrl) {
    const made = await throwawayDatabase(options.postgresUrl, "bloom_bench");
    databaseUrl = made.url;
    dropDatabase = made.drop;
  }
  const args = options.data === "large" ? ["--large", "--products", String(PRODUCTS), "--customers", String(CUSTOMERS)] : [];
  console.log(options.data === "large" ? `Generating ${PRODUCTS} products and ${CUSTOMERS} customers…` : "Seeding the demo data…");
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "db/seed-cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("data generation failed");
  const count = options.postgresUrl ? (options.instances ?? 2) : 1;
  const servers: RunningServer[] = [];
  const logDir = mkdtempSync(path.join(tmpdir(), "bloom-bench-logs-"));
  // At the default log level (info) unless BENCH_LOG_LEVEL says otherwise: every request is logged,
  // to a file, as a server in production logs.
  for (let i = 0; i < count; i++)
    servers.push(
      await startServer(
        { DEMO_MODE: "false", LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info", DATABASE_URL: databaseUrl },
        { dataDir, logFile: path.join(logDir, `server-${i}.log`) },
      ),
    );
  const base = servers[0]!.baseUrl;
  const email = options.data === "large" ? BENCH_EMAIL : "buyer@demo.test";
  const { cookie, user } = await signIn(base, email);
  const json = async <T>(url: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${url}`, {
      ...init,
      headers: { cookie, origin: base, "content-type": "application/json", ...(init.headers as object) },
    });
    if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    server: servers[0]!,
    servers,
    base,
    bases: servers.map((s) => s.baseUrl),
    pids: servers.map((s) => s.pid),
    cookie,
    userId: user.id,
    customerId: user.customers[0]!.customerID,
    json,
    async stop() {
      for (const s of servers) await s.stop();
      rmSync(logDir, { recursive: true, force: true });
      await dropDatabase();
    },
  };
}

/**
 * A database made for one benchmark run on the PostgreSQL server of `adminUrl` (a maintenance
 * database's address): its name, its address (the admin address with the new name), and drop().
 */
export async function throwawayDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/**
 * The local PostgreSQL's maintenance database, BENCH_POSTGRES_URL unless set: over its Unix socket in
 * /var/run/postgresql when there is one (as an app on the database's own host reaches it,
 * docs/operations.md), else over TCP at 127.0.0.1:5432.
 */
export function localPostgresUrl(): string {
  const socketDir = "/var/run/postgresql";
  return (
    process.env.BENCH_POSTGRES_URL ??
    (existsSync(path.join(socketDir, ".s.PGSQL.5432")) ? `postgres://postgres@localhost/postgres?host=${socketDir}` : "postgres://postgres@127.0.0.1:5432/postgres")
  );
}

/** A process's CPU time so far (user + system), in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (in parentheses, may hold spaces): utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The context switches of a process's threads so far (voluntary: it waited, e.g. for a client's next
 * message or the server's answer; involuntary: it was preempted), from /proc; zeros once it is gone.
 */
export function switchesOf(pid: number | "self"): { voluntary: number; involuntary: number } {
  const sum = { voluntary: 0, involuntary: 0 };
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return sum;
  for (const task of readdirSync(tasks)) {
    let status: string;
    try {
      status = readFileSync(`${tasks}/${task}/status`, "utf8");
    } catch {
      continue; // a thread that ended meanwhile
    }
    sum.voluntary += Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    sum.involuntary += Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  }
  return sum;
}

/** The CPU the given processes spent (added up) while `run` ran, in ms. */
export async function cpuDuring<T>(pids: number[], run: () => Promise<T>): Promise<{ value: T; cpuMs: number }> {
  const before = pids.reduce((n, pid) => n + cpuMsOf(pid), 0);
  const value = await run();
  return { value, cpuMs: pids.reduce((n, pid) => n + cpuMsOf(pid), 0) - before };
}
