// The wholesale store's steps and locators (tests/e2e/store.e2e.test.ts and its step modules).
import type { ExpectStatic } from "vitest";
import type { Locator, Page } from "playwright-core";
import { hydrated, signIn } from "../harness.ts";
import { cart, waitUntil } from "./common.ts";

export const countdown = (page: Page) => page.getByRole("timer").first();
export const dateGroup = (page: Page, name: "Ship date" | "Pickup date") => page.getByRole("group", { name });
export const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search flowers" });
export const bunchRows = (page: Page) => page.getByRole("row").filter({ has: page.getByRole("textbox", { name: /^Bunches of / }) });
/** The availability badge text of a row that has stock held for the buyer now. */
export const AVAILABLE = /^\d[\d,]* available$/;

/** Signs in; a user with several customers picks the one named. */
export async function signInFor(page: Page, baseUrl: string, email: string, customer?: RegExp) {
  await signIn(page, baseUrl, email);
  await page.waitForURL(/\/Dashboard$/);
  await hydrated(page);
  if (customer) {
    const dialog = page.getByRole("dialog", { name: "Which customer are you ordering for?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: customer }).click();
    await dialog.waitFor({ state: "hidden" });
  }
  await page.getByRole("banner").getByRole("button", { name: /^Customer: / }).waitFor();
  await hydrated(page);
}

/** Picks a date of the date picker and waits until it is the cart's date. */
export async function chooseDate(page: Page, date: Locator) {
  await date.click();
  await waitUntil(() => date.getAttribute("aria-pressed"), (v) => v === "true", "the date to be chosen");
}

/** Opens the store and picks the first open date; returns the date button's text. */
export async function openStoreOnFirstDate(page: Page, group: "Ship date" | "Pickup date") {
  await page.getByRole("banner").getByRole("link", { name: "Store", exact: true }).click();
  await page.waitForURL(/\/store$/);
  await hydrated(page);
  const first = dateGroup(page, group).getByRole("button").first();
  await chooseDate(page, first);
  await page.getByRole("table").first().waitFor();
  return (await first.innerText()).replace(/\s+/g, " ");
}

/** Opens a page of the store area by its address (a full page load) and waits for it to be live. */
export async function visit(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

export const productName = async (row: Locator) => (await row.getByRole("button").first().innerText()).trim();

/**
 * The first row of the list that can be bought by the pail and has stock now, so that adding it
 * starts a hold. (The demo data is drawn afresh for each week's shape, so on some days the first
 * such row has nothing left and would only take a pending request.)
 */
export async function rowWithPails(page: Page, notNamed?: string): Promise<{ row: Locator; name: string }> {
  let rows = page
    .getByRole("row")
    .filter({ has: page.getByRole("textbox", { name: /^Pails of / }) })
    .filter({ has: page.getByText(AVAILABLE) });
  if (notNamed) rows = rows.filter({ hasNotText: notNamed });
  const row = rows.first();
  await row.waitFor();
  return { row, name: await productName(row) };
}

/** Adds a quantity to the cart from a row of the list and waits for the cart to show it. */
export async function addFromRow(page: Page, row: Locator, field: "Pails" | "Bunches", quantity: number) {
  const name = await productName(row);
  await row.getByRole("textbox", { name: new RegExp(`^${field} of `) }).fill(String(quantity));
  await row.getByRole("button", { name: /^(Add .* to cart|Update .* in cart)$/ }).click();
  await cart(page).getByText(name, { exact: true }).waitFor();
  return name;
}

/**
 * Chooses the last date with lines in the cart (SPEC §4). When a line's offer order number changes on
 * that date, or the date does not offer it, one question asks whether to clear the cart, naming those
 * lines; No keeps the cart and the first date, nothing saved. When every line keeps its offer, the date
 * changes with no question and the lines stay, repriced; the test then moves it back. Either way the
 * cart ends on the first date with every line. (Which lines count as changed is checked exactly by
 * "changing the date" and the unit tests of partitionForDate.)
 */
export async function tryLaterDate(page: Page, expect: ExpectStatic, group: "Ship date" | "Pickup date", names: string[]) {
  const dates = dateGroup(page, group).getByRole("button");
  const last = dates.last();
  await last.click();
  // The question is a modal (Radix AlertDialog): while it is open the page behind it is hidden from
  // the accessibility tree, so the date button cannot be found by role. Look for the question first,
  // and read the button with a short timeout, so a question that opens meanwhile is seen next round.
  const settled = async () => {
    if ((await page.getByRole("alertdialog").count()) > 0) return true;
    const pressed = await last.getAttribute("aria-pressed", { timeout: 1000 }).catch(() => null);
    const text = await last.innerText({ timeout: 1000 }).catch(() => "(changing)");
    return pressed === "true" && !text.includes("(changing)");
  };
  await waitUntil(settled, (v) => v, "a question or the later date");
  const ready = async () => (await dates.first().getAttribute("aria-pressed")) === "true" && !(await dates.first().innerText()).includes("(changing)");
  const question = page.getByRole("alertdialog");
  if ((await question.count()) === 0) {
    // Every line keeps its offer on the later date: the lines stay in the cart. Back to the first date.
    for (const n of names) await cart(page).getByText(n, { exact: true }).waitFor();
    await dates.first().click();
  } else {
    // One question, to clear the cart, naming the lines whose offer changes; No keeps the cart and the first date.
    const text = await question.innerText();
    expect(text).toContain("Clear the cart?");
    expect(text).toMatch(/has a different offer, or none, for .*\. Clear the cart and change the date to .*\? Choose No to keep your cart and your current date\./);
    expect(names.filter((n) => text.includes(n)).length).toBeGreaterThan(0);
    await question.getByRole("button", { name: "No" }).click();
    expect(await last.getAttribute("aria-pressed")).toBe("false");
  }
  await waitUntil(ready, (v) => v, "the first date to be the cart's date");
  const shown = await cart(page).innerText();
  for (const n of names) expect(shown, `cart after returning to the first date`).toContain(n);
}

/** "Nov 30" for 2026-11-30, as a date button writes it below its weekday. */
export const monthDay = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** Below 1600 px the filters sit in a disclosure above the list. */
export async function openFilters(page: Page) {
  const toggle = page.getByRole("checkbox", { name: /^Only available/ });
  if (await toggle.isVisible()) return;
  await page.locator("details > summary", { hasText: "Filters" }).click();
  await toggle.waitFor();
}

/** Every request of one method to paths matching `path`, as the page sends them. */
export function requestsTo(page: Page, method: string, path: RegExp): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.method() === method && path.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

/** The page's own header line (SPEC §2 headers) and where its back link goes. */
export async function headerBackLink(page: Page, header: string): Promise<string | null> {
  const main = page.getByRole("main");
  await main.getByText(header, { exact: true }).waitFor();
  return main.getByRole("link", { name: "← Back" }).getAttribute("href");
}
