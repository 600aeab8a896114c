// Issue 13 as a buyer meets it: the dashboard's blitz voucher lowers the order total on the server,
// and a standing order created on its screen becomes the buyer's cart when its job runs (run through
// the administrator's /api/Jobs/RunDue, the same code the job runner polls). Keyboard only; axe-core at
// 360 and 1280 px on both screens. The server runs standing orders a week ahead of the cut-off here
// (STANDING_ORDER_LEAD_HOURS=168), so the next date's run is due at once, and polls only once a day,
// so nothing runs before the test asks. First, issue 29 §3's checkout basics (PO number, delivery
// notes, box fill, the voucher's saving, the question before a huge quantity) at 360 and 1280 px.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { apiAs, buyerCatalog, expectNoAxeViolations, hydrated, newPage, saveShot, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser({ env: { STANDING_ORDER_LEAD_HOURS: "168", JOBS_POLL_SECONDS: "86400" }, timeout: 240_000 });

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");

/** The demo buyer of one customer (Greenstreet), its next open date and a product with stock. */
async function buyerSetup() {
  const { buyer, userId, customerId, base, profile, shipDate, products } = await buyerCatalog(site.server.baseUrl, "buyer@demo.test");
  const p = products.filter((x) => x.showStore && !x.isFinalProduct && x.quantityRemaining >= 20);
  expect(p.length).toBeGreaterThan(1);
  return { buyer, userId, customerId, base, profile, shipDate, products: p };
}

/** Axe at 360 and 1280 px, with a screenshot at each width (E2E_SHOTS) to look at. */
async function bothWidths(page: Page, name: string, fullPage = true) {
  await expectNoAxeViolations(page, name);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await saveShot(page, `${name}-${width}`, { fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("the checkout basics at 360 and 1280 px", () => {
  it("PO number, delivery notes, box fill with its hint and the voucher's saving on the checkout, then the huge-quantity question", { timeout: 120_000 }, async () => {
    const { buyer, base, shipDate, products } = await buyerSetup();
    const voucher = await buyer.call("GET", `/api/Store/GetBlitzVoucher/${buyer.user.id}`);
    expect(voucher.code).toMatch(/^BLITZ-/);
    // Three bunches: a box part filled, so the hint to fill it shows.
    await buyer.call("POST", `/api/Store/Cart/Save/${base}`, { shipDate, items: [{ productId: products[0]!.productId, quantity: 3 }] });

    const page = await newPage(site.browser);
    await signIn(page, site.server.baseUrl, "buyer@demo.test");
    await page.waitForURL(/Dashboard/i);
    await page.goto(`${site.server.baseUrl}/store/checkout`);
    await hydrated(page);
    const boxed = page.getByRole("switch", { name: "Pack in boxes" });
    await boxed.waitFor();
    const wasBoxed = await boxed.isChecked();
    if (!wasBoxed) await boxed.click();
    await expect.poll(() => boxed.isChecked(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText(/^Box fill: /).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel("PO number (optional)").fill("PO-2026-11-0042 / Greenstreet Market Hall receiving");
    await page.getByLabel("Delivery notes (optional)").fill("Back entrance on 5th Street, ring twice; leave with the night manager if the dock is closed.");
    await page.getByLabel("Voucher code").fill(voucher.code);
    await expect.poll(() => page.getByText(new RegExp(`^Voucher ${voucher.code} saves \\$`)).isVisible(), { timeout: 15_000 }).toBe(true);
    await bothWidths(page, "checkout-basics");
    // Nothing placed: the voucher and the packing go back as they were for the tests below.
    await page.getByLabel("Voucher code").fill("");
    if (!wasBoxed) {
      await boxed.click();
      await expect.poll(() => boxed.isChecked(), { timeout: 15_000 }).toBe(false);
    }

    // The store, with an empty cart on the same date: 99,999 bunches of a product asks once, with the amount in money.
    await buyer.call("POST", `/api/Store/Cart/Save/${base}`, { shipDate, items: [] });
    await page.goto(`${site.server.baseUrl}/store`);
    await hydrated(page);
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("textbox", { name: /^Bunches of / }) })
      .filter({ has: page.getByText(/^\d[\d,]* available$/) })
      .first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole("textbox", { name: /^Bunches of / }).fill("99999");
    await row.getByRole("button", { name: /^Add .* to cart$/ }).click();
    const question = page.getByRole("alertdialog", { name: /Request more than is available\?/ });
    await question.getByText(/Request 99,999 bunches \(\$[\d,]+\.\d\d\)\?$/).waitFor();
    // The store's list is long: the screen as the buyer sees it around the dialog.
    await bothWidths(page, "huge-quantity-question", false);
    await question.getByRole("button", { name: "No" }).click();
    await question.waitFor({ state: "hidden" });
    await buyer.call("POST", `/api/Store/Cart/Save/${base}`, { items: [] });
    await page.context().close();
  });
});

describe("orders that cost less and repeat", () => {
  it("the blitz voucher lowers the order total on the server", async () => {
    const { buyer, base, shipDate, products } = await buyerSetup();
    const voucher = await buyer.call("GET", `/api/Store/GetBlitzVoucher/${buyer.user.id}`);
    expect(voucher.code).toMatch(/^BLITZ-/);
    const saved = await buyer.call("POST", `/api/Store/Cart/Save/${base}`, { shipDate, items: [{ productId: products[0]!.productId, quantity: 5 }] });
    const subtotalCents = Math.round(saved.subtotal * 100);

    const page = await newPage(site.browser);
    await signIn(page, site.server.baseUrl, "buyer@demo.test");
    await page.waitForURL(/Dashboard/i);
    await page.goto(`${site.server.baseUrl}/store/checkout`);
    await hydrated(page);
    const field = page.getByLabel("Voucher code");
    await field.waitFor();

    // A wrong code: refused at the field, nothing placed.
    await field.focus();
    await page.keyboard.type("NOPE-0000");
    await page.keyboard.press("Tab"); // the "Use your blitz voucher" suggestion
    await page.keyboard.press("Tab");
    expect(await focusedId(page)).toBe("place-order");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("This voucher code is not valid.").isVisible(), { timeout: 15_000 }).toBe(true);
    // The message can show first from the quote of the code as typed: PlaceOrder's refusal then moves
    // focus to the field.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name), { timeout: 15_000 }).toBe("voucherCode");
    await expectNoAxeViolations(page, "checkout with a refused voucher");

    // The suggestion fills the dashboard's code; then the order is placed with it.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect(await field.inputValue()).toBe(voucher.code);
    // The saving shows before the order is placed, by the rule the server applies (10 % here).
    const expectedSaving = Math.floor((subtotalCents * 10 + 50) / 100);
    const savingLine = page.getByText(`Voucher ${voucher.code} saves $${(expectedSaving / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`, { exact: true });
    await expect.poll(() => savingLine.isVisible(), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(page, "checkout with the voucher's saving shown");
    await field.focus();
    await page.keyboard.press("Tab");
    expect(await focusedId(page)).toBe("place-order");
    await page.keyboard.press("Enter");
    const heading = page.getByRole("heading", { name: /^Order \d+ is placed$/ });
    await expect.poll(() => heading.isVisible(), { timeout: 20_000 }).toBe(true);
    const orderNumber = Number((await heading.textContent())!.replace(/\D/g, ""));
    expect(await page.getByText(`voucher ${voucher.code} saves`).isVisible()).toBe(true);
    await expectNoAxeViolations(page, "order confirmation with a voucher");

    // On the server: 10 % off the merchandise, rounded to the cent.
    const order = await buyer.call("GET", `/api/Orders/${base}/${orderNumber}`);
    const discountCents = Math.floor((subtotalCents * 10 + 50) / 100);
    expect(Math.round(order.subtotal * 100)).toBe(subtotalCents);
    expect(order.voucherCode).toBe(voucher.code);
    expect(Math.round(order.discount * 100)).toBe(discountCents);
    expect(Math.round(order.total * 100)).toBe(subtotalCents - discountCents);
    // Used once, it is gone from the dashboard and refused a second time.
    expect(await buyer.call("GET", `/api/Store/GetBlitzVoucher/${buyer.user.id}`)).toBeNull();
    await page.context().close();
  });

  it("a standing order created on its screen becomes the buyer's cart when its job runs", async () => {
    const { buyer, base, profile, shipDate, products } = await buyerSetup();
    await buyer.call("POST", `/api/Store/Cart/Save/${base}`, { items: [] });
    const product = products[1]!;
    const weekday = new Date(`${shipDate}T12:00:00Z`).getUTCDay() + 1;
    const weekdays = [...new Set<number>(profile.shipTimes.map((s: { weekday: number }) => s.weekday))].sort((a, b) => a - b);

    const page = await newPage(site.browser);
    await signIn(page, site.server.baseUrl, "buyer@demo.test");
    await page.waitForURL(/Dashboard/i);
    await page.goto(`${site.server.baseUrl}/store/StandingOrders`);
    await hydrated(page);
    await page.getByText("No standing orders yet").waitFor();
    await expectNoAxeViolations(page, "standing orders, none yet");

    await page.getByRole("button", { name: "New standing order" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.closest("form") !== null)).toBe(true);
    await page.keyboard.type("Weekly market flowers");
    await page.keyboard.press("Tab"); // ship day
    for (let i = 0; i <= weekdays.indexOf(weekday); i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab"); // "Fill my cart" (checked)
    await page.keyboard.press("Tab"); // product code of line 1
    await page.keyboard.type(product.productId);
    await page.keyboard.press("Tab");
    await page.keyboard.type("3");
    await expectNoAxeViolations(page, "standing order form");
    await page.keyboard.press("Enter"); // submits the form
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Weekly market flowers" }) });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await card.getByText(/^Next: fills your cart on /).isVisible()).toBe(true);
    await expectNoAxeViolations(page, "standing orders list");

    // The job runs (the administrator's hook, as the runner would at the scheduled time).
    const admin = await apiAs(site.server.baseUrl, "admin@demo.test");
    const run = await admin.call("POST", "/api/Jobs/RunDue");
    expect(run.done).toBeGreaterThanOrEqual(1);
    expect(run.failed).toBe(0);

    const cart = await buyer.call("GET", `/api/Store/Cart/${base}`);
    expect(cart.shipDate).toBe(shipDate);
    expect(cart.items.map((i: { productId: string; quantity: number; quantityConfirmed: number }) => [i.productId, i.quantity, i.quantityConfirmed])).toEqual([
      [product.productId, 3, 3],
    ]);
    expect(cart.holdTime).not.toBeNull();

    await page.reload();
    await hydrated(page);
    await expect.poll(() => card.getByText(/Last run .*: cart saved, 1 lines/).isVisible(), { timeout: 15_000 }).toBe(true);

    // Pause from the keyboard.
    await card.getByRole("button", { name: "Pause Weekly market flowers" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => card.getByText("Paused", { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.context().close();
  });
});
