// The demo data, fingerprinted: seeded at a fixed instant with a fixed password hash, every table of the
// app must hold exactly the rows it held when this fingerprint was taken. Reorganising the seed (its
// files, its factories) must not change a single row; a deliberate change to the demo data updates
// FINGERPRINT below in the same commit, with the reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../client.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-app.ts";
import { seedDemo } from "./demo.ts";

const NOW = new Date("2026-03-11T15:30:00Z");
// Not a real argon2 hash: hashing is salted, so a real one would differ on every run.
const PASSWORD_HASH = "$fixed$demo-fingerprint";

/**
 * Row count and md5 of the rows of every table in schema public, the rows as text in byte order
 * (collation "C", the same on PGlite and PostgreSQL). Values the database fills from its own clock
 * would differ from run to run: `clockColumns` names them per table and they are left out.
 */
async function fingerprint(db: Db, clockColumns: Record<string, string[]>): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const drop = (clockColumns[name] ?? []).map((c) => ` - '${c}'`).join("");
    const row = `(to_jsonb(t)${drop})::text`;
    const [r] = rowsOf<{ n: number; h: string }>(
      await db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(${row}, '|' order by ${row} collate "C"), '')) as h from public."${name}" t`)),
    );
    out[name] = `${r!.n}:${r!.h}`;
  }
  return out;
}

// api_changes: the trigger that records a change stamps it with the clock and the transaction id.
const CLOCK_COLUMNS: Record<string, string[]> = { api_changes: ["changed_at", "txid"] };

// Taken on main at 447d3f0, before the seed was split by aggregate.
const FINGERPRINT: Record<string, string> = {
  api_change_counter: "1:e818b484e14179cf700077388dfe5d04",
  api_changes: "265:b57ed2e25d51e6aff3f0bf5db843ed58",
  catalogs: "42:5e7750576cc84489eb7c3a4f8bd918b9",
  combo_special_products: "11:791482721c26299b52ebbcde3d75592f",
  combo_specials: "4:a40a2d82a69f196ab9e2bb52e8b86df2",
  customers: "9:2a7a2db5dc06f14dfd903a4377465d1d",
  document_counters: "2:845218380cdc987758ae7be6b61b10ab",
  interactive_image_hotspots: "20:ecc2b5124e45edca0a7af6e440e447ea",
  interactive_images: "3:9de5a1e3c465a33ee2d52ab5ebc637c8",
  invoice_lines: "1171:149c35c325b49bafa87f85aa2b189b17",
  invoices: "130:e735757dec27aef46f879ae9c23b2e5c",
  mm_catalog_products: "1785:14b0185e573cce64875ace488193500a",
  mm_packages: "5:9a7c56328654c352a9d758dfd558eb75",
  mm_products: "85:b7d5a255fe5a72b0b90a7aa210d7b8ca",
  offer_lines: "5296:43beb8e7681295cd319a308250da0fa3",
  order_lines: "991:4fe179439239c24bf6163fd37ee5461c",
  orders: "135:b8a0030432721adfef63caff77cd5f32",
  products: "305:ed74317c02d62f5358eea4a328d95d09",
  retailer_customers: "16:2ccfacac9f80e2a8a81c3b63668ebc72",
  retailers: "12:63e27b2bbf04541cf444831659fe64b3",
  ship_times: "38:336f678cedef7f32e97198e4509cb92b",
  user_claims: "2:d415d2a1964b5c201dfa4604e6aa44f2",
  user_customers: "4:ba2518d96fe57b760556eb1676504156",
  user_roles: "6:b08fb0188648041446080c86ce9a3baa",
  users: "6:5c0c99baf0356e383097844797b93671",
  vouchers: "6:c91ac5444c4b59871e2944e979c21ae0",
};

describe("the demo data's fingerprint", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, { now: NOW, passwordHash: PASSWORD_HASH });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  it("is the same as when it was taken: every table, its row count and its rows", async () => {
    const all = await fingerprint(database.db, CLOCK_COLUMNS);
    // Tables the seed leaves empty are named by leaving them out: one that gains a row shows up here.
    const found = Object.fromEntries(Object.entries(all).filter(([, print]) => !print.startsWith("0:")));
    expect(found).toEqual(FINGERPRINT);
  });
});
