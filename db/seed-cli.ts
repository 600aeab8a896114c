// Seeds the configured database.
//   node --import tsx db/seed-cli.ts                      demo data, when the database is empty
//   node --import tsx db/seed-cli.ts --large --products 50000 --customers 5000 [--seed 1]
//                                                         benchmark data plus the bench user bench@demo.test
//                                                         and ten more buyers, bench+{customer}@bench.example
//   node --import tsx db/seed-cli.ts --mm 2000            mass-market benchmark data (2,000 bouquets) plus
//                                                         its bench user bench-mm@demo.test
import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { count, like } from "drizzle-orm";
import { databaseIsEmpty, openDatabase, type Db } from "./client.ts";
import * as schema from "./schema/index.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from "./seed/demo.ts";
import { createBenchUser, generateLarge, generateMm, OTHER_BENCH_BUYERS } from "./seed/generate.ts";

const { values: args } = parseArgs({
  options: {
    large: { type: "boolean", default: false },
    products: { type: "string", default: "50000" },
    customers: { type: "string", default: "5000" },
    seed: { type: "string", default: "1" },
    mm: { type: "string" },
  },
});

function positiveInt(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a positive integer, got "${raw}"`);
    process.exit(2);
  }
  return n;
}

async function printCounts(db: Db) {
  const tables = {
    products: schema.products,
    customers: schema.customers,
    retailers: schema.retailers,
    users: schema.users,
    catalogs: schema.catalogs,
    offer_lines: schema.offerLines,
    mm_products: schema.mmProducts,
    orders: schema.orders,
    order_lines: schema.orderLines,
    invoices: schema.invoices,
  };
  const rows: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [r] = await db.select({ n: count() }).from(table);
    rows[name] = r?.n ?? 0;
  }
  console.table(rows);
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR ?? "./data";
  if (!databaseUrl && !dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.migrate();
    const { db } = database;
    if (args.mm !== undefined) {
      const bouquets = positiveInt("mm", args.mm);
      const [existing] = await db.select({ n: count() }).from(schema.mmProducts).where(like(schema.mmProducts.productId, "MMG-%"));
      if ((existing?.n ?? 0) > 0) {
        console.log(`Mass-market benchmark data already present (${existing!.n} generated bouquets); nothing added.`);
      } else {
        const result = await generateMm(db, { bouquets });
        const user = await createBenchUser(db, { customerId: result.customerId, email: "bench-mm@demo.test", roles: ["MassMarket"] });
        console.log(`Generated ${bouquets} bouquets and offer ${result.catalogOrderId} in ${result.ms} ms. Bench user ${user.email} buys for ${result.customerId}.`);
      }
    } else if (args.large) {
      const products = positiveInt("products", args.products!);
      const customers = positiveInt("customers", args.customers!);
      const [existing] = await db.select({ n: count() }).from(schema.products).where(like(schema.products.productId, "GEN-%"));
      if ((existing?.n ?? 0) > 0) {
        console.log(`Benchmark data already present (${existing!.n} generated products); nothing added.`);
      } else {
        const result = await generateLarge(db, { products, customers, seed: positiveInt("seed", args.seed!) });
        const user = await createBenchUser(db, { customerId: result.customerIds[0]!, email: "bench@demo.test" });
        // More buyers, one customer each (bench+{customer}@bench.example): their first loads of the store.
        for (const customerId of result.customerIds.slice(1, 1 + OTHER_BENCH_BUYERS)) await createBenchUser(db, { customerId });
        // A member of staff for the staff screens' benchmarks (the supply grid: bench/browser.ts).
        await createBenchUser(db, { customerId: result.customerIds[0]!, email: "bench-staff@demo.test", roles: ["Administrator"] });
        console.log(
          `Generated ${products} products, ${customers} customers and offer ${result.catalogOrderId} in ${result.ms} ms. ` +
            `Bench user ${user.email} (password ${DEMO_PASSWORD}) buys for ${result.customerIds[0]}.`,
        );
      }
    } else {
      const result = (await databaseIsEmpty(db))
        ? await seedDemoIfEmpty(db, {
            defaultCustomerCode: process.env.DEFAULT_CUSTOMER_CODE || "PRIDE",
            taxRateBp: process.env.TAX_RATE_BP ? Number(process.env.TAX_RATE_BP) : 0,
          })
        : null;
      if (result) {
        console.log(`Demo data created in ${result.ms} ms. Demo accounts (password ${DEMO_PASSWORD}):`);
        for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(22)} ${a.role.padEnd(14)} ${a.description}`);
      } else {
        console.log("The database already has users; demo data not added.");
      }
    }
    await printCounts(db);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
