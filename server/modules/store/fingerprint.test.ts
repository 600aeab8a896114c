// The Catalog/Products ETag must change whenever an offer line changes, even when the changes commit
// out of the order they took their versions in (two sessions on PostgreSQL; PGlite has one session).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { insertCatalogWithOffers } from "../../../tests/factories/index.ts";
import { catalogFingerprint } from "../catalog/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe.skipIf(!process.env.DATABASE_URL)("the catalog fingerprint on PostgreSQL", () => {
  it("changes when a line that took its version first commits last", async () => {
    const { catalog, offerLines } = await insertCatalogWithOffers(t.db, { count: 2 });
    const [a, b] = offerLines;
    const slow = new pg.Client({ connectionString: t.database.url });
    const fast = new pg.Client({ connectionString: t.database.url });
    await slow.connect();
    await fast.connect();
    try {
      // The slow session updates line a first (taking the lower version) and commits last.
      await slow.query("begin");
      await slow.query("update offer_lines set quantity_ordered = quantity_ordered + 1 where id = $1", [a!.id]);
      await fast.query("update offer_lines set quantity_ordered = quantity_ordered + 1 where id = $1", [b!.id]);
      const seenBetween = await catalogFingerprint(t.db, catalog.id, 0);
      await slow.query("commit");
      const after = await catalogFingerprint(t.db, catalog.id, 0);
      // A client holding the answer of `seenBetween` must not be told 304 for the new quantities.
      expect(after).not.toBe(seenBetween);
    } finally {
      await slow.end();
      await fast.end();
    }
  });
});
