// Prices and promotions in the browser (issue 25 item 4): staff, from the keyboard on
// /Supply/Promotions, withdraw a buyer's blitz voucher, make a new one for that buyer and put a line of
// the buyer's current catalog on special; the buyer signs in and the dashboard (loaded in full) shows
// the new voucher and the special. The screen is axe-clean at 360 and 1280 px, loaded in full.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { apiAs, expectNoAxeViolations, hydrated, newPage, saveShot, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser();

async function open(page: Page, path: string) {
  await page.goto(`${site.server.baseUrl}${path}`);
  await hydrated(page);
}

/**
 * Chooses an option of a closed <select> the way a keyboard user does: focus it (Tab order) and type
 * the beginning of the option's text (the browser's type-to-select). Checks the choice took.
 */
async function typeToSelect(select: Locator, value: string) {
  const text = (await select.locator(`option[value="${value}"]`).innerText()).trim();
  await select.focus();
  // Type-to-select works on plain characters: type up to the first other one, then arrow down if
  // another option starts the same way.
  await select.page().keyboard.type(text.slice(0, text.search(/[^ -~]|$/)));
  const [at, target] = await select.evaluate((el, v) => {
    const s = el as HTMLSelectElement;
    return [s.selectedIndex, [...s.options].findIndex((o) => o.value === v)];
  }, value);
  for (let i = at; i < target; i++) await select.page().keyboard.press("ArrowDown");
  for (let i = at; i > target; i--) await select.page().keyboard.press("ArrowUp");
  await expect.poll(() => select.inputValue()).toBe(value);
}

/** Replaces a text field's content from the keyboard. */
async function retype(page: Page, field: Locator, text: string) {
  await field.focus();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

describe("prices and promotions", () => {
  it("staff make a blitz voucher and a special from the keyboard; the buyer's dashboard shows both after sign-in", async () => {
    const buyerApi = await apiAs(site.server.baseUrl, "buyer@demo.test");
    const userId: string = buyerApi.user.id;
    const customerId: string = (buyerApi.user.currentCustomer ?? buyerApi.user.customers[0]).customerID;
    const seeded = await buyerApi.call("GET", `/api/Store/GetBlitzVoucher/${userId}`);
    // The buyer's current catalog (its next ship date), from its dashboard's specials.
    const before: { productId: string; offerOrderNumber: number }[] = await buyerApi.call("GET", `/api/Dashboard/Specials/${userId}/${customerId}/0`);
    expect(before.length, "the demo buyer has specials today").toBeGreaterThan(0);
    const orderId = before[0]!.offerOrderNumber;
    const staffApi = await apiAs(site.server.baseUrl, "sales@demo.test");
    const catalog = (await staffApi.call("GET", "/api/Supply/Catalogs")).catalogs.find((c: { orderId: number }) => c.orderId === orderId);
    type Line = { lineId: number; productId: string; description: string; category: string; special: boolean; showStore: boolean; productActive: boolean; price: number; priceNoPail: number; tier1Quantity: number; tier1Price: number; tier1PriceNoPail: number };
    const lines: Line[] = (await staffApi.call("GET", `/api/Supply/Catalogs/${catalog.catalogId}/Lines`)).lines;
    // The first line the store lists (category, description) that is not on special: it is among the 12 the dashboard shows.
    const line = lines
      .filter((l) => !l.special && l.showStore && l.productActive)
      .sort((x, y) => (x.category < y.category ? -1 : x.category > y.category ? 1 : x.description < y.description ? -1 : x.description > y.description ? 1 : x.productId < y.productId ? -1 : 1))[0]!;
    // Below the standard prices, and not below a tier (a tier may not cost more than the special).
    const cents = (d: number) => Math.round(d * 100);
    const specialPail = (line.tier1Quantity > 0 ? Math.max(cents(line.tier1Price), cents(line.price) - 100) : cents(line.price) - 100) / 100;
    const specialLoose = (line.tier1Quantity > 0 ? Math.max(cents(line.tier1PriceNoPail), cents(line.priceNoPail) - 100) : cents(line.priceNoPail) - 100) / 100;
    expect(specialPail).toBeLessThan(line.price);

    // Staff: sign in, load the screen in full.
    const staff = await newPage(site.browser);
    await signIn(staff, site.server.baseUrl, "sales@demo.test");
    await staff.waitForURL((u) => !u.pathname.startsWith("/login"));
    await open(staff, "/Supply/Promotions");
    await staff.getByRole("heading", { name: "Prices and promotions", level: 1 }).waitFor();
    await staff.getByRole("table", { name: "All blitz vouchers" }).waitFor();
    await expectNoAxeViolations(staff, "/Supply/Promotions");

    // Withdraw the buyer's seeded voucher (so the dashboard shows the new one): Enter on the row's button, Enter on the dialog's.
    if (seeded) {
      await staff.getByRole("button", { name: `Withdraw ${seeded.code}` }).focus();
      await staff.keyboard.press("Enter");
      const dialog = staff.getByRole("dialog", { name: `Withdraw ${seeded.code}?` });
      await dialog.waitFor();
      await expectNoAxeViolations(staff, "/Supply/Promotions, withdraw dialog");
      await dialog.getByRole("button", { name: "Withdraw" }).focus();
      await staff.keyboard.press("Enter");
      await dialog.waitFor({ state: "hidden" });
      await staff.getByRole("row").filter({ hasText: seeded.code }).getByText("Withdrawn").waitFor();
    }

    // A new voucher for the buyer: 15% off, valid for three days (the form's default).
    await typeToSelect(staff.locator("#voucher-customer"), customerId);
    // The user list opens once a customer is chosen (React's next render): Tab then reaches it.
    await expect.poll(() => staff.locator("#voucher-user").isEnabled()).toBe(true);
    await staff.keyboard.press("Tab");
    await expect.poll(() => staff.evaluate(() => document.activeElement?.id)).toBe("voucher-user");
    await typeToSelect(staff.locator("#voucher-user"), userId);
    await retype(staff, staff.locator("#voucher-description"), "Blitz! 15% off your order this week");
    await retype(staff, staff.locator("#voucher-value"), "15");
    await staff.keyboard.press("Enter");
    const made = staff.getByRole("status").filter({ hasText: /Voucher BLITZ-\w+ was made/ }).or(staff.getByText(/Voucher BLITZ-\w+ was made/));
    await made.first().waitFor();
    const vouchers: { code: string; userId: string; percentOff: number; status: string }[] = (await staffApi.call("GET", "/api/Supply/Promotions/Vouchers")).vouchers;
    const voucher = vouchers.find((v) => v.userId === userId && v.percentOff === 15 && v.status === "running")!;
    expect(voucher).toBeTruthy();
    await staff.getByRole("row").filter({ hasText: voucher.code }).waitFor();

    // A special on the chosen line, from the keyboard: catalog, line, both prices, Enter.
    await typeToSelect(staff.locator("#special-catalog"), String(catalog.catalogId));
    await expect.poll(() => staff.locator(`#special-line option[value="${line.lineId}"]`).count()).toBe(1);
    await staff.keyboard.press("Tab");
    await expect.poll(() => staff.evaluate(() => document.activeElement?.id)).toBe("special-line");
    await typeToSelect(staff.locator("#special-line"), String(line.lineId));
    await staff.keyboard.press("Tab");
    await staff.keyboard.type(specialPail.toFixed(2));
    await staff.keyboard.press("Tab");
    await staff.keyboard.type(specialLoose.toFixed(2));
    await staff.keyboard.press("Enter");
    const row = staff.getByRole("table", { name: "Lines on special" }).getByRole("row").filter({ hasText: line.productId }).filter({ hasText: catalog.title });
    await row.waitFor();
    expect(await row.innerText()).toContain(`$${specialPail.toFixed(2)}`);
    // What the customer's dashboard shows, on this screen.
    await typeToSelect(staff.locator("#preview-customer"), customerId);
    await staff.getByRole("heading", { name: /^Specials \(\d+\)$/ }).waitFor();
    await expect.poll(() => staff.locator("#preview").innerText()).toContain(line.description);
    await expectNoAxeViolations(staff, "/Supply/Promotions with data");
    for (const width of [360, 1280]) {
      await staff.setViewportSize({ width, height: 900 });
      await saveShot(staff, `promotions-${width}`, { fullPage: true });
    }

    // The buyer signs in; its dashboard, loaded in full, shows the voucher and the special.
    const buyer = await newPage(site.browser);
    await signIn(buyer, site.server.baseUrl, "buyer@demo.test");
    await buyer.waitForURL(/\/Dashboard$/);
    await open(buyer, "/Dashboard");
    const blitz = buyer.getByRole("region", { name: "15% off" });
    await blitz.waitFor();
    expect(await blitz.innerText()).toContain(voucher.code);
    expect(await blitz.innerText()).toContain("Blitz! 15% off your order this week");
    const shownByApi: { productId: string }[] = await buyerApi.call("GET", `/api/Dashboard/Specials/${userId}/${customerId}/0`);
    expect(shownByApi.findIndex((p) => p.productId === line.productId), "among the 12 specials the dashboard shows").toBeLessThan(12);
    expect(shownByApi.findIndex((p) => p.productId === line.productId)).toBeGreaterThanOrEqual(0);
    const specials = buyer.getByRole("region", { name: "Specials this week" });
    await specials.getByRole("link", { name: line.description }).waitFor();
    // Shown at its special price with the standard one struck through ("was $…").
    const item = specials.getByRole("listitem").filter({ has: buyer.getByRole("link", { name: line.description }) });
    expect(await item.innerText()).toMatch(/\$[\d.]+[\s\S]*was[\s\S]*\$[\d.]+/);
    await saveShot(buyer, "promotions-buyer-dashboard", { fullPage: true });

    await staff.context().close();
    await buyer.context().close();
  }, 300_000);
});
