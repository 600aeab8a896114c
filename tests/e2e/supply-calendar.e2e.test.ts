// The supply desk's calendar in the browser (issue 25 item 5): staff close a date from the keyboard
// on /Supply/Calendar, and a buyer's date picker no longer offers it after a reload; the screen is
// axe-clean at 360 and 1280 px, loaded in full right after sign-in.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { apiAs, expectNoAxeViolations, hydrated, newPage, saveShot, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser();

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "TUE Nov 24 …" of a date button → its ISO date (within the next 60 days). */
function isoOf(text: string): string {
  const [, mon, day] = text.replace(/\s+/g, " ").trim().split(" ");
  for (let i = -1; i < 60; i++) {
    const d = new Date(Date.now() + i * 86_400_000);
    if (MONTHS[d.getUTCMonth()] === mon && d.getUTCDate() === Number(day)) return d.toISOString().slice(0, 10);
  }
  throw new Error(`no date for ${text}`);
}

async function open(page: Page, path: string) {
  await page.goto(`${site.server.baseUrl}${path}`);
  await hydrated(page);
}

const dateButtons = (page: Page) => page.getByRole("group", { name: "Ship date" }).getByRole("button");

describe("the supply calendar", () => {
  it("closes a date from the keyboard, and the buyer's date picker no longer offers it", async () => {
    const buyer = await newPage(site.browser);
    await signIn(buyer, site.server.baseUrl, "buyer@demo.test");
    await buyer.waitForURL(/\/Dashboard$/);
    await open(buyer, "/store");
    await dateButtons(buyer).first().waitFor();
    const offered = (await dateButtons(buyer).allInnerTexts()).map(isoOf);
    expect(offered.length).toBeGreaterThan(2);
    const day = offered[2]!;

    const staff = await newPage(site.browser);
    await signIn(staff, site.server.baseUrl, "admin@demo.test");
    await staff.waitForURL(/\/(Dashboard|Administration)/);
    await open(staff, "/Supply");
    await staff.getByRole("link", { name: /^Calendar/ }).waitFor();
    await open(staff, "/Supply/Calendar");
    await staff.getByRole("heading", { name: "Closed days" }).waitFor();
    await staff.getByRole("table", { name: "Ship days and cut-offs per customer" }).waitFor();
    await expectNoAxeViolations(staff, "/Supply/Calendar");

    // Keyboard only: the date field, then Tab to the reason, then Enter submits the form.
    const dateField = staff.getByLabel("Date", { exact: true });
    await dateField.focus();
    await dateField.fill(day);
    // Tab walks through the date's month, day and year, then on to the reason.
    for (let i = 0; i < 4 && (await staff.evaluate(() => document.activeElement?.id)) !== "closed-reason"; i++) await staff.keyboard.press("Tab");
    expect(await staff.evaluate(() => document.activeElement?.id)).toBe("closed-reason");
    await staff.keyboard.type("Staff training");
    await staff.keyboard.press("Enter");
    const row = staff.getByRole("row").filter({ hasText: "Staff training" });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(2); // both stores
    await expectNoAxeViolations(staff, "/Supply/Calendar with closed days");
    for (const width of [360, 1280]) {
      await staff.setViewportSize({ width, height: 900 });
      await open(staff, "/Supply/Calendar");
      await row.first().waitFor();
      await saveShot(staff, `supply-calendar-${width}`, { fullPage: true });
    }

    // The buyer reloads: the date is gone from the picker; the server refuses it too.
    await open(buyer, "/store");
    await dateButtons(buyer).first().waitFor();
    const after = (await dateButtons(buyer).allInnerTexts()).map(isoOf);
    expect(after).not.toContain(day);
    expect(after).toContain(offered[1]);
    const buyerApi = await apiAs(site.server.baseUrl, "buyer@demo.test");
    const customerId: string = (buyerApi.user.currentCustomer ?? buyerApi.user.customers[0]).customerID;
    await expect(buyerApi.call("POST", `/api/Store/Cart/Save/${buyerApi.user.id}/${customerId}`, { items: [], shipDate: day })).rejects.toThrow(
      /: 400 .*is closed \(Staff training\)/,
    );

    // Open it again from the keyboard: offered again.
    const reopen = staff.getByRole("button", { name: /^Open again: .*, wholesale store$/ });
    await reopen.focus();
    await staff.keyboard.press("Enter");
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await open(buyer, "/store");
    await dateButtons(buyer).first().waitFor();
    expect((await dateButtons(buyer).allInnerTexts()).map(isoOf)).toContain(day);
    await staff.context().close();
    await buyer.context().close();
  }, 300_000);
});
