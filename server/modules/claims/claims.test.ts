// Claims on a real database (PGlite by default, PostgreSQL with DATABASE_URL): the window, the
// quantity bounds, whose orders, acting, the photo pipeline (sharp, heic-decode), accepting in part
// (a credit note) and declining (a mail).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { auditLog, claimPhotos, claims, creditNotes, mailOutbox } from "../../../db/schema/index.ts";
import { CLAIM_MESSAGES, CLAIM_PHOTO_MAX_SIDE } from "../../../contract/claims.ts";
import { claimClosedMessage, claimDay } from "../../../domain/claims.ts";
import { buildTestApp, loginAs, signedInUser, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { addDays, DEFAULT_TEST_PASSWORD, insertCustomer, insertOrder, insertRetailer, insertUser, isoDateAt, taxCents } from "../../../tests/factories/index.ts";

const TAX = 825;
let t: TestApp;
let staff: { id: string; email: string; cookie: string };
beforeAll(async () => {
  t = await buildTestApp({ TAX_RATE_BP: String(TAX) });
  staff = await signedInUser(t, ["Administrator"]);
});
afterAll(async () => t?.close());

type Method = "GET" | "POST";
const req = (cookie: string, method: Method, url: string, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers: { ...SAME_ORIGIN, cookie }, payload });
const mails = (to: string) => t.db.select().from(mailOutbox).where(eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()));

/** A 3000×2000 JPEG turned on its side (EXIF orientation 6) and carrying a GPS position. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#b04a5a" } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Phone 15" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 26/1 46/1", GPSLongitudeRef: "W", GPSLongitude: "79/1 58/1 56/1" } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}
const png = () => sharp({ create: { width: 400, height: 300, channels: 4, background: "#2f6f4f" } }).png().toBuffer();
const b64 = (b: Buffer) => b.toString("base64");
/** The tiny HEIC (HEVC inside) made with libheif's heif-enc: sharp cannot read it, heic-decode can. */
const heic = () => readFileSync(new URL("../../../tests/fixtures/claims/photo.heic", import.meta.url));

/** A customer, its wholesaler signed in, and an order that shipped today with an invoice. */
async function shippedOrder(lines = [{ quantity: 12, pailPriceCents: 1015, bunchPriceCents: 1195 }, { quantity: 3, pailPriceCents: 990, bunchPriceCents: 1299 }]) {
  const c = await insertCustomer(t.db, {});
  const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
  const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
  const o = await insertOrder(t.db, { customerId: c.customerId, userId: u.id, status: "confirmed", packedAt: new Date(), shipDate: isoDateAt(), lines });
  const shipped = await req(staff.cookie, "POST", `/OrderDesk/Orders/${o.orderNumber}/Ship`);
  expect(shipped.statusCode).toBe(200);
  const base = `/Claims/${u.id}/${c.customerId}`;
  const open = (body: object, who = cookie) => req(who, "POST", base, { orderNumber: o.orderNumber, lineId: o.lines[0]!.id, reason: "damaged", quantity: 1, ...body });
  return { c, u, cookie, o, base, open, invoiceNumber: shipped.json().invoiceNumber as number };
}

describe("opening a claim", () => {
  it("takes a claim within the window with its photos: turned upright, at most 1600 px, JPEG, no GPS or any metadata", async () => {
    const { o, open, base, cookie, u, c } = await shippedOrder();
    const jpeg = await phoneJpeg();
    const exif = (await sharp(jpeg).metadata()).exif!;
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD is there going in
    const res = await open({ quantity: 4, note: "Stems broken at the neck", photos: [{ name: "a.jpg", data: b64(jpeg) }, { name: "b.png", data: `data:image/png;base64,${b64(await png())}` }] });
    expect(res.statusCode).toBe(200);
    const claim = res.json();
    expect(claim).toMatchObject({ orderNumber: o.orderNumber, lineId: o.lines[0]!.id, reason: "damaged", quantity: 4, status: "open", note: "Stems broken at the neck", lineQuantity: 12 });
    expect(claim.photos).toHaveLength(2);
    // Orientation 6: 3000×2000 lies on its side, so it is stored upright as 1067×1600.
    expect(claim.photos[0]).toMatchObject({ width: Math.round((2000 * CLAIM_PHOTO_MAX_SIDE) / 3000), height: CLAIM_PHOTO_MAX_SIDE });
    expect(claim.photos[1]).toMatchObject({ width: 400, height: 300 });
    const stored = await t.db.select().from(claimPhotos).where(eq(claimPhotos.claimId, claim.claimId)).orderBy(claimPhotos.position);
    for (const p of stored) {
      const m = await sharp(p.bytes).metadata();
      expect(m.format).toBe("jpeg");
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(m.orientation).toBeUndefined();
      expect(p.bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
    }
    // The photo is served to its buyer and to staff, not to another customer.
    const photoUrl = `${base}/${claim.claimId}/Photos/${claim.photos[0].photoId}`;
    const served = await req(cookie, "GET", photoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect((await req(staff.cookie, "GET", `/OrderDesk/Claims/${claim.claimId}/Photos/${claim.photos[0].photoId}`)).statusCode).toBe(200);
    const other = await shippedOrder();
    expect((await req(other.cookie, "GET", `/Claims/${other.u.id}/${other.c.customerId}/${claim.claimId}/Photos/${claim.photos[0].photoId}`)).statusCode).toBe(404);
    // Audited, and the desk is told.
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "claim.open"), sql`${auditLog.detail}->>'claimId' = ${String(claim.claimId)}`));
    expect(row).toMatchObject({ actorUserId: u.id });
    expect((await mails(t.config.staffEmail)).some((m) => m.subject === `Claim ${claim.claimId} on order ${o.orderNumber}: Damaged`)).toBe(true);
    // The buyer's list and the desk's.
    expect((await req(cookie, "GET", base)).json().map((x: { claimId: number }) => x.claimId)).toEqual([claim.claimId]);
    expect((await req(staff.cookie, "GET", "/OrderDesk/Claims")).json().some((x: { claimId: number; companyName: string }) => x.claimId === claim.claimId && x.companyName === c.companyName)).toBe(true);
  });

  it("accepts a HEIC photo from a phone (decoded by heic-decode, stored as JPEG)", async () => {
    const { open } = await shippedOrder();
    const input = heic();
    await expect(sharp(input).metadata().then((m) => sharp(input).raw().toBuffer().then(() => m.format))).rejects.toThrow(); // libvips alone cannot
    const res = await open({ photos: [{ name: "IMG_0001.HEIC", data: b64(input) }] });
    expect(res.statusCode).toBe(200);
    const [p] = await t.db.select().from(claimPhotos).where(eq(claimPhotos.claimId, res.json().claimId));
    expect((await sharp(p!.bytes).metadata()).format).toBe("jpeg");
    expect([p!.width, p!.height]).toEqual([96, 64]);
  });

  it("refuses a file that is not an image, too many photos, and photos over the size limits, writing nothing", async () => {
    const { open, o } = await shippedOrder();
    const before = (await t.db.select().from(claims).where(eq(claims.orderId, o.id))).length;
    const notImage = await open({ photos: [{ name: "a.jpg", data: b64(await png()) }, { name: "b.jpg", data: b64(Buffer.from("%PDF-1.4 not a photo at all")) }] });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().message).toBe(`Photo 2: ${CLAIM_MESSAGES.notAnImage}`);
    const six = await open({ photos: Array.from({ length: 6 }, () => ({ name: "p.png", data: "iVBORw0KGgo=" })) });
    expect(six.statusCode).toBe(400);
    expect(six.json().fields.photos).toBe(CLAIM_MESSAGES.tooManyPhotos);
    const big = b64(Buffer.alloc(8 * 1024 * 1024 + 10, 1));
    const tooBig = await open({ photos: [{ name: "big.jpg", data: big }] });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(`Photo 1: ${CLAIM_MESSAGES.photoTooLarge}`);
    // Far past the limit, the body's own schema refuses it (400) with the same words.
    const huge = await open({ photos: [{ name: "huge.jpg", data: b64(Buffer.alloc(9 * 1024 * 1024, 1)) }] });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().fields["photos.0.data"]).toBe(CLAIM_MESSAGES.photoTooLarge);
    const seven = b64(Buffer.alloc(7 * 1024 * 1024, 1));
    const together = await open({ photos: [1, 2, 3, 4].map(() => ({ name: "p.jpg", data: seven })) });
    expect(together.statusCode).toBe(413);
    expect(together.json().message).toBe(CLAIM_MESSAGES.requestTooLarge);
    expect((await t.db.select().from(claims).where(eq(claims.orderId, o.id))).length).toBe(before);
  });

  it("refuses a body over the request limit from its declared length, before reading it", async () => {
    const { base, cookie } = await shippedOrder();
    const res = await t.app.inject({ method: "POST", url: `/api${base}`, headers: { ...SAME_ORIGIN, cookie, "content-type": "application/json", "content-length": String(40 * 1024 * 1024) }, payload: "{}" });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(CLAIM_MESSAGES.requestTooLarge);
  });

  it("gives two claims at once on one line no more than the line holds", async () => {
    const { open } = await shippedOrder();
    const results = await Promise.all([open({ quantity: 7 }), open({ quantity: 7 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().fields.quantity).toBe("At most 5");
  });

  it("keeps a line's claims within its quantity: what earlier claims asked is taken off", async () => {
    const { open } = await shippedOrder();
    const over = await open({ quantity: 13 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: "At most 12 can still be claimed on this line.", fields: { quantity: "At most 12" } });
    expect((await open({ quantity: 0 })).statusCode).toBe(400);
    expect((await open({ quantity: 5 })).statusCode).toBe(200);
    expect((await open({ quantity: 8 })).json().fields.quantity).toBe("At most 7");
    expect((await open({ quantity: 7, reason: "short" })).statusCode).toBe(200);
    expect((await open({ quantity: 1 })).json().message).toBe("Everything on this line has been claimed already.");
  });

  it("refuses a claim after the window with the day it closed, and before the order shipped", async () => {
    const c = await insertCustomer(t.db, {});
    const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
    const cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
    // Wed Nov 26, 2025 + 48 h after that day's end: claims were taken until Fri Nov 28.
    const old = await insertOrder(t.db, { customerId: c.customerId, userId: u.id, status: "invoiced", shipDate: "2025-11-26" });
    const late = await req(cookie, "POST", `/Claims/${u.id}/${c.customerId}`, { orderNumber: old.orderNumber, lineId: old.lines[0]!.id, reason: "quality", quantity: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Claims for this order closed on Fri, Nov 28.");
    const w = (await req(cookie, "GET", `/Claims/${u.id}/${c.customerId}/Orders/${old.orderNumber}`)).json();
    expect(w).toMatchObject({ open: false, closesOn: "2025-11-28", message: "Claims for this order closed on Fri, Nov 28." });
    // Two days ago: still open until tonight's end (48 h after the end of that day).
    const recent = await insertOrder(t.db, { customerId: c.customerId, userId: u.id, status: "shipped", shipDate: addDays(isoDateAt(), -2) });
    const inTime = await req(cookie, "POST", `/Claims/${u.id}/${c.customerId}`, { orderNumber: recent.orderNumber, lineId: recent.lines[0]!.id, reason: "quality", quantity: 1 });
    expect(inTime.statusCode).toBe(200);
    const three = await insertOrder(t.db, { customerId: c.customerId, userId: u.id, status: "shipped", shipDate: addDays(isoDateAt(), -3) });
    const closed = await req(cookie, "POST", `/Claims/${u.id}/${c.customerId}`, { orderNumber: three.orderNumber, lineId: three.lines[0]!.id, reason: "quality", quantity: 1 });
    expect(closed.json().message).toBe(claimClosedMessage(addDays(isoDateAt(), -1)));
    expect(claimDay("2026-11-28")).toBe("Sat, Nov 28");
    const notYet = await insertOrder(t.db, { customerId: c.customerId, userId: u.id, status: "confirmed", shipDate: isoDateAt() });
    const early = await req(cookie, "POST", `/Claims/${u.id}/${c.customerId}`, { orderNumber: notYet.orderNumber, lineId: notYet.lines[0]!.id, reason: "quality", quantity: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("Claims can be opened once the order has shipped.");
  });

  it("answers 404 for another customer's order and another order's line, 403 for another customer's ids", async () => {
    const a = await shippedOrder();
    const b = await shippedOrder();
    const theirs = await req(a.cookie, "POST", a.base, { orderNumber: b.o.orderNumber, lineId: b.o.lines[0]!.id, reason: "short", quantity: 1 });
    expect(theirs.statusCode).toBe(404);
    expect((await req(a.cookie, "GET", `${a.base}/Orders/${b.o.orderNumber}`)).statusCode).toBe(404);
    const line = await a.open({ lineId: b.o.lines[0]!.id });
    expect(line.statusCode).toBe(400);
    expect(line.json().fields.lineId).toBe(`This line is not on order ${a.o.orderNumber}.`);
    expect((await req(a.cookie, "POST", `/Claims/${a.u.id}/${b.c.customerId}`, { orderNumber: b.o.orderNumber, lineId: b.o.lines[0]!.id, reason: "short", quantity: 1 })).statusCode).toBe(403);
    expect((await req(a.cookie, "GET", b.base)).statusCode).toBe(403);
    expect(await t.db.select().from(claims).where(eq(claims.orderId, b.o.id))).toEqual([]);
  });

  it("lets a Retailer claim on its own shop's orders only", async () => {
    const c = await insertCustomer(t.db, {});
    const r1 = (await insertRetailer(t.db, { customerIds: [c.customerId] })).retailerId;
    const r2 = (await insertRetailer(t.db, { customerIds: [c.customerId] })).retailerId;
    const shop = await insertUser(t.db, { roles: ["Retailer"], claims: [{ claim: "WholesalerId", value: c.customerId }, { claim: "retailerid", value: String(r1) }] });
    const cookie = await loginAs(t.app, shop.email, DEFAULT_TEST_PASSWORD);
    const mine = await insertOrder(t.db, { customerId: c.customerId, userId: shop.id, retailerId: r1, status: "shipped", shipDate: isoDateAt() });
    const theirs = await insertOrder(t.db, { customerId: c.customerId, userId: shop.id, retailerId: r2, status: "shipped", shipDate: isoDateAt() });
    const url = `/Claims/${shop.id}/${c.customerId}?retailerId=${r1}`;
    expect((await req(cookie, "POST", url, { orderNumber: mine.orderNumber, lineId: mine.lines[0]!.id, reason: "wrong_item", quantity: 1 })).statusCode).toBe(200);
    expect((await req(cookie, "POST", url, { orderNumber: theirs.orderNumber, lineId: theirs.lines[0]!.id, reason: "wrong_item", quantity: 1 })).statusCode).toBe(404);
    expect((await req(cookie, "GET", url)).json()).toHaveLength(1);
  });

  it("records who acted: staff acting for the buyer open the claim in the buyer's name, audited as themselves", async () => {
    const { u, o, base } = await shippedOrder();
    const sales = await insertUser(t.db, { roles: ["SalesPerson"] });
    const cookie = await loginAs(t.app, sales.email, DEFAULT_TEST_PASSWORD);
    expect((await req(cookie, "POST", `/Admin/${u.id}/Impersonate`)).statusCode).toBe(200);
    const res = await req(cookie, "POST", base, { orderNumber: o.orderNumber, lineId: o.lines[1]!.id, reason: "short", quantity: 2 });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(claims).where(eq(claims.id, res.json().claimId));
    expect(row).toMatchObject({ userId: u.id, openedBy: sales.id });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "claim.open"), sql`${auditLog.detail}->>'claimId' = ${String(row!.id)}`));
    expect(entry).toMatchObject({ actorUserId: sales.id, detail: expect.objectContaining({ asUserId: u.id }) });
    // Staff not acting are no buyer: they answer claims on the desk instead.
    expect((await req(staff.cookie, "POST", `/Claims/${staff.id}/${o.customerId}`, { orderNumber: o.orderNumber, lineId: o.lines[1]!.id, reason: "short", quantity: 1 })).statusCode).toBe(403);
  });
});

describe("answering a claim", () => {
  it("accepts in part: a credit note on the invoice for the accepted units at the invoiced price, the buyer mailed", async () => {
    const { open, u, invoiceNumber, cookie, base } = await shippedOrder();
    const claim = (await open({ quantity: 5, reason: "damaged" })).json();
    const over = await req(staff.cookie, "POST", `/OrderDesk/Claims/${claim.claimId}/Accept`, { quantity: 6 });
    expect(over.statusCode).toBe(400);
    const res = await req(staff.cookie, "POST", `/OrderDesk/Claims/${claim.claimId}/Accept`, { quantity: 3 });
    expect(res.statusCode).toBe(200);
    // 12 bunches invoiced as 8 by the pail at $10.15 and 4 loose at $11.95: 3 loose bunches are credited.
    const subtotal = 3 * 1195;
    const total = subtotal + taxCents(subtotal, TAX);
    expect(res.json()).toMatchObject({ status: "partly_accepted", acceptedQuantity: 3, invoiceNumber, credited: total / 100 });
    const [note] = await t.db.select().from(creditNotes).where(eq(creditNotes.creditNoteNumber, res.json().creditNoteNumber));
    expect(note).toMatchObject({ subtotalCents: subtotal, totalCents: total, reason: `Claim ${claim.claimId}: Damaged`, createdBy: staff.id });
    const inv = (await req(staff.cookie, "GET", `/Invoices/${invoiceNumber}`)).json();
    expect(inv.credited).toBe(total / 100);
    expect((await mails(u.email)).some((m) => m.kind === "claim-answer" && m.subject.includes("partly accepted"))).toBe(true);
    expect((await req(cookie, "GET", base)).json()[0]).toMatchObject({ status: "partly_accepted", creditNoteNumber: note!.creditNoteNumber });
    const again = await req(staff.cookie, "POST", `/OrderDesk/Claims/${claim.claimId}/Decline`, { reason: "Changed our mind" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Claim ${claim.claimId} was already answered: partly accepted.`);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "claim.accept_part"), sql`${auditLog.detail}->>'claimId' = ${String(claim.claimId)}`));
    expect(entry).toMatchObject({ actorUserId: staff.id, detail: expect.objectContaining({ creditNoteNumber: note!.creditNoteNumber, quantity: 3 }) });
  });

  it("accepts fully across the pail and loose lines of a line", async () => {
    const { open } = await shippedOrder();
    const claim = (await open({ quantity: 12 })).json();
    const res = await req(staff.cookie, "POST", `/OrderDesk/Claims/${claim.claimId}/Accept`);
    expect(res.statusCode).toBe(200);
    const subtotal = 8 * 1015 + 4 * 1195;
    expect(res.json()).toMatchObject({ status: "accepted", acceptedQuantity: 12, credited: (subtotal + taxCents(subtotal, TAX)) / 100 });
  });

  it("declines with a reason: the buyer is mailed it and sees it; no credit note", async () => {
    const { open, u, cookie, base, invoiceNumber } = await shippedOrder();
    const claim = (await open({ quantity: 2, reason: "quality" })).json();
    expect((await req(staff.cookie, "POST", `/OrderDesk/Claims/${claim.claimId}/Decline`, { reason: "" })).statusCode).toBe(400);
    const res = await req(staff.cookie, "POST", `/OrderDesk/Claims/${claim.claimId}/Decline`, { reason: "The photos show flowers as graded" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "declined", declineReason: "The photos show flowers as graded", creditNoteNumber: null });
    const m = (await mails(u.email)).find((x) => x.kind === "claim-answer");
    expect(m).toMatchObject({ subject: `Your claim ${claim.claimId} on order ${claim.orderNumber} is declined` });
    expect(m!.text).toContain("The photos show flowers as graded");
    expect((await req(cookie, "GET", base)).json()[0]).toMatchObject({ status: "declined" });
    expect((await req(staff.cookie, "GET", `/Invoices/${invoiceNumber}`)).json().credited).toBe(0);
    expect((await t.db.select().from(auditLog).where(and(eq(auditLog.action, "claim.decline"), sql`${auditLog.detail}->>'claimId' = ${String(claim.claimId)}`))).length).toBe(1);
    // Open claims on the desk no longer list it; answered ones do.
    expect((await req(staff.cookie, "GET", "/OrderDesk/Claims")).json().some((x: { claimId: number }) => x.claimId === claim.claimId)).toBe(false);
    expect((await req(staff.cookie, "GET", "/OrderDesk/Claims?status=answered")).json().some((x: { claimId: number }) => x.claimId === claim.claimId)).toBe(true);
  });
});
