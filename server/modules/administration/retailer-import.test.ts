import { monitorEventLoopDelay } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { auditLog, retailerCustomers, retailers } from "../../../db/schema/index.ts";
import { buildTestApp, loginAs, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { DEFAULT_TEST_PASSWORD, insertCustomer, insertRetailer, insertUser, nextCode } from "../../../tests/factories/index.ts";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "../../../contract/administration.ts";
import { IMPORT_MESSAGES, isFormula } from "./retailer-import.ts";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  const a = await insertUser(t.db, { roles: ["Administrator"] });
  admin = await loginAs(t.app, a.email, DEFAULT_TEST_PASSWORD);
});
afterAll(async () => t?.close());

const HEADER = "code,name,contactName,email,phone,address,city,state,zip,pickupDays,wholesalers,active";
const send = (kind: "preview" | "import", body: string | Buffer, cookie = admin, contentType = "text/csv") =>
  t.app.inject({
    method: "POST",
    url: kind === "preview" ? "/api/Administration/Retailers/Import/Preview" : "/api/Administration/Retailers/Import",
    headers: { ...SAME_ORIGIN, cookie, "content-type": contentType },
    payload: body,
  });
const byCodes = (codes: string[]) =>
  t.db.select().from(retailers).where(inArray(sql`lower(${retailers.code})`, codes.map((c) => c.toLowerCase()))).orderBy(asc(retailers.code));

describe("retailer CSV import", () => {
  it("previews without writing, then imports: create, update, unchanged, and rows with errors skipped", async () => {
    const w = await insertCustomer(t.db);
    const existing = await insertRetailer(t.db, { code: nextCode("EX"), name: "Old Name", customerIds: [w.customerId] });
    const same = await insertRetailer(t.db, {
      code: nextCode("SM"),
      name: "Same Shop",
      contactName: null,
      email: null,
      phone: null,
      address: null,
      city: null,
      state: null,
      zip: null,
      pickupMonday: false,
      pickupTuesday: true,
      pickupWednesday: false,
      pickupThursday: true,
      pickupFriday: false,
      customerIds: [w.customerId],
    });
    const created = nextCode("NW");
    // BOM, CRLF, a quoted field with a comma and a doubled quote.
    const csv =
      "\uFEFF" +
      [
        HEADER,
        `${created},"Petals, ""Stems"" & Co",Ann Lee,ann@petals.example,+1 (555) 555-0100,1 Main St,Troy,NY,12180,2 4 6,${w.customerId},true`,
        `${existing.code},New Name,,,,,,,,3,${w.customerId},`,
        `${same.code},Same Shop,,,,,,,,3 5,${w.customerId},yes`,
        `BAD CODE,,,not-an-email,,,,,,9,NOPE,maybe`,
      ].join("\r\n");
    const preview = await send("preview", csv);
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p.written).toBe(false);
    expect(p.counts).toEqual({ create: 1, update: 1, unchanged: 1, error: 1 });
    expect(p.rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
      [2, "create"],
      [3, "update"],
      [4, "unchanged"],
      [5, "error"],
    ]);
    expect(p.rows[0].name).toBe('Petals, "Stems" & Co');
    expect(p.rows[3].errors).toEqual({
      code: "Invalid format",
      name: "This field is required",
      email: "Please enter a valid email",
      pickupDays: expect.stringContaining("2 (Monday) to 6 (Friday)"),
      wholesalers: "Unknown wholesaler: NOPE",
      active: "Use true or false",
    });
    expect(await byCodes([created])).toEqual([]);

    const done = await send("import", csv);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ written: true, counts: { create: 1, update: 1, unchanged: 1, error: 1 } });
    const [c] = await byCodes([created]);
    expect(c).toMatchObject({ name: 'Petals, "Stems" & Co', email: "ann@petals.example", pickupMonday: true, pickupWednesday: true, pickupFriday: true, pickupTuesday: false });
    const links = await t.db.select().from(retailerCustomers).where(eq(retailerCustomers.retailerId, c!.retailerId));
    expect(links.map((l) => l.customerId)).toEqual([w.customerId]);
    const [u] = await byCodes([existing.code!]);
    expect(u).toMatchObject({ name: "New Name", pickupTuesday: true, pickupMonday: false, contactName: null });
    expect(done.json().rows[0].retailerId).toBe(c!.retailerId);
    // Importing the same file again changes nothing.
    const again = (await send("preview", csv)).json();
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 1 });
  });

  it("refuses a file with wrong columns, formulas, binary content, a huge size or no rows, writing nothing", async () => {
    const w = await insertCustomer(t.db);
    const code = nextCode("HX");
    const cases: [string | Buffer, RegExp, number?][] = [
      [`code,name,colour\n${code},Shop,red`, /columns are not right.*unknown column "colour".*missing wholesalers/],
      [`name,wholesalers\nShop,${w.customerId}`, /missing code/],
      [`code,name,name,wholesalers\n${code},a,b,${w.customerId}`, /repeated name/],
      [`${HEADER}\n${code},"=HYPERLINK(""http://evil"")",,,,,,,,2,${w.customerId},true`, /Spreadsheet formulas are not allowed \(line 2, column name\)/],
      [`${HEADER}\n${code},Shop,@SUM(A1),,,,,,,2,${w.customerId},true`, /formulas/],
      [`${HEADER}\n${code},Shop,-cmd|' /C calc'!A0,,,,,,,2,${w.customerId},true`, /formulas/],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]), /not a CSV text file/],
      [Buffer.from([0x63, 0x6f, 0x64, 0x65, 0xff, 0xfe, 0x0a]), /not a CSV text file/],
      [`${HEADER}\n`, /no shops/],
      ["", /empty/],
      [`${HEADER}\n${code},"unclosed,,,,,,,,2,${w.customerId},true`, /could not be read as CSV/],
      [`${HEADER}\n${code},Shop,${w.customerId}`, /could not be read as CSV/],
      [Buffer.alloc(6 * 1024 * 1024, 0x61), /too large/, 413],
    ];
    for (const [body, message, status = 400] of cases) {
      for (const kind of ["preview", "import"] as const) {
        const res = await send(kind, body);
        expect(res.statusCode, `${kind} ${String(message)}`).toBe(status);
        expect(res.json().message).toMatch(message);
      }
    }
    expect(await byCodes([code])).toEqual([]);
    // Not CSV at all.
    expect((await send("preview", "{}", admin, "application/json")).statusCode).toBe(400);
    expect((await send("preview", "x", admin, "application/pdf")).statusCode).toBe(415);
  });

  it("treats phone numbers and negative-looking text as values, not formulas", () => {
    expect(isFormula("+1 (555) 555-0100")).toBe(false);
    expect(isFormula("-")).toBe(false);
    expect(isFormula("=1+1")).toBe(true);
    expect(isFormula("+SUM(1)")).toBe(true);
    expect(isFormula("-2+cmd(1)")).toBe(true);
    expect(isFormula("+1+cmd|' /C calc'!A0")).toBe(true);
    expect(isFormula("-2+3+cmd|' /C calc'!A0")).toBe(true);
  });

  it("writes all or nothing: a database failure on the last row leaves no row of the file", async () => {
    const w = await insertCustomer(t.db);
    const codes = [nextCode("TX"), nextCode("TX"), nextCode("TX")];
    // A trigger in this test database only, failing on the last shop of the file.
    // The shops are inserted by then (an earlier statement); linking the last one fails.
    await t.db.execute(sql`create or replace function fail_on_poison() returns trigger language plpgsql as $$
      begin if (select name from retailers where retailer_id = new.retailer_id) = 'POISON' then raise exception 'poisoned row'; end if; return new; end $$`);
    await t.db.execute(sql`create trigger fail_on_poison before insert on retailer_customers for each row execute function fail_on_poison()`);
    try {
      const csv = [HEADER, `${codes[0]},First,,,,,,,,2,${w.customerId},`, `${codes[1]},Second,,,,,,,,2,${w.customerId},`, `${codes[2]},POISON,,,,,,,,2,${w.customerId},`].join("\n");
      const preview = (await send("preview", csv)).json();
      expect(preview.counts.create).toBe(3);
      const res = await send("import", csv);
      expect(res.statusCode).toBe(500);
      expect(await byCodes(codes)).toEqual([]);
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, "retailer.import"));
      expect(audits.every((a) => (a.detail as { counts: { create: number } }).counts.create !== 3)).toBe(true);
    } finally {
      await t.db.execute(sql`drop trigger if exists fail_on_poison on retailer_customers`);
    }
  });

  it("a wholesaler imports only shops buying through its own customers", async () => {
    const mine = await insertCustomer(t.db);
    const theirs = await insertCustomer(t.db);
    const w = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [mine.customerId] });
    const cookie = await loginAs(t.app, w.email, DEFAULT_TEST_PASSWORD);
    const foreign = await insertRetailer(t.db, { code: nextCode("FR"), customerIds: [theirs.customerId] });
    const ok = nextCode("OK");
    const csv = [HEADER, `${ok},Mine,,,,,,,,2,${mine.customerId},`, `${nextCode("NO")},Theirs,,,,,,,,2,${theirs.customerId},`, `${foreign.code},Hijack,,,,,,,,2,${mine.customerId},`].join("\n");
    const res = (await send("import", csv, cookie)).json();
    expect(res.rows.map((r: { action: string }) => r.action)).toEqual(["create", "error", "error"]);
    expect(res.rows[1].errors.wholesalers).toMatch(/your own customers/);
    expect(res.rows[2].errors.code).toMatch(/does not buy through you/);
    expect(await byCodes([ok])).toHaveLength(1);
    const [f] = await byCodes([foreign.code!]);
    expect(f!.name).toBe(foreign.name);
    const retailerUser = await insertUser(t.db, { roles: ["Retailer"] });
    expect((await send("preview", csv, await loginAs(t.app, retailerUser.email, DEFAULT_TEST_PASSWORD))).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/api/Administration/Retailers/Import/Preview", headers: { "content-type": "text/csv" }, payload: csv })).statusCode).toBe(401);
  });
});

/**
 * Watches the event loop while `work` runs: how often it turned (a setImmediate ticker) and the
 * longest it was held (perf_hooks.monitorEventLoopDelay), and whether /healthz, asked for while the
 * work was under way, answered before the work was done.
 */
async function whileWatchingTheLoop<T>(work: () => Promise<T>) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  let turns = 0;
  let ticking = true;
  // The longest time between two turns: a loop held throughout shows here even when the histogram,
  // whose timer never fired, has no sample.
  let last = performance.now();
  let longestGapMs = 0;
  const tick = () => {
    turns++;
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  const started = performance.now();
  let healthzAt = Infinity;
  const health = new Promise<void>((resolve) => setTimeout(resolve, 50)).then(async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    healthzAt = performance.now() - started;
  });
  const value = await work();
  const ms = performance.now() - started;
  ticking = false;
  h.disable();
  await health;
  longestGapMs = Math.max(longestGapMs, performance.now() - last);
  return { value, ms, turns, healthzAt, longestGapMs, maxDelayMs: h.max / 1e6, p99DelayMs: h.percentile(99) / 1e6 };
}

describe("a large retailer CSV does not stall the instance (issue 23 item 4)", () => {
  const figures: string[] = [];
  afterAll(() => console.log(`retailer import, event loop (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}):\n${figures.join("\n")}`));

  it("refuses a file past the 20,000-row limit as soon as the parse passes it, the loop turning throughout", async () => {
    // 530,951 short rows, under the 5 MB body limit (the issue's file).
    const rows = Array.from({ length: 530_951 }, () => "a,b,c");
    const csv = `code,name,wholesalers\n${rows.join("\n")}\n`;
    expect(Buffer.byteLength(csv)).toBeLessThan(IMPORT_MAX_BYTES);
    const seen = await whileWatchingTheLoop(() => send("preview", csv));
    expect(seen.value.statusCode).toBe(400);
    expect(seen.value.json().message).toBe(IMPORT_MESSAGES.tooManyRows);
    expect(seen.healthzAt).toBeLessThan(seen.ms);
    expect(seen.turns).toBeGreaterThan(5);
    figures.push(`  530,951-row file: 400 in ${seen.ms.toFixed(0)} ms, longest hold ${seen.longestGapMs.toFixed(0)} ms, max loop delay ${seen.maxDelayMs.toFixed(0)} ms, p99 ${seen.p99DelayMs.toFixed(0)} ms, ${seen.turns} turns, /healthz at ${seen.healthzAt.toFixed(0)} ms`);
  });

  // Two 20,000-row requests (3–6 s together on an idle machine): more time than a test's default 30 s
  // when the slow suites share the machine.
  it("previews and imports 20,000 valid shops with the loop turning throughout and /healthz answering", { timeout: 120_000 }, async () => {
    const w = await insertCustomer(t.db);
    const prefix = nextCode("BIG");
    const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => `${prefix}-${i},Shop ${i} 花店,Ann,ann${i}@shop.example,+1 (555) 555-0100,${i} Main St,Troy,NY,12180,2 4 6,${w.customerId},true`);
    const csv = `${HEADER}\n${rows.join("\n")}\n`;
    for (const kind of ["preview", "import"] as const) {
      const seen = await whileWatchingTheLoop(() => send(kind, csv));
      expect(seen.value.statusCode, kind).toBe(200);
      expect(seen.value.json().counts, kind).toEqual({ create: IMPORT_MAX_ROWS, update: 0, unchanged: 0, error: 0 });
      expect(seen.healthzAt, kind).toBeLessThan(seen.ms);
      expect(seen.turns, kind).toBeGreaterThan(20);
      figures.push(`  20,000-row ${kind}: ${seen.ms.toFixed(0)} ms, longest hold ${seen.longestGapMs.toFixed(0)} ms, max loop delay ${seen.maxDelayMs.toFixed(0)} ms, p99 ${seen.p99DelayMs.toFixed(0)} ms, ${seen.turns} turns, /healthz at ${seen.healthzAt.toFixed(0)} ms`);
    }
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(retailers).where(sql`${retailers.code} like ${`${prefix}-%`}`);
    expect(row!.n).toBe(IMPORT_MAX_ROWS);
    const [one] = await byCodes([`${prefix}-19999`]);
    expect(one!.name).toBe("Shop 19999 花店");
    // Three-byte characters cut by a 16 KB slice of the file come through whole in every shop.
    const [whole] = await t.db.select({ n: sql<number>`count(*)::int` }).from(retailers).where(sql`${retailers.code} like ${`${prefix}-%`} and ${retailers.name} ~ '^Shop [0-9]+ 花店$'`);
    expect(whole!.n).toBe(IMPORT_MAX_ROWS);
  });
});
