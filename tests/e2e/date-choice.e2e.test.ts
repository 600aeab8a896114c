// Choosing another ship date with an empty cart (issue 30): the rows the page already holds stay, marked
// as updating for the date chosen, with none of the previous date's availability or prices and nothing
// to order, until the chosen date's own offer is read; then its rows can be ordered as always.
import { describe, it, type ExpectStatic } from "vitest";
import { expectNoAxeViolations, newPage, serverAndBrowser } from "./harness.ts";
import { productCount } from "./steps/common.ts";
import { addFromRow, availableRows, dates, listRows, openStore, savedCart, savedShipDate, signInAs } from "./steps/buyer.ts";
import { cart } from "./steps/common.ts";
import { shortDate } from "../../app/lib/format.ts";
import { CART_CHANGED_DURING_DATE_CHECK, LINE_NOT_FOR_CART_DATE } from "../../app/features/store/messages.ts";

const site = serverAndBrowser();

/** The buyer's store, opened with an empty cart and its date's list shown. */
async function openEmptyStore(expect: ExpectStatic) {
  const page = await newPage(site.browser);
  await signInAs(page, site.server.baseUrl, "buyer@demo.test");
  await openStore(page, site.server.baseUrl);
  expect(await savedCart(page)).toEqual([]);
  await expect.poll(async () => (await productCount(page).innerText()).trim(), { timeout: 15_000 }).toMatch(/^[\d,]+ products$/);
  return page;
}

describe("choosing another ship date", () => {
  it("keeps the rows shown as updating, never orderable nor priced, until the new date's offer is in", { timeout: 90_000 }, async ({ expect }) => {
    const page = await openEmptyStore(expect);

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

  it("with lines in the cart, lists the date chosen while its save is on its way; a line added meanwhile is saved after it, for that date", { timeout: 90_000 }, async ({ expect }) => {
    const page = await openEmptyStore(expect);
    // One line in the cart.
    await addFromRow(page, expect, availableRows(page).first(), 1, 1);

    // Every cart save from here on, in the order sent; the first (the date's) held until released.
    const saves: { shipDate: string; items: { productId: string }[] }[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/Store\/Cart\/Save\//, async (route) => {
      saves.push(route.request().postDataJSON() as (typeof saves)[number]);
      if (saves.length === 1) await held;
      await route.continue();
    });
    const chosen = dates(page).nth(1);
    const chosenText = (await chosen.innerText()).replace(/\s+/g, " ");
    await chosen.click();
    // Its lines are checked against the date's offer; a line it does not offer is asked about (Yes).
    const question = page.getByRole("alertdialog", { name: /Clear the cart\?/ });
    await expect.poll(async () => saves.length > 0 || (await question.isVisible()), { timeout: 15_000 }).toBe(true);
    if (saves.length === 0) await question.getByRole("button", { name: "Yes" }).click();
    await expect.poll(() => saves.length, { timeout: 15_000 }).toBe(1);
    const date = saves[0]!.shipDate;

    // The date's save is unanswered: its offer is listed and can be ordered all the same.
    await page.getByRole("heading", { name: `Flowers for ${shortDate(date)}` }).waitFor();
    expect(chosenText).toContain(shortDate(date).split(", ")[1]!);
    await expect.poll(async () => (await productCount(page).innerText()).trim(), { timeout: 15_000 }).toMatch(/^[\d,]+ products$/);
    expect(await page.getByRole("table").first().getAttribute("aria-busy")).toBeNull();
    const row = availableRows(page).nth(1);
    const name = (await row.getByRole("button").first().innerText()).trim();
    await row.getByRole("textbox", { name: /^Bunches of / }).fill("2");
    await row.getByRole("button", { name: /^(Add|Update) .* (to|in) cart$/ }).click();
    // The line waits for the date's save: nothing else is sent meanwhile.
    await page.waitForTimeout(300);
    expect(saves).toHaveLength(1);

    release();
    await expect.poll(() => saves.length, { timeout: 15_000 }).toBe(2);
    expect(saves[1]!.shipDate).toBe(date);
    await cart(page).getByText(name).waitFor();
    expect(await dates(page).nth(1).getAttribute("aria-pressed")).toBe("true");

    // The cart emptied again for the other tests.
    await cart(page).getByRole("button", { name: "Clear cart" }).click();
    await page.getByRole("alertdialog", { name: /Clear the cart\?/ }).getByRole("button", { name: "Yes" }).click();
    await expect.poll(async () => (await savedCart(page)).length, { timeout: 15_000 }).toBe(0);
    await page.context().close();
  });

  it("sends nothing for a line added while its date was being saved, when that save fails", { timeout: 90_000 }, async ({ expect }) => {
    const page = await openEmptyStore(expect);
    const before = (await page.getByRole("heading", { name: /^Flowers for / }).innerText()).trim();

    // The date's save is held, then fails; any later save is counted.
    let saves = 0;
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    await page.route(/\/api\/Store\/Cart\/Save\//, async (route) => {
      saves++;
      if (saves > 1) return route.continue();
      await failing;
      await route.fulfill({ status: 500, json: { message: "The date could not be saved" } });
    });
    await dates(page).nth(1).click();
    await expect.poll(() => saves, { timeout: 15_000 }).toBe(1);
    // The empty cart's new date is listed while it is saved; a line is added from it.
    await expect.poll(async () => (await page.getByRole("heading", { name: /^Flowers for / }).innerText()).trim(), { timeout: 15_000 }).not.toBe(before);
    await expect.poll(async () => (await productCount(page).innerText()).trim(), { timeout: 15_000 }).toMatch(/^[\d,]+ products$/);
    const row = availableRows(page).first();
    const name = (await row.getByRole("button").first().innerText()).trim();
    await row.getByRole("textbox", { name: /^Bunches of / }).fill("1");
    await row.getByRole("button", { name: /^Add .* to cart$/ }).click();

    fail();
    await page.getByRole("alertdialog").getByText("The date could not be saved").waitFor();
    await page.getByRole("alertdialog").getByRole("button").first().click();
    // The cart stays on its date, and the line, listed for the other date, is not sent for it.
    await page.getByText(LINE_NOT_FOR_CART_DATE).first().waitFor({ timeout: 15_000 });
    expect(saves).toBe(1);
    expect(await savedCart(page)).toEqual([]);
    expect(await cart(page).getByText(name).count()).toBe(0);
    await page.context().close();
  });
  it("never drops a line added while the chosen date's offer is checked: it is saved with the date, or the buyer is told and the cart stays", { timeout: 90_000 }, async ({ expect }) => {
    const page = await openEmptyStore(expect);
    // One line in the cart.
    await addFromRow(page, expect, availableRows(page).first(), 1, 1);
    const before = await savedShipDate(page);
    expect(before).not.toBeNull();

    // Another date's products are held until released (the cart's own date's list reads through), and
    // every cart save is recorded with its ship date.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/api\/Store\/Catalog\/Products\//, async (route) => {
      const date = /\/(\d{4}-\d{2}-\d{2})(?:[/?]|$)/.exec(route.request().url())?.[1];
      if (!date || date === before) return route.continue();
      asked = true;
      await held;
      await route.continue();
    });
    const dateSaves: string[] = [];
    page.on("request", (r) => {
      if (!/\/api\/Store\/Cart\/Save\//.test(r.url())) return;
      const shipDate = (r.postDataJSON() as { shipDate: string | null }).shipDate;
      if (shipDate && shipDate !== before) dateSaves.push(shipDate);
    });
    // The pointer off the dates, so the chosen date's offer is asked for at the click.
    await page.mouse.move(0, 0);
    await dates(page).nth(1).click();
    await expect.poll(() => asked, { timeout: 15_000 }).toBe(true);

    // Meanwhile a second line is added from the cart's date's list, and saved.
    const row = availableRows(page).nth(1);
    const name = (await row.getByRole("button").first().innerText()).trim();
    await addFromRow(page, expect, row, 2, 2);
    const lines = (await savedCart(page)).map(([id]) => id);
    expect(dateSaves).toEqual([]);

    // The offer arrives. A line it does not offer is asked about (Yes): the question was about the cart
    // as it was at the click.
    release();
    const question = page.getByRole("alertdialog", { name: /Clear the cart\?/ });
    const told = page.getByRole("alert").filter({ hasText: CART_CHANGED_DURING_DATE_CHECK });
    await expect.poll(async () => (await question.count()) > 0 || (await told.count()) > 0 || dateSaves.length > 0, { timeout: 15_000 }).toBe(true);
    if ((await question.count()) > 0) {
      expect(await question.innerText()).not.toContain(name);
      await question.getByRole("button", { name: "Yes" }).click();
      await expect.poll(async () => (await told.count()) > 0 || dateSaves.length > 0, { timeout: 15_000 }).toBe(true);
    }
    if ((await told.count()) > 0) {
      // The buyer is told; nothing was saved for the date: the cart stays on its date with both lines.
      expect(dateSaves).toEqual([]);
      await expect.poll(async () => (await dates(page).first().getAttribute("aria-pressed")) === "true", { timeout: 15_000 }).toBe(true);
      expect(await dates(page).nth(1).getAttribute("aria-pressed")).toBe("false");
      expect(await savedShipDate(page)).toBe(before);
    } else {
      // The date is saved with the line added meanwhile.
      await expect.poll(() => savedShipDate(page), { timeout: 15_000 }).toBe(dateSaves[0]);
    }
    expect((await savedCart(page)).map(([id]) => id)).toEqual(expect.arrayContaining(lines));
    await cart(page).getByText(name).waitFor();

    // The cart emptied again for the other tests.
    await cart(page).getByRole("button", { name: "Clear cart" }).click();
    await page.getByRole("alertdialog", { name: /Clear the cart\?/ }).getByRole("button", { name: "Yes" }).click();
    await expect.poll(async () => (await savedCart(page)).length, { timeout: 15_000 }).toBe(0);
    await page.context().close();
  });
});
