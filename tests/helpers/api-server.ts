// A second, independent server for tests that race two app instances on one PostgreSQL database:
// its own process (so nothing kept in memory is shared with the test's app), its own connection
// pool and its own buildApp. It runs what server/main.ts runs — settings from the environment,
// open and migrate the database, buildApp, listen — without the web pages, because main.ts refuses
// to start before `npm run build` and the integration run has no build. Started by
// server-process.ts: it reports its address over IPC and stops when the test process goes away.
import { openDatabase } from "../../db/client.ts";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { installShutdown, untilDatabaseAnswers } from "../../server/lifecycle.ts";
import { startMetricsServer } from "../../server/metrics-server.ts";
import { startDiskGuard } from "../../server/disk-guard.ts";
import { startStallWatchdog } from "../../server/stall-watchdog.ts";

const config = loadConfig();
let connectionLost = (err: Error) => console.error(`database connection lost: ${err.message}`);
// Without DATABASE_URL: the embedded database in DATA_DIR (the fault suite's full disk), as main.ts.
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.poolSize,
  connectTimeoutMs: config.databaseConnectTimeoutMs,
  timeouts: config.databaseTimeouts,
  onConnectionError: (err) => connectionLost(err),
});
await untilDatabaseAnswers(() => database.migrate(), { timeoutMs: 60_000, intervalMs: 250 });
const watchdog = startStallWatchdog(config.stallExitMs);
const diskGuard = database.kind === "pglite" ? startDiskGuard({ dir: config.dataDir, minFreeBytes: config.dataDirMinFreeBytes }) : undefined;
const app = await buildApp({ db: database.db, database, config, diskGuard });
diskGuard?.useLog(app.log);
connectionLost = (err) => app.log.warn({ err: { message: err.message } }, "database connection lost; the pool reconnects");

const closeAfter: Array<() => Promise<void>> = [() => watchdog.stop()];
const shutdown = installShutdown({ app, database, timeoutMs: config.shutdownTimeoutMs, closeAfter, stopFirst: [() => diskGuard?.stop()] });
process.on("disconnect", () => void shutdown("disconnect"));

const address = await app.listen({ port: config.port, host: config.host });
let metricsUrl: string | undefined;
if (config.metricsPort !== undefined) {
  const metrics = await startMetricsServer(app.metrics, { host: config.metricsHost, port: config.metricsPort });
  closeAfter.push(metrics.close);
  metricsUrl = metrics.baseUrl;
}
process.send?.({ address, metricsUrl });
