// The embedded database's backup as docs/operations.md gives it: stop the server, archive DATA_DIR
// with tar, and restore by unpacking the archive. The PostgreSQL backup (pg_dump / pg_restore) is
// proven in tests/faults/operations.fault.test.ts, on a cluster of its own.
import { afterAll, describe, expect, inject, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsCurrent, openDatabase, rowsOf } from "./client.ts";
import { fingerprint } from "../tests/helpers/fingerprint.ts";
import { templateDump } from "../tests/helpers/test-app.ts";
import { insertCatalogWithOffers, insertCustomer, insertOrder, insertUser } from "../tests/factories/index.ts";

const dir = mkdtempSync(path.join(tmpdir(), "bloom-backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The embedded database only: under npm run test:pg the run's template is a PostgreSQL database.
describe.skipIf(!!process.env.DATABASE_URL)("embedded database backup", () => {
  // Two embedded databases start from disk, and tar packs and unpacks a data folder: 24 s in one
  // fresh-clone run on a slow two-core machine, over 30 s in the next.
  it("a tar of the stopped DATA_DIR restores to the same data, current and usable", { timeout: 120_000 }, async () => {
    const data = path.join(dir, "data");
    // A data folder on disk, started from the run's migrated snapshot (a fresh folder costs an initdb).
    const original = await openDatabase({ dataDir: data, loadDataDir: templateDump(inject("dbTemplate")) });
    await original.migrate();
    const c = await insertCustomer(original.db);
    const u = await insertUser(original.db, { customerIds: [c.customerId] });
    await insertCatalogWithOffers(original.db, { count: 2, catalog: { customerIds: [c.customerId] } });
    const order = await insertOrder(original.db, { customerId: c.customerId, userId: u.id });
    const before = await fingerprint(original.db);
    await original.close();

    const archive = path.join(dir, "data-backup.tgz");
    execFileSync("tar", ["czf", archive, "-C", dir, "data"]);
    expect(statSync(archive).size).toBeGreaterThan(0);
    const elsewhere = path.join(dir, "restored");
    mkdirSync(elsewhere);
    execFileSync("tar", ["xzf", archive, "-C", elsewhere]);

    const restored = await openDatabase({ dataDir: path.join(elsewhere, "data") });
    try {
      expect(await fingerprint(restored.db)).toEqual(before);
      expect(Object.keys(before)).toEqual(expect.arrayContaining(["public.orders", "public.order_lines", "public.users", "drizzle.__drizzle_migrations"]));
      expect(await migrationsCurrent(restored.db)).toBe(true);
      // Sequences came along: the next order gets the next number.
      const next = await insertOrder(restored.db, { customerId: c.customerId, userId: u.id });
      expect(next.orderNumber).toBeGreaterThan(order.orderNumber);
      const [n] = rowsOf<{ n: number }>(await restored.db.execute(sql`select count(*)::int as n from orders`));
      expect(n!.n).toBe(2);
    } finally {
      await restored.close();
    }
  });
});
