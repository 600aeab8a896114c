/**
 * Invoice benchmark: `npm run bench:invoices` (no build needed; the app runs in this process and is
 * called with inject(), so the figures are the server's own time without a network). In a fresh
 * embedded database (or a fresh database on DATABASE_URL) it writes BENCH_INVOICES invoices (default
 * 100,000) over 1,000 customers, then measures:
 *   - GET /api/Invoices as staff: first page, a customer's unpaid invoices, a date range, a number
 *     search, and a deep page (p50 / p99 over BENCH_ROUNDS requests each)
 *   - the same list as a wholesaler (its own customers only)
 *   - the PDF of a 200-line invoice (render only, and the whole GET .../Pdf request)
 * Prints a table and writes bench/results/invoices.json. Figures, not pass/fail.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { insertCustomer, insertInvoice, insertOrder, insertUser, DEFAULT_TEST_PASSWORD } from "../tests/factories/index.ts";
import { invoicePdf } from "../server/modules/invoices/pdf.ts";
import { percentile, ROOT, throwawayDatabase } from "./setup.ts";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

async function freshDatabase() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const made = await throwawayDatabase(url, "bench_invoices");
    const database = await openDatabase({ databaseUrl: made.url, poolSize: 10 });
    return {
      database,
      kind: "postgres",
      async drop() {
        await database.close();
        await made.drop();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "bloom-bench-invoices-"));
  const database = await openDatabase({ dataDir: dir });
  return {
    database,
    kind: "pglite",
    async drop() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const { database, kind, drop } = await freshDatabase();
  await database.migrate();
  const db = database.db;
  try {
    console.log(`Writing ${INVOICES.toLocaleString("en-US")} invoices (${kind})…`);
    const staff = await insertUser(db, { roles: ["Administrator"] });
    const first = await insertCustomer(db);
    const buyer = await insertUser(db, { roles: ["wholesaler"], customerIds: [first.customerId] });
    // 999 more customers, then one order + invoice + 3 lines per invoice, all in set-based SQL.
    await db.execute(sql`
      insert into customers (customer_id, company_name, kind)
      select 'BC' || g, 'Bench Florist ' || g, 'wholesale' from generate_series(1, 999) g`);
    await db.execute(sql`
      insert into orders (store, customer_id, user_id, ship_date, status, subtotal_cents, total_cents, placed_at)
      select 'wholesale', case when g % 1000 = 0 then ${first.customerId} else 'BC' || (g % 1000) end, ${buyer.id},
             date '2024-01-01' + (g % 700), 'invoiced', 10000 + g % 5000, 10000 + g % 5000, timestamptz '2024-01-01' + (g % 700) * interval '1 day'
        from generate_series(1, ${INVOICES}) g`);
    await db.execute(sql`
      insert into invoices (invoice_number, order_id, customer_id, invoice_date, due_date, terms, subtotal_cents, tax_rate_bp, tax_cents, total_cents, paid)
      select 500000 + row_number() over (order by o.id), o.id, o.customer_id, o.ship_date, o.ship_date + 30, 'Net 30',
             o.subtotal_cents, 825, floor((o.subtotal_cents * 825 + 5000) / 10000), o.subtotal_cents + floor((o.subtotal_cents * 825 + 5000) / 10000), o.id % 3 <> 0
        from orders o`);
    await db.execute(sql`
      insert into invoice_lines (invoice_id, product_id, description, quantity, unit_price_cents, line_total_cents)
      select i.id, 'P' || k, 'Bench flower ' || k, 1, i.subtotal_cents / 3, i.subtotal_cents / 3 from invoices i, generate_series(1, 3) k`);
    await db.execute(sql`update document_counters set last_value = 500000 + ${INVOICES} where name = 'invoice'`);
    await db.execute(sql`analyze`);

    // One long invoice for the PDF figures.
    const long = await insertOrder(db, {
      customerId: first.customerId,
      userId: buyer.id,
      status: "invoiced",
      lines: Array.from({ length: 200 }, (_, i) => ({ productId: `LONG-${i}`, quantity: 8 + (i % 5), pailPriceCents: 1000 + i, bunchPriceCents: 1200 })),
    });
    const longInvoice = await insertInvoice(db, long, { taxRateBp: 825 });

    const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000", TAX_RATE_BP: "825" });
    const app = await buildApp({ db, config, logger: false });
    await app.ready();
    const login = async (email: string) => {
      const res = await app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email, password: DEFAULT_TEST_PASSWORD } });
      return [res.headers["set-cookie"]].flat().map((c) => String(c).split(";")[0]).join("; ");
    };
    const staffCookie = await login(staff.email);
    const buyerCookie = await login(buyer.email);

    const time = async (url: string, cookie: string) => {
      const ms: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: "GET", url, headers: { cookie } });
        ms.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      return { p50: +percentile(ms, 50).toFixed(1), p99: +percentile(ms, 99).toFixed(1) };
    };
    const list = {
      "first page (staff)": await time("/api/Invoices", staffCookie),
      "one customer, unpaid": await time("/api/Invoices?customerId=BC17&status=unpaid", staffCookie),
      "date range (a month)": await time("/api/Invoices?from=2024-06-01&to=2024-06-30", staffCookie),
      "number search (5001…)": await time("/api/Invoices?number=5001", staffCookie),
      "page 2,000 of 4,000": await time("/api/Invoices?page=2000", staffCookie),
      "wholesaler, own customer": await time("/api/Invoices", buyerCookie),
    };

    const renderMs: number[] = [];
    const grower = { name: config.brandName, address: config.growerAddress };
    const doc = {
      invoiceNumber: longInvoice.invoiceNumber,
      orderNumber: long.orderNumber,
      invoiceDate: longInvoice.invoiceDate,
      dueDate: longInvoice.dueDate,
      terms: longInvoice.terms,
      shipDate: long.shipDate,
      customer: { customerId: first.customerId, companyName: first.companyName, address: [] },
      lines: longInvoice.lines.map((l) => ({ ...l, pails: l.pails })),
      subtotalCents: longInvoice.subtotalCents,
      taxRateBp: 825,
      taxCents: longInvoice.taxCents,
      totalCents: longInvoice.totalCents,
      creditedCents: 0,
      balanceCents: longInvoice.totalCents,
      paid: false,
    };
    let pages = 0;
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      const pdf = await invoicePdf(grower, doc);
      renderMs.push(performance.now() - t0);
      pages = (pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
    }
    const pdfRequest = await (async () => {
      const ms: number[] = [];
      for (let i = 0; i < 30; i++) {
        const t0 = performance.now();
        await app.inject({ method: "GET", url: `/api/Invoices/${longInvoice.invoiceNumber}/Pdf`, headers: { cookie: staffCookie } });
        ms.push(performance.now() - t0);
      }
      return { p50: +percentile(ms, 50).toFixed(1), p99: +percentile(ms, 99).toFixed(1) };
    })();
    await app.close();

    const results = {
      when: new Date().toISOString(),
      database: kind,
      invoices: INVOICES,
      rounds: ROUNDS,
      listMs: list,
      pdf200Lines: { pages, renderP50Ms: +percentile(renderMs, 50).toFixed(1), renderP99Ms: +percentile(renderMs, 99).toFixed(1), requestMs: pdfRequest },
    };
    console.table(Object.fromEntries(Object.entries(list).map(([k, v]) => [k, { "p50 ms": v.p50, "p99 ms": v.p99 }])));
    console.log(`200-line invoice PDF: ${pages} pages, render p50 ${results.pdf200Lines.renderP50Ms} ms / p99 ${results.pdf200Lines.renderP99Ms} ms; GET …/Pdf p50 ${pdfRequest.p50} ms / p99 ${pdfRequest.p99} ms`);
    const out = path.join(ROOT, "bench/results");
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, `invoices-${kind}.json`), JSON.stringify(results, null, 2));
  } finally {
    await drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
