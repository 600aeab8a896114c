// Two instances starting together on one empty database in demo mode (issue 23 item 12): each
// seeds if the database is empty. On PostgreSQL (npm run test:pg) they are two connection pools
// on one database, as two processes would be; on PGlite one process holds the embedded database,
// so the two seeders share it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { openDatabase, type Database } from "../client.ts";
import { customers, products, users } from "../schema/index.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-app.ts";
import { cachedPasswordHash } from "../../tests/factories/index.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, seedDemoIfEmpty } from "./demo.ts";

let first: TestDatabase;
let second: Database;
beforeAll(async () => {
  first = await createTestDatabase();
  second = first.url ? await openDatabase({ databaseUrl: first.url }) : first;
});
afterAll(async () => {
  if (second && second !== first) await second.close();
  await first?.close();
});

describe("seeding the demo data (issue 23 item 12)", () => {
  it("two seeders racing on one empty database both succeed, and the data is there once", async () => {
    const passwordHash = await cachedPasswordHash(DEMO_PASSWORD);
    const tally = async () => {
      const n = async (table: typeof users | typeof products | typeof customers) => (await first.db.select({ n: count() }).from(table))[0]!.n;
      return { users: await n(users), products: await n(products), customers: await n(customers) };
    };
    expect((await tally()).users).toBe(0);

    const results = await Promise.all([seedDemoIfEmpty(first.db, { passwordHash }), seedDemoIfEmpty(second.db, { passwordHash })]);
    const seeded = results.filter((r) => r !== null);
    expect(seeded).toHaveLength(1);
    expect(await tally()).toEqual({ users: DEMO_ACCOUNTS.length, products: seeded[0]!.counts.products, customers: seeded[0]!.counts.customers });

    // A third instance starting later skips as well; the strict seed still refuses a seeded database.
    expect(await seedDemoIfEmpty(second.db, { passwordHash })).toBeNull();
    await expect(seedDemo(first.db, { passwordHash })).rejects.toThrow(/needs an empty database/);
    expect((await tally()).users).toBe(DEMO_ACCOUNTS.length);
  }, 300_000);
});
