// The fresh list (issue 29 §2): the buyer's preference through the API, the job across two
// instances (one mail per buyer per day), the mail's HTML and CSV at that buyer's prices (the same
// as the store's Catalog/Products answers it), "new today" and "last chance", and the CSV and PDF
// downloads.
import { mkdirSync, writeFileSync } from "node:fs";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "../../../db/client.ts";
import { auditLog, jobs, mailOutbox, offerLines, products } from "../../../db/schema/index.ts";
import type { Product } from "../../../contract/store.ts";
import { buildTestApp, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { buyer, offer, tomorrow, type Client } from "../../../tests/helpers/store-fixtures.ts";
import { ALL_WEEKDAYS, buildOfferLine, insertProduct, shipTimesOn } from "../../../tests/factories/index.ts";
import { describeOverlap, overlaps, pdfText, textBoxes } from "../../../tests/helpers/pdf-layout.ts";
import { runDueJobs } from "../jobs/index.ts";
import { jobHandlers } from "../index.ts";
import { FRESH_LIST_JOB } from "./index.ts";

let t: TestApp;
let second: TestApp;
/** The second instance's own connection pool on PostgreSQL (on PGlite both share its one connection). */
let secondPool: Database | null = null;
let plain: Client;
let discounted: Client;
let catalogId: number;
let orderId: number;
let finalProductId: string;

beforeAll(async () => {
  t = await buildTestApp();
  second = await buildTestApp({}, t.database);
  if (t.database.url) secondPool = await openDatabase({ databaseUrl: t.database.url, poolSize: 5 });
  // Orders for a day close at 06:00 (New York): the 06:30 lists below are after the cut-off for changes.
  plain = await buyer(t, { discountPercent: 0, shipTimes: shipTimesOn(ALL_WEEKDAYS, "06:00") });
  discounted = await buyer(t, { discountPercent: 20, shipTimes: shipTimesOn(ALL_WEEKDAYS, "06:00") });
  const o = await offer(t.db, [plain.customerId, discounted.customerId], { count: 3, line: { basePriceCents: 1500, originalQuantity: 200 } });
  catalogId = o.catalog.id;
  orderId = o.catalog.orderId;
  // A final cut with little left: a "last chance" line; and a description a spreadsheet would run.
  finalProductId = o.products[0]!.productId;
  await t.db.update(offerLines).set({ isFinalProduct: true, originalQuantity: 6 }).where(eq(offerLines.id, o.offerLines[0]!.id));
  await t.db.update(products).set({ description: "=HYPERLINK(\"http://x\")" }).where(eq(products.productId, o.products[1]!.productId));
});
afterAll(async () => {
  await secondPool?.close();
  await second?.close();
  await t?.close();
});

const put = (c: Client, body: object) =>
  t.app.inject({ method: "PUT", url: `/api/Store/FreshList/Preference/${c.userId}/${c.customerId}`, payload: body, headers: { cookie: c.cookie, ...SAME_ORIGIN } });

async function storePrices(c: Client): Promise<Map<string, Product>> {
  const res = await c.products(orderId, tomorrow());
  expect(res.statusCode).toBe(200);
  return new Map((res.json() as Product[]).map((p) => [p.productId, p]));
}

const mailsOf = (db: Db, userEmail: string) => db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, FRESH_LIST_JOB), eq(mailOutbox.to, userEmail)));
const emailOf = async (c: Client) => (await t.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.id, c.userId) }))!.email;
const csvOf = (m: { attachments: { contentBase64: string }[] | null }) => Buffer.from(m.attachments![0]!.contentBase64, "base64").toString();
/** CSV rows as cells (the test data has no commas inside cells but the quoted formula one). */
const rowsOf = (csv: string) => csv.trim().split("\r\n").map((l) => l.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, "")));

describe("the preference", () => {
  it("refuses a time that is not HH:MM, for anyone, writing nothing", async () => {
    const res = await put(plain, { enabled: true, time: "25:00" });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain("Enter a time as HH:MM");
    const got = await t.app.inject({ method: "GET", url: `/api/Store/FreshList/Preference/${plain.userId}/${plain.customerId}`, headers: { cookie: plain.cookie } });
    expect(got.json()).toEqual({ enabled: false, time: "07:00", nextSendAt: null });
  });

  it("is saved, audited and schedules the next send at that New York time", async () => {
    for (const c of [plain, discounted]) {
      const res = await put(c, { enabled: true, time: "06:30" });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ enabled: true, time: "06:30" });
      const at = new Date(body.nextSendAt);
      expect(at.getTime()).toBeGreaterThan(Date.now());
      expect(new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at)).toBe("06:30");
    }
    const queued = await t.db.select().from(jobs).where(like(jobs.key, `${FRESH_LIST_JOB}:${plain.userId}:%`));
    expect(queued).toHaveLength(1);
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "freshList.preference"), eq(auditLog.targetUserId, plain.userId)));
    expect(audited).toHaveLength(1);
  });
});

describe("the job, across two instances", () => {
  it("mails each buyer once a day at its own prices, with the CSV attached", async () => {
    // A second job for the same user and day (as if another instance had scheduled its own): still one mail.
    const [job] = await t.db.select().from(jobs).where(like(jobs.key, `${FRESH_LIST_JOB}:${plain.userId}:%`));
    const runAt = job!.runAt;
    await t.db.insert(jobs).values({ kind: FRESH_LIST_JOB, key: `${job!.key}:again`, payload: job!.payload, runAt });
    const now = new Date(runAt.getTime() + 1000);
    const otherDb = secondPool?.db ?? second.db;
    const [a, b] = await Promise.all([
      runDueJobs(t.db, t.config, jobHandlers, { now }),
      runDueJobs(otherDb, second.config, jobHandlers, { now }),
    ]);
    expect(a.failed + b.failed).toBe(0);
    expect(a.done + b.done).toBeGreaterThanOrEqual(3);
    // Both jobs of the plain buyer ran; one sent, the other found the day's send taken.
    const results = (await t.db.select().from(jobs).where(like(jobs.key, `${FRESH_LIST_JOB}:${plain.userId}:%`))).map((j) => j.result ?? "");
    expect(results.filter((r) => r.startsWith("sent "))).toHaveLength(1);
    expect(results.filter((r) => r.startsWith("already sent "))).toHaveLength(1);

    for (const [c, factor] of [[plain, 1], [discounted, 0.8]] as const) {
      const mails = await mailsOf(t.db, await emailOf(c));
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      const store = await storePrices(c);
      const csv = csvOf(mail);
      const rows = rowsOf(csv);
      expect(rows[0]).toContain("Price");
      const col = (name: string) => rows[0]!.indexOf(name);
      expect(rows).toHaveLength(1 + 3);
      for (const row of rows.slice(1)) {
        const p = store.get(row[col("Product ID")]!)!;
        expect(p).toBeDefined();
        // The same price the store shows this buyer: 15.00 at no discount, 12.00 at 20 %.
        expect(Number(row[col("Price No Pail")])).toBe(p.priceNoPail);
        expect(Number(row[col("Price No Pail")])).toBeCloseTo(15 * factor, 2);
        expect(Number(row[col("Price")])).toBe(p.price);
        expect(Number(row[col("Tier 1 Price")])).toBe(p.discountPrice);
        expect(mail.html).toContain(`$${p.price.toFixed(2)}`);
      }
      // Formula-safe: the description starting with = is written as text.
      expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
      expect(mail.html).toContain("Last chance");
      expect(mail.html).not.toContain("New today"); // the first list: nothing to compare with
      expect(rows.find((r) => r[col("Product ID")] === finalProductId)![col("Last Chance")]).toBe("Yes");
      if (process.env.FRESH_LIST_MAIL_DIR) {
        mkdirSync(process.env.FRESH_LIST_MAIL_DIR, { recursive: true });
        writeFileSync(`${process.env.FRESH_LIST_MAIL_DIR}/mail-${factor === 1 ? "plain" : "discount"}.html`, mail.html!);
      }
    }
    // The discounted buyer's prices are the plain buyer's less 20 % ($13.50 a bunch in a pail: $10.80).
    const d = await mailsOf(t.db, await emailOf(discounted));
    const p = await mailsOf(t.db, await emailOf(plain));
    expect(p[0]!.html).toContain("$13.50");
    expect(d[0]!.html).toContain("$10.80");
    expect(d[0]!.html).not.toContain("$13.50");

    // Running again the same day sends nothing more; tomorrow's job is queued.
    await runDueJobs(t.db, t.config, jobHandlers, { now });
    expect(await mailsOf(t.db, await emailOf(plain))).toHaveLength(1);
    const next = await t.db.select().from(jobs).where(and(like(jobs.key, `${FRESH_LIST_JOB}:${plain.userId}:%`), eq(jobs.status, "queued")));
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime() - runAt.getTime()).toBeGreaterThanOrEqual(23 * 3_600_000);
  });

  it("marks the lines added since yesterday's list as new today", async () => {
    const p = await insertProduct(t.db, { description: "Brand New Peony" });
    await t.db.insert(offerLines).values(buildOfferLine({ catalogId, productId: p.productId, basePriceCents: 1500 }));
    const [next] = await t.db.select().from(jobs).where(and(like(jobs.key, `${FRESH_LIST_JOB}:${discounted.userId}:%`), eq(jobs.status, "queued")));
    await runDueJobs(t.db, t.config, jobHandlers, { now: new Date(next!.runAt.getTime() + 1000) });
    const mails = await mailsOf(t.db, await emailOf(discounted));
    expect(mails).toHaveLength(2);
    const latest = mails.sort((x, y) => y.id - x.id)[0]!;
    expect(latest.html).toContain("New today");
    const newSection = latest.html!.slice(latest.html!.indexOf("New today"), latest.html!.indexOf("Last chance"));
    expect(newSection).toContain("Brand New Peony");
    const rows = rowsOf(csvOf(latest));
    const col = rows[0]!.indexOf("New Today");
    expect(rows.filter((r) => r[col] === "Yes").map((r) => r[rows[0]!.indexOf("Description")])).toEqual(["Brand New Peony"]);
  });

  it("sends nothing once the buyer turns it off", async () => {
    await put(plain, { enabled: false, time: "06:30" });
    const before = (await mailsOf(t.db, await emailOf(plain))).length;
    const [next] = await t.db.select().from(jobs).where(and(like(jobs.key, `${FRESH_LIST_JOB}:${plain.userId}:%`), eq(jobs.status, "queued")));
    expect((await runDueJobs(t.db, t.config, jobHandlers, { now: new Date(next!.runAt.getTime() + 1000) })).failed).toBe(0);
    expect(await mailsOf(t.db, await emailOf(plain))).toHaveLength(before);
    expect((await t.db.select().from(jobs).where(eq(jobs.id, next!.id)))[0]!.result).toBe("preference changed");
  });
});

describe("the cut-off for changes", () => {
  const nyTime = (at: Date | string) => DateTime.fromJSDate(new Date(at), { zone: "America/New_York" }).toFormat("HH:mm");

  it("sends a list chosen before the customer's cut-off only after that cut-off", async () => {
    const late = await buyer(t, { discountPercent: 0, shipTimes: shipTimesOn(ALL_WEEKDAYS, "14:00") });
    await offer(t.db, [late.customerId], { count: 2, line: { basePriceCents: 1500, originalQuantity: 200 } });
    const saved = await put(late, { enabled: true, time: "07:00" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, time: "07:00" });
    // The panel's "Next list" and the job both say 14:00, the later of the two.
    expect(nyTime(saved.json().nextSendAt)).toBe("14:00");
    const queued = await t.db.select().from(jobs).where(like(jobs.key, `${FRESH_LIST_JOB}:${late.userId}:%`));
    expect(queued).toHaveLength(1);
    const job = queued[0]!;
    expect(nyTime(job.runAt)).toBe("14:00");

    // A job at the chosen 07:00 (as if scheduled before the cut-off moved to 14:00) sends nothing and waits.
    const early = DateTime.fromJSDate(job.runAt, { zone: "America/New_York" }).set({ hour: 7, minute: 0 }).toJSDate();
    await t.db.insert(jobs).values({ kind: FRESH_LIST_JOB, key: `${job.key}:early`, payload: job.payload, runAt: early });
    expect((await runDueJobs(t.db, t.config, jobHandlers, { now: new Date(early.getTime() + 1000) })).failed).toBe(0);
    expect(await mailsOf(t.db, await emailOf(late))).toHaveLength(0);
    const [held] = await t.db.select().from(jobs).where(eq(jobs.key, `${job.key}:early`));
    expect(held!.result).toMatch(/^held until the cut-off at /);
    const waiting = await t.db.select().from(jobs).where(and(like(jobs.key, `${FRESH_LIST_JOB}:${late.userId}:%`), eq(jobs.status, "queued")));
    expect(waiting.map((j) => j.runAt.getTime())).toEqual([job.runAt.getTime(), job.runAt.getTime()]);

    // A minute before the cut-off: still nothing. Just after it: one mail, whichever job runs it.
    await runDueJobs(t.db, t.config, jobHandlers, { now: new Date(job.runAt.getTime() - 60_000) });
    expect(await mailsOf(t.db, await emailOf(late))).toHaveLength(0);
    expect((await runDueJobs(t.db, t.config, jobHandlers, { now: new Date(job.runAt.getTime() + 1000) })).failed).toBe(0);
    const mails = await mailsOf(t.db, await emailOf(late));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/: 2 products$/);
    expect(mails[0]!.html).toContain("$13.50");
    // Tomorrow's job is at the cut-off again.
    const next = await t.db.select().from(jobs).where(and(like(jobs.key, `${FRESH_LIST_JOB}:${late.userId}:%`), eq(jobs.status, "queued")));
    expect(next).toHaveLength(1);
    expect(nyTime(next[0]!.runAt)).toBe("14:00");
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(job.runAt.getTime());
  });
});

describe("the CSV download", () => {
  const csv = (c: Client, customerId: string, date: string) =>
    t.app.inject({ method: "GET", url: `/api/Store/FreshList/Csv/${c.userId}/${customerId}/${date}`, headers: { cookie: c.cookie } });

  it("answers any open date at the buyer's prices", async () => {
    const res = await csv(discounted, discounted.customerId, tomorrow());
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain(`fresh-list-${discounted.customerId}-${tomorrow()}.csv`);
    const rows = rowsOf(res.body);
    const store = await storePrices(discounted);
    const col = (n: string) => rows[0]!.indexOf(n);
    expect(rows.length).toBe(1 + store.size);
    for (const r of rows.slice(1)) expect(Number(r[col("Price")])).toBe(store.get(r[col("Product ID")]!)!.price);
  });

  it("refuses a date that is not open, and another customer's list", async () => {
    const past = await csv(discounted, discounted.customerId, "2020-01-01");
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain("is not an open ship date");
    const other = await csv(discounted, plain.customerId, tomorrow());
    expect([403, 404]).toContain(other.statusCode);
  });
});

describe("the PDF download", () => {
  const pdf = (c: Client, customerId: string, date: string) =>
    t.app.inject({ method: "GET", url: `/api/Store/FreshList/Pdf/${c.userId}/${customerId}/${date}`, headers: { cookie: c.cookie } });

  it("is a PDF of the CSV's lines at the buyer's prices, with the sections, laid out without overlap", async () => {
    const res = await pdf(discounted, discounted.customerId, tomorrow());
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`fresh-list-${discounted.customerId}-${tomorrow()}.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    if (process.env.FRESH_LIST_MAIL_DIR) {
      mkdirSync(process.env.FRESH_LIST_MAIL_DIR, { recursive: true });
      writeFileSync(`${process.env.FRESH_LIST_MAIL_DIR}/fresh-list.pdf`, res.rawPayload);
    }
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Fresh list");
    expect(text).toContain(t.config.brandName);
    expect(text).toContain("Last chance");
    expect(text).toContain("Everything available");
    // The discounted buyer's price ($13.50 a bunch in a pail less 20 %), never the plain buyer's.
    expect(text).toContain("$10.80");
    expect(text).not.toContain("$13.50");
    // Every line of the CSV, at the price the CSV gives.
    const rows = rowsOf((await t.app.inject({ method: "GET", url: `/api/Store/FreshList/Csv/${discounted.userId}/${discounted.customerId}/${tomorrow()}`, headers: { cookie: discounted.cookie } })).body);
    const col = (n: string) => rows[0]!.indexOf(n);
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows.slice(1)) {
      expect(text).toContain(r[col("Product ID")]!);
      expect(text).toContain(`$${Number(r[col("Price")]).toFixed(2)}`);
    }
    expect(overlaps((await textBoxes(res.rawPayload)).boxes).map(describeOverlap)).toEqual([]);
  });

  it("refuses a date that is not open, and another buyer's customer", async () => {
    const past = await pdf(discounted, discounted.customerId, "2020-01-01");
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toContain("is not an open ship date");
    // The plain buyer's cookie on the discounted buyer's customer, with either user id in the path.
    for (const userId of [plain.userId, discounted.userId]) {
      const other = await t.app.inject({ method: "GET", url: `/api/Store/FreshList/Pdf/${userId}/${discounted.customerId}/${tomorrow()}`, headers: { cookie: plain.cookie } });
      expect([403, 404]).toContain(other.statusCode);
      expect(other.rawPayload.subarray(0, 5).toString("latin1")).not.toBe("%PDF-");
    }
  });
});
