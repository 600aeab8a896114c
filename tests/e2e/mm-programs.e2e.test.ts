// Reorder and standing programs in the browser (issue 27 "Beyond parity"), keyboard only, each page
// loaded in full right after sign-in: massmarket@demo.test orders a past order again from /MM/Orders
// (its bouquets and shelf label land in the cart, and the page says so), then creates a weekly
// standing program on /MM/Programs from that order and finds it scheduled before the next cut-off,
// pauses and resumes it. axe-core finds nothing, and neither page scrolls sideways, at 360 and 1280 px.
import { describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import type { MmCart, MmProduct } from "../../contract/mm.ts";
import type { MmProgram } from "../../contract/mm-programs.ts";
import { apiAs, expectNoAxeViolations, hydrated, newPage, saveShot, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser();

const EMAIL = "massmarket@demo.test";
const UPC = "036000291452";

/** Focuses the control and presses a key on it: what Tab then Enter or Space does, without counting tabs. */
async function press(target: Locator, key = "Enter") {
  await target.focus();
  await target.press(key);
}

/** Neither the document nor the body is wider than the viewport, at 360 and 1280 px (the elements sticking out are named). */
async function expectNoSidewaysScroll(page: Page, where: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { wide, out } = await page.evaluate(() => ({
      wide: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      out: [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`),
    }));
    expect(wide, `${where} at ${width} px: ${out.join(" | ")}`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("reorder and standing programs", () => {
  it("massmarket@demo.test orders a past order again and makes it a weekly standing program", async () => {
    // A past order with a shelf label, placed through the API.
    const buyer = await apiAs(site.server.baseUrl, EMAIL);
    const who = { customerId: buyer.user.customers[0].customerID as string, userId: buyer.user.id as string };
    const q = (extra: Record<string, string | number> = {}) => new URLSearchParams(Object.entries({ ...who, ...extra }).map(([k, v]) => [k, String(v)])).toString();
    const profile = await buyer.call("GET", `/api/MMStore/MMProfile?${q()}`);
    const date: string = profile.openDates[0];
    const [catalog] = await buyer.call("GET", `/api/MMStore/Catalogs?${q({ shipDateTime: `${date}T00:00:00` })}`);
    const products: MmProduct[] = await buyer.call("GET", `/api/MMStore/Products?${q({ shipDateTime: `${date}T00:00:00`, catalog: catalog.orderId })}`);
    const bouquet = products.find((p) => p.bouquet && p.available >= 10)!;
    await buyer.call("POST", `/api/MMStore/SaveCart/?${q()}`, { shipDate: date, items: [{ productId: bouquet.productId, quantity: 3, barcodeNumber: UPC, barcodeTop: "Weekly 3" }] });
    const placed = await buyer.call("POST", `/api/MMOrder/CreateOrder?${q()}`, {});
    const orderNumber: number = placed.orderNumber;

    const page = await newPage(site.browser);
    await signIn(page, site.server.baseUrl, EMAIL);
    await page.waitForURL(/Dashboard$/);
    // The customer is chosen on the first screen (a full load of /MM/Orders before that answers 500:
    // issue 27 item 1, fixed apart from this work).
    await page.goto(`${site.server.baseUrl}/MM/Dashboard`);
    await hydrated(page);

    // /MM/Orders, loaded in full: "Order again" on that order.
    const orders = await page.goto(`${site.server.baseUrl}/MM/Orders`);
    expect(orders!.status()).toBe(200);
    await hydrated(page);
    await press(page.getByRole("button", { name: `Order again: order ${orderNumber}` }));
    const result = page.getByTestId("reorder-result");
    await result.waitFor();
    expect(await result.innerText()).toContain(`Order ${orderNumber} is in your cart`);
    const cart: MmCart = await buyer.call("GET", `/api/MMStore/Cart?${q()}`);
    expect(cart.items.find((i) => i.productId === bouquet.productId)).toMatchObject({ quantity: 3, barcodeNumber: UPC, barcodeTop: "Weekly 3" });
    await saveShot(page, "mm-orders-reorder-1280", { fullPage: true });
    await expectNoAxeViolations(page, "/MM/Orders after Order again");
    await expectNoSidewaysScroll(page, "/MM/Orders");
    await page.setViewportSize({ width: 360, height: 900 });
    await saveShot(page, "mm-orders-reorder-360", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // The order's page, loaded in full, offers it too.
    expect((await page.goto(`${site.server.baseUrl}/MM/Orders/${orderNumber}`))!.status()).toBe(200);
    await hydrated(page);
    await page.getByRole("button", { name: `Order again: order ${orderNumber}` }).waitFor();
    await expectNoAxeViolations(page, `/MM/Orders/${orderNumber}`);

    // /MM/Programs, loaded in full: a new program from that order, on the order's ship weekday.
    expect((await page.goto(`${site.server.baseUrl}/MM/Programs`))!.status()).toBe(200);
    await hydrated(page);
    await page.getByRole("heading", { name: "Standing programs", level: 1 }).waitFor();
    await press(page.getByRole("button", { name: "New program" }));
    const form = page.getByRole("form", { name: "New standing program" });
    await form.waitFor();
    await form.getByLabel("Name").fill("Front shelf weekly");
    const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
    await press(form.getByRole("checkbox", { name: weekday }), "Space");
    await form.getByLabel("Start from an order").selectOption(String(orderNumber));
    await press(form.getByRole("button", { name: "Copy its bouquets" }));
    await expect.poll(() => form.getByLabel("Bouquet code, line 1").inputValue()).toBe(bouquet.productId);
    expect(await form.getByLabel("UPC / EAN, line 1").inputValue()).toBe(UPC);
    await saveShot(page, "mm-programs-form-1280", { fullPage: true });
    await expectNoAxeViolations(page, "/MM/Programs with the form open");
    await expectNoSidewaysScroll(page, "/MM/Programs with the form open");
    await press(form.getByRole("button", { name: "Create program" }));
    const card = page.getByRole("list", { name: "Your standing programs" }).getByRole("listitem").filter({ hasText: "Front shelf weekly" });
    await card.waitFor();
    expect(await card.innerText()).toMatch(/Next: fills your cart on .* for shipping /);
    const [program]: MmProgram[] = await buyer.call("GET", `/api/MMPrograms?${q()}`);
    expect(program).toMatchObject({ name: "Front shelf weekly", mode: "cart", paused: false, lines: [{ productId: bouquet.productId, quantity: 3, barcodeNumber: UPC, barcodeTop: "Weekly 3" }] });
    expect(program!.nextShipDate).not.toBeNull();
    expect(new Date(program!.nextShipDate!).getUTCDay() + 1).toBe(program!.weekdays[0]);

    // Pause and resume with the keyboard.
    await press(card.getByRole("button", { name: "Pause Front shelf weekly" }));
    await card.getByText("Paused", { exact: true }).waitFor();
    expect((await buyer.call("GET", `/api/MMPrograms?${q()}`))[0]).toMatchObject({ paused: true, nextRunAt: null });
    await press(card.getByRole("button", { name: "Resume Front shelf weekly" }));
    await card.getByText("Active", { exact: true }).waitFor();
    await saveShot(page, "mm-programs-list-1280", { fullPage: true });
    await expectNoAxeViolations(page, "/MM/Programs");
    await expectNoSidewaysScroll(page, "/MM/Programs");
    await page.setViewportSize({ width: 360, height: 900 });
    await saveShot(page, "mm-programs-list-360", { fullPage: true });
    await page.context().close();
  }, 240_000);
});
