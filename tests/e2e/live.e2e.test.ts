// Live availability in the browser (issue 14): two buyers of two customers, each in their own browser
// context, on the same ship date's catalog. When buyer A adds bunches to the cart, buyer B's list
// shows the lower available quantity in place: no reload, and no new request for the product list
// (the change came over the page's EventSource).
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { newPage, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser();

/** Waits until React has hydrated the server-rendered page (a click before that does nothing). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    if (!main) return false;
    return Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
  });
}

async function openStore(page: Page, email: string, customer?: RegExp) {
  await signIn(page, site.server.baseUrl, email);
  await page.waitForURL(/\/Dashboard$/);
  await hydrated(page);
  if (customer) {
    const dialog = page.getByRole("dialog", { name: "Which customer are you ordering for?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: customer }).click();
    await dialog.waitFor({ state: "hidden" });
  }
  await page.getByRole("banner").getByRole("link", { name: "Store", exact: true }).click();
  await page.waitForURL(/\/store$/);
  await hydrated(page);
}

const dates = (page: Page) => page.getByRole("group", { name: "Ship date" }).getByRole("button");
async function chooseDate(page: Page, date: Locator) {
  await date.click();
  await expect.poll(() => date.getAttribute("aria-pressed"), { timeout: 30_000 }).toBe("true");
  await page.getByRole("table").first().waitFor();
}
const bunchRows = (page: Page) => page.getByRole("row").filter({ has: page.getByRole("textbox", { name: /^Bunches of / }) });
const badgeOf = (row: Locator) => row.getByText(/^\d[\d,]* available$/);
/** "TUE Nov 24" of a date button ("TUE Nov 24 order by Tue, 3:00 PM EST"). */
const dayOf = (text: string) => text.replace(/\s+/g, " ").trim().split(" ").slice(0, 3).join(" ");
const count = (text: string) => Number(text.replace(/[^\d]/g, ""));

describe("live availability", () => {
  it("shows buyer B the lower quantity when buyer A adds bunches, without reloading or fetching the list again", async () => {
    const pageB = await newPage(site.browser);
    const pageA = await newPage(site.browser);
    await openStore(pageB, "buyer@demo.test");
    await openStore(pageA, "wholesaler@demo.test", /Bloomfield/);
    // The first day both customers can order for: each has its own order-by time, so between the
    // two cut-offs of a day (2 and 3 PM New York time in the demo) their first dates differ.
    await Promise.all([dates(pageA).first().waitFor(), dates(pageB).first().waitFor()]);
    const daysA = (await dates(pageA).allInnerTexts()).map(dayOf);
    let dateB: Locator | undefined;
    for (const d of await dates(pageB).all()) if (daysA.includes(dayOf(await d.innerText()))) dateB ??= d;
    expect(dateB, "a day both customers can order for").toBeDefined();
    // Every read of B's product list from its date choice on.
    const lists: string[] = [];
    pageB.on("request", (r) => {
      if (/\/api\/Store\/Catalog\/Products\//.test(new URL(r.url()).pathname)) lists.push(r.url());
    });
    await chooseDate(pageB, dateB!);
    const day = dayOf(await dateB!.innerText());

    // A row B can buy with plenty available, by its product name.
    const rowB = bunchRows(pageB).filter({ has: pageB.getByText(/^\d[\d,]* available$/) }).first();
    await rowB.waitFor();
    const name = (await rowB.getByRole("button").first().innerText()).trim();
    const before = count(await badgeOf(rowB).innerText());
    expect(before).toBeGreaterThan(2);

    // Buyer A, another customer, on the same day: adds 2 bunches of that product.
    let dateA: Locator | undefined;
    for (const d of await dates(pageA).all()) if (dayOf(await d.innerText()) === day) dateA ??= d;
    await chooseDate(pageA, dateA!);
    await pageA.getByRole("searchbox", { name: "Search flowers" }).fill(name);
    const rowA = bunchRows(pageA).filter({ has: pageA.getByRole("button", { name, exact: true }) }).first();
    await rowA.waitFor();
    // B read its list once, for the date: choosing a date with an empty cart holds no stock, so the
    // page does not read the list again after that save. From here on B must not read it again either.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(lists).toHaveLength(1);
    await rowA.getByRole("textbox", { name: /^Bunches of / }).fill("2");
    await rowA.getByRole("button", { name: /^(Add .* to cart|Update .* in cart)$/ }).click();
    await pageA.getByRole("region", { name: "Your cart" }).getByText(name, { exact: true }).waitFor();

    // B's row changes in place.
    await expect.poll(async () => count(await badgeOf(rowB).innerText()), { timeout: 30_000 }).toBe(before - 2);
    expect(lists).toHaveLength(1);
    await pageA.context().close();
    await pageB.context().close();
  }, 300_000);
});
