// The wholesale store end to end: choosing a customer and a date, filtering, adding by pail and
// by bunch, the hold countdown, a declined ship-date change, placing the order and finding it in
// the order history; a retailer's pickup date; an expired hold giving its stock back; axe-core on
// every store screen; keyboard-only add to cart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { axeViolations, launchBrowser, newPage, signIn, startServer, type RunningServer } from "./harness.ts";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Polls until the value matches; saves and refetches take a moment on a cold PGlite server. */
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const countdown = (page: Page) => page.getByRole("timer").first();
const cart = (page: Page) => page.getByRole("region", { name: "Your cart" });
const dateGroup = (page: Page, name: "Ship date" | "Pickup date") => page.getByRole("group", { name });

async function expectNoAxeViolations(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** Signs in; a user with several customers picks the one named. */
async function signInFor(page: Page, email: string, customer?: RegExp) {
  await signIn(page, server.baseUrl, email);
  await page.waitForURL(/\/Dashboard$/);
  if (customer) {
    const dialog = page.getByRole("dialog", { name: "Which customer are you ordering for?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: customer }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
  }
  await page.getByRole("banner").getByRole("button", { name: /^Customer: / }).waitFor();
}

/** Opens the store and picks the first open date; returns the date button's text. */
async function openStoreOnFirstDate(page: Page, group: "Ship date" | "Pickup date") {
  await page.getByRole("banner").getByRole("link", { name: "Store", exact: true }).click();
  await page.waitForURL(/\/store$/);
  const first = dateGroup(page, group).getByRole("button").first();
  await first.waitFor();
  await first.click();
  await eventually(() => first.getAttribute("aria-pressed")).toBe("true");
  await page.getByRole("table").first().waitFor();
  return (await first.innerText()).replace(/\s+/g, " ");
}

/** The first orderable row of the list that can be bought by the pail. */
async function rowWithPails(page: Page): Promise<{ row: Locator; name: string }> {
  const row = page.getByRole("row").filter({ has: page.getByRole("textbox", { name: /^Pails of / }) }).first();
  await row.waitFor();
  const name = (await row.getByRole("button").first().innerText()).trim();
  return { row, name };
}

/** Below 1600 px the filters sit in a disclosure above the list. */
async function openFilters(page: Page) {
  const toggle = page.getByRole("checkbox", { name: /^Only available/ });
  if (await toggle.isVisible()) return;
  await page.locator("details > summary", { hasText: "Filters" }).click();
  await toggle.waitFor();
}

describe("wholesaler with two customers", () => {
  it("chooses a customer and a date, filters, adds by pail and bunch, declines a date change, places the order and finds it", async () => {
    const page = await newPage(browser);
    await signInFor(page, "wholesaler@demo.test", /Bloomfield/);
    const chosenDate = await openStoreOnFirstDate(page, "Ship date");

    // Filters: text search (case-insensitive substring) plus a category.
    const status = page.getByRole("status").filter({ hasText: /products/ }).first();
    const total = Number((await status.innerText()).match(/[\d,]+/)![0].replace(",", ""));
    await page.getByRole("searchbox", { name: "Search flowers" }).fill("LILY");
    await eventually(async () => (await status.innerText()).includes(" match")).toBe(true);
    const afterSearch = Number((await status.innerText()).match(/[\d,]+/)![0].replace(",", ""));
    expect(afterSearch).toBeGreaterThan(0);
    expect(afterSearch).toBeLessThan(total);
    const descriptions = await page.getByRole("row").getByRole("button").filter({ hasText: /./ }).allInnerTexts();
    expect(descriptions.filter((d) => !/^(Add|Update|Saving)/.test(d)).every((d) => /lily/i.test(d))).toBe(true);
    await openFilters(page);
    await page.getByRole("checkbox", { name: /^Lilies/ }).first().check();
    await eventually(() => page.getByRole("checkbox", { name: /^Lilies/ }).first().isChecked()).toBe(true);

    // Add one pail of the first lily.
    const first = await rowWithPails(page);
    await first.row.getByRole("textbox", { name: /^Pails of / }).fill("1");
    await first.row.getByRole("button", { name: /^Add .* to cart$/ }).click();
    await cart(page).getByText(first.name).waitFor();
    await eventually(async () => (await countdown(page).innerText()).trim()).toMatch(/^Cart Hold Expires \d+:\d{2}$/);

    // Add three loose bunches of a second product: the pail hint shows the first time.
    await page.getByRole("searchbox", { name: "Search flowers" }).fill("");
    await page.getByRole("checkbox", { name: /^Lilies/ }).first().uncheck();
    await page.getByRole("searchbox", { name: "Search flowers" }).fill("gerbera");
    await eventually(() => page.getByRole("row").nth(1).innerText()).toMatch(/gerbera/i);
    const second = page
      .getByRole("row")
      .filter({ has: page.getByRole("textbox", { name: /^Bunches of / }) })
      .filter({ hasNotText: first.name })
      .first();
    const secondName = (await second.getByRole("button").first().innerText()).trim();
    await second.getByRole("textbox", { name: /^Bunches of / }).fill("3");
    await second.getByRole("button", { name: /^Add .* to cart$/ }).click();
    await cart(page).getByText(secondName).waitFor();
    await page.getByText(/^Save \$\d+\.\d{2} a bunch by ordering by the pail$/).waitFor();
    await eventually(() => cart(page).getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Remove / }) }).count()).toBe(2);

    // A quantity that is not a number gets the SPEC message inline.
    const bad = page.getByRole("row").filter({ has: page.getByRole("textbox", { name: /^Bunches of / }) }).nth(2);
    await bad.getByRole("textbox", { name: /^Bunches of / }).fill("abc");
    await bad.getByRole("button", { name: /^(Add|Update) / }).click();
    await bad.getByRole("alert").filter({ hasText: "Invalid Quantity: Please enter a valid quantity" }).waitFor();

    // Changing to a date in a later week asks to clear the cart; declining keeps the date and the cart.
    const dates = dateGroup(page, "Ship date").getByRole("button");
    const last = dates.last();
    await last.click();
    const ask = page.getByRole("alertdialog", { name: /Clear the cart\?/ });
    await ask.waitFor();
    await ask.getByRole("button", { name: "No" }).click();
    await eventually(() => dates.first().getAttribute("aria-pressed")).toBe("true");
    expect(await last.getAttribute("aria-pressed")).toBe("false");
    expect((await dates.first().innerText()).replace(/\s+/g, " ")).toBe(chosenDate);
    await cart(page).getByText(first.name).waitFor();
    await cart(page).getByText(secondName).waitFor();

    await expectNoAxeViolations(page, "/store");

    // Checkout: confirmed vs pending in words, boxed toggle, place the order.
    await cart(page).getByRole("link", { name: "Review and check out" }).click();
    await page.waitForURL(/\/store\/checkout$/);
    await page.getByRole("switch", { name: "Pack in boxes" }).waitFor();
    expect(await page.getByRole("switch", { name: "Pack in boxes" }).isDisabled()).toBe(false);
    await expectNoAxeViolations(page, "/store/checkout");
    await page.getByRole("button", { name: "Place order" }).click();
    const placed = page.getByRole("heading", { name: /^Order \d+ is placed$/ });
    await placed.waitFor({ timeout: 20_000 });
    const orderNumber = Number((await placed.innerText()).match(/\d+/)![0]);

    // The cart and its dates are empty afterwards.
    await page.getByRole("link", { name: "Start another order" }).click();
    await page.waitForURL(/\/store$/);
    await page.getByText("When should we ship?").waitFor();

    // The order is in the history, and its page lists both lines.
    await page.getByRole("banner").getByRole("link", { name: "Orders", exact: true }).click();
    await page.waitForURL(/\/Orders$/);
    const link = page.getByRole("link", { name: String(orderNumber), exact: true });
    await link.waitFor();
    await expectNoAxeViolations(page, "/Orders");
    await link.click();
    await page.waitForURL(new RegExp(`/Orders/${orderNumber}$`));
    await page.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
    await page.getByText("Order History").waitFor();
    await page.getByText(first.name).waitFor();
    await page.getByText(secondName).waitFor();
    await expectNoAxeViolations(page, `/Orders/${orderNumber}`);

    await page.getByRole("link", { name: /^Everything shipping / }).click();
    await page.waitForURL(new RegExp(`/Orders/${orderNumber}/ShipDateDetail$`));
    await page.getByRole("heading", { name: /^Shipping / }).waitFor();

    await page.getByRole("banner").getByRole("link", { name: "Dashboard", exact: true }).click();
    await page.getByRole("heading", { name: "Recent orders" }).waitFor();
    await page.getByRole("link", { name: String(orderNumber), exact: true }).waitFor();
    await expectNoAxeViolations(page, "/Dashboard");
    await page.context().close();
  });

  it("answers a non-numeric order number with a 404", async () => {
    const page = await newPage(browser);
    await signInFor(page, "buyer@demo.test");
    const res = await page.goto(`${server.baseUrl}/Orders/not-a-number`);
    expect(res?.status()).toBe(404);
    await page.getByText("404").first().waitFor();
    await page.context().close();
  });
});

describe("retailer", () => {
  it("picks a pickup date, sees the wholesaler's ship date, adds and places an order", async () => {
    const page = await newPage(browser);
    await signInFor(page, "retailer@demo.test");
    await openStoreOnFirstDate(page, "Pickup date");
    await page.getByText(/your wholesaler ships these flowers on/).waitFor();
    const { row, name } = await rowWithPails(page);
    await row.getByRole("textbox", { name: /^Pails of / }).fill("1");
    await row.getByRole("button", { name: /^Add .* to cart$/ }).click();
    await cart(page).getByText(name).waitFor();
    await cart(page).getByText(/^Pickup/).waitFor();
    await eventually(async () => (await countdown(page).innerText()).trim()).toMatch(/^Cart Hold Expires \d+:\d{2}$/);
    // Leaving the store with an unplaced cart asks to check out first.
    await page.getByRole("banner").getByRole("link", { name: "Dashboard", exact: true }).click();
    const reminder = page.getByRole("dialog", { name: "Remember to check out" });
    await reminder.waitFor();
    await reminder.getByRole("button", { name: "Go to checkout" }).click();
    await page.waitForURL(/\/store\/checkout$/);
    await page.getByRole("button", { name: "Place order" }).click();
    const placed = page.getByRole("heading", { name: /^Order \d+ is placed$/ });
    await placed.waitFor({ timeout: 20_000 });
    const orderNumber = Number((await placed.innerText()).match(/\d+/)![0]);
    await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
    await page.getByRole("heading", { name: `Order ${orderNumber}` }).waitFor();
    await page.getByText("Pickup date").waitFor();
    await page.context().close();
  });
});

describe("keyboard only", () => {
  it("finds a flower, opens and closes its details, and adds it to the cart without the mouse", async () => {
    const page = await newPage(browser);
    await signInFor(page, "buyer@demo.test");
    await page.goto(`${server.baseUrl}/store`);
    const firstDate = dateGroup(page, "Ship date").getByRole("button").first();
    await firstDate.focus();
    await page.keyboard.press("Enter");
    await eventually(() => firstDate.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("table").first().waitFor();

    await page.getByRole("searchbox", { name: "Search flowers" }).focus();
    await page.keyboard.type("snapdragon");
    await eventually(async () => (await page.getByRole("status").filter({ hasText: /products/ }).first().innerText()).includes("match")).toBe(true);

    // Tab to the first product's name, open its details with Enter, close them with Escape.
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return el?.getAttribute("aria-label") ?? el?.labels?.[0]?.textContent ?? el?.textContent ?? "";
      });
    for (let i = 0; i < 25 && !/snapdragon/i.test(await focusedName()); i++) await page.keyboard.press("Tab");
    const productName = (await focusedName()).trim();
    expect(productName).toMatch(/snapdragon/i);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: productName });
    await dialog.waitFor();
    await dialog.getByRole("table").first().waitFor();
    await page.keyboard.press("Escape");
    await eventually(() => dialog.isVisible()).toBe(false);

    // Tab on to the bunches field, type, submit with Enter.
    for (let i = 0; i < 25 && !/^Bunches of /.test(await focusedName()); i++) await page.keyboard.press("Tab");
    const bunchesLabel = await page.evaluate(() => document.activeElement?.id);
    expect(bunchesLabel).toBeTruthy();
    await page.keyboard.type("2");
    await page.keyboard.press("Enter");
    await cart(page).getByText(productName).waitFor();
    await page.context().close();
  });
});

describe("an expired hold", () => {
  let shortHold: RunningServer;
  beforeAll(async () => {
    shortHold = await startServer({ HOLD_MINUTES: "1" });
  });
  afterAll(async () => {
    await shortHold?.stop();
  });

  it("shows 'Product Hold Expired' and gives the stock back", { timeout: 180_000 }, async () => {
    // Another buyer watches the same flower: the hold takes stock from them and the expiry gives it back.
    const other = await newPage(browser);
    await signIn(other, shortHold.baseUrl, "wholesaler@demo.test");
    await other.waitForURL(/\/Dashboard$/);
    await other.getByRole("dialog", { name: "Which customer are you ordering for?" }).getByRole("button", { name: /Bloomfield/ }).click();
    await other.getByRole("banner").getByRole("button", { name: /^Customer: / }).waitFor();

    const page = await newPage(browser);
    await signIn(page, shortHold.baseUrl, "buyer@demo.test");
    await page.waitForURL(/\/Dashboard$/);
    await page.goto(`${shortHold.baseUrl}/store`);
    // Not today: the two customers' cut-offs differ, tomorrow's date is open for both.
    const buyerDate = dateGroup(page, "Ship date").getByRole("button").nth(1);
    const monthDay = (await buyerDate.innerText()).split("\n")[1].trim();
    await buyerDate.click();
    await page.getByRole("table").first().waitFor();
    await openFilters(page);
    await page.getByRole("checkbox", { name: /^Only available/ }).check();
    await eventually(async () => (await page.getByRole("status").filter({ hasText: /products/ }).first().innerText()).includes("match")).toBe(true);

    const row = page.getByRole("row").filter({ has: page.getByRole("textbox", { name: /^Bunches of / }) }).first();
    const name = (await row.getByRole("button").first().innerText()).trim();

    await other.goto(`${shortHold.baseUrl}/store`);
    const sameDate = dateGroup(other, "Ship date").getByRole("button").filter({ hasText: new RegExp(`${monthDay}(?!\\d)`) }).first();
    await sameDate.click();
    await other.getByRole("table").first().waitFor();
    await other.getByRole("searchbox", { name: "Search flowers" }).fill(name);
    const otherRow = other.getByRole("row").filter({ hasText: name }).first();
    await otherRow.waitFor();
    const availableToOther = async () => {
      await other.reload();
      const r = other.getByRole("row").filter({ hasText: name }).first();
      if (!(await other.getByRole("searchbox", { name: "Search flowers" }).inputValue())) await other.getByRole("searchbox", { name: "Search flowers" }).fill(name);
      return Number(((await r.getByText(/ available$/).innerText()).match(/[\d,]+/) ?? ["0"])[0].replace(",", ""));
    };
    const before = await availableToOther();
    expect(before).toBeGreaterThan(2);

    await row.getByRole("textbox", { name: /^Bunches of / }).fill("2");
    await row.getByRole("button", { name: /^Add .* to cart$/ }).click();
    await cart(page).getByText(name).waitFor();
    await cart(page).getByText("Held", { exact: true }).waitFor();
    await expect.poll(async () => (await countdown(page).innerText()).trim(), { timeout: 10_000 }).toMatch(/^(Cart Hold Expires 1:00|Product Hold Expires 0:\d{2})$/);
    expect(await availableToOther()).toBe(before - 2);

    await expect
      .poll(async () => (await countdown(page).innerText()).trim(), { timeout: 90_000, interval: 1000 })
      .toBe("Product Hold Expired");
    // RemoveHold ran: the stock is back for everyone; the line stays in the cart as a request.
    await expect.poll(availableToOther, { timeout: 15_000 }).toBe(before);
    await cart(page).getByText(name).waitFor();
    await cart(page).getByText(/Hold expired|Pending/).first().waitFor();
    expect(await countdown(page).innerText()).toBe("Product Hold Expired");
    await page.context().close();
    await other.context().close();
  });
});
