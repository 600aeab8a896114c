import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase, databaseIsEmpty } from "../db/client.ts";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createMailDispatcher } from "./modules/mail/index.ts";

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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.poolSize });
  await database.migrate();
  if (config.demoMode && (await databaseIsEmpty(database.db))) {
    const { seedDemo } = await import("../db/seed/demo.ts");
    await seedDemo(database.db, { defaultCustomerCode: config.defaultCustomerCode, taxRateBp: config.taxRateBp });
    console.log("Demo data created. Sign in with any demo account (see README), password bloom-demo-2026.");
  }
  const app = await buildApp({ db: database.db, config, ssrBuildPath: buildPath });
  const mail = createMailDispatcher(database.db, config, app.log);
  mail.start();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    mail.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, ms: Math.round(performance.now() - started) },
    `${config.brandName} is open at http://localhost:${config.port}`,
  );
}

void main();
