// The walk-through of a real installation (issue 25 "What must show", README "A real installation"):
// no DEMO_MODE, an empty database; the first administrator is made with the real CLI
// (`npm run admin:create`, a child process) exactly as the README says; then, through the product's
// own API alone, the administrator chooses a password from the printed link, creates a customer
// company, a buyer user for it, a product, a catalog and an offer line; the buyer chooses a password
// from the welcome mail, signs in, sees the offer and places an order.
// On PGlite the CLI and the server share a data folder (DATA_DIR); on PostgreSQL (DATABASE_URL set,
// `node --import tsx scripts/test-postgres.ts …`) the CLI is given the test database's URL.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import { openDatabase, rowsOf, type Db } from "../../db/client.ts";
import { auditLog, mailOutbox } from "../../db/schema/index.ts";
import { buildTestApp, createTestDatabase, loginAs, SAME_ORIGIN, type TestApp, type TestDatabase } from "../helpers/test-app.ts";
import { addDays, isoDateAt } from "../factories/index.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const folder = mkdtempSync(path.join(tmpdir(), "bloom-empty-install-"));
let t: TestApp | undefined;
let database: TestDatabase | undefined;
afterAll(async () => {
  await t?.close();
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

const userCount = async (db: Db) => Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users`))[0]!.n);

/** The token of a "choose your password" link, as printed by the CLI or written in a mail. */
const tokenOf = (text: string) => {
  const m = /\/Account\/ResetPassword\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error(`no password link in: ${text}`);
  return decodeURIComponent(m[1]!);
};

describe("a real installation, from an empty database", () => {
  it("admin:create, then customer, buyer, product, catalog and offer through the API, and the buyer orders", { timeout: 180_000 }, async () => {
    // ---- 1. The database: an empty data folder (PGlite) or a fresh PostgreSQL database.
    const onPostgres = !!process.env.DATABASE_URL;
    const cliEnv: Record<string, string> = { ...(process.env as Record<string, string>) };
    delete cliEnv.DEMO_MODE;
    delete cliEnv.NODE_ENV;
    delete cliEnv.DATABASE_URL;
    if (onPostgres) {
      database = await createTestDatabase();
      cliEnv.DATABASE_URL = database.url!;
    } else {
      cliEnv.DATA_DIR = path.join(folder, "data");
    }
    if (onPostgres) {
      expect(await userCount(database!.db), "the database starts without a single user").toBe(0);
    }

    // ---- 2. The first administrator, exactly as the README says (`npm run admin:create -- …`).
    const cli = await run("npm", ["run", "--silent", "admin:create", "--", "--email", "dana@grower.example", "--first", "Dana", "--last", "Reyes"], { cwd: ROOT, env: cliEnv, timeout: 120_000 });
    expect(cli.stdout).toContain("Created administrator dana@grower.example.");
    const adminToken = tokenOf(cli.stdout);

    if (!onPostgres) database = await openDatabase({ dataDir: cliEnv.DATA_DIR! });
    // The server on the same database, demo mode off (buildTestApp sets DEMO_MODE=false).
    t = await buildTestApp({}, database!);
    const app = t.app;
    expect(await userCount(t.db), "only the administrator exists: no demo accounts").toBe(1);
    expect((await app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email: "admin@demo.test", password: "bloom-demo-2026" } })).statusCode).not.toBe(200);

    // ---- 3. The administrator opens the link and chooses a password (/Account/ResetPassword), then signs in.
    const password = "Peonies-in-June-2027";
    expect((await app.inject({ method: "POST", url: "/api/Auth/Validate/Reset", headers: SAME_ORIGIN, payload: { token: adminToken } })).json()).toBe(true);
    const chosen = await app.inject({ method: "POST", url: "/api/Auth/UpdatePassword", headers: SAME_ORIGIN, payload: { token: adminToken, password, confirmPassword: password } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const admin = await loginAs(app, "dana@grower.example", password);
    const asAdmin = (method: "GET" | "POST" | "PUT", url: string, payload?: object) => app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: admin }, payload });

    // ---- 4. A customer company (/Admin/Wholesalers/New): ships every day, orders until 11:59 PM.
    const allWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, cutoffShipTime: "11:59 PM" }));
    const customer = await asAdmin("POST", "/api/Admin/Wholesalers", { customerId: "HUDSON", kind: "wholesale", companyName: "Hudson Valley Florists", city: "Kingston", state: "NY", alwaysBoxed: false, shipTimes: allWeek, discountPercent: 0 });
    expect(customer.statusCode, customer.body).toBe(201);
    expect(customer.json().shipTimes[0]).toEqual({ weekday: 1, cutoffShipTime: "23:59" });

    // ---- 5. A buyer user for it (/Administration/Users → Invite): a welcome mail with a password link.
    const invited = await asAdmin("POST", "/api/Administration/Users", { email: "sam@hudsonflorists.example", firstName: "Sam", lastName: "Ortiz", role: "wholesaler", customerIds: ["HUDSON"] });
    expect(invited.statusCode, invited.body).toBe(201);

    // ---- 6. A product (/Supply/Products), a catalog for the coming week and an offer line (/Supply/Availability).
    const product = await asAdmin("POST", "/api/Supply/Products", {
      productId: "GROSE-JUL-50",
      description: "Garden Rose Juliet Peach 50cm",
      variety: "garden-roses",
      category: "Garden Roses",
      colour: "Peach",
      colourHex: "#F6B49A",
      grade: "Select",
      stemLengthCm: 50,
      unitOfMeasure: "Pail",
      unitOfMeasureQty: 8,
      stemsPerBunch: 10,
      bunchesPerBox: 12,
      image: "garden-rose",
    });
    expect(product.statusCode, product.body).toBe(200);
    const day = addDays(isoDateAt(), 1);
    const catalog = await asAdmin("POST", "/api/Supply/Catalogs", { title: "This week's cut", shipDateFrom: day, shipDateTo: addDays(day, 6) });
    expect(catalog.statusCode, catalog.body).toBe(200);
    const line = await asAdmin("POST", `/api/Supply/Catalogs/${catalog.json().catalogId}/Lines`, { productId: "GROSE-JUL-50", quantity: 40, price: 18.5, priceNoPail: 19.75 });
    expect(line.statusCode, line.body).toBe(200);

    // ---- 7. The buyer reads the welcome mail, chooses a password and signs in.
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "sam@hudsonflorists.example")).orderBy(desc(mailOutbox.id));
    const buyerToken = tokenOf(mail!.text);
    const buyerPassword = "Tulips-for-Easter-2027";
    expect((await app.inject({ method: "POST", url: "/api/Auth/UpdatePassword", headers: SAME_ORIGIN, payload: { token: buyerToken, password: buyerPassword, confirmPassword: buyerPassword } })).statusCode).toBe(200);
    const login = await app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email: "sam@hudsonflorists.example", password: buyerPassword } });
    expect(login.statusCode, login.body).toBe(200);
    const me = login.json();
    expect(me.user?.customers ?? me.customers).toEqual([expect.objectContaining({ customerID: "HUDSON", companyName: "Hudson Valley Florists" })]);
    const buyer = await loginAs(app, "sam@hudsonflorists.example", buyerPassword);
    const userId: string = me.user?.id ?? me.id;
    const asBuyer = (method: "GET" | "POST", url: string, payload?: object) => app.inject({ method, url, headers: { ...SAME_ORIGIN, cookie: buyer }, payload });

    // ---- 8. The store shows the offer; the buyer orders 12 bunches.
    const catalogs = await asBuyer("GET", `/api/Store/Catalog/HUDSON/${day}/${userId}`);
    expect(catalogs.statusCode, catalogs.body).toBe(200);
    const list = catalogs.json();
    const orderId: number = (Array.isArray(list) ? list : list.catalogs)[0].orderId;
    const products = await asBuyer("GET", `/api/Store/Catalog/Products/${userId}/HUDSON/${orderId}/${day}`);
    expect(products.statusCode, products.body).toBe(200);
    const body = products.json();
    const offered = (Array.isArray(body) ? body : body.products).find((p: { productId: string }) => p.productId === "GROSE-JUL-50");
    expect(offered).toMatchObject({ description: "Garden Rose Juliet Peach 50cm", quantityRemaining: 40 });
    const saved = await asBuyer("POST", `/api/Store/Cart/Save/${userId}/HUDSON`, { shipDate: day, items: [{ productId: "GROSE-JUL-50", quantity: 12 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    const placed = await asBuyer("POST", `/api/Store/PlaceOrder/${userId}/HUDSON`);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json()).toMatchObject({ shipDate: day, pendingLines: 0 });
    expect(placed.json().orderNumber).toBeGreaterThan(0);

    // The supply desk sees it sold; the staff writes were audited with the administrator as actor.
    const lines = (await asAdmin("GET", `/api/Supply/Catalogs/${catalog.json().catalogId}/Lines`)).json();
    expect(JSON.stringify(lines)).toMatch(/"sold":12|"ordered":12|"quantityOrdered":12/);
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["customer.create", "user.invite"]));
  });
});
