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

/** The buyer's cart as the server keeps it: [productId, quantity] per line. */
export async function savedCart(page: Page): Promise<[string, number][]> {
  return page.evaluate(async () => {
    const me = await (await fetch("/api/Auth/CheckToken/")).json();
    const res = await fetch(`/api/Store/Cart/${me.user.id}/${me.user.currentCustomer.customerID}`);
    return (await res.json()).items.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity]);
  });
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
  const count = Math.min(n, Number(await page.getByRole("table").first().getAttribute("aria-rowcount")) - 1);
  return Array.from({ length: count }, (_, i) => page.locator(`[role=row][data-index="${i}"]`));
}
