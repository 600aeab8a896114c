// The grower's morning on one order desk for both stores (issue 26): a sales person lands on the desk
// after signing in; an order placed in /MM by massmarket@demo.test (customer SUNMK) is confirmed,
// packed, shipped and invoiced from the desk, each step asked first in a dialog, shipping before the
// ship date only with a reason that the audit log shows in words; the MM customer's statement lists
// the invoice; three orders are confirmed at once after a dialog says what will happen. Every page
// is loaded in full (as after a reload) and axe-core finds nothing at 360 and 1280 px.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { extractText } from "unpdf";
import { apiAs, expectNoAxeViolations, hydrated, newPage, placeOrderAs, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser({ timeout: 120_000 });

/** A sales person signed in through the form: staff land on the order desk. */
async function staffPage(): Promise<Page> {
  const page = await newPage(site.browser);
  await signIn(page, site.server.baseUrl, "sales@demo.test");
  await page.waitForURL(/\/Administration\/Orders$/);
  await hydrated(page);
  return page;
}

/** Opens a page as a fresh load (what a reload does), not by client-side navigation. */
async function load(page: Page, path: string) {
  await page.goto(`${site.server.baseUrl}${path}`);
  await hydrated(page);
}

/** The dialog that asks first: checks what it says, then confirms. */
async function confirmIn(page: Page, title: RegExp | string, says: RegExp, button: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor();
  expect(await dialog.innerText()).toMatch(says);
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await dialog.waitFor({ state: "hidden", timeout: 15_000 });
}

describe("one order desk for both stores", () => {
  let mmOrder: number;
  let invoiceNumber: number;
  const reason = "Sunrise asked to collect a day early for its weekend promotion.";

  it("the MM buyer places an order in /MM", async () => {
    const mm = await apiAs(site.server.baseUrl, "massmarket@demo.test");
    const userId: string = mm.user.id;
    const customerId = "SUNMK";
    const q = `customerId=${customerId}&userId=${userId}`;
    const profile = await mm.call("GET", `/api/MMStore/MMProfile?${q}`);
    // A later open date than the first, so that shipping today is early.
    const shipDate: string = profile.openDates[1] ?? profile.openDates[0];
    const catalogs = await mm.call("GET", `/api/MMStore/Catalogs?${q}&shipDateTime=${shipDate}T00:00:00`);
    const products: { productId: string; available: number }[] = await mm.call("GET", `/api/MMStore/Products?${q}&shipDateTime=${shipDate}T00:00:00&catalog=${catalogs[0].orderId}`);
    const two = products.filter((p) => p.available >= 3).slice(0, 2);
    expect(two.length).toBe(2);
    await mm.call("POST", `/api/MMStore/SaveCart/?${q}`, { shipDate, boxed: true, items: two.map((p) => ({ productId: p.productId, quantity: 2 })) });
    mmOrder = (await mm.call("POST", `/api/MMOrder/CreateOrder?${q}`, {})).orderNumber;
    expect(mmOrder).toBeGreaterThan(100_000);
  });

  it("staff land on the desk's orders needing action, and take the MM order from confirmed to invoiced", async () => {
    const page = await staffPage();
    await page.getByRole("heading", { name: "Order desk" }).waitFor();
    expect(await page.getByRole("link", { name: "Needs action" }).getAttribute("aria-current")).toBe("page");
    // The MM order is among today's work, under its ship date, marked as a mass-market order.
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: String(mmOrder), exact: true }) });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.innerText()).toMatch(/Sunrise Markets Floral[\s\S]*Mass market[\s\S]*To confirm/);
    await expectNoAxeViolations(page, "the order desk (needs action)");

    await load(page, `/Administration/Orders/${mmOrder}`);
    await page.getByRole("heading", { name: `Order ${mmOrder}` }).waitFor({ timeout: 15_000 });
    expect(await page.getByText("box fee").count()).toBeGreaterThan(0);
    await expectNoAxeViolations(page, "a mass-market order on the desk");

    await page.getByRole("button", { name: "Confirm order" }).click();
    const dialog = page.getByRole("dialog", { name: `Confirm order ${mmOrder}?` });
    await dialog.waitFor();
    await expectNoAxeViolations(page, "the confirm dialog");
    // Escape closes it without doing anything; focus goes back to the button.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Confirm order");
    await page.keyboard.press("Enter");
    await confirmIn(page, `Confirm order ${mmOrder}?`, /An e-mail goes to/, "Confirm order");
    await page.getByRole("button", { name: "Mark packed" }).click();
    await confirmIn(page, `Mark order ${mmOrder} packed?`, /can no longer be changed/, "Mark packed");

    await page.getByRole("button", { name: "Ship and invoice" }).click();
    const ship = page.getByRole("dialog", { name: `Ship order ${mmOrder}?` });
    await ship.waitFor();
    expect(await ship.innerText()).toMatch(/invoice for \$[\d.,]+ plus tax is issued[\s\S]*e-mailed to[\s\S]*needs a reason/);
    // No reason: refused in the dialog, nothing shipped.
    await ship.getByRole("button", { name: "Ship and invoice", exact: true }).click();
    await ship.getByText("This field is required").waitFor();
    await expectNoAxeViolations(page, "the ship dialog asking for a reason");
    await ship.getByLabel(/Why does it ship early/).fill(reason);
    await ship.getByRole("button", { name: "Ship and invoice", exact: true }).click();
    await ship.waitFor({ state: "hidden", timeout: 15_000 });
    const invoiceLink = page.getByRole("link", { name: /^Invoice \d+$/ });
    await expect.poll(() => invoiceLink.isVisible(), { timeout: 15_000 }).toBe(true);
    invoiceNumber = Number((await invoiceLink.textContent())!.replace(/\D/g, ""));
    expect(invoiceNumber).toBeGreaterThan(500_000);
    await page.getByText("Nothing more to do on this order.").waitFor();

    // The MM customer's statement lists the invoice, as a wholesale customer's would.
    const statement = await page.evaluate(async () => (await fetch("/api/Invoices/Statement/SUNMK")).json());
    expect(statement.items.map((i: { invoiceNumber: number }) => i.invoiceNumber)).toContain(invoiceNumber);
    const pdf = await page.evaluate(async () => Array.from(new Uint8Array(await (await fetch("/api/Invoices/Statement/SUNMK/Pdf")).arrayBuffer())));
    expect((await extractText(new Uint8Array(pdf), { mergePages: true })).text).toContain(String(invoiceNumber));

    // The audit log says it in words, with the reason; the technical detail is one click away.
    await load(page, `/Administration/AuditLog?order=${mmOrder}`);
    const shipped = page.getByText(new RegExp(`shipped order ${mmOrder} for Sunrise Markets Floral before its ship date .*${reason}`));
    await expect.poll(() => shipped.isVisible(), { timeout: 15_000 }).toBe(true);
    const entry = page.getByRole("row").filter({ has: shipped });
    await entry.getByText("Technical detail").click();
    expect(await entry.innerText()).toContain("order.ship");
    await expectNoAxeViolations(page, "the audit log in words");
    await page.context().close();
  });

  it("a bulk confirm of three orders asks first and confirms all three", async () => {
    const placed = await placeOrderAs(site.server.baseUrl, "wholesaler@demo.test", 1, (p) => p.showStore && p.quantityRemaining >= 10);
    const { customerId } = placed;
    const numbers: number[] = [placed.orderNumber];
    for (let i = 1; i < 3; i++) numbers.push((await placed.place(1)).orderNumber);

    const page = await staffPage();
    await load(page, `/Administration/Orders?view=all&customerId=${customerId}&status=submitted`);
    for (const n of numbers) {
      const box = page.getByRole("checkbox", { name: new RegExp(`^Select order ${n} `) });
      await box.waitFor({ timeout: 15_000 });
      await box.check();
    }
    await page.getByText("3 orders selected").waitFor();
    await expectNoAxeViolations(page, "the order desk with three orders selected");
    await page.getByRole("button", { name: "Confirm selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm 3 orders?" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(new RegExp(`3 submitted orders will be confirmed: ${numbers.join(", ")}`));
    expect(await dialog.innerText()).toMatch(/e-mail/);
    await expectNoAxeViolations(page, "the bulk confirm dialog");
    await dialog.getByRole("button", { name: "Confirm 3 orders" }).click();
    await dialog.waitFor({ state: "hidden", timeout: 15_000 });
    await page.getByText("Confirmed 3 orders.").waitFor();
    const staff = await apiAs(site.server.baseUrl, "sales@demo.test");
    for (const n of numbers) expect((await staff.call("GET", `/api/OrderDesk/Orders/${n}`)).status).toBe("confirmed");
    await page.context().close();
  });
});
