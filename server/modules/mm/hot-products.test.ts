// MMStore/Products from memory (issue 27 "Speed"): two app instances on one database (two PostgreSQL
// pools with their own LISTEN connection, or two apps on one PGlite). A warm revalidation is
// answered 304, and a warm load sent, without a statement; another buyer's hold or a catalog change
// through one instance reaches the other's answer at once.
import { describe, expect, it } from "vitest";
import { twoInstancesPerFile, type TestApp } from "../../../tests/helpers/test-app.ts";
import { statementsDuring } from "../../../tests/helpers/statement-count.ts";
import { mmBuyer, mmClient, mmOffer, setCatalogLine, type MmClient } from "../../../tests/helpers/mm-fixtures.ts";
import { addDays, isoDateAt } from "../../../tests/factories/index.ts";

let a: TestApp;
let b: TestApp;
twoInstancesPerFile((two) => ({ a, b } = two));

const tomorrow = () => addDays(isoDateAt(), 1);
const on = (c: MmClient, t: TestApp) => mmClient(t, c.cookie, c.userId, c.customerId);

/** Statements instance b sends while `fn` runs. */
const statementsOfB = (fn: () => Promise<unknown>) => statementsDuring(b.db, fn);

describe("MMStore/Products from memory", () => {
  it("answers a warm revalidation 304 and a warm load 200 without a statement, and a change through the other instance at once", async () => {
    const buyer = await mmBuyer(a);
    const other = await mmBuyer(a);
    const { catalog, lily } = await mmOffer(a, [buyer.customerId, other.customerId], { available: 10 });
    const query = { shipDateTime: `${tomorrow()}T00:00:00`, catalog: catalog.orderId };
    const onB = on(buyer, b);
    const available = (res: { json(): unknown }) => (res.json() as { productId: string; available: number }[]).find((p) => p.productId === lily.productId)!.available;
    const first = await onB.get("MMStore/Products", query);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const revalidate = () =>
      b.app.inject({
        method: "GET",
        url: `/api/MMStore/Products?${new URLSearchParams({ customerId: buyer.customerId, userId: buyer.userId, shipDateTime: query.shipDateTime, catalog: String(query.catalog) })}`,
        headers: { cookie: buyer.cookie, "if-none-match": etag },
      });
    await revalidate(); // the session and the guard's pass are kept too
    const sent = await statementsOfB(async () => {
      const res = await revalidate();
      expect(res.statusCode).toBe(304);
      expect(res.headers.etag).toBe(etag);
      const again = await onB.get("MMStore/Products", query);
      expect(again.statusCode).toBe(200);
      expect(available(again)).toBe(10);
    });
    expect(sent).toEqual([]);

    // Another buyer holds 4 through instance a: b's answer moves at once.
    expect((await other.save({ shipDate: tomorrow(), items: [{ productId: lily.productId, quantity: 4 }] })).statusCode).toBe(200);
    // On PostgreSQL a's notice reaches b a few milliseconds later (LISTEN/NOTIFY); the front door now
    // answers from memory without a statement, so wait for b's feed to have seen it, not for luck.
    const { changeFeedFor } = await import("../../../db/change-feed.ts");
    const feed = changeFeedFor(b.db);
    await feed.sync();
    const moved = await revalidate();
    expect(moved.statusCode).toBe(200);
    expect(available(moved)).toBe(6);
    // So does a change of the catalog line written straight to the database.
    await setCatalogLine(a, catalog.id, lily.productId, { available: 20 });
    await feed.sync();
    await feed.release();
    expect(available(await onB.get("MMStore/Products", query))).toBe(16);
  });
});
