// The buyer's catalogue tools' longer flows (tests/e2e/buyer.e2e.test.ts).
import type { ExpectStatic } from "vitest";
import type { Locator } from "playwright-core";
import { expectNoAxeViolations, hydrated, newPage } from "../harness.ts";
import { expectNoAxeViolationsAtThisWidth, polling, type Run } from "./common.ts";
import { openFilters } from "./store.ts";
import { availableRows, codeOf, dates, listRows, nameOf, openStore, savedCart, signInAs } from "./buyer.ts";
/** The store's new tools (sort, favourite, quick order) with the keyboard alone, axe clean at 360 px. */
export async function doesTheNewToolsByKeyboard({ browser, baseUrl }: Run, expect: ExpectStatic) {
  const eventually = polling(expect);
  const page = await newPage(browser, { viewport: { width: 360, height: 780 } });
  await signInAs(page, baseUrl, "buyer@demo.test");
  await page.goto(`${baseUrl}/store`);
  await hydrated(page);
  const first = dates(page).first();
  await first.focus();
  if ((await first.getAttribute("aria-pressed")) !== "true") await page.keyboard.press("Enter");
  await listRows(page).first().waitFor();
  await expectNoAxeViolationsAtThisWidth(page, "the store at 360 px");

  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.trim() ?? "");
  const tabTo = async (target: RegExp, most = 40) => {
    for (let i = 0; i < most && !target.test(await focused()); i++) await page.keyboard.press("Tab");
    expect(await focused()).toMatch(target);
  };
  // Sort with the keyboard: the select takes arrow keys.
  await page.getByLabel("Sort by").focus();
  await page.keyboard.press("ArrowDown");
  await eventually(() => new URL(page.url()).searchParams.get("sort")).toBe("name");

  // Star the first flower.
  await tabTo(/^Favourite: /, 60);
  const starName = (await focused()).replace(/^Favourite: /, "");
  await page.keyboard.press("Enter");
  await eventually(() => page.getByRole("button", { name: `Favourite: ${starName}` }).getAttribute("aria-pressed")).toBe("true");

  // Quick order: open it, type a line, check it, add it.
  const code = await codeOf(availableRows(page).first());
  await page.getByRole("button", { name: "Quick order" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Quick order" });
  await dialog.waitFor();
  // Focus starts on the dialog's Close button; the text box is next.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
  await page.keyboard.type(`${code} 1`);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await dialog.getByText("1 of 1 line can be added.").waitFor();
  await expectNoAxeViolationsAtThisWidth(page, "the quick order dialog at 360 px");
  await tabTo(/^Add 1 line to cart$/, 20);
  await page.keyboard.press("Enter");
  await eventually(() => dialog.isVisible()).toBe(false);
  await page.context().close();
}

/** Quick-order lines far beyond what is available: cancel, add only what is available, or request anyway. */
export async function asksBeforeQuickOrderBeyondStock({ browser, baseUrl }: Run, expect: ExpectStatic) {
  const eventually = polling(expect);
  const page = await newPage(browser);
  await signInAs(page, baseUrl, "buyer@demo.test");
  await openStore(page, baseUrl);
  // Products that are not limited (those are capped, not asked about).
  const rows = availableRows(page).filter({ hasNotText: "Limited stock" });
  const a = { name: await nameOf(rows.nth(3)), code: await codeOf(rows.nth(3)) };
  const b = { name: await nameOf(rows.nth(4)), code: await codeOf(rows.nth(4)) };
  const before = new Map(await savedCart(page));

  await page.getByRole("button", { name: "Quick order" }).click();
  const dialog = page.getByRole("dialog", { name: "Quick order" });
  await dialog.getByLabel("Product codes and quantities").fill(`${a.code},9999\n${b.code},9999`);
  await dialog.getByRole("button", { name: "Check lines" }).click();
  await dialog.getByText("2 of 2 lines can be added.").waitFor();
  await dialog.getByRole("button", { name: "Add 2 lines to cart" }).click();
  const question = page.getByRole("dialog", { name: "Request more than is available?" });
  await question.waitFor();
  const listed = question.getByRole("list", { name: "Lines beyond what is available" }).getByRole("listitem");
  expect(await listed.count()).toBe(2);
  await expectNoAxeViolations(page, "the quick order's question");
  // Escape (the keyboard's cancel) goes back to the quick order, nothing added.
  await page.keyboard.press("Escape");
  await eventually(() => question.isVisible()).toBe(false);
  expect(await dialog.isVisible()).toBe(true);
  expect(new Map(await savedCart(page))).toEqual(before);

  // "Add only what is available", with the keyboard: what the question says is available is what is added.
  await dialog.getByRole("button", { name: "Add 2 lines to cart" }).click();
  await question.waitFor();
  const availableOf = async (code: string) => Number((await listed.filter({ hasText: code }).innerText()).match(/([\d,]+) available now/)![1]!.replace(/,/g, ""));
  const [freeA, freeB] = [await availableOf(a.code), await availableOf(b.code)];
  await question.getByRole("button", { name: "Add only what is available" }).focus();
  await page.keyboard.press("Enter");
  await eventually(() => dialog.isVisible()).toBe(false);
  await eventually(async () => new Map(await savedCart(page)).get(a.code)).toBe((before.get(a.code) ?? 0) + freeA);
  expect(new Map(await savedCart(page)).get(b.code)).toBe((before.get(b.code) ?? 0) + freeB);

  // "Request anyway": the whole request goes in, the rest pending.
  await page.getByRole("button", { name: "Quick order" }).click();
  await dialog.getByLabel("Product codes and quantities").fill(`${a.code},9999`);
  await dialog.getByRole("button", { name: "Check lines" }).click();
  await dialog.getByRole("button", { name: "Add 1 line to cart" }).click();
  await question.getByRole("button", { name: "Request anyway" }).click();
  await eventually(() => dialog.isVisible()).toBe(false);
  await eventually(async () => new Map(await savedCart(page)).get(a.code)).toBe((before.get(a.code) ?? 0) + freeA + 9999);
  await page.context().close();
}

/** Every store nav entry at 360 px (in the Menu) and 1280 px, reachable with the keyboard, axe clean. */
export async function reachesEveryStoreNavEntry({ browser, baseUrl }: Run, expect: ExpectStatic) {
  for (const width of [360, 1280]) {
    const page = await newPage(browser, { viewport: { width, height: 780 } });
    await signInAs(page, baseUrl, "buyer@demo.test");
    const nav = page.getByRole("navigation", { name: "Store" });
    const links = nav.getByRole("link");
    const menu = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
    if (width === 360) {
      // Below md the links wait behind the Menu button of the brand row.
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
      // It controls the nav (hidden while closed, so not found by role).
      const controls = (await menu.getAttribute("aria-controls"))!;
      expect(await page.locator(`nav#${controls}`).getAttribute("aria-label")).toBe("Store");
      expect(await links.first().isVisible()).toBe(false);
      await menu.focus();
      await page.keyboard.press("Enter");
      await nav.waitFor();
      expect(await menu.getAttribute("aria-expanded")).toBe("true");
    } else {
      expect(await menu.isVisible()).toBe(false);
    }
    const names = await links.allInnerTexts();
    expect(names).toEqual(["Dashboard", "Store", "Orders", "Standing orders", "Invoices", "Administration", "Help"]);
    expect(await nav.getByRole("link", { name: "Dashboard", exact: true }).getAttribute("aria-current")).toBe("page");
    for (const [i, name] of names.entries()) {
      const box = (await links.nth(i).boundingBox())!;
      // Wholly on screen: nothing cut off at the edge or hidden in a scrolled strip.
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(width);
      expect(box.y + box.height, name).toBeLessThanOrEqual(780);
      expect(await links.nth(i).isVisible()).toBe(true);
    }
    // Tab reaches each link in order (at 360 px from the Menu button).
    if (width === 360) await page.keyboard.press("Tab");
    else await links.first().focus();
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(names[0]);
    for (const name of names.slice(1)) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(name);
    }
    const lastHref = (await links.last().getAttribute("href"))!;
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`${lastHref}$`));
    if (width === 360) {
      // Choosing a link closes the menu; the new page is the current one.
      await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
      expect(await links.last().isVisible()).toBe(false);
      await menu.click();
      expect(await nav.getByRole("link", { name: "Help", exact: true }).getAttribute("aria-current")).toBe("page");
      await expectNoAxeViolationsAtThisWidth(page, "the store's header with its menu open at 360 px");
      await menu.click();
      await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
      // A tap on the page outside the header closes the open menu; a tap inside its list does not.
      await menu.click();
      await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("true");
      await nav.getByRole("list").click({ position: { x: 2, y: 2 } });
      expect(await menu.getAttribute("aria-expanded")).toBe("true");
      const here = page.url();
      await page.mouse.click(180, 700);
      await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
      expect(page.url()).toBe(here);
      expect(await links.first().isVisible()).toBe(false);
    }
    await expectNoAxeViolationsAtThisWidth(page, `the store's header at ${width} px`);
    await page.context().close();
  }
}

/** Colour counts within the chosen category, recent orders inside their card, the pail hint inside its row. */
export async function countsColoursAndKeepsThingsInside({ browser, baseUrl }: Run, expect: ExpectStatic) {
  const eventually = polling(expect);
  const page = await newPage(browser);
  await signInAs(page, baseUrl, "buyer@demo.test");

  // The dashboard at 1280 px: the recent orders table fits its card, nothing scrolls sideways.
  const recent = page.getByRole("region", { name: "Recent orders" });
  await recent.getByRole("row").nth(1).waitFor();
  const fits = await recent.evaluate((card) => {
    const box = card.getBoundingClientRect();
    const inner = [...card.querySelectorAll("*")].map((e) => e.getBoundingClientRect());
    return { right: Math.max(...inner.map((r) => r.right)) <= box.right + 0.5, scroll: card.scrollWidth <= card.clientWidth, page: document.documentElement.scrollWidth <= window.innerWidth };
  });
  expect(fits).toEqual({ right: true, scroll: true, page: true });

  await openStore(page, baseUrl);
  await openFilters(page);
  const colours = page.getByRole("group", { name: /^Colour/ }).getByRole("checkbox");
  const categories = page.getByRole("group", { name: /^Category/ }).getByRole("checkbox");
  const countsOf = async (boxes: Locator) => {
    const names = await boxes.evaluateAll((els) => els.map((e) => e.closest("label")?.textContent ?? ""));
    return names.map((n) => Number(n.match(/(\d+)\s*$/)?.[1] ?? NaN));
  };
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  // The list shows its first rows while the rest of the offer is parsed; the filters count the whole
  // offer, so they are read once it is in (their boxes appear with it).
  await page.getByRole("checkbox", { name: /^Lilies/ }).waitFor();
  const total = sum(await countsOf(categories));
  expect(sum(await countsOf(colours))).toBe(total);
  const [lilies] = await countsOf(page.getByRole("checkbox", { name: /^Lilies/ }));
  expect(lilies).toBeLessThan(total);
  await page.getByRole("checkbox", { name: /^Lilies/ }).check();
  await eventually(async () => sum(await countsOf(colours))).toBe(lilies);
  await page.getByRole("checkbox", { name: /^Lilies/ }).uncheck();
  await eventually(async () => sum(await countsOf(colours))).toBe(total);

  // Three loose bunches of a product sold by the pail: the pail hint shows under the quantities, inside
  // the row, which grows to hold it rather than running into the next row or scrolling sideways.
  // A product sold by the pail that is not in the cart yet (earlier tests filled the cart).
  const candidate = availableRows(page)
    .filter({ has: page.getByRole("textbox", { name: /^Pails of / }) })
    .filter({ has: page.getByRole("button", { name: /^Add .* to cart$/ }) })
    .first();
  // Held by its place in the list: once added, its button reads "Update" and the filter above no longer matches it.
  const row = page.locator(`[role=row][data-index="${await candidate.getAttribute("data-index")}"]`);
  const name = await nameOf(row);
  await row.getByRole("textbox", { name: /^Bunches of / }).fill("3");
  await row.getByRole("button", { name: `Add ${name} to cart` }).click();
  const hint = row.getByText(/^Save \$\d+\.\d{2} a bunch by ordering by the pail$/);
  await hint.waitFor();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const layout = await row.evaluate((r, text) => {
    const hintEl = [...r.querySelectorAll("*")].find((e) => e.textContent?.trim() === text && e.children.length === 0)!;
    const rowBox = r.getBoundingClientRect();
    const hintBox = hintEl.getBoundingClientRect();
    const next = r.parentElement?.querySelector(`[data-index="${Number(r.getAttribute("data-index")) + 1}"]`);
    const table = r.closest("[role=table]")!;
    return {
      inside: hintBox.left >= rowBox.left - 0.5 && hintBox.right <= rowBox.right + 0.5 && hintBox.bottom <= rowBox.bottom + 0.5,
      nextBelow: !next || next.getBoundingClientRect().top >= rowBox.bottom - 0.5,
      noSideways: table.scrollWidth <= table.clientWidth + 1 && document.documentElement.scrollWidth <= window.innerWidth,
    };
  }, (await hint.innerText()).trim());
  expect(layout).toEqual({ inside: true, nextBelow: true, noSideways: true });
  await page.context().close();
}
