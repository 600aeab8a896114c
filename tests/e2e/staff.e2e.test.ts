// The staff desk end to end: a SalesPerson acts for buyer@demo.test (keyboard only), places an order
// as that buyer, stops, and finds the order in the audit log with its salesUserId; a wholesaler acts
// for its retailer from the avatar menu; an administrator creates a retailer, imports a CSV file
// with errors, fixes it and imports it. axe-core runs on every screen at 360 and 1280 px.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectNoAxeViolations, hydrated, newPage, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser();

async function visit(page: Page, path: string) {
  await page.goto(site.server.baseUrl + path);
  await hydrated(page);
}

/** The accessible name of the focused element, as a screen reader would read it. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return (el?.getAttribute("aria-label") ?? el?.labels?.[0]?.textContent ?? el?.textContent ?? "").trim();
  });

/** Presses Tab until the focused element's name matches (keyboard only: no clicks). */
async function tabTo(page: Page, target: RegExp, most = 80) {
  for (let i = 0; i < most && !target.test(await focusedName(page)); i++) await page.keyboard.press("Tab");
  expect(await focusedName(page)).toMatch(target);
}

async function signedIn(page: Page, email: string) {
  await signIn(page, site.server.baseUrl, email);
  // Staff land on the order desk, a wholesaler on its dashboard.
  await page.waitForURL(/\/(Dashboard|Administration\/Orders)$/);
  await hydrated(page);
}

const banner = (page: Page) => page.getByRole("region", { name: "Acting for another user" });

describe("staff desk", () => {
  it("a SalesPerson acts for buyer@demo.test by keyboard, places an order, stops, and finds it in the audit log", async () => {
    const page = await newPage(site.browser);
    await signedIn(page, "sales@demo.test");
    await visit(page, "/Administration/Users");
    await page.getByRole("table").waitFor();
    await expectNoAxeViolations(page, "/Administration/Users");

    // Keyboard only: type into the search, tab to the buyer's 'Act as', press Enter.
    await page.getByRole("searchbox", { name: "Search name or e-mail" }).focus();
    await page.keyboard.type("buyer@demo");
    await expect.poll(() => page.getByRole("row").count(), { timeout: 15_000 }).toBe(2);
    await tabTo(page, /^Act as Priya Patel$/);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/Dashboard$/);
    await hydrated(page);
    await expect.poll(() => banner(page).innerText()).toMatch(/sales@demo\.test is acting as Priya Patel \(buyer@demo\.test\)/);
    await expectNoAxeViolations(page, "/Dashboard while acting");

    // Place an order as the buyer.
    await visit(page, "/store");
    const firstDate = page.getByRole("group", { name: "Ship date" }).getByRole("button").first();
    await firstDate.click();
    await expect.poll(() => firstDate.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("true");
    const row = page.getByRole("row").filter({ has: page.getByRole("textbox", { name: /^Bunches of / }) }).first();
    await row.waitFor();
    const name = (await row.getByRole("button").first().innerText()).trim();
    await row.getByRole("textbox", { name: /^Bunches of / }).fill("2");
    await row.getByRole("button", { name: /^(Add .* to cart|Update .* in cart)$/ }).click();
    await page.getByRole("region", { name: "Your cart" }).getByText(name, { exact: true }).waitFor();
    await page.getByRole("region", { name: "Your cart" }).getByRole("link", { name: "Review and check out" }).click();
    await page.waitForURL(/\/store\/checkout$/);
    await page.getByRole("button", { name: "Place order" }).click();
    const placed = page.getByRole("heading", { name: /^Order \d+ is placed$/ });
    await placed.waitFor({ timeout: 20_000 });
    const orderNumber = Number((await placed.innerText()).match(/\d+/)![0]);

    // Stop, by keyboard, from the banner.
    await page.locator("body").focus();
    await tabTo(page, /^Stop$/, 10);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/Dashboard$/);
    await hydrated(page);
    expect(await banner(page).count()).toBe(0);
    await page.getByLabel(/account menu for Morgan Reyes/).waitFor();

    // The audit log shows the start, the order with its salesUserId, and the stop.
    await visit(page, "/Administration/AuditLog");
    await page.getByRole("combobox", { name: "Action" }).selectOption("acting.orders");
    // In words (issue 26), with the technical detail one click away.
    const orderRow = page.getByRole("row").filter({ hasText: new RegExp(`Morgan Reyes, acting for .+, placed order ${orderNumber}(?!\\d)`) });
    await orderRow.waitFor({ timeout: 15_000 });
    await orderRow.getByText("Technical detail").click();
    expect(await orderRow.innerText()).toMatch(/"sales_user_id": "demo-sales"/);
    expect(await orderRow.innerText()).toMatch(/sales@demo\.test/);
    expect(await orderRow.innerText()).toMatch(/buyer@demo\.test/);
    await page.getByRole("combobox", { name: "Action" }).selectOption("impersonation");
    await page.getByRole("row").filter({ hasText: "Morgan Reyes stopped acting as" }).first().waitFor();
    await page.getByRole("row").filter({ hasText: "Morgan Reyes started acting as" }).first().waitFor();
    await expectNoAxeViolations(page, "/Administration/AuditLog");
    await page.context().close();
  }, 180_000);

  it("a wholesaler acts for its retailer from the avatar menu, and stops", async () => {
    const page = await newPage(site.browser);
    await signedIn(page, "wholesaler@demo.test");
    const dialog = page.getByRole("dialog", { name: "Which customer are you ordering for?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: /Bloomfield/ }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByLabel(/account menu for Dana Whitfield/).click();
    const actFor = page.getByRole("button", { name: /Lily & Fern Florist/ });
    await actFor.waitFor();
    await expectNoAxeViolations(page, "the avatar menu of a wholesaler");
    await actFor.click();
    await page.waitForURL(/\/Dashboard$/);
    await hydrated(page);
    await expect.poll(() => banner(page).innerText()).toMatch(/wholesaler@demo\.test is acting as Rosa Martinez \(retailer@demo\.test\)/);
    await page.getByRole("banner").getByRole("button", { name: /^Customer: Bloomfield/ }).waitFor();
    await banner(page).getByRole("button", { name: "Stop" }).click();
    await page.waitForURL(/\/Dashboard$/);
    await hydrated(page);
    await page.getByLabel(/account menu for Dana Whitfield/).waitFor();
    expect(await banner(page).count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it("an administrator creates a retailer, imports a CSV with errors, fixes it and imports it", async () => {
    const page = await newPage(site.browser);
    await signedIn(page, "admin@demo.test");
    await visit(page, "/Administration");
    await expectNoAxeViolations(page, "/Administration");

    // A new retailer.
    await visit(page, "/Administration/Retailers/New");
    await expectNoAxeViolations(page, "/Administration/Retailers/New");
    await page.getByLabel("Shop name").fill("Marigold Corner");
    await page.getByLabel("Retailer code").fill("MARI-01");
    await page.getByLabel("E-mail").fill("hello@marigold.example");
    await page.getByRole("checkbox", { name: "Wednesday" }).check();
    await page.getByLabel("Buys through (wholesaler codes)").fill("BLMWH");
    await page.getByRole("button", { name: "Create retailer" }).click();
    await page.waitForURL(/\/Administration\/Retailers\/\d+$/);
    await hydrated(page);
    await page.getByText("Retailers List").waitFor();
    await page.getByRole("heading", { name: "Marigold Corner" }).waitFor();
    await expectNoAxeViolations(page, "/Administration/Retailers/{retailerId}");

    // An import with a bad row: previewed, nothing written.
    await visit(page, "/Administration/Retailers/Import");
    await expectNoAxeViolations(page, "/Administration/Retailers/Import");
    const header = "code,name,contactName,email,phone,address,city,state,zip,pickupDays,wholesalers,active";
    const bad = [header, "BOUQ-7,Bouquet Lane,Bea,bea@bouquet.example,,,Albany,NY,,2 4,BLMWH,true", "MARI-01,Marigold Corner,,,,,,,,3 4,NOSUCH,true"].join("\r\n");
    await page.getByLabel(/^CSV file/).setInputFiles({ name: "shops.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
    const summary = page.getByRole("status").filter({ hasText: /with errors/ });
    await summary.waitFor({ timeout: 15_000 });
    expect(await summary.innerText()).toMatch(/1 to create · 0 to update · 0 unchanged · 1 with errors/);
    await page.getByRole("row").filter({ hasText: "Unknown wholesaler: NOSUCH" }).waitFor();
    await expectNoAxeViolations(page, "/Administration/Retailers/Import with a preview");

    // Fixed, and imported.
    const good = bad.replace("NOSUCH", "BLMWH");
    await page.getByLabel(/^CSV file/).setInputFiles({ name: "shops.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
    await expect.poll(() => summary.innerText(), { timeout: 15_000 }).toMatch(/1 to create · 1 to update · 0 unchanged · 0 with errors/);
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await page.getByText("Imported", { exact: true }).waitFor({ timeout: 15_000 });
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the report" }).click();
    expect((await download).suggestedFilename()).toMatch(/^retailer-import-\d{4}-\d{2}-\d{2}\.csv$/);

    // Both shops are in the list.
    await visit(page, "/Administration/Retailers");
    await page.getByRole("searchbox", { name: /^Search/ }).fill("BOUQ-7");
    await page.getByRole("link", { name: "Bouquet Lane" }).waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page, "/Administration/Retailers");
    await visit(page, "/Admin/Wholesalers/BLMWH");
    await page.getByRole("link", { name: "Marigold Corner" }).waitFor();
    await expectNoAxeViolations(page, "/Admin/Wholesalers/{customerId}");
    for (const path of ["/Admin/Wholesalers", "/Admin/Users", "/Account", "/MM/Users", "/MM/Customer"]) {
      await visit(page, path);
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.waitForTimeout(300);
      await expectNoAxeViolations(page, path);
    }
    await page.context().close();
  }, 180_000);
});
