// Issue 27, the mass-market store finished (UI side), in a real browser against the built server:
// - every /MM route by a full page load right after sign-in (the login's return-to and a reload, in a
//   session that has not chosen its customer yet), as MassMarket, Administrator and SalesPerson: 200
//   and the route's own screen, never the 500 the orders screens answered;
// - no horizontal scroll at 360 and 1280 px on any /MM screen nor on the staff user lists, axe clean;
// - a shelf label typed and not saved is saved with the order (on the order and in the labels PDF),
//   and a wrong one stops Place order with a message; on a phone the cart bar with the countdown and
//   Checkout shows after adding;
// - "Boxed" answers the click before its save, and a failed save puts it back with a message;
// - a supermarket buyer opening /store is sent to /MM/Store; staff keep Administration and Order desk.
// MM_SHOTS=<folder> saves a screenshot of each screen at both widths there.
import { boxFill } from "../../domain/box-fill.ts";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Response } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import type { MmCart, MmOrder, MmOrderSummary } from "../../contract/mm.ts";
import { apiAs, axeViolations, DEMO_PASSWORD, hydrated, launchBrowser, newPage, startServer, type RunningServer } from "./harness.ts";

let server: RunningServer;
let browser: Browser;
/** The demo supermarket buyer, one of its orders, and one of Valley Grocers' (ordered by sales). */
let mm: { userId: string; customerId: string; orderNumber: number };
let valleyOrder: number;

const SHOTS = process.env.MM_SHOTS;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const buyer = await apiAs(server.baseUrl, "massmarket@demo.test");
  const userId: string = (buyer.user.user ?? buyer.user).id;
  const customerId = "SUNMK";
  const orders: MmOrderSummary[] = await buyer.call("GET", `/api/MMOrder/Orders?customerId=${customerId}&userId=${encodeURIComponent(userId)}`);
  expect(orders.length).toBeGreaterThan(0);
  mm = { userId, customerId, orderNumber: orders[0]!.orderNumber };
  const sales = await apiAs(server.baseUrl, "sales@demo.test");
  const salesId: string = (sales.user.user ?? sales.user).id;
  const valley: MmOrderSummary[] = await sales.call("GET", `/api/MMOrder/Orders?customerId=VALGR&userId=${encodeURIComponent(salesId)}`);
  expect(valley.length).toBeGreaterThan(0);
  valleyOrder = valley[0]!.orderNumber;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Signs in through the login form with a return-to, as a link to a signed-in page sends one. */
async function signInTo(page: Page, email: string, returnTo: string): Promise<Response | null> {
  await page.goto(`${server.baseUrl}/login?returnTo=${encodeURIComponent(returnTo)}`);
  await hydrated(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  const landed = page.waitForResponse((r) => r.request().isNavigationRequest() && new URL(r.url()).pathname === returnTo, { timeout: 60_000 });
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const res = await landed;
  await page.waitForURL((url) => url.pathname === returnTo, { waitUntil: "load" });
  return res;
}

const frame = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * At 360 and 1280 px: the document no wider than the viewport (no sideways scroll), and, unless told
 * otherwise, axe-core finds nothing. Leaves the page at `end` px wide.
 */
async function expectFits(page: Page, where: string, { axe = true, end = 1280 }: { axe?: boolean; end?: number } = {}) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await frame(page);
    const { doc, viewport } = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(doc, `${where} at ${width} px: document ${doc} px wide`).toBeLessThanOrEqual(viewport);
    if (axe) {
      const violations = await axeViolations(page);
      expect(violations, `axe on ${where} at ${width} px`).toEqual([]);
    }
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `${where.replace(/[^\w-]+/g, "_")}-${width}.png`) });
    }
  }
  await page.setViewportSize({ width: end, height: 900 });
}

type Screen = (page: Page) => Promise<unknown>;
const heading = (name: string | RegExp, level?: number): Screen => (page) => page.getByRole("heading", { name, level }).first().waitFor({ timeout: 30_000 });
const chooseMm = heading("Choose a mass-market customer", 1);

/** A full page load (goto or reload): 200, then the screen's own heading. */
async function fullLoad(page: Page, url: string | null, screen: Screen, where: string) {
  const res = url === null ? await page.reload() : await page.goto(`${server.baseUrl}${url}`);
  expect(res?.status(), `${where}: status of the page load`).toBe(200);
  await hydrated(page);
  await screen(page);
  expect(await page.getByText(/Something went wrong|Unexpected Server Error/i).count(), `${where}: no error screen`).toBe(0);
}

describe("every /MM route on a full page load right after sign-in", () => {
  it("MassMarket: the return-to and a reload of /MM/Orders and /MM/Orders/{n} answer 200 with the orders, then every MM screen fits and is axe clean", async () => {
    // The orders screens, each as the first page of a new session (no customer chosen yet) and reloaded.
    for (const [route, screen] of [
      ["/MM/Orders", (p: Page) => p.getByRole("link", { name: `Order ${mm.orderNumber}`, exact: true }).first().waitFor({ timeout: 30_000 })],
      [`/MM/Orders/${mm.orderNumber}`, heading(`Order ${mm.orderNumber}`, 1)],
    ] as const) {
      const page = await newPage(browser);
      const landed = await signInTo(page, "massmarket@demo.test", route);
      expect(landed?.status(), `${route} right after sign-in`).toBe(200);
      await hydrated(page);
      await screen(page);
      await fullLoad(page, null, screen, `${route} reloaded`);
      await page.context().close();
    }

    const page = await newPage(browser);
    const landed = await signInTo(page, "massmarket@demo.test", "/MM/Dashboard");
    expect(landed?.status()).toBe(200);
    const screens: [string, Screen][] = [
      ["/MM/Dashboard", heading("This week's specials")],
      ["/MM/Store", heading(/^(Choose a ship date|Ship date: .+)$/)],
      ["/MM/Store/checkout", heading("Checkout", 1)],
      ["/MM/Orders", heading("Orders", 1)],
      [`/MM/Orders/${mm.orderNumber}`, heading(`Order ${mm.orderNumber}`, 1)],
    ];
    for (const [route, screen] of screens) {
      await fullLoad(page, route, screen, route);
      await fullLoad(page, null, screen, `${route} reloaded`);
      await expectFits(page, `mm ${route}`);
    }
    // The dashboard's recent orders keep their totals whole at 1280 px (they were cut to "$2,31").
    await fullLoad(page, "/MM/Dashboard", heading("Recent orders"), "/MM/Dashboard");
    const recent = page.getByRole("table", { name: "Recent orders" });
    const totals = recent.locator('td[data-label="Total"]');
    await totals.first().waitFor();
    for (const cell of await totals.all()) {
      const fits = await cell.evaluate((td) => {
        const card = td.closest("section")!.getBoundingClientRect();
        const box = td.getBoundingClientRect();
        return box.right <= card.right && td.scrollWidth <= td.clientWidth + 1;
      });
      expect(fits, `recent order total ${await cell.innerText()} inside its card`).toBe(true);
      expect(await cell.innerText()).toMatch(/^\$[\d,]+\.\d{2}$/);
    }
    // The specials' prices are in sight at 360 px.
    await page.setViewportSize({ width: 360, height: 900 });
    await frame(page);
    const prices = page.getByRole("region", { name: "This week's specials" }).locator("li > span.tabular");
    expect(await prices.count()).toBeGreaterThan(0);
    for (const price of await prices.all()) {
      const box = (await price.boundingBox())!;
      expect(box.x + box.width, `special price ${await price.innerText()} inside 360 px`).toBeLessThanOrEqual(360);
    }
    // The orders' statuses are badges, as in the wholesale store.
    await fullLoad(page, "/MM/Orders", heading("Orders", 1), "/MM/Orders");
    const status = page.locator('td[data-label="Status"] span.rounded-full').first();
    expect(await status.innerText()).toMatch(/^(Submitted|Confirmed|Shipped|Invoiced|Cancelled)$/);

    // A supermarket buyer who opens the wholesale store is sent to theirs, on the server.
    const store = await page.goto(`${server.baseUrl}/store`);
    expect(store?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/MM/Store");
    await heading(/^(Choose a ship date|Ship date: .+)$/)(page);
    // And the staff screens are not theirs.
    await page.goto(`${server.baseUrl}/MM/Users`);
    expect(new URL(page.url()).pathname).toBe("/Unauthorized");
    await page.context().close();
  }, 600_000);

  for (const [email, admin] of [
    ["admin@demo.test", true],
    ["sales@demo.test", false],
  ] as const) {
    it(`${admin ? "Administrator" : "SalesPerson"}: every MM route answers 200 with its screen, before and after choosing a mass-market customer`, async () => {
      // Right after sign-in the session has no customer, then the wholesale default: the MM screens say
      // so and offer the mass-market customers; nothing fails.
      for (const route of ["/MM/Orders", `/MM/Orders/${valleyOrder}`]) {
        const page = await newPage(browser);
        const landed = await signInTo(page, email, route);
        expect(landed?.status(), `${route} right after sign-in`).toBe(200);
        await hydrated(page);
        await chooseMm(page);
        await fullLoad(page, null, chooseMm, `${route} reloaded`);
        await page.context().close();
      }

      const page = await newPage(browser);
      await signInTo(page, email, "/MM/Dashboard");
      await hydrated(page);
      await chooseMm(page);
      expect(await page.getByTestId("not-mm-customer").innerText()).toMatch(/, a wholesale customer\. The mass-market store sells bouquets to mass-market customers only\.$/);
      if (admin) await expectFits(page, "staff /MM/Dashboard, a wholesale customer");
      for (const route of ["/MM/Store", "/MM/Store/checkout", "/MM/Orders"]) await fullLoad(page, route, chooseMm, `${route}, wholesale customer`);

      // The staff screens, and the way back to the rest of the desk (Administration, Order desk).
      const staffScreens: [string, Screen][] = [
        ["/MM/Customer", heading("Customers", 1)],
        ["/MM/Customer/VALGR", heading(/Valley Grocers/, 1)],
        ...(admin
          ? ([
              ["/MM/Users", heading("Users", 1)],
              [`/MM/Users/${mm.userId}`, heading("User", 1)],
              ["/Administration/Users", heading("Users", 1)],
            ] as [string, Screen][])
          : []),
      ];
      for (const [route, screen] of staffScreens) {
        await fullLoad(page, route, screen, route);
        await fullLoad(page, null, screen, `${route} reloaded`);
        await expectFits(page, `${admin ? "admin" : "sales"} ${route}`, { axe: admin });
        const nav = page.getByRole("navigation", { name: "Store" });
        for (const name of ["Administration", "Order desk"]) expect(await nav.getByRole("link", { name, exact: true }).getAttribute("href"), `${route}: ${name} link`).toBeTruthy();
      }
      if (!admin) {
        await page.goto(`${server.baseUrl}/MM/Users`);
        expect(new URL(page.url()).pathname).toBe("/Unauthorized");
      }

      // Valley Grocers chosen: every MM screen opens for it on a full load.
      await fullLoad(page, "/MM/Dashboard", chooseMm, "/MM/Dashboard");
      const choices = page.getByRole("list", { name: "Mass-market customers to order for" });
      await choices.getByRole("button", { name: /Order for Valley Grocers/ }).click();
      await heading("This week's specials")(page);
      const screens: [string, Screen][] = [
        ["/MM/Dashboard", heading("This week's specials")],
        ["/MM/Store", heading(/^(Choose a ship date|Ship date: .+)$/)],
        ["/MM/Store/checkout", heading("Checkout", 1)],
        ["/MM/Orders", heading("Orders", 1)],
        [`/MM/Orders/${valleyOrder}`, heading(`Order ${valleyOrder}`, 1)],
      ];
      for (const [route, screen] of screens) {
        await fullLoad(page, route, screen, route);
        await fullLoad(page, null, screen, `${route} reloaded`);
        await expectFits(page, `${admin ? "admin" : "sales"} ${route}`, { axe: admin });
      }
      await page.context().close();
    }, 600_000);
  }
});

/** A UPC-A with a random body and its right check digit (GS1: 3 x odd positions + even ones). */
function randomUpc(): string {
  const body = Array.from({ length: 11 }, () => Math.floor(Math.random() * 10));
  const sum = body.reduce((s, d, i) => s + (i % 2 === 0 ? 3 * d : d), 0);
  return [...body, (10 - (sum % 10)) % 10].join("");
}

const cartQuery = () => `customerId=${mm.customerId}&userId=${encodeURIComponent(mm.userId)}`;
async function cartOf(page: Page): Promise<MmCart> {
  const res = await page.request.get(`${server.baseUrl}/api/MMStore/Cart?${cartQuery()}`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** /MM/Store with its first ship date chosen and the first bouquet that is not sold out added. */
async function addABouquet(page: Page): Promise<string> {
  await page.goto(`${server.baseUrl}/MM/Store`);
  await hydrated(page);
  const first = page.getByRole("group", { name: "Ship date" }).getByRole("button").first();
  await first.waitFor({ timeout: 30_000 });
  if ((await first.getAttribute("aria-pressed")) !== "true") await first.click();
  const row = page.getByRole("list", { name: "Bouquets on offer" }).getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Add /, disabled: false }) }).first();
  await row.waitFor({ timeout: 30_000 });
  const name = await row.getByRole("heading").innerText();
  await row.getByRole("button", { name: /^Add / }).click();
  await expect.poll(async () => (await cartOf(page)).items.some((i) => i.description === name), { timeout: 20_000 }).toBe(true);
  return name;
}

describe("the MM checkout and cart", () => {
  it("on a phone: the cart bar shows the countdown and Checkout after adding; a label typed without 'Save label' is saved with the order and printed", async () => {
    const page = await newPage(browser, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
    await signInTo(page, "massmarket@demo.test", "/MM/Dashboard");
    await hydrated(page);
    await heading("This week's specials")(page);
    const name = await addABouquet(page);

    // The bar: on screen (the cart itself is far below the list), with the countdown, total and Checkout.
    const bar = page.getByRole("region", { name: "Cart summary" });
    await expect.poll(() => bar.getByTestId("hold-countdown").innerText(), { timeout: 20_000 }).toMatch(/^Cart Hold Expires \d+:\d{2}$/);
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(780);
    expect(box.y).toBeGreaterThan(780 / 2);
    const cartPanel = (await page.getByRole("complementary", { name: "Your cart" }).boundingBox())!;
    expect(cartPanel.y, "the cart panel itself is out of sight below the list").toBeGreaterThan(780);
    expect(await bar.innerText()).toMatch(/\d+ bouquets? · \$[\d,]+\.\d{2}/);
    const { doc } = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth }));
    expect(doc).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "mm-store-cart-bar-360.png") });
    await bar.getByRole("link", { name: "Checkout" }).click();
    await page.waitForURL(/\/MM\/Store\/checkout$/);
    await heading("Checkout", 1)(page);

    // A wrong check digit typed and not saved: Place order stops and says which label, nothing placed.
    const form = page.getByRole("form", { name: `Shelf label of ${name}` });
    const upc = randomUpc();
    const wrong = upc.slice(0, 11) + ((Number(upc[11]) + 1) % 10);
    await form.getByLabel("Barcode number (UPC / EAN)").fill(wrong);
    await expect.poll(() => form.getByRole("status").innerText()).toBe("Not saved yet: saved with the order when you place it");
    await page.getByRole("button", { name: "Place order" }).click();
    const stop = page.getByRole("complementary", { name: "Summary" }).getByRole("alert");
    await expect.poll(() => stop.innerText()).toBe(`The order was not placed: the shelf label of ${name} has a barcode that is not right. Correct it or clear it, then place the order.`);
    expect(await form.getByRole("alert").innerText()).toMatch(/last digit should be \d/);
    expect(await form.getByLabel("Barcode number (UPC / EAN)").evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await cartOf(page)).items.some((i) => i.description === name), "the cart is still there").toBe(true);
    expect(await page.getByRole("heading", { name: /^Thank you/ }).count()).toBe(0);

    // The right number and a top text, still without 'Save label': placed with the order.
    await form.getByLabel("Barcode number (UPC / EAN)").fill(upc);
    await form.getByLabel("Label top text").fill("$9.99 Fresh");
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "mm-checkout-unsaved-label-360.png"), fullPage: true });
    await page.getByRole("button", { name: "Place order" }).click();
    const thanks = page.getByRole("heading", { name: /^Thank you: order \d+ is placed$/ });
    await thanks.waitFor({ timeout: 30_000 });
    const orderNumber = Number(/order (\d+)/.exec(await thanks.innerText())![1]);
    const res = await page.request.get(`${server.baseUrl}/api/MMOrder/Order?${cartQuery()}&orderNumber=${orderNumber}`);
    const order: MmOrder = await res.json();
    expect(order.lines.find((l) => l.description === name)).toMatchObject({ barcodeNumber: upc, barcodeTop: "$9.99 Fresh" });

    await page.getByRole("link", { name: `View order ${orderNumber}` }).click();
    await page.waitForURL(new RegExp(`/MM/Orders/${orderNumber}$`));
    await page.locator(`td[data-label="UPC / EAN"]`).filter({ hasText: upc }).waitFor();
    const labels = await page.getByRole("link", { name: "Shelf labels (PDF)" }).getAttribute("href");
    const pdf = await page.request.get(`${server.baseUrl}${labels}`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = (await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true })).text;
    expect(text).toContain(upc);
    expect(text).toContain("$9.99 Fresh");
    await page.context().close();
  }, 300_000);

  it("Boxed answers the click before its save lands, the save follows; a failed save puts it back and says so; box fee lines carry their package size", async () => {
    const page = await newPage(browser);
    await signInTo(page, "massmarket@demo.test", "/MM/Store");
    await hydrated(page);
    await addABouquet(page);
    const cart = page.getByRole("complementary", { name: "Your cart" });
    const boxed = cart.getByRole("checkbox", { name: "Boxed" });
    await boxed.waitFor();
    const before = (await cartOf(page)).boxed;
    expect(await boxed.isChecked()).toBe(before);

    // Hold the save: the box has already changed while the server has not answered.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let saves = 0;
    await page.route(/\/api\/MMStore\/SaveCart\//, async (route) => {
      saves += 1;
      await held;
      await route.continue();
    });
    await boxed.click();
    expect(await boxed.isChecked(), "ticked at once").toBe(!before);
    await expect.poll(() => saves).toBe(1);
    expect((await cartOf(page)).boxed, "not saved yet").toBe(before);
    release();
    await expect.poll(async () => (await cartOf(page)).boxed, { timeout: 20_000 }).toBe(!before);
    expect(await boxed.isChecked()).toBe(!before);
    await page.unroute(/\/api\/MMStore\/SaveCart\//);

    // Boxed now or not, the fee lines are the cart's; a box line shows its package's size.
    const now = await cartOf(page);
    if (!now.boxed) {
      await boxed.click();
      await expect.poll(async () => (await cartOf(page)).boxed, { timeout: 20_000 }).toBe(true);
    }
    const boxedCart = await cartOf(page);
    const boxLine = boxedCart.items.find((i) => i.category === "boxes");
    if (boxLine) {
      const packages: { type: string; size: string }[] = await (await page.request.get(`${server.baseUrl}/api/MMStore/Packages?customerId=${mm.customerId}`)).json();
      expect(boxLine.packSize).toBe(packages.find((p) => p.type === boxLine.productId)!.size);
      await expect.poll(() => cart.locator(`tr[data-fee="${boxLine.productId}"]`).getByTestId("fee-size").innerText()).toBe(boxLine.packSize);
    }

    // A save that fails (the connection drops): the box goes back to what is saved, with a message.
    let drop!: () => void;
    const dropping = new Promise<void>((resolve) => (drop = resolve));
    await page.route(/\/api\/MMStore\/SaveCart\//, async (route) => {
      await dropping;
      await route.abort("connectionreset");
    });
    await boxed.click();
    expect(await boxed.isChecked(), "unticked at once").toBe(false);
    drop();
    await expect.poll(() => cart.getByRole("alert").innerText(), { timeout: 20_000 }).toBe("We could not unbox your order, so it stays boxed. Please try again.");
    expect(await boxed.isChecked(), "put back").toBe(true);
    expect((await cartOf(page)).boxed).toBe(true);
    await page.unroute(/\/api\/MMStore\/SaveCart\//);
    await cart.getByRole("button", { name: "Clear cart" }).click();
    await expect.poll(async () => (await cartOf(page)).items.length, { timeout: 20_000 }).toBe(0);
    await page.context().close();
  }, 300_000);

  it("the wholesale checkout's 'Pack in boxes' moves on the click, before its save lands", async () => {
    // Set-up through the API: one bunch in buyer@demo.test's cart for the first open date.
    const buyer = await apiAs(server.baseUrl, "buyer@demo.test");
    const user = buyer.user.user ?? buyer.user;
    const [userId, customerId] = [encodeURIComponent(user.id), encodeURIComponent(user.customers[0].customerID)];
    const profile = await buyer.call("GET", `/api/Store/Profile/${userId}/${customerId}/0`);
    expect(profile.alwaysBoxed, "the demo buyer may choose").toBe(false);
    const date: string = profile.openDates[0];
    const [catalog] = await buyer.call("GET", `/api/Store/Catalog/${customerId}/${date}/${userId}`);
    const products: { productId: string; quantityRemaining: number; bunchesPerBox: number }[] = await buyer.call("GET", `/api/Store/Catalog/Products/${userId}/${customerId}/${catalog.orderId}/${date}`);
    const product = products.find((p) => p.quantityRemaining > 0)!;
    await buyer.call("POST", `/api/Store/Cart/Save/${userId}/${customerId}`, { shipDate: date, items: [{ productId: product.productId, quantity: 1 }] });
    const boxedNow = async (): Promise<boolean> => (await buyer.call("GET", `/api/Store/Cart/${userId}/${customerId}`)).boxed;
    const before = await boxedNow();

    const page = await newPage(browser);
    await signInTo(page, "buyer@demo.test", "/store/checkout");
    await hydrated(page);
    const toggle = page.getByRole("switch", { name: "Pack in boxes" });
    await toggle.waitFor({ timeout: 30_000 });
    await expect.poll(() => toggle.isChecked()).toBe(before);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let saves = 0;
    await page.route(/\/api\/Store\/Cart\/Save\//, async (route) => {
      saves += 1;
      await held;
      await route.continue();
    });
    await toggle.click();
    expect(await toggle.isChecked(), "moved at once").toBe(!before);
    await expect.poll(() => saves).toBe(1);
    expect(await boxedNow(), "not saved yet").toBe(before);
    release();
    await expect.poll(boxedNow, { timeout: 20_000 }).toBe(!before);
    expect(await toggle.isChecked()).toBe(!before);
    // Boxed, the checkout says how full the boxes are (issue 29); in pails it says nothing of boxes.
    const fill = page.getByText(`Box fill: ${boxFill([{ quantity: 1, bunchesPerBox: product.bunchesPerBox }])!.text}.`);
    if (!before) await fill.waitFor();
    else expect(await fill.count()).toBe(0);
    await page.unroute(/\/api\/Store\/Cart\/Save\//);
    await buyer.call("POST", `/api/Store/Cart/Save/${userId}/${customerId}`, { shipDate: date, items: [] }).catch(() => undefined);
    await page.context().close();
  }, 300_000);
});
