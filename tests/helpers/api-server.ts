// A second, independent server for tests that race two app instances on one PostgreSQL database:
// its own process (so nothing kept in memory is shared with the test's app), its own connection
// pool and its own buildApp. It runs what server/main.ts runs — settings from the environment,
// open and migrate the database, buildApp, listen — without the web pages, because main.ts refuses
// to start before `npm run build` and the integration run has no build. Started by
// server-process.ts: it reports its address over IPC and stops when the test process goes away.
import { openDatabase } from "../../db/client.ts";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";

const config = loadConfig();
if (!config.databaseUrl) {
  console.error("api-server: DATABASE_URL is required (a second instance only makes sense on PostgreSQL).");
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.poolSize });
await database.migrate();
const app = await buildApp({ db: database.db, config });

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
process.on("disconnect", () => void stop());

const address = await app.listen({ port: config.port, host: config.host });
process.send?.({ address });
