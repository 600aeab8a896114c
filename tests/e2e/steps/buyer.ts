// The buyer's catalogue tools' steps and locators (tests/e2e/buyer.e2e.test.ts and buyer-tools.ts).
import type { ExpectStatic } from "vitest";
import type { Locator, Page } from "playwright-core";
import { hydrated, signIn } from "../harness.ts";
import { polling, productCount } from "./common.ts";
import { searchBox } from "./store.ts";

export async function signInAs(page: Page, baseUrl: string, email: string) {
  await signIn(page, baseUrl, email);
  // Buyers land on their dashboard, staff on the order desk.
  await page.waitForURL(/\/(Dashboard|Administration\/Orders)$/);
  await hydrated(page);
}

export const dates = (page: Page) => page.getByRole("group", { name: "Ship date" }).getByRole("button");
export const listRows = (page: Page) => page.locator("[role=row][data-index]");
export const nameOf = async (row: Locator) => (await row.getByRole("button").first().innerText()).trim();
export const codeOf = async (row: Locator) => (await row.getByRole("cell").first().locator("span.tabular").first().innerText()).trim();

/** Opens /store (with an optional query) and picks the first open date; waits for the list. */
export async function openStore(page: Page, baseUrl: string, query = "") {
  await page.goto(`${baseUrl}/store${query}`);
  await hydrated(page);
  const first = dates(page).first();
  if ((await first.getAttribute("aria-pressed")) !== "true") await first.click();
  await listRows(page).first().waitFor();
}

/** The buyer's cart as the server keeps it (its GET's answer). */
async function serverCart(page: Page): Promise<{ shipDate: string | null; items: { productId: string; quantity: number }[] }> {
  return page.evaluate(async () => {
    const me = await (await fetch("/api/Auth/CheckToken/")).json();
    return (await fetch(`/api/Store/Cart/${me.user.id}/${me.user.currentCustomer.customerID}`)).json();
  });
}

/** The buyer's cart as the server keeps it: [productId, quantity] per line. */
export async function savedCart(page: Page): Promise<[string, number][]> {
  return (await serverCart(page)).items.map((i) => [i.productId, i.quantity]);
}

/** The ship date of the buyer's cart as the server keeps it. */
export async function savedShipDate(page: Page): Promise<string | null> {
  return (await serverCart(page)).shipDate;
}

/** Adds `quantity` bunches of a row's product with its Add button, and waits until the server's cart has `lines` lines. */
export async function addFromRow(page: Page, expect: ExpectStatic, row: Locator, quantity: number, lines: number) {
  await row.getByRole("textbox", { name: /^Bunches of / }).fill(String(quantity));
  await row.getByRole("button", { name: /^Add .* to cart$/ }).click();
  await expect.poll(async () => (await savedCart(page)).length, { timeout: 15_000 }).toBe(lines);
}

/** Rows with stock held for the buyer now, that can be added by the bunch. */
export const availableRows = (page: Page) =>
  listRows(page).filter({ has: page.getByText(/^\d[\d,]* available$/) }).filter({ has: page.getByRole("textbox", { name: /^Bunches of / }) });

/** The "N of M products match" count once the list shows the search's answer. */
export async function searchFor(page: Page, expect: ExpectStatic, text: string): Promise<number> {
  await searchBox(page).fill(text);
  await polling(expect)(async () => (await productCount(page).innerText()).trim()).toMatch(/^\d+ of [\d,]+ products match$/);
  return Number((await productCount(page).innerText()).match(/^(\d+) of/)![1]);
}

/** The first `n` rows of the list in its order (the windowed list's rows are not kept in DOM order). */
export async function firstRows(page: Page, n: number) {
  const count = await rowsUpTo(page, n);
  return Array.from({ length: count }, (_, i) => page.locator(`[role=row][data-index="${i}"]`));
}

/**
 * The text and product name of the list's first `n` rows, in its order, read while scrolling the window
 * down: the windowed list only has the rows near the screen in the page, however tall the window.
 */
export async function readRows(page: Page, n: number): Promise<{ text: string; name: string }[]> {
  return page.evaluate(async (wanted) => {
    const seen = new Map<number, { text: string; name: string }>();
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    window.scrollTo(0, 0);
    await frame();
    for (let step = 0; step < 500 && seen.size < wanted; step++) {
      for (const row of document.querySelectorAll<HTMLElement>("[role=row][data-index]")) {
        const index = Number(row.getAttribute("data-index"));
        if (index >= wanted || seen.has(index)) continue;
        const name = row.querySelector<HTMLElement>("button, [role=button]")?.innerText.trim() ?? "";
        seen.set(index, { text: row.innerText, name });
      }
      const before = window.scrollY;
      window.scrollBy(0, Math.max(200, window.innerHeight / 2));
      await frame();
      if (window.scrollY === before && seen.size < wanted) break;
    }
    return [...seen.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  }, await rowsUpTo(page, n));
}

/** `n`, or fewer when the list has fewer rows (its table's aria-rowcount counts the head's row). */
async function rowsUpTo(page: Page, n: number): Promise<number> {
  return Math.min(n, Number(await page.getByRole("table").first().getAttribute("aria-rowcount")) - 1);
}
