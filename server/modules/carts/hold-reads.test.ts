// The holds of a line, read by the functions every cart save calls, skip the dead index entries of
// holds let go earlier (migration 0030). Holds churn: each save deletes the holds its cart let go and
// inserts new ones, so between two vacuums most of a line's index entries point at dead rows. A
// bitmap scan reads every one of them on every read; a plain index scan marks them dead the first
// time and skips them after. Counted with the index's own statistics of this transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, offer, tomorrow } from "../../../tests/helpers/store-fixtures.ts";
import { mmBuyer, mmOffer } from "../../../tests/helpers/mm-fixtures.ts";

const CHURN = 300;

describe("a line's holds, read after many were let go", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Entries of a holds index returned so far in this transaction (bitmap and plain scans alike). */
  const entriesRead = async (tx: DbOrTx, index = "holds_offer_line_expires_idx") =>
    Number(rowsOf<{ n: number }>(await tx.execute(sql`select pg_stat_get_xact_tuples_returned(${index}::regclass)::int as n`))[0]!.n);

  /** Reads twice in one transaction: the index entries each read met. */
  async function twoReads(read: SQL, index?: string) {
    return t.db.transaction(async (tx) => {
      const before = await entriesRead(tx, index);
      await tx.execute(read);
      const first = await entriesRead(tx, index);
      await tx.execute(read);
      return { first: first - before, second: (await entriesRead(tx, index)) - first };
    });
  }

  /**
   * A hold let go and taken again CHURN times (`row`: its key columns and values, SQL literals), in one
   * transaction, so no read of the line's holds (the deferred oversold check at each commit is one)
   * can mark the entries dead before the test reads them: they die together at its commit.
   */
  const churn = (table: "holds" | "mm_holds", row: Record<string, string | number>) =>
    t.db.execute(
      sql.raw(`do $$ begin for i in 1..${CHURN} loop
        delete from ${table} where ${Object.entries(row).map(([c, v]) => `${c} = ${v}`).join(" and ")};
        insert into ${table} (${Object.keys(row).join(", ")}, quantity, expires_at) values (${Object.values(row).join(", ")}, 1, now() + interval '1 hour');
      end loop; end $$`),
    );

  /** A buyer holding one bunch of a line whose hold was let go and taken again CHURN times. */
  async function churnedLine() {
    const b = await buyer(t);
    const {
      offerLines: [ol],
      products: [p],
    } = await offer(t.db, [b.customerId], { line: { originalQuantity: 100 } });
    expect((await b.save({ shipDate: tomorrow(), items: [{ productId: p!.productId, quantity: 1 }] })).statusCode).toBe(200);
    const cartId = Number(rowsOf<{ cart_id: number }>(await t.db.execute(sql`select cart_id from holds where offer_line_id = ${ol!.id}`))[0]!.cart_id);
    await churn("holds", { cart_id: cartId, offer_line_id: ol!.id });
    return { lineId: ol!.id, cartId };
  }

  it.each([
    ["offer_line_hold_sums", (lineId: number) => sql`select offer_line_hold_sums(${lineId}::int, 0)::text as r`],
    ["assert_offer_line_not_oversold", (lineId: number) => sql`select assert_offer_line_not_oversold(${lineId}::int)::text as r`],
  ])("%s reads the dead entries once, then only the live one", async (_name, read) => {
    const { lineId } = await churnedLine();
    const { first, second } = await twoReads(read(lineId));
    // The first read goes through the index and meets every entry, dead or not.
    expect(first).toBeGreaterThan(CHURN / 2);
    // The second skips the entries the first marked dead: the live hold, and at most a few more.
    expect(second).toBeLessThan(5);
  });

  it("assert_mm_line_not_oversold (mass market) reads the dead entries once, then only the live one", async () => {
    const b = await mmBuyer(t);
    const { catalog, lily } = await mmOffer(t, [b.customerId]);
    const cartId = Number(
      rowsOf<{ id: number }>(await t.db.execute(sql`insert into carts (user_id, customer_id, store) values (${b.userId}, ${b.customerId}, 'mm') returning id`))[0]!.id,
    );
    await churn("mm_holds", { cart_id: cartId, catalog_id: catalog.id, product_id: `'${lily.productId.replace(/'/g, "''")}'` });
    const { first, second } = await twoReads(sql`select assert_mm_line_not_oversold(${catalog.id}::int, ${lily.productId}::text)::text as r`, "mm_holds_line_expires_idx");
    expect(first).toBeGreaterThan(CHURN / 2);
    expect(second).toBeLessThan(5);
  });

  it("the sums are still right", async () => {
    const { lineId, cartId } = await churnedLine();
    const r = rowsOf<{ r: number[] | string }>(await t.db.execute(sql`select offer_line_hold_sums(${lineId}::int, ${cartId}::int) as r`))[0]!.r;
    expect(typeof r === "string" ? r : `{${r.join(",")}}`).toBe("{0,1}");
  });
});
