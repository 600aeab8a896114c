// Choosing another ship date with an empty cart (issue 30): the rows the page already holds stay, marked
// as updating for the date chosen, with none of the previous date's availability or prices and nothing
// to order, until the chosen date's own offer is read; then its rows can be ordered as always.
import { describe, it } from "vitest";
import { expectNoAxeViolations, newPage, serverAndBrowser } from "./harness.ts";
import { productCount } from "./steps/common.ts";
import { dates, listRows, openStore, savedCart, signInAs } from "./steps/buyer.ts";
import { shortDate } from "../../app/lib/format.ts";

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

  it("lists the last date chosen, never an earlier date's offer answered after it", { timeout: 90_000 }, async ({ expect }) => {
    const page = await newPage(site.browser);
    // The dates with an offer, from the catalogs the store reads ahead.
    const offered = new Set<string>();
    page.on("response", async (res) => {
      const date = /\/api\/Store\/Catalog\/[^/]+\/(\d{4}-\d{2}-\d{2})\//.exec(res.url())?.[1];
      if (!date || !res.ok()) return;
      const body: unknown = await res.json().catch(() => null);
      if (Array.isArray(body) ? body.length > 0 : !!body) offered.add(date);
    });
    // Every products request passes through here from the start: the dates whose offer the page has
    // asked for (read ahead when the pointer or focus rests on a date), and date A's, once it is
    // chosen below, held. Date A is one the page has not read yet, so its choice must ask for it.
    const productsAsked = new Set<string>();
    let holdDate: string | null = null;
    let releaseA!: () => void;
    const heldA = new Promise<void>((resolve) => (releaseA = resolve));
    let aAsked = false;
    await page.route(/\/api\/Store\/Catalog\/Products\//, async (route) => {
      const date = /\/(\d{4}-\d{2}-\d{2})(?:[/?]|$)/.exec(route.request().url())?.[1];
      if (date) productsAsked.add(date);
      if (!holdDate || date !== holdDate) return route.continue();
      aAsked = true;
      await heldA;
      try {
        const real = await route.fetch();
        const list = ((await real.json()) as { description: string }[]).slice(0, 2).map((p) => ({ ...p, description: `Only date A ${p.description}` }));
        await route.fulfill({ response: real, json: list });
      } catch {
        // Given up by the page (the buyer chose another date): nothing to answer.
      }
    });
    await signInAs(page, site.server.baseUrl, "buyer@demo.test");
    await openStore(page, site.server.baseUrl);
    // The pointer off the dates, so that none is read ahead while the test picks A and B.
    await page.mouse.move(0, 0);
    expect(await savedCart(page)).toEqual([]);
    await expect.poll(async () => (await productCount(page).innerText()).trim(), { timeout: 15_000 }).toMatch(/^[\d,]+ products$/);
    const buttons = await dates(page).all();
    const chosenBefore = await Promise.all(buttons.map(async (b) => (await b.getAttribute("aria-pressed")) === "true"));
    const withOffer = async () => {
      const found: { button: (typeof buttons)[number]; date: string }[] = [];
      for (const [i, button] of buttons.entries()) {
        const text = await button.innerText();
        // "Dec 1" is in "Dec 10" too: the day must end there.
        const date = [...offered].find((d) => new RegExp(`\\b${shortDate(d).split(", ")[1]!}\\b`).test(text));
        if (!chosenBefore[i] && date && !productsAsked.has(date)) found.push({ button, date });
      }
      return found;
    };
    await expect.poll(async () => (await withOffer()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const [first, second] = await withOffer();
    if (!first || !second) throw new Error("the test needs two dates with an offer besides the cart's");
    const [a, b] = [first.button, second.button];

    // Date A's offer is held, and answered (after date B's) with a list of its own that no other date
    // has: two products, renamed. Date B's goes through as it is.
    holdDate = first.date;
    await a.click();
    await expect.poll(() => a.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("true");
    await expect.poll(() => aAsked, { timeout: 15_000 }).toBe(true);
    // A is saved (the buttons are free again) while its offer is still being read: choose B.
    await expect.poll(() => b.getAttribute("aria-disabled")).toBeNull();
    await b.click();
    await expect.poll(() => b.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("true");
    await expect.poll(async () => (await productCount(page).innerText()).trim(), { timeout: 15_000 }).toMatch(/^[\d,]+ products$/);
    const countB = (await productCount(page).innerText()).trim();
    expect(countB).not.toBe("2 products");
    await page.getByRole("button", { name: /^Add .* to cart$/ }).first().waitFor();

    // A's answer now arrives, after B's: the list stays B's.
    releaseA();
    await page.waitForTimeout(1500);
    expect(await b.getAttribute("aria-pressed")).toBe("true");
    expect((await productCount(page).innerText()).trim()).toBe(countB);
    expect(await listRows(page).filter({ hasText: "Only date A" }).count()).toBe(0);
    expect(await page.getByText(/Only date A/).count()).toBe(0);
    await page.context().close();
  });
});
