// What the webhook outbox triggers cost (docs/webhooks.md): a 5,000-line availability update and 200
// orders placed (each an order and 2 lines in one transaction), with no webhook and with one webhook
// subscribed to every event; then how fast one dispatcher delivers to a local receiver.
// PGlite by default, PostgreSQL with DATABASE_URL (a throwaway database: it is written to).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { webhooks } from "../db/schema/index.ts";
import { loadConfig } from "../server/config.ts";
import { dispatchDue } from "../server/modules/webhooks/index.ts";
import { insertCatalogWithOffers, insertOrder } from "../tests/factories/index.ts";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: "memory://" });
await database.migrate();
const db = database.db;
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: process.env.DATABASE_URL });
const catalogIds: number[] = [];
for (let i = 0; i < 5; i++) catalogIds.push((await insertCatalogWithOffers(db, { count: 1000, line: { originalQuantity: 40 } })).catalog.id);

async function timed(label: string, fn: () => Promise<unknown>) {
  const t0 = performance.now();
  await fn();
  const ms = performance.now() - t0;
  console.log(`${label}: ${ms.toFixed(0)} ms`);
  return ms;
}
const update = () => db.execute(sql`update offer_lines set original_quantity = original_quantity + 1 where catalog_id in (${sql.join(catalogIds.map((id) => sql`${id}`), sql`, `)})`);
const place = async () => {
  for (let i = 0; i < 200; i++) await db.transaction((tx) => insertOrder(tx));
};

await update(); // warm
await timed("5,000-line availability update, no webhook", update);
await timed("200 orders placed, no webhook", place);
const server = http.createServer((req, res) => req.resume().on("end", () => res.writeHead(204).end()));
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
await db.insert(webhooks).values({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, events: ["order.placed", "order.changed", "order.cancelled", "invoice.issued", "availability.changed"], secret: `whsec_${Buffer.alloc(32, 1).toString("base64")}` });
await timed("5,000-line availability update, one webhook (1 event of 5,000 lines)", update);
await timed("200 orders placed, one webhook (200 events)", place);
const t0 = performance.now();
const sent = await dispatchDue(db, config, { max: 10_000 });
const ms = performance.now() - t0;
console.log(`dispatch: ${sent.delivered} delivered, ${sent.failed} failed in ${ms.toFixed(0)} ms (${((sent.delivered / ms) * 1000).toFixed(0)}/s)`);
server.close();
await database.close();
