// Issue 25's race: the supply desk "sets" quantities (uploads and line edits) while buyers hold and
// order the same line, on two app instances sharing one PostgreSQL database (a second server in its
// own process). Whatever interleaving happens, ordered + held never exceeds the quantity on offer:
// the service decides under the line's row lock, and the database's own constraint (migration 0014)
// refuses any commit that would break it. Every answer is a 200 or a 409, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../../db/client.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type Injector, type TestApp } from "../../../tests/helpers/test-app.ts";
import { startServerProcess, type ServerProcess, SERVER_PROCESS_HOOK_TIMEOUT_MS } from "../../../tests/helpers/server-process.ts";
import { DEFAULT_TEST_PASSWORD, insertUser } from "../../../tests/factories/index.ts";
import { buyer, client, committed, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";

let t: TestApp;
let staffCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  const s = await insertUser(t.db, { roles: ["SalesPerson"] });
  staffCookie = await loginAs(t.app, s.email, DEFAULT_TEST_PASSWORD);
});
afterAll(async () => t?.close());

const staff = (app: Injector, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  app.inject({ method, url: `/api/Supply${url}`, headers: { ...SAME_ORIGIN, cookie: staffCookie }, payload });

async function race(apps: Injector[]) {
  const BUYERS = 12;
  const clients: Client[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const app = apps[i % apps.length]!;
    const c = await buyer(t, {}, app);
    clients.push(client(app, c.cookie, c.userId, c.customerId));
  }
  const day = tomorrow();
  const code = `RACE-${Date.now().toString(36).toUpperCase()}`;
  const product = await staff(apps[0]!, "POST", "/Products", {
    productId: code,
    description: "Lily Asiatic White 70cm race",
    variety: "lilies",
    category: "Lilies",
    colour: "White",
    colourHex: "#FFFFFF",
    unitOfMeasure: "Pail",
    unitOfMeasureQty: 8,
    stemsPerBunch: 10,
    bunchesPerBox: 12,
    image: "lily",
  });
  expect(product.statusCode, product.body).toBe(200);
  const catalog = (await staff(apps[0]!, "POST", "/Catalogs", { title: "Race", shipDateFrom: day, shipDateTo: day, customerIds: clients.map((c) => c.customerId) })).json();
  const line = (await staff(apps[0]!, "POST", `/Catalogs/${catalog.catalogId}/Lines`, { productId: code, quantity: 60, price: 10, priceNoPail: 11 })).json();

  const violations: string[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const c = await committed(t.db, line.lineId);
      if (c.ordered + c.held > (c.original ?? 0)) violations.push(JSON.stringify(c));
      await new Promise((r) => setTimeout(r, 5));
    }
  })();

  // Buyers: hold 4, order them, hold 3 more. Staff: "set" uploads and edits walking the quantity down.
  const buyersDone = Promise.all(
    clients.map(async (c) => {
      const out = [];
      out.push(await c.save({ shipDate: day, items: [{ productId: code, quantity: 4 }] }));
      out.push(await c.place());
      out.push(await c.save({ shipDate: day, items: [{ productId: code, quantity: 3 }] }));
      return out;
    }),
  );
  // Two staff workers (one per instance) keep setting quantities from a cycle until the buyers are done.
  const cycle = [58, 50, 42, 36, 30, 24, 18, 12, 8, 45, 40, 33, 27, 21, 15];
  let buyersFinished = false;
  void buyersDone.finally(() => (buyersFinished = true));
  let n = 0;
  const worker = async (app: Injector) => {
    const answers = [];
    while (!buyersFinished || answers.length < 3) {
      const q = cycle[n++ % cycle.length]!;
      answers.push(
        await (n % 2
          ? staff(app, "PUT", `/Catalogs/${catalog.catalogId}/Lines/${line.lineId}`, { quantity: q })
          : staff(app, "POST", `/Catalogs/${catalog.catalogId}/Upload/Apply`, { mode: "set", csv: `product,quantity\r\n${code},${q}\r\n` })),
      );
    }
    return answers;
  };
  const staffDone = Promise.all(apps.map(worker)).then((a) => a.flat());
  const [buyerAnswers, staffAnswers] = await Promise.all([buyersDone, staffDone]);
  sampling = false;
  await sampler;

  expect(buyerAnswers.flat().map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
  const statuses = staffAnswers.map((r) => r.statusCode);
  expect(statuses.filter((s) => s !== 200 && s !== 409), staffAnswers.map((r) => r.body).join("\n")).toEqual([]);
  // Each refusal names the numbers it was refused with.
  for (const r of staffAnswers.filter((x) => x.statusCode === 409)) {
    const m = r.json().message as string;
    const rowReasons = (r.json().data?.rows ?? []).flatMap((row: { reasons: string[] }) => row.reasons).join(" ");
    expect(`${m} ${rowReasons}`).toMatch(/\d+ sold, \d+ held, you set \d+|Buyers took some of this stock/);
  }
  expect(violations).toEqual([]);
  const end = await committed(t.db, line.lineId);
  expect(end.ordered + end.held).toBeLessThanOrEqual(end.original!);
  // Buyers got stock, and a "set" below it now is refused with the numbers, by the API and the database.
  expect(end.ordered).toBeGreaterThan(1);
  const below = await staff(apps[0]!, "PUT", `/Catalogs/${catalog.catalogId}/Lines/${line.lineId}`, { quantity: 1 });
  expect(below.statusCode).toBe(409);
  expect(below.json().message).toMatch(new RegExp(`: ${end.ordered} sold, ${end.held} held, you set 1$`));
  expect(await committed(t.db, line.lineId)).toEqual(end);
  return end;
}

it("the database itself carries the never-oversold check (a CHECK and a deferred constraint trigger)", async () => {
  const constraints = rowsOf<{ name: string }>(
    await t.db.execute(sql`select conname as name from pg_constraint where conrelid in ('offer_lines'::regclass, 'holds'::regclass) and conname in ('offer_lines_ordered_within_quantity', 'offer_lines_not_oversold', 'holds_not_oversold') order by 1`),
  );
  expect(constraints.map((c) => c.name)).toEqual(["holds_not_oversold", "offer_lines_not_oversold", "offer_lines_ordered_within_quantity"]);
});

describe("set racing holds and orders, one app", () => {
  it("never leaves a line oversold", async () => {
    await race([t.app]);
  });
});

// PGlite is one database inside this process: there is no second instance to race.
describe.skipIf(!process.env.DATABASE_URL)("set racing holds and orders, two app instances on one PostgreSQL database", () => {
  let second: ServerProcess;
  beforeAll(async () => {
    second = await startServerProcess(t.database.url!);
  }, SERVER_PROCESS_HOOK_TIMEOUT_MS);
  afterAll(async () => second?.close());

  it("never leaves a line oversold, three rounds", { timeout: 120_000 }, async () => {
    expect(second.pid).not.toBe(process.pid);
    for (let round = 0; round < 3; round++) await race([t.app, second]);
  });
});
