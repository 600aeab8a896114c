// The buyer's catalogue tools of issue 13, as a buyer meets them in Chromium on the demo data:
// sorting (kept in the address), favourites (kept on the server for the customer), the windowed
// list (search still finds, rows far down appear when scrolled to), quick order by pasting and by
// CSV upload, ordering a past order again, and page views counted and shown to staff. A keyboard-only
// pass, and axe at 360 and 1280 px on every screen touched. Then issue 13's first findings, one test each.
import { afterAll, beforeAll, describe, it, type ExpectStatic } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { axeViolations, expectNoAxeViolations, hydrated, launchBrowser, newPage, signIn, startServer, type RunningServer } from "./harness.ts";

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const polling = (expect: ExpectStatic) => <T,>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/**
 * Axe at the page's present width only, for the steps that must stay at one width (the keyboard pass
 * at 360 px, the screens opened once per width); elsewhere the harness's expectNoAxeViolations checks
 * 360 and 1280 px.
 */
async function expectNoAxeViolationsAtThisWidth(page: Page, where: string) {
  const violations = await axeViolations(page);
  if (violations.length) throw new Error(`axe found violations on ${where}: ${JSON.stringify(violations, null, 2)}`);
}

async function signInAs(page: Page, email: string) {
  await signIn(page, server.baseUrl, email);
  // Buyers land on their dashboard, staff on the order desk.
  await page.waitForURL(/\/(Dashboard|Administration\/Orders)$/);
  await hydrated(page);
}

const cart = (page: Page) => page.getByRole("region", { name: "Your cart" });
const dates = (page: Page) => page.getByRole("group", { name: "Ship date" }).getByRole("button");
const productCount = (page: Page) => page.getByRole("status").filter({ hasText: /products/ }).first();
const listRows = (page: Page) => page.locator("[role=row][data-index]");
const nameOf = async (row: Locator) => (await row.getByRole("button").first().innerText()).trim();
const codeOf = async (row: Locator) => (await row.getByRole("cell").first().locator("span.tabular").first().innerText()).trim();

/** Opens /store (with an optional query) and picks the first open date; waits for the list. */
async function openStore(page: Page, query = "") {
  await page.goto(`${server.baseUrl}/store${query}`);
  await hydrated(page);
  const first = dates(page).first();
  if ((await first.getAttribute("aria-pressed")) !== "true") await first.click();
  await listRows(page).first().waitFor();
}

/** The buyer's cart as the server keeps it: [productId, quantity] per line. */
async function savedCart(page: Page): Promise<[string, number][]> {
  return page.evaluate(async () => {
    const me = await (await fetch("/api/Auth/CheckToken/")).json();
    const res = await fetch(`/api/Store/Cart/${me.user.id}/${me.user.currentCustomer.customerID}`);
    return (await res.json()).items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity]);
  });
}

/** Rows with stock held for the buyer now, that can be added by the bunch. */
const availableRows = (page: Page) =>
  listRows(page).filter({ has: page.getByText(/^\d[\d,]* available$/) }).filter({ has: page.getByRole("textbox", { name: /^Bunches of / }) });

describe.sequential("the buyer's catalogue tools", () => {
  it("sorts by name, price and availability, keeping the order in the address and after a reload", { timeout: 90_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const page = await newPage(browser);
    await signInAs(page, "buyer@demo.test");
    await openStore(page);
    const sort = page.getByLabel("Sort by");

    await sort.selectOption("name");
    await eventually(() => new URL(page.url()).searchParams.get("sort")).toBe("name");
    const names = async () => Promise.all((await listRows(page).all()).slice(0, 8).map(nameOf));
    // The address changes before the list re-renders: poll until the shown rows are in order.
    const sortedByName = (xs: string[]) => xs.every((x, i) => i === 0 || xs[i - 1]!.localeCompare(x, "en", { sensitivity: "base", numeric: true }) <= 0);
    await eventually(async () => {
      const byName = await names();
      return byName.length > 1 && sortedByName(byName);
    }).toBe(true);

    await sort.selectOption("price");
    await eventually(() => new URL(page.url()).searchParams.get("sort")).toBe("price");
    const prices = async () =>
      Promise.all(
        (await listRows(page).all()).slice(0, 8).map(async (r) => Number((await r.getByRole("cell").nth(2).locator("span.font-semibold").first().innerText()).replace(/[$,]/g, ""))),
      );
    await eventually(async () => {
      const low = await prices();
      return low.length > 1 && low.every((p, i) => i === 0 || low[i - 1]! <= p);
    }).toBe(true);
    await sort.selectOption("price-desc");
    await eventually(() => new URL(page.url()).searchParams.get("sort")).toBe("price-desc");
    await eventually(async () => {
      const high = await prices();
      return high.length > 1 && high.every((p, i) => i === 0 || high[i - 1]! >= p);
    }).toBe(true);

    await sort.selectOption("availability");
    const counts = async () =>
      Promise.all(
        (await listRows(page).all()).slice(0, 6).map(async (r) => Number(((await r.innerText()).match(/(\d[\d,]*) available/)?.[1] ?? "0").replace(/,/g, ""))),
      );
    await eventually(async () => {
      const c = await counts();
      return c.length > 1 && c[0]! > 0 && c.every((n, i) => i === 0 || c[i - 1]! >= n);
    }).toBe(true);
    await eventually(() => new URL(page.url()).searchParams.get("sort")).toBe("availability");

    // A reload (or a shared link) shows the same order.
    await page.reload();
    await hydrated(page);
    await listRows(page).first().waitFor();
    expect(await page.getByLabel("Sort by").inputValue()).toBe("availability");
    await page.context().close();
  });

  it("stars favourites for the customer, filters on them, and keeps them on the server", { timeout: 90_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const page = await newPage(browser);
    await signInAs(page, "buyer@demo.test");
    await openStore(page, "?sort=name");
    const rows = listRows(page);
    const [first, second] = [rows.nth(0), rows.nth(2)];
    const names = [await nameOf(first), await nameOf(second)];
    for (const [i, row] of [first, second].entries()) {
      const star = row.getByRole("button", { name: `Favourite: ${names[i]}` });
      expect(await star.getAttribute("aria-pressed")).toBe("false");
      await star.click();
      await eventually(() => star.getAttribute("aria-pressed")).toBe("true");
    }
    // The filter (in the Filters disclosure below 1600 px) keeps only the starred flowers.
    await page.locator("details > summary", { hasText: "Filters" }).click();
    await page.getByRole("checkbox", { name: /^Favourites only/ }).check();
    await eventually(async () => (await productCount(page).innerText()).trim()).toMatch(/^2 of [\d,]+ products match$/);
    expect(await Promise.all((await rows.all()).map(nameOf))).toEqual(names);
    await eventually(() => new URL(page.url()).searchParams.get("favourites")).toBe("1");

    // Another session of the same buyer sees them: they are kept on the server, per customer.
    const other = await newPage(browser);
    await signInAs(other, "buyer@demo.test");
    await openStore(other, "?favourites=1&sort=name");
    await eventually(async () => (await productCount(other).innerText()).trim()).toMatch(/^2 of /);
    // Unstarring one there leaves one.
    await listRows(other).first().getByRole("button", { name: `Favourite: ${names[0]}` }).click();
    await eventually(async () => (await productCount(other).innerText()).trim()).toMatch(/^1 of /);
    await other.context().close();
    await page.context().close();
  });

  it("while a date's offer is read, the row laid out ahead of the list is neither seen, reached with Tab nor left behind", { timeout: 90_000 }, async ({ expect }) => {
    const page = await newPage(browser);
    await signInAs(page, "buyer@demo.test");
    // Hold the offer's products answer until the loading page has been checked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/Store\/Catalog\/Products\//, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/store`);
    await hydrated(page);
    const first = dates(page).first();
    if ((await first.getAttribute("aria-pressed")) !== "true") await first.click();
    await page.getByRole("status").filter({ hasText: /^Loading the flowers for / }).waitFor();
    expect(await page.getByRole("button", { name: /^(Add|Update) .* (to|in) cart$/ }).count()).toBe(0);
    expect(await page.getByRole("textbox", { name: /^(Pails|Bunches) of / }).count()).toBe(0);
    // Every element Tab reaches is one the buyer can see.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const seen = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return !el || el === document.body || el.checkVisibility({ visibilityProperty: true });
      });
      expect(seen).toBe(true);
    }
    await expectNoAxeViolations(page, "the store while the offer is read");
    release();
    await listRows(page).first().waitFor();
    await expect.poll(async () => (await productCount(page).innerText()).trim(), { timeout: 15_000 }).toMatch(/^[\d,]+ products$/);
    const total = Number((await productCount(page).innerText()).trim().match(/^([\d,]+)/)![1]!.replace(/,/g, ""));
    // Only the offer's own rows are in the page, each with its place in the list.
    const indexes = await listRows(page).evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-index"))));
    expect(indexes.length).toBeGreaterThan(0);
    expect(indexes.every((i) => i >= 0 && i < total)).toBe(true);
    await page.context().close();
  });

  it("keeps search working on the windowed list and renders rows far down when scrolled to", { timeout: 90_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const page = await newPage(browser);
    await signInAs(page, "buyer@demo.test");
    await openStore(page);
    const total = Number(((await productCount(page).innerText()).match(/^([\d,]+) products$/)?.[1] ?? "0").replace(/,/g, ""));
    expect(total).toBeGreaterThan(100);
    // Only the rows near the screen are in the page; the table says how many there are. The first
    // rows are shown first, then the rest of the screen and the rows just beyond its bottom edge.
    await eventually(() => listRows(page).evaluateAll((rows) => rows.filter((r) => r.getBoundingClientRect().top >= window.innerHeight).length)).toBeGreaterThan(0);
    expect(await listRows(page).count()).toBeLessThan(60);
    expect(await page.getByRole("table").first().getAttribute("aria-rowcount")).toBe(String(total + 1));

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await eventually(() => page.locator(`[role=row][data-index="${total - 1}"]`).count()).toBe(1);
    expect(await listRows(page).count()).toBeLessThan(60);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("searchbox", { name: "Search flowers" }).fill("white lily");
    await eventually(async () => (await productCount(page).innerText()).trim()).toMatch(/^\d+ of [\d,]+ products match$/);
    const shown = await Promise.all((await listRows(page).all()).map(nameOf));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((n) => /lil/i.test(n))).toBe(true);
    await page.context().close();
  });

  it("adds pasted and uploaded quick-order lines to the cart, flagging unknown codes and bad quantities", { timeout: 120_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const page = await newPage(browser);
    await signInAs(page, "buyer@demo.test");
    await openStore(page);
    const rows = availableRows(page);
    const a = { name: await nameOf(rows.nth(0)), code: await codeOf(rows.nth(0)) };
    const b = { name: await nameOf(rows.nth(1)), code: await codeOf(rows.nth(1)) };

    await page.getByRole("button", { name: "Quick order" }).click();
    const dialog = page.getByRole("dialog", { name: "Quick order" });
    await dialog.getByLabel("Product codes and quantities").fill(`code;quantity\n\n${a.code.toLowerCase()} ; 2\nNOPE-0000,3\n${b.code},two\n`);
    await dialog.getByRole("button", { name: "Check lines" }).click();
    await dialog.getByText("1 of 3 lines can be added; 2 flagged below.").waitFor();
    await dialog.getByText("Unknown product code: NOPE-0000 is not in the offer for", { exact: false }).waitFor();
    await dialog.getByText(`Quantity "two" for ${b.code}: Invalid Quantity: Please enter a valid quantity`, { exact: false }).waitFor();
    expect(await dialog.getByRole("row").filter({ hasText: a.name }).innerText()).toMatch(/Available[\s\S]*\$\d+\.\d{2}/);
    await expectNoAxeViolations(page, "the quick order dialog");
    await dialog.getByRole("button", { name: "Add 1 line to cart" }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
    await cart(page).getByText(a.name, { exact: true }).waitFor();

    // CSV upload: the file's lines are checked at once.
    await page.getByRole("button", { name: "Quick order" }).click();
    await dialog.getByLabel("or upload a CSV file:").setInputFiles({ name: "order.csv", mimeType: "text/csv", buffer: Buffer.from(`code,quantity\r\n${b.code},3\r\n${a.code},1\r\n`) });
    await dialog.getByText("2 of 2 lines can be added.").waitFor();
    await dialog.getByText("Adds to the 2 already in your cart.", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Add 2 lines to cart" }).click();
    await eventually(() => dialog.isVisible()).toBe(false);
    await cart(page).getByText(b.name, { exact: true }).waitFor();
    // The cart, saved by the server: 3 bunches of the first (2 + 1), 3 of the second.
    expect(await savedCart(page)).toEqual(expect.arrayContaining([[a.code, 3], [b.code, 3]]));
    await page.context().close();
  });

  it("orders a past order again from the order history into the cart, at the date's prices", { timeout: 120_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const page = await newPage(browser);
    await signInAs(page, "buyer@demo.test");
    // The cart of the quick-order test becomes an order.
    await page.goto(`${server.baseUrl}/store/checkout`);
    await hydrated(page);
    await page.getByRole("button", { name: "Place order" }).click();
    const placed = page.getByRole("heading", { name: /^Order \d+ is placed$/ });
    await placed.waitFor({ timeout: 20_000 });
    const orderNumber = (await placed.innerText()).match(/\d+/)![0];

    await page.goto(`${server.baseUrl}/Orders`);
    await hydrated(page);
    await page.getByRole("link", { name: `Order again (order ${orderNumber})` }).click();
    await page.waitForURL(new RegExp(`/Orders/${orderNumber}#order-again$`));
    const section = page.getByRole("region", { name: "Order again" });
    await section.getByRole("button", { name: "Add to cart" }).click();
    await section.getByText(/^Added 2 lines to your cart for .*, at that date's prices\.$/).waitFor();
    await expectNoAxeViolations(page, "the order page with Order again");
    await section.getByRole("link", { name: "Go to the store" }).click();
    await page.waitForURL(/\/store$/);
    await eventually(async () => (await savedCart(page)).length).toBe(2);
    for (const [productId] of await savedCart(page)) await cart(page).getByText(productId, { exact: false }).or(cart(page).locator("li").first()).first().waitFor();
    await page.context().close();
  });

  it("does the store's new tools with the keyboard alone, and axe finds nothing at 360 px", { timeout: 120_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const page = await newPage(browser, { viewport: { width: 360, height: 780 } });
    await signInAs(page, "buyer@demo.test");
    await page.goto(`${server.baseUrl}/store`);
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
  });

  it("counts page views and shows them, per page and per product, to staff only", { timeout: 90_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const buyer = await newPage(browser);
    await signInAs(buyer, "buyer@demo.test");
    await openStore(buyer);
    const row = listRows(buyer).first();
    const name = await nameOf(row);
    await row.getByRole("button").first().click();
    await buyer.getByRole("dialog", { name }).waitFor();
    await eventually(() =>
      buyer.evaluate(async () => {
        const res = await fetch("/api/Analytics/PageViews");
        return res.status;
      }),
    ).toBe(403);
    await buyer.context().close();

    for (const width of [1280, 360]) {
      const staff = await newPage(browser, { viewport: { width, height: 900 } });
      await signInAs(staff, "sales@demo.test");
      await staff.goto(`${server.baseUrl}/Administration`);
      await hydrated(staff);
      await staff.getByRole("link", { name: /^Page views/ }).click();
      await staff.waitForURL(/\/Administration\/PageViews$/);
      const pages = staff.getByRole("table", { name: "Page views per page, most viewed first" });
      await pages.waitFor();
      const storeRow = pages.getByRole("row").filter({ has: staff.getByRole("rowheader", { name: "/store", exact: true }) });
      expect(Number((await storeRow.locator("td").first().innerText()).replace(/,/g, ""))).toBeGreaterThan(0);
      expect(await pages.getByRole("columnheader", { name: "wholesaler" }).count()).toBe(1);
      const products = staff.getByRole("table", { name: "Product views, most viewed first" });
      await products.getByRole("rowheader", { name, exact: true }).waitFor();
      await expectNoAxeViolationsAtThisWidth(staff, `the page views screen at ${width} px`);
      await staff.context().close();
    }
  });

  it("asks before quick-order lines far beyond what is available: cancel, add only what is available, or request anyway", { timeout: 120_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const page = await newPage(browser);
    await signInAs(page, "buyer@demo.test");
    await openStore(page);
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
  });

  it("shows every store nav entry at 360 px (in the Menu) and 1280 px, reachable with the keyboard, axe clean at 360 and 1280 px", { timeout: 90_000 }, async ({ expect }) => {
    for (const width of [360, 1280]) {
      const page = await newPage(browser, { viewport: { width, height: 780 } });
      await signInAs(page, "buyer@demo.test");
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
  });

  it("windows the grid view by rows of cards: few cards in the page, the last reachable by scrolling, axe clean", { timeout: 90_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const page = await newPage(browser);
    await signInAs(page, "buyer@demo.test");
    await openStore(page);
    const total = Number(((await productCount(page).innerText()).match(/^([\d,]+) products$/)?.[1] ?? "0").replace(/,/g, ""));
    await page.getByRole("button", { name: "Grid", exact: true }).click();
    const cards = page.getByRole("list", { name: "Flowers, as cards" }).getByRole("listitem");
    await cards.first().waitFor();
    // The first row of cards is shown first, then the rest of the screen and the rows of cards just
    // beyond its bottom edge.
    await eventually(() => cards.evaluateAll((items) => items.filter((c) => c.getBoundingClientRect().top >= window.innerHeight).length)).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThan(60);
    expect(await cards.first().getAttribute("aria-setsize")).toBe(String(total));
    await expectNoAxeViolations(page, "the store's grid");
    // Keyboard focus on the first card stays in the page while scrolled far away.
    await cards.first().getByRole("button").first().focus();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await eventually(() => page.locator(`[role=listitem][aria-posinset="${total}"]`).count()).toBe(1);
    expect(await cards.count()).toBeLessThan(60);
    expect(await page.evaluate(() => document.activeElement?.closest("[role=listitem]")?.getAttribute("aria-posinset"))).toBe("1");
    // Back to the list for the other tests (the view is remembered in this browser only).
    await page.getByRole("button", { name: "List", exact: true }).click();
    await page.context().close();
  });
});

// Issue 13's numbered findings, each as a buyer meets it on the demo data: the search box's own
// examples (1), the discounted filter and the dashboard's link agreeing (2), cut-offs with their day
// and zone on ship and pickup dates (8), colour counts that follow the category, the dashboard's
// recent orders inside their card and the pail hint inside its row (9).
describe.sequential("what a buyer first tried", () => {
  const search = (page: Page) => page.getByRole("searchbox", { name: "Search flowers" });
  /** The "N of M products match" count once the list shows the search's answer. */
  async function searchFor(page: Page, expect: ExpectStatic, text: string): Promise<number> {
    await search(page).fill(text);
    await polling(expect)(async () => (await productCount(page).innerText()).trim()).toMatch(/^\d+ of [\d,]+ products match$/);
    return Number((await productCount(page).innerText()).match(/^(\d+) of/)![1]);
  }
  /** Below 1600 px the filters sit in a disclosure above the list. */
  async function openFilters(page: Page) {
    const toggle = page.getByRole("checkbox", { name: /^Only available/ });
    if (await toggle.isVisible()) return;
    await page.locator("details > summary", { hasText: "Filters" }).click();
    await toggle.waitFor();
  }
  /** The first `n` rows of the list in its order (the windowed list's rows are not kept in DOM order). */
  const firstRows = async (page: Page, n: number) => {
    const count = Math.min(n, Number(await page.getByRole("table").first().getAttribute("aria-rowcount")) - 1);
    return Array.from({ length: count }, (_, i) => page.locator(`[role=row][data-index="${i}"]`));
  };

  it("finds what the search examples name, in any word order, by code and with a typo, the closest match first", { timeout: 90_000 }, async ({ expect }) => {
    const page = await newPage(browser);
    await signInAs(page, "buyer@demo.test");
    await openStore(page);
    expect(await search(page).getAttribute("placeholder")).toBe("Search flowers, e.g. white lily");

    for (const text of ["white lily", "lily white"]) {
      expect(await searchFor(page, expect, text), text).toBeGreaterThan(0);
      // The first rows are white lilies (the row names the colour under the product).
      for (const row of await firstRows(page, 3)) {
        expect(await nameOf(row), text).toMatch(/^Lily /);
        expect(await row.innerText(), text).toMatch(/\bWhite\b/);
      }
    }

    expect(await searchFor(page, expect, "Stargazer Pink")).toBeGreaterThan(0);
    const [stargazer] = await firstRows(page, 1);
    expect(await nameOf(stargazer!)).toMatch(/Stargazer/);
    expect(await stargazer!.innerText()).toMatch(/Dark Pink/);

    // The code the list shows finds that one product, and only it.
    expect(await searchFor(page, expect, "ANT-BUR-1012")).toBe(1);
    expect(await codeOf((await firstRows(page, 1))[0]!)).toBe("ANT-BUR-1012");

    // A typo still finds gerberas, and nothing but gerberas.
    const gerberas = await searchFor(page, expect, "gerbra");
    expect(gerberas).toBeGreaterThan(0);
    const names = await Promise.all((await firstRows(page, 5)).map(nameOf));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => /gerbera/i.test(n)), names.join(", ")).toBe(true);
    await page.context().close();
  });

  it("'All discounted flowers' on the dashboard and the 'Only discounted' filter show the same few products", { timeout: 90_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    // A tall window, so the windowed list has every discounted product in the page at once.
    const page = await newPage(browser, { viewport: { width: 1280, height: 4000 } });
    await signInAs(page, "buyer@demo.test");
    const specials = page.getByRole("region", { name: "Specials this week" });
    await specials.getByRole("listitem").first().waitFor();
    const specialNames = (await specials.getByRole("listitem").getByRole("link").allInnerTexts()).map((n) => n.trim());
    expect(specialNames.length).toBeGreaterThan(0);

    await specials.getByRole("link", { name: "All discounted flowers" }).click();
    await page.waitForURL(/\/store\?(.*&)?specials=1/);
    await hydrated(page);
    const first = dates(page).first();
    if ((await first.getAttribute("aria-pressed")) !== "true") await first.click();
    await listRows(page).first().waitFor();
    await openFilters(page);
    expect(await page.getByRole("checkbox", { name: /^Only discounted/ }).isChecked()).toBe(true);

    await eventually(async () => (await productCount(page).innerText()).trim()).toMatch(/^\d+ of [\d,]+ products match$/);
    const [, shown, total] = (await productCount(page).innerText()).replace(/,/g, "").match(/^(\d+) of (\d+)/)!.map(Number) as [number, number, number];
    // A few products, not nearly the whole list (every product has tier prices; tiers are not discounts).
    expect(shown).toBeGreaterThanOrEqual(specialNames.length);
    expect(shown).toBeLessThan(total / 4);
    // Every product listed is on special or below its usual price, and every dashboard special is listed.
    const rows = await firstRows(page, shown);
    expect(rows.length).toBe(shown);
    const rowTexts = await Promise.all(rows.map((r) => r.innerText()));
    expect(rowTexts.every((t) => /\bSpecial\b|\bwas \$/.test(t)), rowTexts.join("\n---\n")).toBe(true);
    const listed = await Promise.all(rows.map(nameOf));
    for (const name of specialNames) expect(listed, name).toContain(name);

    // The filter and the address agree both ways.
    await page.getByRole("checkbox", { name: /^Only discounted/ }).uncheck();
    await eventually(() => new URL(page.url()).searchParams.get("specials")).toBe(null);
    await eventually(async () => (await productCount(page).innerText()).trim()).toMatch(/^[\d,]+ products$/);
    await page.getByRole("checkbox", { name: /^Only discounted/ }).check();
    await eventually(() => new URL(page.url()).searchParams.get("specials")).toBe("1");
    await eventually(async () => (await productCount(page).innerText()).replace(/,/g, "")).toMatch(new RegExp(`^${shown} of ${total} products match$`));
    await page.context().close();
  });

  it("gives every ship and pickup date its cut-off with the day and the time zone", { timeout: 90_000 }, async ({ expect }) => {
    const cutOff = /order by (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2}:\d{2} (AM|PM) E[SD]T$/;
    for (const [email, group] of [["buyer@demo.test", "Ship date"], ["retailer@demo.test", "Pickup date"]] as const) {
      const page = await newPage(browser);
      await signInAs(page, email);
      await page.goto(`${server.baseUrl}/store`);
      await hydrated(page);
      const buttons = page.getByRole("group", { name: group }).getByRole("button");
      await buttons.first().waitFor();
      const texts = (await buttons.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
      expect(texts.length, email).toBeGreaterThan(1);
      for (const t of texts) expect(t, email).toMatch(cutOff);
      await page.context().close();
    }
  });

  it("counts colours within the chosen category, keeps recent orders inside their card and the pail hint inside its row", { timeout: 120_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const page = await newPage(browser);
    await signInAs(page, "buyer@demo.test");

    // The dashboard at 1280 px: the recent orders table fits its card, nothing scrolls sideways.
    const recent = page.getByRole("region", { name: "Recent orders" });
    await recent.getByRole("row").nth(1).waitFor();
    const fits = await recent.evaluate((card) => {
      const box = card.getBoundingClientRect();
      const inner = [...card.querySelectorAll("*")].map((e) => e.getBoundingClientRect());
      return { right: Math.max(...inner.map((r) => r.right)) <= box.right + 0.5, scroll: card.scrollWidth <= card.clientWidth, page: document.documentElement.scrollWidth <= window.innerWidth };
    });
    expect(fits).toEqual({ right: true, scroll: true, page: true });

    await openStore(page);
    await openFilters(page);
    const colours = page.getByRole("group", { name: /^Colour/ }).getByRole("checkbox");
    const categories = page.getByRole("group", { name: /^Category/ }).getByRole("checkbox");
    const countsOf = async (boxes: Locator) => {
      const names = await boxes.evaluateAll((els) => els.map((e) => e.closest("label")?.textContent ?? ""));
      return names.map((n) => Number(n.match(/(\d+)\s*$/)?.[1] ?? NaN));
    };
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
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
  });
});
