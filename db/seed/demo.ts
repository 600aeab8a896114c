// The demo data set: a grower's product range, customers, retailers, the demo sign-ins,
// weekly offers around "now", two months of order history with invoices, and the
// dashboard extras. Deterministic (seeded PRNG, dates relative to `now`), one transaction.
// Each aggregate is seeded by its own file in db/seed/demo/, in the order seed() calls them: the
// random numbers are drawn in that order, so reordering the steps changes the data
// (db/seed/demo-fingerprint.test.ts notices).
import { count, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../client.ts";
import { catalogs, customers, products, users } from "../schema/index.ts";
import { cachedPasswordHash, isoDateAt } from "../factories/index.ts";
import { Random } from "./random.ts";
import { DEMO_PASSWORD, seedCustomers, seedRetailers, seedUsers } from "./demo/accounts.ts";
import { seedCatalogs, seedProducts, writeOffers } from "./demo/catalog.ts";
import { seedCombos, seedImages, seedVouchers } from "./demo/content.ts";
import type { SeedContext } from "./demo/context.ts";
import { seedMm } from "./demo/mm.ts";
import { planOrderHistory, writeOrders } from "./demo/orders.ts";

export { DEMO_ACCOUNTS, DEMO_CUSTOMER_CODES, DEMO_PASSWORD, DEMO_RETAILER_NAME, type DemoAccount } from "./demo/accounts.ts";
export { generatedMmProducts, MM_PACKAGES } from "./demo/mm.ts";

export interface SeedDemoOptions {
  now?: Date;
  defaultCustomerCode?: string;
  /** An argon2 hash of DEMO_PASSWORD to reuse (hashing is the slowest step). */
  passwordHash?: string;
  /** Invoice tax rate in basis points (825 = 8.25 %). */
  taxRateBp?: number;
}

export interface SeedDemoResult {
  counts: Record<string, number>;
  /** Demo account emails with their user ids. */
  userIds: Record<string, string>;
  retailerId: number;
  ms: number;
}

const SEED = 20_260_214;

async function assertEmpty(db: DbOrTx): Promise<void> {
  for (const [name, table] of [
    ["users", users],
    ["customers", customers],
    ["products", products],
    ["catalogs", catalogs],
  ] as const) {
    const [row] = await db.select({ n: count() }).from(table);
    if ((row?.n ?? 0) > 0) throw new Error(`seedDemo needs an empty database, but ${name} has ${row!.n} rows.`);
  }
}

/** Held (for the seeding transaction) by whoever seeds: the migrations hold 727274 the same way. */
const SEED_LOCK = 727_275;

/** Seeds an empty database; throws when it is not empty (tests, and a deliberate `db:seed`). */
export async function seedDemo(db: Db, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  return (await seed(db, options, "throw"))!;
}

/**
 * Seeds the database once, however many instances start on it together (demo mode): the seed runs
 * under a PostgreSQL advisory lock, like the migrations, and whoever takes the lock after the seed
 * was committed sees users and skips (null). A database with users is never seeded.
 */
export async function seedDemoIfEmpty(db: Db, options: SeedDemoOptions = {}): Promise<SeedDemoResult | null> {
  return seed(db, options, "skip");
}

async function seed(db: Db, options: SeedDemoOptions, whenSeeded: "throw" | "skip"): Promise<SeedDemoResult | null> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const defaultCode = options.defaultCustomerCode ?? "PRIDE";
  const passwordHash = options.passwordHash ?? (await cachedPasswordHash(DEMO_PASSWORD));

  const result = await db.transaction(async (tx) => {
    // Taken first, held to the commit: a second seeder waits here, then sees the first one's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (whenSeeded === "skip") {
      const [row] = await tx.select({ n: count() }).from(users);
      if ((row?.n ?? 0) > 0) return null;
    }
    await assertEmpty(tx);
    const ctx: SeedContext = { tx, random: new Random(SEED), now, today: isoDateAt(now), taxRateBp: options.taxRateBp ?? 0, counts: {} };

    const productList = await seedProducts(ctx);
    const customerById = await seedCustomers(ctx, defaultCode);
    const { demoRetailerId, demoRetailer } = await seedRetailers(ctx);
    const userIds = await seedUsers(ctx, passwordHash, demoRetailerId);
    const { catalogPlans, mmCatalogs, weeks } = await seedCatalogs(ctx, productList);
    const mmList = await seedMm(ctx, mmCatalogs, weeks);
    // Orders are planned before the offers are written: they take from the offers' quantities.
    const plans = planOrderHistory(ctx, { defaultCode, customerById, userIds, demoRetailerId, demoRetailer, productList, catalogPlans, mmList });
    const offerIdByKey = await writeOffers(ctx, catalogPlans);
    await writeOrders(ctx, plans, catalogPlans, offerIdByKey);
    await seedCombos(ctx);
    await seedVouchers(ctx, userIds);
    await seedImages(ctx);

    return { counts: ctx.counts, userIds, retailerId: demoRetailerId };
  });

  return result && { ...result, ms: Math.round(performance.now() - started) };
}
