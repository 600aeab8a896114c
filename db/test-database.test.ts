import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "./client.ts";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-app.ts";
import { insertCustomer } from "../tests/factories/index.ts";

// Every test file's database starts from the run's one migrated snapshot, whose bytes each process
// reads once and hands to every database it starts (tests/helpers/test-app.ts). They must still be
// databases of their own: nothing written in one is seen by another started before or after it.
// Three databases started in one test: 24 s on a loaded shared machine, against the default 30 s.
describe("test databases from the run's snapshot", { timeout: 120_000 }, () => {
  const opened: TestDatabase[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close();
  });
  const open = async () => {
    const d = await createTestDatabase();
    opened.push(d);
    return d;
  };
  const customers = async (d: TestDatabase) => rowsOf<{ n: number }>(await d.db.execute(sql`select count(*)::int as n from customers`))[0]!.n;

  it("share nothing: a row written in one is in no other, before or after it", async () => {
    const first = await open();
    const second = await open();
    const empty = await customers(first);
    await insertCustomer(first.db);
    await insertCustomer(first.db);
    const third = await open();
    expect(await customers(first)).toBe(empty + 2);
    expect(await customers(second)).toBe(empty);
    expect(await customers(third)).toBe(empty);
    await insertCustomer(third.db);
    expect(await customers(first)).toBe(empty + 2);
    expect(await customers(third)).toBe(empty + 1);
  });

  it("start migrated and usable", async () => {
    const d = await open();
    const [row] = rowsOf<{ n: number }>(await d.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`));
    expect(row!.n).toBeGreaterThan(20);
  });
});
