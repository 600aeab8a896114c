// The wholesale store across screen widths, and the header's Menu for every role.
import type { ExpectStatic } from "vitest";
import type { Locator } from "playwright-core";
import { hydrated, newPage, signIn } from "../harness.ts";
import { cart, expectNoAxeViolationsAtThisWidth, polling, type Run } from "./common.ts";
import { AVAILABLE, addFromRow, bunchRows, chooseDate, dateGroup, signInFor, visit } from "./store.ts";

/** The store from 360 to 2560 px: the first flowers on a phone's first screen, cart and countdown in reach. */
export async function fitsTheStoreFrom360To2560({ browser, baseUrl }: Run, expect: ExpectStatic) {
  const eventually = polling(expect);
  const page = await newPage(browser, { viewport: { width: 360, height: 740 } });
  await signInFor(page, baseUrl, "buyer@demo.test");
  await visit(page, `${baseUrl}/store`);
  const first = dateGroup(page, "Ship date").getByRole("button").first();
  await chooseDate(page, first);
  await page.getByRole("table").first().waitFor();

  // 360 x 740: a one-row header (its links in the Menu) and a compact top card leave the first
  // product's row (name, availability, prices, quantities) wholly on the first screen, its name,
  // availability and prices above the cart bar if one shows (the buyer's cart is shared with
  // the tests running alongside), and the start of the second row in view under it.
  const productRow = (i: number) => page.locator(`[role=row][data-index="${i}"]`);
  await productRow(1).waitFor();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.getByRole("banner").evaluate((h) => h.getBoundingClientRect().height)).toBeLessThan(60);
  const barTop = await page.evaluate(() => {
    const bar = [...document.querySelectorAll("div.fixed")].find((d) => d.textContent?.includes("Check out"));
    return bar ? bar.getBoundingClientRect().top : window.innerHeight;
  });
  const firstBox = (await productRow(0).boundingBox())!;
  expect(firstBox.y).toBeGreaterThan(0);
  expect(firstBox.y + firstBox.height).toBeLessThanOrEqual(740);
  const cellBottoms = await productRow(0).getByRole("cell").evaluateAll((cells) => cells.slice(0, 4).map((c) => c.getBoundingClientRect().bottom));
  for (const bottom of cellBottoms) expect(bottom).toBeLessThanOrEqual(barTop);
  expect((await productRow(1).boundingBox())!.y).toBeLessThan(740 - 8);
  // Every entry of the header is in its Menu.
  const menu = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
  const navLinks = page.getByRole("navigation", { name: "Store" }).getByRole("link");
  expect(await navLinks.first().isVisible()).toBe(false);
  await menu.click();
  expect(await navLinks.allInnerTexts()).toEqual(["Dashboard", "Store", "Orders", "Standing orders", "Invoices", "Administration", "Help"]);
  for (const link of await navLinks.all()) expect(await link.isVisible()).toBe(true);
  expect(await page.getByRole("navigation", { name: "Store" }).getByRole("link", { name: "Store", exact: true }).getAttribute("aria-current")).toBe("page");
  await page.keyboard.press("Escape");
  await eventually(() => navLinks.first().isVisible()).toBe(false);
  const row = bunchRows(page).filter({ has: page.getByText(AVAILABLE) }).first();
  // A compact card: availability and both prices side by side on one line under the product,
  // the toolbar in two rows (heading and Quick order; sort and view).
  const tops = await row.getByRole("cell").evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().top)));
  expect(tops).toHaveLength(5);
  expect(new Set(tops.slice(1, 4)).size).toBe(1);
  expect(tops[1]!).toBeGreaterThan(tops[0]!);
  expect(tops[4]!).toBeGreaterThan(tops[1]!);
  const toolbarTop = (name: string, role: "button" | "combobox" = "button") =>
    page.getByRole(role, { name, exact: true }).evaluate((el) => Math.round(el.getBoundingClientRect().top));
  expect(Math.abs((await toolbarTop("Quick order")) - (await page.locator("#catalogue-heading").evaluate((el) => Math.round(el.getBoundingClientRect().top))))).toBeLessThan(12);
  expect(Math.abs((await toolbarTop("Sort by", "combobox")) - (await toolbarTop("List")))).toBeLessThan(12);
  await addFromRow(page, row, "Bunches", 1);
  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  // 360 px: the bar at the bottom keeps the countdown and the way to the cart and checkout in view.
  expect(await noSidewaysScroll()).toBe(true);
  const bar = page.locator("div.fixed").filter({ has: page.getByRole("link", { name: "Check out" }) });
  await eventually(async () => (await bar.getByRole("timer").innerText()).trim()).toMatch(/^Cart Hold Expires \d+:\d{2}$/);
  expect(await bar.getByRole("link", { name: "Check out" }).isVisible()).toBe(true);
  await bar.getByRole("link", { name: "View cart" }).click();
  const heading = cart(page).getByRole("heading", { name: "Your cart" });
  await eventually(() => heading.evaluate((h) => h.getBoundingClientRect().top < window.innerHeight && h.getBoundingClientRect().bottom > 0)).toBe(true);
  await cart(page).getByRole("link", { name: "Review and check out" }).waitFor();
  expect(await noSidewaysScroll()).toBe(true);

  // 2560 px: filters, list and cart side by side, the countdown in view without scrolling.
  await page.setViewportSize({ width: 2560, height: 1440 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("complementary", { name: "Filters" }).waitFor();
  expect(await noSidewaysScroll()).toBe(true);
  const inView = (l: Locator) =>
    l.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    });
  expect(await inView(cart(page).getByRole("timer"))).toBe(true);
  expect(await inView(cart(page).getByRole("link", { name: "Review and check out" }))).toBe(true);
  await page.context().close();
}

/** The header's Menu below md, by keyboard alone, axe clean open and closed. */
export async function walksTheHeaderMenuByKeyboard({ browser, baseUrl }: Run, expect: ExpectStatic) {
  const eventually = polling(expect);
  const page = await newPage(browser, { viewport: { width: 360, height: 740 } });
  await signInFor(page, baseUrl, "retailer@demo.test");
  const menu = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
  const nav = page.getByRole("navigation", { name: "Store" });
  const links = nav.getByRole("link");
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
  expect(await menu.getAttribute("aria-expanded")).toBe("false");
  // It controls the nav (hidden while closed, so not found by role).
  const controls = (await menu.getAttribute("aria-controls"))!;
  expect(await page.locator(`nav#${controls}`).getAttribute("aria-label")).toBe("Store");
  await expectNoAxeViolationsAtThisWidth(page, "the header with its menu closed at 360 px");

  // Space opens it; Tab walks the links in order; Escape closes it and focus goes back to the button.
  await menu.focus();
  await page.keyboard.press(" ");
  await eventually(() => menu.getAttribute("aria-expanded")).toBe("true");
  const names = await links.allInnerTexts();
  expect(names).toEqual(["Dashboard", "Store", "Orders", "Standing orders", "Help"]);
  await expectNoAxeViolationsAtThisWidth(page, "the header with its menu open at 360 px");
  for (const name of names) {
    await page.keyboard.press("Tab");
    expect(await focused()).toBe(name);
  }
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Escape");
  await eventually(() => menu.getAttribute("aria-expanded")).toBe("false");
  expect(await links.first().isVisible()).toBe(false);
  expect(await menu.evaluate((b) => b === document.activeElement)).toBe(true);

  // Enter opens it; choosing a link closes it and goes there, the page marked as current.
  await page.keyboard.press("Enter");
  await eventually(() => menu.getAttribute("aria-expanded")).toBe("true");
  expect(await nav.getByRole("link", { name: "Dashboard", exact: true }).getAttribute("aria-current")).toBe("page");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("Orders");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/Orders$/);
  await eventually(() => menu.getAttribute("aria-expanded")).toBe("false");
  await menu.click();
  expect(await nav.getByRole("link", { name: "Orders", exact: true }).getAttribute("aria-current")).toBe("page");
  expect(await nav.getByRole("link", { name: "Dashboard", exact: true }).getAttribute("aria-current")).toBe(null);

  // At 1280 px the links sit in the header's row and the button is gone, whether the menu was left open or not.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await menu.isVisible()).toBe(false);
  for (const link of await links.all()) expect(await link.isVisible()).toBe(true);
  expect(await page.getByRole("banner").evaluate((h) => h.getBoundingClientRect().height)).toBeLessThan(60);
  await expectNoAxeViolationsAtThisWidth(page, "the header at 1280 px (menu left open)");
  await page.setViewportSize({ width: 360, height: 740 });
  await menu.click();
  await eventually(() => menu.getAttribute("aria-expanded")).toBe("false");
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const link of await links.all()) expect(await link.isVisible()).toBe(true);
  await expectNoAxeViolationsAtThisWidth(page, "the header at 1280 px (menu closed)");
  await page.context().close();
}

/** Every header entry of every role within reach at 360 px (in the Menu) and at 1280 px. */
export async function reachesEveryRolesHeaderEntries({ browser, baseUrl }: Run, expect: ExpectStatic) {
  const cases: { email: string; path?: string; names: string[] }[] = [
    { email: "sales@demo.test", names: ["Dashboard", "Store", "Orders", "Standing orders", "Invoices", "Administration", "Order desk", "Supply", "Help"] },
    { email: "admin@demo.test", names: ["Dashboard", "Store", "Orders", "Standing orders", "Invoices", "Administration", "Order desk", "Supply", "Help"] },
    { email: "admin@demo.test", path: "/MM/Dashboard", names: ["Dashboard", "Store", "Orders", "Standing programs", "Customers", "Users", "Administration", "Order desk"] },
    { email: "massmarket@demo.test", path: "/MM/Dashboard", names: ["Dashboard", "Store", "Orders", "Standing programs"] },
  ];
  for (const { email, path, names } of cases) {
    const page = await newPage(browser, { viewport: { width: 360, height: 740 } });
    await signIn(page, baseUrl, email);
    // Staff land on the order desk, buyers on their dashboard.
    await page.waitForURL(/(Dashboard|Administration\/Orders)$/);
    if (path) await page.goto(`${baseUrl}${path}`);
    await hydrated(page);
    const where = `${email} on ${path ?? "the store"}`;
    const nav = page.getByRole("navigation", { name: "Store" });
    const links = nav.getByRole("link");
    const menu = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
    expect(await page.getByRole("banner").evaluate((h) => h.getBoundingClientRect().height), where).toBeLessThan(60);
    await menu.click();
    expect(await links.allInnerTexts(), where).toEqual(names);
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 360 && box.y + box.height <= 740, where).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await menu.isVisible(), where).toBe(false);
    expect(await links.allInnerTexts(), where).toEqual(names);
    for (const link of await links.all()) expect(await link.isVisible(), where).toBe(true);
    await page.context().close();
  }
}
