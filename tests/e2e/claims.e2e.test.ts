// Claims in the browser (issue 29 §1): a buyer on a phone-sized screen reports damaged flowers on a
// line of an order that shipped, with two photos; staff accept part of it on the desk; the credit
// note shows on the buyer's invoice. A claim on an order past the window is refused with the day it
// closed. The new screens are axe-clean at 360 and 1280 px, each loaded in full after sign-in.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { claimClosedMessage, claimWindow } from "../../domain/claims.ts";
import { isoDateAt, addDays } from "../../domain/dates.ts";
import { apiAs, expectNoAxeViolations, hydrated, newPage, placeOrderAs, saveShot, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser({ timeout: 120_000 });

const PHONE = { width: 360, height: 800 };

async function open(page: Page, path: string) {
  await page.goto(`${site.server.baseUrl}${path}`);
  await hydrated(page);
}

async function signedIn(email: string, landing: RegExp) {
  const page = await newPage(site.browser);
  await page.setViewportSize(PHONE);
  await signIn(page, site.server.baseUrl, email);
  await page.waitForURL(landing);
  return page;
}

describe("claims", () => {
  let orderNumber: number;
  let invoiceNumber: number;
  let description: string;
  let userId: string;
  let customerId: string;
  let claimId: number;

  it("the buyer's order is placed, confirmed, packed and shipped", async () => {
    const placed = await placeOrderAs(site.server.baseUrl, "buyer@demo.test", 6, (p) => p.showStore && !p.isFinalProduct && p.quantityRemaining >= 50);
    ({ userId, customerId, orderNumber } = placed);
    description = placed.product.description;
    const staff = await apiAs(site.server.baseUrl, "sales@demo.test");
    await staff.call("POST", `/api/OrderDesk/Orders/${orderNumber}/Confirm`, {});
    await staff.call("POST", `/api/OrderDesk/Orders/${orderNumber}/Pack`, {});
    invoiceNumber = (await staff.call("POST", `/api/OrderDesk/Orders/${orderNumber}/Ship`, { reason: "Collected early by the customer." })).invoiceNumber;
    expect(invoiceNumber).toBeGreaterThan(0);
  });

  it("a buyer on a phone reports damaged flowers with two photos from the order's page", async () => {
    const page = await signedIn("buyer@demo.test", /\/Dashboard$/);
    await open(page, `/Orders/${orderNumber}`);
    await page.getByRole("link", { name: "Report a problem" }).click();
    await page.waitForURL(new RegExp(`/Claims\\?order=${orderNumber}$`));
    const form = page.getByRole("form", { name: `Report a problem with order ${orderNumber}` });
    await form.waitFor();
    // Loaded in full, not only reached from the order.
    await open(page, `/Claims?order=${orderNumber}`);
    await form.waitFor();
    await expectNoAxeViolations(page, "claims with the new-claim form");
    await page.setViewportSize(PHONE);

    const input = page.getByLabel(/^Photos/);
    expect(await input.getAttribute("accept")).toBe("image/*");
    expect(await input.getAttribute("multiple")).not.toBeNull();
    expect(await input.getAttribute("capture")).not.toBeNull();
    const jpeg = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#a33a4a" } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "40/1 26/1 46/1", GPSLongitudeRef: "W", GPSLongitude: "79/1 58/1 56/1" } })
      .toBuffer();
    const png = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#2f6f4f" } }).png().toBuffer();

    await page.getByLabel("Line").selectOption({ label: `${description} — 6 of 6 can be claimed` });
    await page.getByLabel(/^What went wrong/).selectOption("damaged");
    await page.getByLabel(/^Quantity/).fill("4");
    await page.getByLabel("Note").fill("Four bunches crushed in the box.");
    await input.setInputFiles([
      { name: "IMG_0412.jpg", mimeType: "image/jpeg", buffer: jpeg },
      { name: "IMG_0413.png", mimeType: "image/png", buffer: png },
    ]);
    await expect.poll(() => page.getByText("2 photos chosen: IMG_0412.jpg, IMG_0413.png").isVisible()).toBe(true);
    await saveShot(page, "claims-form-360", { fullPage: true });
    await page.getByRole("button", { name: "Send claim" }).click();

    const photos = page.getByRole("list", { name: /^Photos of claim \d+$/ });
    await expect.poll(() => photos.first().isVisible(), { timeout: 30_000 }).toBe(true);
    claimId = Number((await photos.first().getAttribute("aria-label"))!.replace(/\D/g, ""));
    expect(await photos.first().getByRole("img").count()).toBe(2);
    // The photos load (served from the database, resized).
    await expect.poll(() => photos.first().getByRole("img").first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(1600);
    await expect.poll(() => page.getByText("Waiting for our answer", { exact: false }).first().isVisible()).toBe(true);
    await expectNoAxeViolations(page, "claims with an open claim");
    await page.setViewportSize(PHONE);
    await saveShot(page, "claims-list-360", { fullPage: true });
    await page.context().close();
  });

  it("staff accept 3 of the 4 on the desk; the credit note shows on the buyer's invoice", async () => {
    const staff = await signedIn("admin@demo.test", /\/Administration(\/Orders)?$/);
    await open(staff, "/OrderDesk/Claims");
    const card = staff.getByRole("listitem").filter({ has: staff.getByRole("heading", { name: new RegExp(`^Claim ${claimId} · `) }) });
    await card.waitFor();
    await expect.poll(() => card.getByRole("img").count()).toBe(2);
    await expectNoAxeViolations(staff, "desk claims");
    await saveShot(staff, "desk-claims-1280", { fullPage: true });
    await staff.setViewportSize(PHONE);
    await saveShot(staff, "desk-claims-360", { fullPage: true });
    await card.getByLabel("Units to credit").fill("3");
    await card.getByRole("button", { name: `Accept claim ${claimId}` }).click();
    const dialog = staff.getByRole("dialog", { name: `Accept 3 of 4 on claim ${claimId}?` });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Accept in part" }).click();
    await dialog.waitFor({ state: "hidden", timeout: 15_000 });
    await open(staff, "/OrderDesk/Claims?status=answered");
    const answered = staff.getByRole("listitem").filter({ has: staff.getByRole("heading", { name: new RegExp(`^Claim ${claimId} · `) }) });
    await expect.poll(() => answered.getByText(/^Partly accepted: 3 units of 4 credited for \$[\d.,]+ on credit note \d+\.$/).isVisible(), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(staff, "desk claims, answered");
    await staff.context().close();

    const buyer = await signedIn("buyer@demo.test", /\/Dashboard$/);
    await open(buyer, "/Claims");
    const mine = buyer.getByRole("listitem").filter({ has: buyer.getByRole("heading", { name: new RegExp(`^Claim ${claimId} · `) }) });
    await mine.waitFor();
    const text = (await mine.getByText(/^Partly accepted: /).textContent())!;
    const creditNote = Number(/credit note (\d+)\.$/.exec(text)![1]);
    await mine.getByRole("link", { name: `Invoice ${invoiceNumber} with credit note ${creditNote}` }).click();
    await buyer.waitForURL(new RegExp(`/Invoices/details\\?number=${invoiceNumber}$`));
    await expect.poll(() => buyer.getByText(`Credit note ${creditNote}`, { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => buyer.getByText(`Claim ${claimId}: Damaged`, { exact: false }).first().isVisible()).toBe(true);
    // The order shows the claim's state.
    await open(buyer, `/Orders/${orderNumber}`);
    await expect.poll(() => buyer.getByRole("region", { name: "Claims" }).getByText("Partly accepted", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await buyer.context().close();
  });

  it("refuses a claim on an order past the window with the day it closed", async () => {
    const api = await apiAs(site.server.baseUrl, "buyer@demo.test");
    const orders: { orderNumber: number; shipDate: string; status: string }[] = await api.call("GET", `/api/Orders/${userId}/${customerId}`);
    const old = orders.find((o) => o.status === "invoiced" && o.shipDate <= addDays(isoDateAt(), -4));
    expect(old, "a demo order shipped days ago").toBeDefined();
    const page = await signedIn("buyer@demo.test", /\/Dashboard$/);
    await open(page, `/Claims?order=${old!.orderNumber}`);
    const expected = claimClosedMessage(claimWindow(old!.shipDate, 48 * 3_600_000, new Date()).lastDay);
    expect(expected).toMatch(/^Claims for this order closed on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}\.$/);
    await expect.poll(() => page.getByRole("alert").filter({ hasText: expected }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(page, "claims, window closed");
    await page.setViewportSize(PHONE);
    await saveShot(page, "claims-closed-360", { fullPage: true });
    // The API refuses it the same way.
    const lines = (await api.call("GET", `/api/Orders/${userId}/${customerId}/${old!.orderNumber}`)).lines;
    await expect(api.call("POST", `/api/Claims/${userId}/${customerId}`, { orderNumber: old!.orderNumber, lineId: lines[0].lineId, reason: "quality", quantity: 1 })).rejects.toThrow(expected);
    await page.context().close();
  });
});
