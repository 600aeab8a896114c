// The embedded database's disk guard (issue 23, item 7) in the app: below the free-space floor every
// write answers 503 with Retry-After and a clear message and nothing is written, reads go on,
// /readyz reports the disk full, a disk-full error from the database is answered the same way and
// marks the disk full, and room again lets writes in. The free space is given by the test here; a
// real full filesystem (tmpfs) with PGlite on it: tests/faults/disk-full.fault.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify from "fastify";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { isDiskFull, startDiskGuard, type DiskGuard } from "./disk-guard.ts";
import { DISK_FULL_MESSAGE, registerErrorHandling } from "./plugins/errors.ts";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-app.ts";
import { buyer, offer, tomorrow } from "../tests/helpers/store-fixtures.ts";
import type { FastifyInstance } from "fastify";
import { carts } from "../db/schema/index.ts";
import { eq } from "drizzle-orm";

let database: TestDatabase;
let app: FastifyInstance;
let guard: DiskGuard;
let free = 1_000 * 1_048_576;
const lines: Array<{ msg: string; level: number }> = [];
beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000" });
  guard = startDiskGuard({ dir: "/unused", minFreeBytes: 64 * 1_048_576, intervalMs: 60_000, freeBytesOf: () => free });
  app = await buildApp({ db: database.db, database, config, diskGuard: guard, logStream: { write: (l) => void lines.push(JSON.parse(l)) } });
  await app.ready();
  guard.useLog(app.log);
});
afterAll(async () => {
  guard?.stop();
  await app?.close();
  await database?.close();
});

describe("a full disk under the embedded database", () => {
  it("refuses writes with 503 and a clear message while reads go on; /readyz reports it; room again lets writes in", async () => {
    const b = await buyer({ app, db: database.db, database, config: loadConfig({}), close: async () => {} });
    const { products } = await offer(database.db, [b.customerId]);
    const p = products[0]!;
    expect((await b.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 1 }] })).statusCode).toBe(200);

    free = 10 * 1_048_576;
    guard.check();
    expect(guard.full).toBe(true);
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: "database disk full: writes answer 503 until space is freed in DATA_DIR" }));
    const refused = await b.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 5 }] });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("30");
    expect(refused.json()).toMatchObject({ statusCode: 503, message: DISK_FULL_MESSAGE });
    // Nothing was written: the cart still has the first quantity.
    const cart = await b.cart();
    expect(cart.statusCode).toBe(200);
    expect(JSON.stringify(cart.json())).not.toContain('"quantity":5');
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: "unavailable", disk: "full" });
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

    free = 500 * 1_048_576;
    guard.check();
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    expect((await b.save({ shipDate: tomorrow(), items: [{ productId: p.productId, quantity: 5 }] })).statusCode).toBe(200);
    expect(lines).toContainEqual(expect.objectContaining({ msg: "database disk has room again: writes accepted" }));
    expect((await database.db.select().from(carts).where(eq(carts.userId, b.userId))).length).toBe(1);
  });

  it("answers a disk-full error from the database (53100, ENOSPC) with 503, never 500", async () => {
    const cause = Object.assign(new Error('could not extend file "base/5/16385": No space left on device'), { code: "53100" });
    expect(isDiskFull(new Error("Failed query: insert", { cause }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error("write"), { code: "ENOSPC" }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error("duplicate"), { code: "23505" }))).toBe(false);
    const bare = Fastify({ logger: false });
    registerErrorHandling(bare);
    bare.post("/api/x", async () => {
      throw new Error("Failed query: insert", { cause });
    });
    const res = await bare.inject({ method: "POST", url: "/api/x" });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(DISK_FULL_MESSAGE);
    await bare.close();
  });
});
