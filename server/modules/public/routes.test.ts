import { randomBytes } from "node:crypto";
import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import { buildTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { ART_KEYS } from "./art.ts";
import { contactMessages, jobApplications, mailOutbox } from "../../../db/schema/index.ts";
import { FORM_MESSAGES, RATE_LIMITS } from "./service.ts";
import { formsTest } from "../../../tests/helpers/public-forms.ts";

const forms = formsTest("10.0");
const { freshIp, token } = forms;

const contact = (over: Record<string, unknown> = {}) => ({
  name: "Ana Florist",
  email: "ana@shop.test",
  phone: "(555) 010-2233",
  company: "Ana's Flowers",
  subject: "Opening an account",
  message: "We would like to buy lilies every week.",
  website: "",
  formToken: token("contact"),
  ...over,
});

const postContact = (payload: Record<string, unknown>, ip = freshIp()) =>
  forms.t.app.inject({ method: "POST", url: "/api/Public/Contact", payload, remoteAddress: ip });

const counts = async () => {
  const [c] = await forms.t.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
  const [j] = await forms.t.db.select({ n: sql<number>`count(*)::int` }).from(jobApplications);
  const [m] = await forms.t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
  return { contact: c!.n, jobs: j!.n, mail: m!.n };
};

describe("GET /api/Public/FormToken", () => {
  it("issues a token that is not cached", async () => {
    const res = await forms.t.app.inject({ method: "GET", url: "/api/Public/FormToken?form=contact" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body.token).toMatch(/^\d{13}\.[\w-]{16}\.[\w-]{43}$/);
    expect(body.minDelayMs).toBe(3000);
    expect(body.maxAgeMs).toBe(86_400_000);
  });

  it("rejects an unknown form", async () => {
    const res = await forms.t.app.inject({ method: "GET", url: "/api/Public/FormToken?form=newsletter" });
    expect(res.statusCode).toBe(400);
  });
});

describe("POST /api/Public/Contact", () => {
  it("stores a valid message and mails staff in the same transaction", async () => {
    const before = await counts();
    const res = await postContact(contact());
    expect(res.statusCode).toBe(201);
    const { reference } = res.json();
    expect(reference).toMatch(/^C-\d+$/);
    const [row] = await forms.t.db.select().from(contactMessages).where(eq(contactMessages.id, Number(reference.slice(2))));
    expect(row).toMatchObject({ name: "Ana Florist", email: "ana@shop.test", company: "Ana's Flowers", subject: "Opening an account" });
    const [mail] = await forms.t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ to: "staff@grower.test", kind: "contact-message", status: "held", html: null });
    expect(mail!.subject).toContain(reference);
    expect(mail!.text).toContain("We would like to buy lilies every week.");
    expect(mail!.text).toContain("ana@shop.test");
    const after = await counts();
    expect(after.contact - before.contact).toBe(1);
    expect(after.mail - before.mail).toBe(1);
  });

  it("treats optional fields as optional", async () => {
    const res = await postContact(contact({ phone: "", company: undefined }));
    expect(res.statusCode).toBe(201);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["missing name", { name: undefined }, "name", "This field is required"],
    ["blank name", { name: "   " }, "name", "This field is required"],
    ["long name", { name: "a".repeat(101) }, "name", "Maximum 100 characters"],
    ["name with a line break", { name: "Ana\nBcc: x@y.test" }, "name", "Invalid format"],
    ["missing email", { email: "" }, "email", "This field is required"],
    ["bad email", { email: "ana@" }, "email", "Please enter a valid email"],
    ["bad phone", { phone: "call me" }, "phone", "Invalid format"],
    ["long company", { company: "c".repeat(121) }, "company", "Maximum 120 characters"],
    ["missing subject", { subject: undefined }, "subject", "This field is required"],
    ["long subject", { subject: "s".repeat(151) }, "subject", "Maximum 150 characters"],
    ["missing message", { message: "" }, "message", "This field is required"],
    ["long message", { message: "m".repeat(4001) }, "message", "Maximum 4000 characters"],
  ];
  it.each(invalid)("rejects %s with the field message and stores nothing", async (_case, over, field, message) => {
    const before = await counts();
    const res = await postContact(contact(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("rejects a filled honeypot", async () => {
    const before = await counts();
    const res = await postContact(contact({ website: "http://spam.example" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FORM_MESSAGES.honeypot);
    expect(await counts()).toEqual(before);
  });

  it("rejects a post sent sooner than 3 seconds after the form was issued", async () => {
    const before = await counts();
    const res = await postContact(contact({ formToken: token("contact", 500) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FORM_MESSAGES.tooFast);
    expect(await counts()).toEqual(before);
  });

  it("rejects a form older than a day", async () => {
    const res = await postContact(contact({ formToken: token("contact", 25 * 3600_000) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FORM_MESSAGES.expired);
  });

  it("rejects forged, tampered, missing and cross-form tokens", async () => {
    const before = await counts();
    const good = token("contact");
    const [issued, nonce, sig] = good.split(".");
    const backdated = `${Number(issued) - 60_000}.${nonce}.${sig}`;
    const flipped = `${issued}.${nonce}.${sig!.slice(0, -1)}${sig!.endsWith("A") ? "B" : "A"}`;
    for (const formToken of [backdated, flipped, "1700000000000.aaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "nonsense", token("apply")]) {
      const res = await postContact(contact({ formToken }));
      expect(res.statusCode, formToken).toBe(400);
      expect(res.json().message).toBe(FORM_MESSAGES.invalid);
    }
    const missing = await postContact(contact({ formToken: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("accepts a token once", async () => {
    const formToken = token("contact");
    const ip = freshIp();
    expect((await postContact(contact({ formToken }), ip)).statusCode).toBe(201);
    const again = await postContact(contact({ formToken }), ip);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(FORM_MESSAGES.replayed);
  });

  it("limits messages per address with 429, counted in the database", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.contact.max; i++) expect((await postContact(contact(), ip)).statusCode).toBe(201);
    const before = await counts();
    const res = await postContact(contact(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(FORM_MESSAGES.contactLimit);
    expect(await counts()).toEqual(before);
    // Another address is not affected.
    expect((await postContact(contact())).statusCode).toBe(201);
  });

  it("stores HTML as the text it is and mails it as plain text", async () => {
    const nasty = `<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"`;
    const res = await postContact(contact({ name: `<b>Bold</b> Name`, subject: `<i>hi</i>`, message: nasty }));
    expect(res.statusCode).toBe(201);
    const id = Number(res.json().reference.slice(2));
    const [row] = await forms.t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.message).toBe(nasty);
    expect(row!.name).toBe("<b>Bold</b> Name");
    const [mail] = await forms.t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail!.html).toBeNull();
    expect(mail!.text).toContain(nasty);
    // The response never echoes what was sent.
    expect(res.body).not.toContain("<script>");
  });
});

describe("POST /api/Public/Apply/{openingId}", () => {
  const application = (over: Record<string, unknown> = {}) => ({
    name: "Sam Picker",
    email: "sam@example.test",
    phone: "+1 555 010 9988",
    coverLetter: "I picked gerbera for three seasons and would like to come back.",
    website: "",
    formToken: token("apply"),
    ...over,
  });
  const postApply = (openingId: string, payload: Record<string, unknown>, ip = freshIp()) =>
    forms.t.app.inject({ method: "POST", url: `/api/Public/Apply/${openingId}`, payload, remoteAddress: ip });

  it("stores an application for a listed opening and mails staff", async () => {
    const res = await postApply("seasonal-harvest-crew", application());
    expect(res.statusCode).toBe(201);
    const id = Number(res.json().reference.slice(2));
    const [row] = await forms.t.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    expect(row).toMatchObject({ openingId: "seasonal-harvest-crew", name: "Sam Picker", email: "sam@example.test" });
    const [mail] = await forms.t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(mail).toMatchObject({ to: "staff@grower.test", kind: "job-application", html: null });
    expect(mail!.subject).toContain("Seasonal Harvest Crew");
    expect(mail!.text).toContain("three seasons");
  });

  it("404s for an opening that is not listed, storing nothing", async () => {
    const before = await counts();
    const res = await postApply("chief-taster", application());
    expect(res.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ name: "" }, "name", "This field is required"],
    [{ email: "sam" }, "email", "Please enter a valid email"],
    [{ coverLetter: undefined }, "coverLetter", "This field is required"],
    [{ coverLetter: "x".repeat(6001) }, "coverLetter", "Maximum 6000 characters"],
  ] as [Record<string, unknown>, string, string][])("rejects %o with the field message", async (over, field, message) => {
    const before = await counts();
    const res = await postApply("ipm-scout", application(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it("rejects a contact token, a honeypot and a too-fast post", async () => {
    const before = await counts();
    expect((await postApply("ipm-scout", application({ formToken: token("contact") }))).statusCode).toBe(400);
    expect((await postApply("ipm-scout", application({ website: "x" }))).statusCode).toBe(400);
    expect((await postApply("ipm-scout", application({ formToken: token("apply", 100) }))).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("limits applications per address with 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.apply.max; i++) expect((await postApply("ipm-scout", application(), ip)).statusCode).toBe(201);
    const res = await postApply("ipm-scout", application(), ip);
    expect(res.statusCode).toBe(429);
  });
});

describe("OpenAPI", () => {
  it("documents the public form routes", async () => {
    const res = await forms.t.app.inject({ method: "GET", url: "/api/openapi.json" });
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(["/api/Public/FormToken", "/api/Public/Contact", "/api/Public/Apply/{openingId}"]));
  });
});

describe("GET /api/Public/Art/{file}", () => {
  it("draws a flower in the colour asked for, cacheable, with an ETag", async () => {
    const res = await forms.t.app.inject({ method: "GET", url: "/api/Public/Art/gerbera.svg?color=C62828" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.headers["cache-control"]).toContain("max-age=86400");
    expect(res.body).toContain("<svg");
    expect(res.body.toLowerCase()).toContain("c62828");
    const again = await forms.t.app.inject({ method: "GET", url: "/api/Public/Art/gerbera.svg?color=C62828", headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers["content-length"] ?? "0").toBe("0");
  });

  it("404s for an unknown picture and 400s for a bad colour", async () => {
    expect((await forms.t.app.inject({ method: "GET", url: "/api/Public/Art/tulip.svg" })).statusCode).toBe(404);
    expect((await forms.t.app.inject({ method: "GET", url: "/api/Public/Art/lily.svg?color=red" })).statusCode).toBe(400);
    expect((await forms.t.app.inject({ method: "GET", url: "/api/Public/Art/..%2Fsecret.svg" })).statusCode).toBe(400);
  });
});

describe("new pictures per address", () => {
  let small: TestApp;
  beforeAll(async () => {
    // A brand of its own: its cards are new to this process.
    small = await buildTestApp({ ART_DRAWINGS_PER_MINUTE: "5", BRAND_NAME: "Allowance Growers" });
  });
  afterAll(() => small?.close());
  /** A colour no test has asked for (pictures are kept for the whole process). */
  const fresh = () => randomBytes(3).toString("hex").toUpperCase();
  const art = (query: string, ip: string) => small.app.inject({ method: "GET", url: `/api/Public/Art/lily.svg?${query}`, remoteAddress: ip });

  it("are drawn up to the allowance, then refused with 429 and Retry-After; kept pictures and other addresses are still served", async () => {
    const ip = freshIp();
    const drawn = [fresh(), fresh(), fresh()];
    for (const c of drawn) expect((await art(`color=${c}`, ip)).statusCode).toBe(200);
    expect((await art(`colors=${fresh()},${fresh()}`, ip)).statusCode).toBe(200); // a sheet counts its copies: 5 drawn

    const refused = await art(`color=${fresh()}`, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many new pictures asked for\. Please try again in \d+ seconds\.$/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    // An SVG card in a new colour draws too.
    expect((await small.app.inject({ method: "GET", url: `/api/Public/Card/lily.svg?color=${fresh()}`, remoteAddress: ip })).statusCode).toBe(429);

    // What is kept costs nothing and is still sent, conditional requests included.
    const kept = await art(`color=${drawn[0]}`, ip);
    expect(kept.statusCode).toBe(200);
    const revalidated = await small.app.inject({ method: "GET", url: `/api/Public/Art/lily.svg?color=${drawn[0]}`, remoteAddress: ip, headers: { "if-none-match": String(kept.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect((await art("", ip)).statusCode).toBe(200); // the plain lily, kept since the sheet above was drawn from it
    // Another address has its own allowance; a sheet bigger than what is left is refused whole.
    const other = freshIp();
    expect((await art(`colors=${fresh()},${fresh()},${fresh()}`, other)).statusCode).toBe(200);
    expect((await art(`colors=${fresh()},${fresh()},${fresh()}`, other)).statusCode).toBe(429);
    expect((await art(`colors=${fresh()},${fresh()}`, other)).statusCode).toBe(200);
  });

  it("count a PNG card as four pictures, and send a kept one whatever is left", async () => {
    const ip = freshIp();
    const card = (query: string) => small.app.inject({ method: "GET", url: `/api/Public/Card/${query}`, remoteAddress: ip });
    const first = await card("lily.png?color=F6C445");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/png");
    expect((await card("gerbera.png?color=F6C445")).statusCode).toBe(429);
    expect((await card("lily.png?color=F6C445")).statusCode).toBe(200);
  });
});

describe("GET /api/Public/Art/{file}?colors=", () => {
  const ids = (svg: string) => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);

  it("draws one copy a colour on one sheet, only the one its fragment targets displayed, every id unique", async () => {
    const res = await forms.t.app.inject({ method: "GET", url: "/api/Public/Art/lily.svg?colors=F4B6C8,ffffff,D32F2F" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.headers["cache-control"]).toContain("max-age=86400");
    const svg = res.body;
    expect(svg).toMatch(/^<\?xml[^>]*>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 200 240"><style>\.c\{display:none\}\.c:target\{display:inline\}<\/style>/);
    // The copy under each fragment is drawn in that fragment's colour.
    const copies = svg.split('<svg id="c').slice(1);
    expect(copies.map((c) => c.slice(0, 17))).toEqual(['F4B6C8" class="c"', 'FFFFFF" class="c"', 'D32F2F" class="c"']);
    expect(copies[2]!.toLowerCase()).toContain("d32f2f");
    expect(copies[0]!.toLowerCase()).not.toContain("d32f2f");
    // No copy's gradient shadowed by another's of the same id.
    const single = await forms.t.app.inject({ method: "GET", url: "/api/Public/Art/lily.svg?color=D32F2F" });
    expect(ids(svg).length).toBeGreaterThan(3 * 3);
    expect(new Set(ids(svg)).size).toBe(ids(svg).length);
    expect(ids(svg).length).toBe(3 + 3 * ids(single.body).length);
    const again = await forms.t.app.inject({ method: "GET", url: "/api/Public/Art/lily.svg?colors=F4B6C8,ffffff,D32F2F", headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("refuses what no page asks for: bad, repeated or too many colours, or colors with color", async () => {
    const status = async (q: string) => (await forms.t.app.inject({ method: "GET", url: `/api/Public/Art/lily.svg?${q}` })).statusCode;
    expect(await status("colors=red")).toBe(400);
    expect(await status("colors=F4B6C8,")).toBe(400);
    expect(await status("colors=")).toBe(400);
    expect(await status("colors=F4B6C8,f4b6c8")).toBe(400);
    expect(await status(`colors=${Array.from({ length: 13 }, (_, i) => (0x100000 + i).toString(16)).join(",")}`)).toBe(400);
    expect(await status("colors=F4B6C8&color=FFFFFF")).toBe(400);
    expect(await status("colors=F4B6C8&accent=FFFFFF")).toBe(400);
    expect((await forms.t.app.inject({ method: "GET", url: "/api/Public/Art/tulip.svg?colors=F4B6C8" })).statusCode).toBe(404);
    expect(await status(`colors=${Array.from({ length: 12 }, (_, i) => (0x100000 + i).toString(16)).join(",")}`)).toBe(200);
  });
});

describe("GET /api/Public/Card/{file}", () => {
  it("draws a 1200×630 Open Graph card with the illustration and our name, cacheable", async () => {
    const res = await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/lily.svg?color=F4B6C8" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.headers["cache-control"]).toContain("max-age=86400");
    expect(res.body).toContain('width="1200" height="630"');
    expect(res.body.toLowerCase()).toContain("f4b6c8");
    expect(res.body).toContain(`>${forms.t.config.brandName.replace(/&/g, "&amp;")}</text>`);
    const again = await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/lily.svg?color=F4B6C8", headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("as PNG (what the pages link): 1200×630 pixels, rendered once, cached for long with an ETag", async () => {
    const res = await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/lily.png?color=F4B6C8" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toContain("max-age=2592000");
    const png = decodePng(res.rawPayload);
    expect([png.width, png.height]).toEqual([1200, 630]);
    // The brand strip along the bottom, the paper behind the name, and the flower's pink wash.
    expect(png.pixel(600, 625)).toEqual([0x1e, 0x5a, 0x3c, 255]);
    expect(png.pixel(20, 20)).toEqual([0xfb, 0xf8, 0xf3, 255]);
    const wash = png.pixel(1100, 330);
    expect(wash[0]! - wash[1]!).toBeGreaterThan(5);
    // The name is drawn: dark text pixels where it stands, none in the same band of empty paper above.
    const dark = (y0: number, y1: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++) for (let x = 86; x < 300; x++) if (png.pixel(x, y)[0]! < 80) n++;
      return n;
    };
    expect(dark(470, 525)).toBeGreaterThan(500);
    expect(dark(100, 155)).toBe(0);

    const again = await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/lily.png?color=F4B6C8" });
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    const revalidated = await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/lily.png?color=F4B6C8", headers: { "if-none-match": String(res.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers["content-length"] ?? "0").toBe("0");
    const other = await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/lily.png?color=F6A04D" });
    expect(other.headers.etag).not.toBe(res.headers.etag);
  });

  it("draws a PNG card only in the colours our pages link: any other colour is a 400, so nobody makes it render thousands", async () => {
    for (const q of ["color=123456", "color=F4B6C9", "accent=000000", "color=F4B6C8&accent=ABCDEF"]) {
      const res = await forms.t.app.inject({ method: "GET", url: `/api/Public/Card/lily.png?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBe("This card is drawn only in the colours our pages use.");
    }
    // The lower-case spelling of a card colour is the same colour; the SVG card stays open to any colour.
    expect((await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/lily.png?color=f4b6c8" })).statusCode).toBe(200);
    expect((await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/lily.svg?color=123456" })).statusCode).toBe(200);
  });

  it("renders every illustration's card as PNG (the renderer would take the server down with it on a bad one)", { timeout: 90_000 }, async () => {
    for (const key of ART_KEYS) {
      const res = await forms.t.app.inject({ method: "GET", url: `/api/Public/Card/${key}.png` });
      expect(res.statusCode, key).toBe(200);
      const png = decodePng(res.rawPayload);
      expect([png.width, png.height], key).toEqual([1200, 630]);
      expect(png.pixel(600, 625), key).toEqual([0x1e, 0x5a, 0x3c, 255]);
    }
  });

  it("404s for an unknown picture and 400s for a bad colour", async () => {
    expect((await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/tulip.png" })).statusCode).toBe(404);
    expect((await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/lily.gif" })).statusCode).toBe(400);
    expect((await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/tulip.svg" })).statusCode).toBe(404);
    expect((await forms.t.app.inject({ method: "GET", url: "/api/Public/Card/field.svg?color=blue" })).statusCode).toBe(400);
  });
});

/** Enough of a PNG decoder for the cards (8-bit RGBA, not interlaced): size and pixels. */
function decodePng(buf: Buffer) {
  expect(buf.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))).toBe(true);
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < buf.length; ) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString("ascii", at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9], data[12]]).toEqual([8, 6, 0]);
    }
    if (type === "IDAT") idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= 4 ? out[y * stride + x - 4]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + x]! : 0;
      const c = x >= 4 && y > 0 ? out[(y - 1) * stride + x - 4]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const pred = [0, a, b, (a + b) >> 1, paeth][filter]!;
      out[y * stride + x] = (v + pred) & 255;
    }
  }
  return { width, height, pixel: (x: number, y: number) => [...out.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)] };
}
