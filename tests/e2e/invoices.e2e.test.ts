// From order to invoice end to end: a buyer's order with a pending line (made pending for real: a
// second order takes what remains, the first is cancelled by the buyer, giving stock back); staff
// confirm the pending line on the order desk, confirm, pack and ship it; the buyer's wholesaler finds
// the invoice, downloads its PDF and a statement; axe-core at 360 and 1280 px on every new screen.
import { describe, expect, it } from "vitest";
import { extractText } from "unpdf";
import { expectNoAxeViolations, hydrated, newPage, placeOrderAs, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser({ timeout: 120_000 });

describe("order to invoice", () => {
  let orderNumber: number;
  let customerId: string;
  let companyName: string;
  let productDescription: string;
  let invoiceNumber: number;

  /** The demo wholesaler signed in, acting for the customer of these orders. */
  async function wholesalerPage() {
    const page = await newPage(site.browser, { acceptDownloads: true });
    await signIn(page, site.server.baseUrl, "wholesaler@demo.test");
    await page.waitForURL(/Dashboard/i);
    await hydrated(page);
    // A wholesaler of several customers is asked which one it acts for.
    const dialog = page.getByRole("dialog", { name: "Which customer are you ordering for?" });
    await Promise.race([dialog.waitFor(), page.getByRole("banner").getByRole("button", { name: /^Customer: / }).waitFor()]);
    if (await dialog.isVisible()) {
      await dialog.getByRole("button", { name: companyName }).first().click();
      await dialog.waitFor({ state: "hidden" });
    }
    return page;
  }

  it("a buyer's order gets a pending line for real", async () => {
    const placed = await placeOrderAs(
      site.server.baseUrl,
      "wholesaler@demo.test",
      2,
      (p) => p.showStore && !p.isFinalProduct && p.quantityRemaining >= 4 && p.quantityRemaining <= 400,
    );
    const { buyer, base, place, product: p } = placed;
    customerId = placed.customerId;
    companyName = (buyer.user.currentCustomer ?? buyer.user.customers[0]).companyName;
    productDescription = p.description;
    const first = { orderNumber: placed.orderNumber };
    const second = await place(p.quantityRemaining);
    expect(second.pendingLines).toBe(1);
    orderNumber = second.orderNumber;
    // The buyer cancels the first order on its page before the cut-off: its 2 bunches are free again.
    const page = await wholesalerPage();
    await page.goto(`${site.server.baseUrl}/Orders/${first.orderNumber}`);
    await hydrated(page);
    await page.getByRole("button", { name: "Cancel order" }).click();
    await expectNoAxeViolations(page, "order detail with its change form");
    await page.getByRole("button", { name: `Yes, cancel order ${first.orderNumber}` }).click();
    await expect.poll(() => page.getByText("Your order was cancelled.").isVisible(), { timeout: 15_000 }).toBe(true);
    const after = await buyer.call("GET", `/api/Orders/${base}/${first.orderNumber}`);
    expect(after.status).toBe("cancelled");
    await page.context().close();
  });

  it("staff confirm the pending line on the order desk and ship the order", async () => {
    const page = await newPage(site.browser);
    await signIn(page, site.server.baseUrl, "sales@demo.test");
    await page.waitForURL(/\/Administration\/Orders$/);
    await page.goto(`${site.server.baseUrl}/Administration/Orders?customerId=${customerId}&status=submitted`);
    await hydrated(page);
    await page.getByRole("link", { name: String(orderNumber), exact: true }).click();
    await page.waitForURL(new RegExp(`/Administration/Orders/${orderNumber}$`));
    await expect.poll(() => page.getByRole("heading", { name: `Order ${orderNumber}` }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, "desk order");

    // Each step asks first in a dialog (issue 26).
    const confirmIn = async (button: string) => {
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      const why = dialog.getByLabel(/Why does it ship early/);
      if (await why.count()) await why.fill("Collected early by the customer.");
      await dialog.getByRole("button", { name: button, exact: true }).click();
      await dialog.waitFor({ state: "hidden", timeout: 15_000 });
    };
    await page.getByRole("button", { name: `Confirm 2 pending of ${productDescription}` }).click();
    await confirmIn("Confirm pending");
    await expect.poll(() => page.getByRole("button", { name: "Confirm order" }).isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole("button", { name: "Confirm order" }).click();
    await confirmIn("Confirm order");
    await page.getByRole("button", { name: "Mark packed" }).click();
    await confirmIn("Mark packed");
    await page.getByRole("button", { name: "Ship and invoice" }).click();
    await confirmIn("Ship and invoice");
    const invoiceLink = page.getByRole("link", { name: /^Invoice \d+$/ });
    await expect.poll(() => invoiceLink.isVisible(), { timeout: 15_000 }).toBe(true);
    invoiceNumber = Number((await invoiceLink.textContent())!.replace(/\D/g, ""));
    expect(invoiceNumber).toBeGreaterThan(500_000);
    await expect.poll(() => page.getByText("Nothing more to do on this order.").isVisible()).toBe(true);

    await page.goto(`${site.server.baseUrl}/Administration/Orders`);
    await hydrated(page);
    await expectNoAxeViolations(page, "order desk");
    await page.context().close();
  });

  it("the buyer's wholesaler sees the invoice, downloads its PDF and a statement", async () => {
    const page = await wholesalerPage();
    await page.goto(`${site.server.baseUrl}/Invoices`);
    await hydrated(page);
    await page.getByLabel("Invoice number").fill(String(invoiceNumber));
    await page.getByRole("button", { name: "Show invoices" }).click();
    const link = page.getByRole("link", { name: String(invoiceNumber), exact: true });
    await expect.poll(() => link.isVisible(), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(page, "invoices");

    await page.getByLabel("Customer", { exact: true }).selectOption(customerId);
    await page.getByRole("button", { name: "Show invoices" }).click();
    const statementButton = page.getByRole("link", { name: `Statement for ${customerId} (PDF)` });
    await expect.poll(() => statementButton.isVisible(), { timeout: 15_000 }).toBe(true);
    const [statement] = await Promise.all([page.waitForEvent("download"), statementButton.click()]);
    const statementText = (await extractText(new Uint8Array(await (await statement.createReadStream()).toArray().then((c) => Buffer.concat(c))), { mergePages: true })).text;
    expect(statementText).toContain(String(invoiceNumber));
    expect(statementText).toContain("90+ days");

    await page.goto(`${site.server.baseUrl}/Invoices/details?number=${invoiceNumber}`);
    await hydrated(page);
    await expect.poll(() => page.getByRole("heading", { name: `Invoice ${invoiceNumber}` }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(productDescription).first().isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Mark paid" }).count()).toBe(0);
    await expectNoAxeViolations(page, "invoice details");
    const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
    expect(pdf.suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`);
    const bytes = Buffer.concat(await (await pdf.createReadStream()).toArray());
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    expect(text).toContain(String(invoiceNumber));
    expect(text).toContain(String(orderNumber));
    expect(text).toContain(productDescription);
    await page.context().close();
  });
});
