// The LIKE patterns of the staff searches (administration lists, the audit log): what a user types is
// matched literally by the database, "%", "_" and "\" included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/test-app.ts";
import { likeContaining, likeLiteral, rowsOf } from "./client.ts";

let d: TestDatabase;
beforeAll(async () => {
  d = await createTestDatabase();
});
afterAll(async () => {
  await d?.close();
});

/** Which of `values` the database finds with `pattern` (LIKE, without case as ILIKE). */
async function matching(values: string[], pattern: string): Promise<string[]> {
  const rows = rowsOf<{ v: string }>(
    await d.db.execute(sql`select v from unnest(${sql`ARRAY[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`}) as t(v) where v ilike ${pattern}`),
  );
  return rows.map((r) => r.v).sort();
}

describe("LIKE patterns of typed text", () => {
  const values = ["100% roses", "1000 roses", "a_b@shop.test", "axb@shop.test", "back\\slash", "backslash"];

  it("finds the text anywhere, its wildcards and backslash taken literally", async () => {
    expect(await matching(values, likeContaining("0%"))).toEqual(["100% roses"]);
    expect(await matching(values, likeContaining("a_b"))).toEqual(["a_b@shop.test"]);
    expect(await matching(values, likeContaining("k\\s"))).toEqual(["back\\slash"]);
    expect(await matching(values, likeContaining("ROSES"))).toEqual(["100% roses", "1000 roses"]);
  });

  it("starts a prefix pattern with the literal text", async () => {
    expect(await matching(values, `${likeLiteral("a_")}%`)).toEqual(["a_b@shop.test"]);
    expect(await matching(values, `${likeLiteral("100%")}%`)).toEqual(["100% roses"]);
  });
});
