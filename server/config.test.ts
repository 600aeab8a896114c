import { describe, expect, it } from "vitest";
import path from "node:path";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults: port 3000, embedded database in ./data, demo mode on", () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe(path.resolve("./data"));
    expect(c.demoMode).toBe(true);
    expect(c.holdMs).toBe(30 * 60_000);
    expect(c.brandName).toBe("Pride");
    expect(c.cookieSecure).toBe(false);
  });

  it("turns demo mode off by default with a PostgreSQL server", () => {
    const c = loadConfig({ DATABASE_URL: "postgres://u@db:5432/flowers" });
    expect(c.databaseUrl).toBe("postgres://u@db:5432/flowers");
    expect(c.demoMode).toBe(false);
  });

  it("uses Secure cookies when the public address is https", () => {
    expect(loadConfig({ PUBLIC_URL: "https://flowers.example.com/" }).cookieSecure).toBe(true);
    expect(loadConfig({ PUBLIC_URL: "https://flowers.example.com/" }).publicUrl).toBe("https://flowers.example.com");
  });

  it("stops with one clear message naming every bad setting", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", HOLD_MINUTES: "0" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    expect(message).toContain("HOLD_MINUTES");
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).port).toBe(3000);
  });

  it("keeps metrics off unless a port is given, and then on the loopback address by default", () => {
    const off = loadConfig({});
    expect(off.metricsPort).toBeUndefined();
    expect(off.shutdownTimeoutMs).toBe(25_000);
    expect(off.databaseConnectTimeoutMs).toBe(10_000);
    const on = loadConfig({ METRICS_PORT: "9464", SHUTDOWN_TIMEOUT_SECONDS: "5" });
    expect(on.metricsPort).toBe(9464);
    expect(on.metricsHost).toBe("127.0.0.1");
    expect(on.shutdownTimeoutMs).toBe(5_000);
    expect(() => loadConfig({ METRICS_PORT: "metrics" })).toThrow(/METRICS_PORT/);
  });
});

describe("bounds on slow clients, a busy database, a full disk and live streams (issue 23)", () => {
  it("has the documented defaults and takes each from the environment", () => {
    const c = loadConfig({});
    expect(c.http).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, idleTimeoutMs: 60_000, keepAliveTimeoutMs: 72_000, maxConnectionsPerAddress: 256 });
    expect(c.databaseTimeouts).toEqual({ statementMs: 30_000, lockMs: 5_000, idleInTransactionMs: 60_000 });
    expect(c.dataDirMinFreeBytes).toBe(64 * 1_048_576);
    expect([c.liveStreamsPerAccount, c.liveStreamsPerAddress]).toEqual([12, 60]);
    const set = loadConfig({ HTTP_REQUEST_TIMEOUT_SECONDS: "5", HTTP_MAX_CONNECTIONS_PER_ADDRESS: "0", DATABASE_LOCK_TIMEOUT_SECONDS: "0", DATA_DIR_MIN_FREE_MB: "0", LIVE_STREAMS_PER_ADDRESS: "500" });
    expect([set.http.requestTimeoutMs, set.http.maxConnectionsPerAddress, set.databaseTimeouts.lockMs, set.dataDirMinFreeBytes, set.liveStreamsPerAddress]).toEqual([5_000, 0, 0, 0, 500]);
  });

  it("refuses an idle timeout shorter than the live streams' 25 s heartbeat", () => {
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_SECONDS: "20" })).toThrow(/HTTP_IDLE_TIMEOUT_SECONDS/);
  });
});
