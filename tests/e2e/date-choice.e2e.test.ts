// Choosing another ship date with an empty cart (issue 30): the rows the page already holds stay, marked
// as updating for the date chosen, with none of the previous date's availability or prices and nothing
// to order, until the chosen date's own offer is read; then its rows can be ordered as always.
import { describe, it } from "vitest";
import { expectNoAxeViolations, newPage, serverAndBrowser } from "./harness.ts";
import { productCount } from "./steps/common.ts";
import { dates, listRows, openStore, savedCart, signInAs } from "./steps/buyer.ts";

const site = serverAndBrowser();

describe("choosing another ship date", () => {
  it("keeps the rows shown as updating, never orderable nor priced, until the new date's offer is in", { timeout: 90_000 }, async ({ expect }) => {
    const page = await newPage(site.browser);
    await signInAs(page, site.server.baseUrl, "buyer@demo.test");
    await openStore(page, site.server.baseUrl);
    expect(await savedCart(page)).toEqual([]);
    await expect.poll(async () => (await productCount(page).innerText()).trim(), { timeout: 15_000 }).toMatch(/^[\d,]+ products$/);

    // Hold the next date's products answer until the updating list has been checked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/Store\/Catalog\/Products\//, async (route) => {
      await held;
      await route.continue();
    });
    await dates(page).nth(1).click();
    await page.getByRole("status").filter({ hasText: /^Updating the flowers for / }).waitFor();
    await expect.poll(() => page.getByRole("table").first().getAttribute("aria-busy")).toBe("true");
    // The date is saved meanwhile: the rows wait for its offer, not for the save.
    await expect.poll(async () => (await dates(page).nth(1).getAttribute("aria-pressed")) === "true", { timeout: 15_000 }).toBe(true);
    const rows = await listRows(page).all();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const text = await row.innerText();
      expect(text).toContain("Updating");
      expect(text).toContain("Can be ordered once updated");
      expect(text).not.toMatch(/\$\d|\d available|Special|Limited stock/);
    }
    expect(await page.getByRole("button", { name: /^(Add|Update) .* (to|in) cart$/ }).count()).toBe(0);
    expect(await page.getByRole("textbox", { name: /^(Pails|Bunches) of / }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Quick order" }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, "the store while a chosen date's offer is read");

    release();
    await expect.poll(async () => (await productCount(page).innerText()).trim(), { timeout: 15_000 }).toMatch(/^[\d,]+ products$/);
    expect(await page.getByRole("table").first().getAttribute("aria-busy")).toBeNull();
    await page.getByRole("button", { name: /^Add .* to cart$/ }).first().waitFor();
    expect(await listRows(page).filter({ hasText: "Can be ordered once updated" }).count()).toBe(0);
    await page.context().close();
  });
});
