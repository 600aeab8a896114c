// Graceful shutdown, shared by server/main.ts and the test server process: on SIGTERM (or SIGINT)
// report not-ready, stop accepting connections, let requests in flight finish, then close the
// metrics port, the mail dispatcher and the connection pool, and exit 0. Requests still running after
// SHUTDOWN_TIMEOUT_SECONDS are abandoned and the process exits 1.
import type { FastifyInstance } from "fastify";
import { isDatabaseUnavailable, type Database } from "../db/client.ts";

/**
 * Runs `step` (open and migrate the database) until it succeeds; while the database cannot be
 * reached it tries again every `intervalMs` for up to `timeoutMs`, so instances started together
 * with (or during a restart of) their database wait for it instead of crashing. Other errors, and the
 * last one after the time is up, are thrown.
 */
export async function untilDatabaseAnswers<T>(
  step: () => Promise<T>,
  options: { timeoutMs: number; intervalMs?: number; onRetry?: (err: Error, waitedMs: number) => void },
): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return await step();
    } catch (err) {
      const waited = Date.now() - started;
      if (!isDatabaseUnavailable(err) || waited >= options.timeoutMs) throw err;
      options.onRetry?.(err as Error, waited);
      await new Promise((r) => setTimeout(r, options.intervalMs ?? 2000));
    }
  }
}

export interface ShutdownOptions {
  app: FastifyInstance;
  database: Database;
  timeoutMs: number;
  /** Stopped before the app closes (the mail dispatcher's timer). */
  stopFirst?: Array<() => void>;
  /** Closed after the app, before the pool (the metrics port). */
  closeAfter?: Array<() => Promise<void>>;
  exit?: (code: number) => void;
}

export function installShutdown(options: ShutdownOptions): (signal: string) => Promise<void> {
  const { app, database, timeoutMs, stopFirst = [], closeAfter = [], exit = (code) => process.exit(code) } = options;
  let stopping: Promise<void> | undefined;
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      const started = Date.now();
      app.log.info({ signal }, "shutting down: finishing requests in flight");
      app.lifecycle.draining = true;
      const timer = setTimeout(() => {
        app.log.error({ timeoutMs }, "shutdown timed out: requests still in flight are abandoned");
        exit(1);
      }, timeoutMs);
      timer.unref();
      try {
        for (const stop of stopFirst) stop();
        // Fastify stops listening, closes idle keep-alive connections, answers 503 to new requests on
        // the others and resolves once every request in flight has been answered.
        await app.close();
        for (const close of closeAfter) await close().catch((err: unknown) => app.log.warn({ err }, "close failed"));
        await database.close();
        app.log.info({ ms: Date.now() - started }, "stopped");
        clearTimeout(timer);
        exit(0);
      } catch (err) {
        app.log.error({ err }, "shutdown failed");
        clearTimeout(timer);
        exit(1);
      }
    })();
    return stopping;
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  return shutdown;
}
