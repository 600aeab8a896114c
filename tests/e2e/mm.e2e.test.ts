// The mass-market store end to end, keyboard only: massmarket@demo.test chooses a ship date (nothing
// else shows before it), searches and filters, adds bouquets and a pail item, toggles boxed (the fee
// lines follow SPEC §4 exactly, checked against the products' box types), enters a barcode (a wrong
// check digit is refused with its message), places the order, finds it in /MM/Orders with its fee
// lines and opens its labels PDF; a sales person acting for an MM customer through the customer
// selector does the same and the order carries salesUserId. The bouquet list is windowed, and the
// keyboard still reaches its last row; the hold counts down, warns a minute before it ends and says
// when it has; a wholesale customer chosen by staff gets a clear page to choose a mass-market one.
// axe-core finds nothing on any MM screen at 360 and 1280 px.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import type { MmCart, MmOrder, MmPackage, MmProduct } from "../../contract/mm.ts";
import { expectNoAxeViolations, hydrated, newPage, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser();

/**
 * Moves the focus with Tab until `target` has it, or with Shift+Tab when the target comes before
 * the focused element: no mouse anywhere.
 */
async function tabTo(page: Page, target: Locator) {
  await target.waitFor();
  const back = await target.evaluate((el) => {
    const active = document.activeElement;
    return !!active && active !== document.body && !!(el.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  for (let i = 0; i < 400; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`could not reach ${target} with the keyboard`);
}

async function press(page: Page, target: Locator, key = "Enter") {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Chooses an option of a native select with the arrow keys. */
async function chooseOption(page: Page, select: Locator, label: string) {
  await tabTo(page, select);
  const options = await select.locator("option").allInnerTexts();
  const target = options.indexOf(label);
  if (target < 0) throw new Error(`no option ${label} in ${options.join(", ")}`);
  const current = await select.evaluate((el) => (el as HTMLSelectElement).selectedIndex);
  for (let i = current; i < target; i++) await page.keyboard.press("ArrowDown");
  for (let i = current; i > target; i--) await page.keyboard.press("ArrowUp");
  await expect.poll(() => select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text)).toBe(label);
}

const api = async <T,>(page: Page, path: string, query: Record<string, string | number>): Promise<T> => {
  const res = await page.request.get(`${site.server.baseUrl}${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  expect(res.status(), `${path} answers`).toBe(200);
  return (await res.json()) as T;
};

interface Who {
  userId: string;
  customerId: string;
}
async function whoAmI(page: Page): Promise<Who> {
  const res = await page.request.get(`${site.server.baseUrl}/api/Auth/CheckToken/`);
  const { user } = await res.json();
  return { userId: user.id, customerId: user.currentCustomer.customerID };
}

const cartRegion = (page: Page) => page.getByRole("complementary", { name: "Your cart" });

/** The fee rows the cart shows, as productId -> quantity. */
async function shownFees(page: Page): Promise<Record<string, number>> {
  const rows = cartRegion(page).locator("tr[data-fee]");
  const out: Record<string, number> = {};
  for (const row of await rows.all()) out[(await row.getAttribute("data-fee"))!] = Number(await row.locator("td").nth(1).innerText());
  return out;
}

/** SPEC §4 "Fee rules (MM)" applied to the cart's bouquet lines, from the products' own data. */
function expectedFees(cart: MmCart, products: MmProduct[], boxed: boolean): Record<string, number> {
  const byId = new Map(products.map((p) => [p.productId, p]));
  const fees: Record<string, number> = {};
  for (const line of cart.items.filter((i) => i.category !== "boxes" && i.category !== "pails")) {
    const p = byId.get(line.productId)!;
    const key = boxed ? p.boxType : p.unitOfMeasure.toLowerCase().includes("pail") ? "RFLP1" : null;
    if (key) fees[key] = (fees[key] ?? 0) + line.quantity;
  }
  return fees;
}

/**
 * From the MM dashboard, keyboard only: the store with the ship date first, a search and the
 * filters, two bouquets and a pail item added, boxed on and off with the fees checked, checkout with
 * a barcode, the order placed and found. Returns the order number.
 */
async function shopAndOrder(page: Page, who: Who): Promise<number> {
  await press(page, page.getByRole("link", { name: "Shop bouquets" }));
  await page.waitForURL(/\/MM\/Store$/);
  await hydrated(page);

  // The ship date comes first: nothing else until it is set.
  const dates = page.getByRole("group", { name: "Ship date" });
  await dates.waitFor();
  await expect(page.getByRole("heading", { name: "Choose a ship date" }).isVisible()).resolves.toBe(true);
  expect(await page.getByRole("searchbox", { name: "Search bouquets" }).count()).toBe(0);
  await expectNoAxeViolations(page, "/MM/Store before a date");
  const first = dates.getByRole("button").first();
  await press(page, first);
  await expect.poll(() => first.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("true");
  const search = page.getByRole("searchbox", { name: "Search bouquets" });
  await search.waitFor();
  const count = page.getByRole("status").filter({ hasText: / bouquets$/ });
  await expect.poll(() => count.innerText(), { timeout: 15_000 }).toMatch(/^(\d+) of \1 bouquets$/);
  const total = Number((await count.innerText()).split(" ")[0]);
  expect(total).toBeGreaterThanOrEqual(60);

  // Fuzzy search over productId and description: a typo still finds the bouquet.
  await tabTo(page, search);
  await page.keyboard.type("Stargazr Lily");
  const items = page.getByRole("list", { name: "Bouquets on offer" }).getByRole("listitem");
  await expect.poll(() => items.first().getByRole("heading").innerText()).toBe("Stargazer Lily Bouquet");
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Backspace");
  await expect.poll(() => count.innerText()).toBe(`${total} of ${total} bouquets`);

  // Category and colour filters; 'All' matches everything again.
  await chooseOption(page, page.getByLabel("Category"), "Pail Packs");
  await expect.poll(async () => (await items.allInnerTexts()).every((t) => t.includes("Pail Packs"))).toBe(true);
  // The first item of the filter that is not sold out, its quantity typed over.
  const pailItem = items.filter({ has: page.getByRole("button", { name: /^Add /, disabled: false }) }).first();
  const pailName = await pailItem.getByRole("heading").innerText();
  await tabTo(page, pailItem.getByLabel(/^Quantity of /));
  await page.keyboard.press("Control+A");
  await page.keyboard.type("3");
  await page.keyboard.press("Enter");
  await expect.poll(() => cartRegion(page).getByRole("listitem").filter({ hasText: pailName }).count(), { timeout: 15_000 }).toBe(1);
  await chooseOption(page, page.getByLabel("Category"), "All");
  await chooseOption(page, page.getByLabel("Colour"), "Yellow");
  await expect.poll(async () => (await items.allInnerTexts()).every((t) => t.includes("Yellow"))).toBe(true);
  const yellow = items.filter({ hasText: "Bouquets" }).filter({ has: page.getByRole("button", { name: /^Add /, disabled: false }) }).first();
  const bouquetName = await yellow.getByRole("heading").innerText();
  await press(page, yellow.getByRole("button", { name: /^Add / }));
  await expect.poll(() => cartRegion(page).getByRole("listitem").count(), { timeout: 15_000 }).toBe(2);
  // The bouquets are held: the cart counts the hold down as the wholesale store's does.
  await expect.poll(() => cartRegion(page).getByTestId("hold-countdown").innerText(), { timeout: 15_000 }).toMatch(/^Cart Hold Expires \d+:\d{2}$/);
  await chooseOption(page, page.getByLabel("Colour"), "All");
  // Narrow the list to what is in the cart, so the keyboard path to the cart stays short.
  await tabTo(page, search);
  await page.keyboard.type(bouquetName);
  await expectNoAxeViolations(page, "/MM/Store with a cart");

  // Boxed on and off: every line repriced, the fees exactly as the rules say, the total exact.
  const query = { customerId: who.customerId, userId: who.userId };
  const cart0 = await api<MmCart>(page, "/api/MMStore/Cart", query);
  const catalogs = await api<{ orderId: number }[]>(page, "/api/MMStore/Catalogs", { ...query, shipDateTime: `${cart0.shipDate}T00:00:00` });
  const products = await api<MmProduct[]>(page, "/api/MMStore/Products", { ...query, shipDateTime: `${cart0.shipDate}T00:00:00`, catalog: catalogs[0]!.orderId });
  const packages = await api<MmPackage[]>(page, "/api/MMStore/Packages", { customerId: who.customerId });
  const boxedBox = cartRegion(page).getByRole("checkbox", { name: "Boxed" });
  for (const boxed of [!cart0.boxed, cart0.boxed, true]) {
    const before = await api<MmCart>(page, "/api/MMStore/Cart", query);
    if (before.boxed !== boxed) {
      await press(page, boxedBox, "Space");
      await expect.poll(() => boxedBox.isChecked(), { timeout: 15_000 }).toBe(boxed);
    }
    // The box answers the click at once and the save follows: the server's cart is read once it is saved.
    await expect.poll(async () => (await api<MmCart>(page, "/api/MMStore/Cart", query)).boxed, { timeout: 15_000 }).toBe(boxed);
    const cart = await api<MmCart>(page, "/api/MMStore/Cart", query);
    await expect.poll(() => shownFees(page), { timeout: 15_000 }).toEqual(expectedFees(cart, products, boxed));
    const byId = new Map(products.map((p) => [p.productId, p]));
    let cents = 0;
    for (const line of cart.items) {
      const p = byId.get(line.productId);
      const price = p ? Math.round((boxed ? p.pricePerBouquet : p.pricePerBouquetNoBox) * 100) : Math.round(packages.find((k) => k.type === line.productId)!.price * 100);
      expect(Math.round(line.price * 100)).toBe(price);
      cents += price * line.quantity;
    }
    await expect.poll(() => page.getByTestId("mm-total").innerText()).toBe(`$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`);
  }

  // Checkout with a barcode: a wrong check digit is refused with its message, the right one saved.
  await press(page, cartRegion(page).getByRole("link", { name: "Checkout" }));
  await page.waitForURL(/\/MM\/Store\/checkout$/);
  await hydrated(page);
  await page.getByText("Continue Shopping").waitFor();
  await expect.poll(() => page.getByTestId("hold-countdown").innerText()).toMatch(/^Cart Hold Expires \d+:\d{2}$/);
  const lily = page.getByRole("form", { name: `Shelf label of ${bouquetName}` });
  await tabTo(page, lily.getByLabel("Barcode number (UPC / EAN)"));
  await page.keyboard.type("036000291453");
  await press(page, lily.getByRole("button", { name: /^Save label/ }));
  await expect.poll(() => lily.getByRole("alert").innerText()).toContain("the last digit should be 2");
  await tabTo(page, lily.getByLabel("Barcode number (UPC / EAN)"));
  await page.keyboard.press("Control+A");
  await page.keyboard.type("036000291452");
  await tabTo(page, lily.getByLabel("Label top text"));
  await page.keyboard.type("$14.99 Floral");
  await press(page, lily.getByRole("button", { name: /^Save label/ }));
  await expect.poll(() => lily.getByRole("status").innerText(), { timeout: 15_000 }).toBe("Saved");
  await expectNoAxeViolations(page, "/MM/Store/checkout");
  await press(page, page.getByRole("button", { name: "Place order" }));
  const thanks = page.getByRole("heading", { name: /^Thank you: order \d+ is placed$/ });
  await thanks.waitFor({ timeout: 20_000 });
  const orderNumber = Number(/order (\d+)/.exec(await thanks.innerText())![1]);
  expect((await api<MmCart>(page, "/api/MMStore/Cart", query)).items).toEqual([]);

  // The order and its fee lines, then the history and the labels PDF.
  await press(page, page.getByRole("link", { name: `View order ${orderNumber}` }));
  await page.waitForURL(new RegExp(`/MM/Orders/${orderNumber}$`));
  await hydrated(page);
  await page.getByText("Order History").first().waitFor();
  const order = await api<MmOrder>(page, "/api/MMOrder/Order", { ...query, orderNumber });
  const boxFees = order.lines.filter((l) => l.fee);
  expect(boxFees.length).toBeGreaterThan(0);
  for (const fee of boxFees) await page.locator(`tr[data-fee="${fee.productId}"]`).waitFor();
  await expectNoAxeViolations(page, "/MM/Orders/{orderNumber}");
  const labels = page.getByRole("link", { name: "Shelf labels (PDF)" });
  const pdf = await page.request.get(`${site.server.baseUrl}${await labels.getAttribute("href")}`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = (await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true })).text;
  expect(text).toContain("036000291452");
  expect(text).toContain("$14.99 Floral");

  await press(page, page.getByRole("banner").getByRole("link", { name: "Orders", exact: true }));
  await page.waitForURL(/\/MM\/Orders$/);
  await hydrated(page);
  await page.getByRole("link", { name: `Order ${orderNumber}` }).waitFor();
  await expectNoAxeViolations(page, "/MM/Orders");
  return orderNumber;
}

describe("the mass-market store", () => {
  it("massmarket@demo.test orders bouquets with the keyboard alone", async () => {
    const page = await newPage(site.browser);
    await signIn(page, site.server.baseUrl, "massmarket@demo.test");
    await page.waitForURL(/Dashboard$/);
    await page.goto(`${site.server.baseUrl}/MM/Dashboard`);
    await hydrated(page);
    await page.getByRole("heading", { name: "This week's specials" }).waitFor();
    await expectNoAxeViolations(page, "/MM/Dashboard");
    const who = await whoAmI(page);
    const orderNumber = await shopAndOrder(page, who);
    const order = await api<MmOrder>(page, "/api/MMOrder/Order", { ...who, orderNumber });
    expect(order.salesUserId).toBeNull();
    await page.context().close();
  }, 240_000);

  it("a sales person acting for an MM customer chosen in the customer selector places an order with salesUserId", async () => {
    const page = await newPage(site.browser);
    await signIn(page, site.server.baseUrl, "sales@demo.test");
    await page.waitForURL(/\/Administration\/Orders$/);
    await page.goto(`${site.server.baseUrl}/MM/Dashboard`);
    await hydrated(page);
    await press(page, page.getByRole("banner").getByRole("button", { name: /^Customer: / }));
    const dialog = page.getByRole("dialog", { name: "Which customer are you ordering for?" });
    await dialog.waitFor();
    await tabTo(page, dialog.getByLabel("Find a customer"));
    await page.keyboard.type("Valley");
    await press(page, dialog.getByRole("button", { name: /Valley Grocers/ }));
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("banner").getByRole("button", { name: /^Customer: Valley Grocers/ }).waitFor();
    await page.getByRole("link", { name: "Shop bouquets" }).waitFor();
    const who = await whoAmI(page);
    expect(who.customerId).toBe("VALGR");
    const orderNumber = await shopAndOrder(page, who);
    const order = await api<MmOrder>(page, "/api/MMOrder/Order", { ...who, orderNumber });
    expect(order.salesUserId).toBe(who.userId);
    await page.context().close();
  }, 240_000);

  it("windows the bouquet list, keeps every row in reach of the keyboard, and counts the hold down to its end", async () => {
    const page = await newPage(site.browser);
    // The page's clock, to reach the hold's last minute and its end without waiting half an hour.
    await page.clock.install();
    await signIn(page, site.server.baseUrl, "massmarket@demo.test");
    await page.waitForURL(/Dashboard$/);
    await page.goto(`${site.server.baseUrl}/MM/Store`);
    await hydrated(page);
    const first = page.getByRole("group", { name: "Ship date" }).getByRole("button").first();
    await first.waitFor();
    if ((await first.getAttribute("aria-pressed")) !== "true") await press(page, first);
    const count = page.getByRole("status").filter({ hasText: / bouquets$/ });
    await expect.poll(() => count.innerText(), { timeout: 15_000 }).toMatch(/^(\d+) of \1 bouquets$/);
    const total = Number((await count.innerText()).split(" ")[0]);
    const list = page.getByRole("list", { name: "Bouquets on offer" });
    const items = list.getByRole("listitem");

    // Windowed: only the rows near the screen are in the page, each saying where it is in the whole list.
    for (const view of ["List", "Grid"]) {
      await press(page, page.getByRole("button", { name: view, exact: true }));
      await expect.poll(() => page.getByRole("button", { name: view, exact: true }).getAttribute("aria-pressed")).toBe("true");
      const shown = await items.count();
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThan(total);
      expect(await items.first().getAttribute("aria-setsize")).toBe(String(total));
      expect(await items.first().getAttribute("aria-posinset")).toBe("1");
      await expectNoAxeViolations(page, `/MM/Store, ${view.toLowerCase()} view`);
    }
    await press(page, page.getByRole("button", { name: "List", exact: true }));

    // Tab alone walks from the search box through every bouquet with a control (sold-out ones have
    // none) to the cart after the list: each row is drawn before it is reached.
    await tabTo(page, page.getByRole("searchbox", { name: "Search bouquets" }));
    const boxed = cartRegion(page).getByRole("checkbox", { name: "Boxed" });
    const visited = new Set<number>();
    for (let i = 0; i < total * 4; i++) {
      await page.keyboard.press("Tab");
      const at = await page.evaluate(() => Number(document.activeElement?.closest("li[aria-posinset]")?.getAttribute("aria-posinset") ?? 0));
      if (at) visited.add(at);
      if (await boxed.evaluate((el) => el === document.activeElement)) break;
    }
    expect(await boxed.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await items.count()).toBeLessThan(total);
    // The rows it reached are exactly the bouquets not sold out (a sold-out row has no control), in
    // the list's order, which is the order Products answers.
    const who = await whoAmI(page);
    const query = { customerId: who.customerId, userId: who.userId };
    const cart = await api<MmCart>(page, "/api/MMStore/Cart", query);
    const catalogs = await api<{ orderId: number }[]>(page, "/api/MMStore/Catalogs", { ...query, shipDateTime: `${cart.shipDate}T00:00:00` });
    const products = await api<MmProduct[]>(page, "/api/MMStore/Products", { ...query, shipDateTime: `${cart.shipDate}T00:00:00`, catalog: catalogs[0]!.orderId });
    const inStock = products.flatMap((p, i) => (p.available > 0 ? [i + 1] : []));
    expect([...visited].sort((x, y) => x - y)).toEqual(inStock);
    const lastReachable = inStock.at(-1)!;
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = page.locator(`li[aria-posinset="${lastReachable}"]`);

    // The search finds that last bouquet: it comes first in the list.
    const lastName = await last.getByRole("heading").innerText();
    await tabTo(page, page.getByRole("searchbox", { name: "Search bouquets" }));
    await page.keyboard.type(lastName);
    await expect.poll(() => items.first().getByRole("heading").innerText()).toBe(lastName);

    // A bouquet added is held; a minute before the hold ends the reminder asks to check out.
    const row = items.filter({ has: page.getByRole("button", { name: /^Add /, disabled: false }) }).first();
    await press(page, row.getByRole("button", { name: /^Add / }));
    const countdown = cartRegion(page).getByTestId("hold-countdown");
    await expect.poll(() => countdown.innerText(), { timeout: 15_000 }).toMatch(/^Cart Hold Expires \d+:\d{2}$/);
    const [minutes, seconds] = (await countdown.innerText()).replace("Cart Hold Expires ", "").split(":").map(Number);
    const left = minutes! * 60 + seconds!;
    await page.clock.fastForward((left - 50) * 1000);
    const reminder = page.getByRole("dialog", { name: "Remember to check out" });
    await reminder.getByText(/Your product hold ends in under a minute/).waitFor();
    await expect.poll(() => countdown.innerText()).toMatch(/^Product Hold Expires 0:\d{2}$/);
    await expectNoAxeViolations(page, "/MM/Store, the hold reminder");
    await press(page, reminder.getByRole("button", { name: "Keep shopping" }));
    await reminder.waitFor({ state: "hidden" });

    // Its end: 'Product Hold Expired', with the way to hold the bouquets again.
    await page.clock.fastForward(60_000);
    await expect.poll(() => countdown.innerText()).toBe("Product Hold Expired");
    await cartRegion(page).getByRole("button", { name: "Hold again" }).waitFor();
    await press(page, cartRegion(page).getByRole("button", { name: "Clear cart" }));
    await expect.poll(() => cartRegion(page).getByText("Your cart is empty.").count(), { timeout: 15_000 }).toBe(1);
    await page.context().close();
  }, 240_000);

  it("tells staff acting for a wholesale customer that /MM/Dashboard is for mass-market customers, and lets them choose one", async () => {
    const page = await newPage(site.browser);
    await signIn(page, site.server.baseUrl, "sales@demo.test");
    await page.waitForURL(/\/Administration\/Orders$/);
    await page.goto(`${site.server.baseUrl}/MM/Dashboard`);
    await hydrated(page);
    await page.getByRole("heading", { name: "Choose a mass-market customer" }).waitFor();
    const current = (await page.getByRole("banner").getByRole("button", { name: /^Customer: / }).getAttribute("aria-label"))!.replace(/^Customer: (.*)\. Change customer$/, "$1");
    expect(await page.getByTestId("not-mm-customer").innerText()).toBe(
      `You are ordering for ${current}, a wholesale customer. The mass-market store sells bouquets to mass-market customers only.`,
    );
    expect(await page.getByRole("link", { name: "Shop bouquets" }).count()).toBe(0);
    const choices = page.getByRole("list", { name: "Mass-market customers to order for" });
    await choices.getByRole("button").first().waitFor();
    await expectNoAxeViolations(page, "/MM/Dashboard for a wholesale customer");
    // The other MM screens say the same rather than failing.
    await page.goto(`${site.server.baseUrl}/MM/Store`);
    await hydrated(page);
    await page.getByRole("heading", { name: "Choose a mass-market customer" }).waitFor();
    await page.goto(`${site.server.baseUrl}/MM/Dashboard`);
    await hydrated(page);

    // Keyboard only: find the customer and order for it; the dashboard opens for it.
    await tabTo(page, page.getByLabel("Find a mass-market customer"));
    await page.keyboard.type("Valley");
    await expect.poll(() => choices.getByRole("button").count()).toBe(1);
    await press(page, choices.getByRole("button", { name: /Order for Valley Grocers/ }));
    await page.getByRole("link", { name: "Shop bouquets" }).waitFor();
    await page.getByRole("banner").getByRole("button", { name: /^Customer: Valley Grocers/ }).waitFor();
    expect((await whoAmI(page)).customerId).toBe("VALGR");
    await page.context().close();
  }, 240_000);
});
