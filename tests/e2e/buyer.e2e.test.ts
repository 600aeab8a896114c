// The buyer's catalogue tools of issue 13, as a buyer meets them in Chromium on the demo data:
// sorting (kept in the address), favourites (kept on the server for the customer), the windowed
// list (search still finds, rows far down appear when scrolled to), quick order by pasting and by
// CSV upload, ordering a past order again, and page views counted and shown to staff. A keyboard-only
// pass, and axe at 360 and 1280 px on every screen touched. Then issue 13's first findings, one test each.
import { describe, it } from "vitest";
import { expectNoAxeViolations, hydrated, newPage, serverAndBrowser } from "./harness.ts";
import { cart, expectNoAxeViolationsAtThisWidth, polling, productCount } from "./steps/common.ts";
import { openFilters, searchBox } from "./steps/store.ts";
import { availableRows, codeOf, dates, firstRows, listRows, nameOf, openStore, readRows, savedCart, searchFor, signInAs } from "./steps/buyer.ts";
import { asksBeforeQuickOrderBeyondStock, countsColoursAndKeepsThingsInside, doesTheNewToolsByKeyboard, reachesEveryStoreNavEntry } from "./steps/buyer-tools.ts";

const site = serverAndBrowser();

describe.sequential("the buyer's catalogue tools", () => {
  it("sorts by name, price and availability, keeping the order in the address and after a reload", { timeout: 90_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const page = await newPage(site.browser);
    await signInAs(page, site.server.baseUrl, "buyer@demo.test");
    await openStore(page, site.server.baseUrl);
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
    const page = await newPage(site.browser);
    await signInAs(page, site.server.baseUrl, "buyer@demo.test");
    await openStore(page, site.server.baseUrl, "?sort=name");
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
    const other = await newPage(site.browser);
    await signInAs(other, site.server.baseUrl, "buyer@demo.test");
    await openStore(other, site.server.baseUrl, "?favourites=1&sort=name");
    await eventually(async () => (await productCount(other).innerText()).trim()).toMatch(/^2 of /);
    // Unstarring one there leaves one.
    await listRows(other).first().getByRole("button", { name: `Favourite: ${names[0]}` }).click();
    await eventually(async () => (await productCount(other).innerText()).trim()).toMatch(/^1 of /);
    await other.context().close();
    await page.context().close();
  });

  it("while a date's offer is read, the row laid out ahead of the list is neither seen, reached with Tab nor left behind", { timeout: 90_000 }, async ({ expect }) => {
    const page = await newPage(site.browser);
    await signInAs(page, site.server.baseUrl, "buyer@demo.test");
    // Hold the offer's products answer until the loading page has been checked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/Store\/Catalog\/Products\//, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.server.baseUrl}/store`);
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
    const page = await newPage(site.browser);
    await signInAs(page, site.server.baseUrl, "buyer@demo.test");
    await openStore(page, site.server.baseUrl);
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
    const page = await newPage(site.browser);
    await signInAs(page, site.server.baseUrl, "buyer@demo.test");
    await openStore(page, site.server.baseUrl);
    // Not final products: the test adds to a line again, and a final product may have no more left
    // (which of them are final is drawn afresh by the demo data each week).
    const rows = availableRows(page).filter({ hasNotText: "Limited stock" });
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
    const page = await newPage(site.browser);
    await signInAs(page, site.server.baseUrl, "buyer@demo.test");
    // The cart of the quick-order test becomes an order.
    await page.goto(`${site.server.baseUrl}/store/checkout`);
    await hydrated(page);
    await page.getByRole("button", { name: "Place order" }).click();
    const placed = page.getByRole("heading", { name: /^Order \d+ is placed$/ });
    await placed.waitFor({ timeout: 20_000 });
    const orderNumber = (await placed.innerText()).match(/\d+/)![0];

    await page.goto(`${site.server.baseUrl}/Orders`);
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

  it("does the store's new tools with the keyboard alone, and axe finds nothing at 360 px", { timeout: 120_000 }, ({ expect }) => doesTheNewToolsByKeyboard({ browser: site.browser, baseUrl: site.server.baseUrl }, expect));

  it("counts page views and shows them, per page and per product, to staff only", { timeout: 90_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const buyer = await newPage(site.browser);
    await signInAs(buyer, site.server.baseUrl, "buyer@demo.test");
    await openStore(buyer, site.server.baseUrl);
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
      const staff = await newPage(site.browser, { viewport: { width, height: 900 } });
      await signInAs(staff, site.server.baseUrl, "sales@demo.test");
      await staff.goto(`${site.server.baseUrl}/Administration`);
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

  it("asks before quick-order lines far beyond what is available: cancel, add only what is available, or request anyway", { timeout: 120_000 }, ({ expect }) => asksBeforeQuickOrderBeyondStock({ browser: site.browser, baseUrl: site.server.baseUrl }, expect));

  it("shows every store nav entry at 360 px (in the Menu) and 1280 px, reachable with the keyboard, axe clean at 360 and 1280 px", { timeout: 90_000 }, ({ expect }) => reachesEveryStoreNavEntry({ browser: site.browser, baseUrl: site.server.baseUrl }, expect));

  it("windows the grid view by rows of cards: few cards in the page, the last reachable by scrolling, axe clean", { timeout: 90_000 }, async ({ expect }) => {
    const eventually = polling(expect);
    const page = await newPage(site.browser);
    await signInAs(page, site.server.baseUrl, "buyer@demo.test");
    await openStore(page, site.server.baseUrl);
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
  it("finds what the search examples name, in any word order, by code and with a typo, the closest match first", { timeout: 90_000 }, async ({ expect }) => {
    const page = await newPage(site.browser);
    await signInAs(page, site.server.baseUrl, "buyer@demo.test");
    await openStore(page, site.server.baseUrl);
    expect(await searchBox(page).getAttribute("placeholder")).toBe("Search flowers, e.g. white lily");

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
    const page = await newPage(site.browser, { viewport: { width: 1280, height: 2000 } });
    await signInAs(page, site.server.baseUrl, "buyer@demo.test");
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
    const rows = await readRows(page, shown);
    expect(rows.length).toBe(shown);
    const rowTexts = rows.map((r) => r.text);
    expect(rowTexts.every((t) => /\bSpecial\b|\bwas \$/.test(t)), rowTexts.join("\n---\n")).toBe(true);
    const listed = rows.map((r) => r.name);
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
      const page = await newPage(site.browser);
      await signInAs(page, site.server.baseUrl, email);
      await page.goto(`${site.server.baseUrl}/store`);
      await hydrated(page);
      const buttons = page.getByRole("group", { name: group }).getByRole("button");
      await buttons.first().waitFor();
      const texts = (await buttons.allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim());
      expect(texts.length, email).toBeGreaterThan(1);
      for (const t of texts) expect(t, email).toMatch(cutOff);
      await page.context().close();
    }
  });

  it("counts colours within the chosen category, keeps recent orders inside their card and the pail hint inside its row", { timeout: 120_000 }, ({ expect }) => countsColoursAndKeepsThingsInside({ browser: site.browser, baseUrl: site.server.baseUrl }, expect));
});
