import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, databaseIsEmpty } from "../db/client.ts";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { jobHandlers } from "./modules/index.ts";
import { createJobRunner } from "./modules/jobs/index.ts";
import { createMailDispatcher } from "./modules/mail/index.ts";
import { createWebhookDispatcher } from "./modules/webhooks/index.ts";
import { installShutdown, untilDatabaseAnswers } from "./lifecycle.ts";
import { startMetricsServer } from "./metrics-server.ts";
import { startDiskGuard } from "./disk-guard.ts";
import { startStallWatchdog } from "./stall-watchdog.ts";
import { logDestination } from "./log-destination.ts";

async function main() {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const buildPath = path.resolve(fileURLToPath(new URL("..", import.meta.url)), config.buildDir, "server/index.js");
  if (!existsSync(buildPath)) {
    console.error("The web app is not built. Run `npm run build` first (npm start does it for you).");
    process.exit(1);
  }
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  // Until the app's logger exists, a lost connection is reported on standard error.
  let connectionLost = (err: Error) => console.error(`database connection lost: ${err.message}`);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.poolSize,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    timeouts: config.databaseTimeouts,
    onConnectionError: (err) => connectionLost(err),
  });
  await untilDatabaseAnswers(() => database.migrate(), {
    timeoutMs: 60_000,
    onRetry: (err, ms) => console.error(`Waiting for the database (${Math.round(ms / 1000)} s): ${err.message}`),
  });
  if (config.demoMode && (await databaseIsEmpty(database.db))) {
    // Instances starting together on an empty database: one seeds, the others wait and skip.
    const { seedDemoIfEmpty } = await import("../db/seed/demo.ts");
    const seeded = await seedDemoIfEmpty(database.db, { defaultCustomerCode: config.defaultCustomerCode, taxRateBp: config.taxRateBp });
    if (seeded) console.log("Demo data created. Sign in with any demo account (see README), password bloom-demo-2026.");
  }
  // A stalled event loop (a wedged embedded database) ends the process: SIGTERM could not (server/stall-watchdog.ts).
  const watchdog = startStallWatchdog(config.stallExitMs);
  // The embedded database's disk: writes are refused before it fills (server/disk-guard.ts).
  const diskGuard = database.kind === "pglite" ? startDiskGuard({ dir: config.dataDir, minFreeBytes: config.dataDirMinFreeBytes }) : undefined;
  // Log lines go out once per turn of the event loop, and on exit (server/log-destination.ts).
  const logStream = logDestination();
  const app = await buildApp({ db: database.db, database, config, ssrBuildPath: buildPath, diskGuard, logStream });
  diskGuard?.useLog(app.log);
  connectionLost = (err) => app.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, "database connection lost; the pool reconnects");
  const mail = createMailDispatcher(database.db, config, app.log);
  mail.start();
  // Standing orders and reminders: every instance runs one; SKIP LOCKED shares the due jobs out.
  const jobs = createJobRunner(database.db, config, jobHandlers, app.log);
  jobs.start();
  // Webhook deliveries (docs/webhooks.md): every instance sends; the claim shares them out.
  const webhookDispatcher = createWebhookDispatcher(database.db, config, app.log);
  webhookDispatcher.start();

  // The job runner stops claiming at once and is drained (its job in progress committed or rolled
  // back) before the pool closes.
  const closeAfter: Array<() => Promise<void>> = [() => jobs.stop(), () => webhookDispatcher.stop(), () => watchdog.stop()];
  installShutdown({ app, database, timeoutMs: config.shutdownTimeoutMs, stopFirst: [() => mail.stop(), () => void jobs.stop(), () => void webhookDispatcher.stop(), () => diskGuard?.stop()], closeAfter });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, ms: Math.round(performance.now() - started) },
    `${config.brandName} is open at http://localhost:${config.port}`,
  );
  if (config.metricsPort !== undefined) {
    const metrics = await startMetricsServer(app.metrics, { host: config.metricsHost, port: config.metricsPort });
    closeAfter.push(metrics.close);
    app.log.info(`Metrics at ${metrics.baseUrl}/metrics`);
  }
}

void main();
