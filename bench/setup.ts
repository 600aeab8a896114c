import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer, type RunningServer } from "../tests/e2e/harness.ts";

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
  const dataDir = mkdtempSync(path.join(tmpdir(), "bloom-bench-"));
  console.log(`Generating ${PRODUCTS} products and ${CUSTOMERS} customers…`);
  const seeded = spawnSync(
    process.execPath,
    ["--import", "tsx", "db/seed-cli.ts", "--large", "--products", String(PRODUCTS), "--customers", String(CUSTOMERS)],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir }, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (seeded.status !== 0) throw new Error("data generation failed");
  const server = await startServer({ DEMO_MODE: "false", LOG_LEVEL: "error" }, { dataDir });
  const base = server.baseUrl;
  const login = await fetch(`${base}/api/Auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!login.ok) throw new Error(`bench login failed: ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const user = (await login.json()) as { id: string; customers: { customerID: string }[] };
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

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
