// The pick list page (/OrderDesk/PickList, issue 26): staff load it in full right after signing in,
// choose a ship date with the keyboard, read the totals, download the pick list and a packing slip
// and read them back; axe-core at 360 and 1280 px; a wholesaler is turned away.
import { describe, expect, it } from "vitest";
import type { Download, Page } from "playwright-core";
import { extractText } from "unpdf";
import { apiAs, expectNoAxeViolations, hydrated, newPage, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser({ timeout: 120_000 });

async function pdfTextOf(download: Download) {
  const bytes = Buffer.concat(await (await download.createReadStream()).toArray());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  return (await extractText(new Uint8Array(bytes), { mergePages: true })).text.replace(/\s+/g, " ");
}

async function signedInStaff(): Promise<Page> {
  const page = await newPage(site.browser, { acceptDownloads: true });
  await signIn(page, site.server.baseUrl, "sales@demo.test");
  await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith("/login"));
  return page;
}

describe("pick list", () => {
  it("staff see what to cut for a ship date, and download the pick list and a packing slip", async () => {
    const sales = await apiAs(site.server.baseUrl, "sales@demo.test");
    const desk = await sales.call("GET", "/api/OrderDesk/Orders");
    const withOrders = desk.orders.find((o: { status: string }) => o.status !== "cancelled");
    const shipDate: string = withOrders.shipDate;
    const list = await sales.call("GET", `/api/OrderDesk/PickList?shipDate=${shipDate}`);
    expect(list.rows.length).toBeGreaterThan(0);
    const other = (await sales.call("GET", "/api/OrderDesk/Orders")).orders.find((o: { shipDate: string; status: string }) => o.shipDate !== shipDate && o.status !== "cancelled");

    // Loaded in full right after sign-in, not only by client-side navigation.
    const page = await signedInStaff();
    await page.goto(`${site.server.baseUrl}/OrderDesk/PickList?shipDate=${shipDate}`);
    await hydrated(page);
    await expect.poll(() => page.getByRole("heading", { name: /^To cut and pack for / }).isVisible(), { timeout: 15_000 }).toBe(true);
    const first = list.rows[0];
    await expect.poll(() => page.getByRole("rowheader", { name: new RegExp(first.description.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).first().isVisible()).toBe(true);
    await expectNoAxeViolations(page, "pick list");

    const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download PDF/ }).click()]);
    expect(pdf.suggestedFilename()).toBe(`pick-list-${shipDate}.pdf`);
    const pdfText = await pdfTextOf(pdf);
    expect(pdfText).toContain("Pick list");
    expect(pdfText).toContain(shipDate);
    expect(pdfText).toContain(first.productId);

    const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download CSV/ }).click()]);
    const csvText = Buffer.concat(await (await csv.createReadStream()).toArray()).toString("utf8");
    expect(csvText.split("\r\n")[0]).toBe("Ship date,Product,Description,Orders,Stems,Bunches,Pending bunches,Pails,Boxes");
    expect(csvText).toContain(`${shipDate},${first.productId},`);

    const order = list.orders[0];
    const [slip] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: `PDF packing slip of order ${order.orderNumber}` }).click()]);
    const slipText = await pdfTextOf(slip);
    expect(slipText).toContain("Packing slip");
    expect(slipText).toContain(String(order.orderNumber));
    // The keyboard alone: the date field, a new date, Enter.
    if (other) {
      const date = page.getByRole("textbox", { name: "Ship date" });
      await date.focus();
      await date.fill(other.shipDate);
      await page.keyboard.press("Enter");
      await page.waitForURL(new RegExp(`shipDate=${other.shipDate}`));
      await expect.poll(() => page.getByRole("link", { name: String(other.orderNumber), exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
    }

    await page.context().close();
  });

  it("a day without orders says so", async () => {
    const page = await signedInStaff();
    await page.goto(`${site.server.baseUrl}/OrderDesk/PickList?shipDate=2031-01-01`);
    await hydrated(page);
    await expect.poll(() => page.getByText("No orders ship on").isVisible(), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(page, "empty pick list");
    await page.context().close();
  });

  it("staff download a credit note as PDF from the invoice page", async () => {
    const sales = await apiAs(site.server.baseUrl, "sales@demo.test");
    const page1 = await sales.call("GET", "/api/Invoices?page=1&pageSize=50");
    const open = page1.items.find((i: { paid: boolean; balance: number }) => !i.paid && i.balance > 0);
    const detail = await sales.call("GET", `/api/Invoices/${open.invoiceNumber}`);
    const line = detail.lines.find((l: { lineTotal: number; quantity: number; creditedQuantity: number }) => l.lineTotal > 0 && l.quantity > l.creditedQuantity);
    const note = await sales.call("POST", `/api/Invoices/${open.invoiceNumber}/CreditNotes`, { reason: "Two stems broken in transit", lines: [{ invoiceLineId: line.lineId, quantity: 1 }] });
    expect(note.creditNoteNumber).toBeGreaterThan(900_000);

    const page = await signedInStaff();
    await page.goto(`${site.server.baseUrl}/Invoices/details?number=${open.invoiceNumber}`);
    await hydrated(page);
    const link = page.getByRole("link", { name: `PDF of credit note ${note.creditNoteNumber}` });
    await expect.poll(() => link.isVisible(), { timeout: 15_000 }).toBe(true);
    await expectNoAxeViolations(page, "invoice with a credit note");
    const [pdf] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const text = await pdfTextOf(pdf);
    for (const s of ["Credit note", String(note.creditNoteNumber), String(open.invoiceNumber), "Two stems broken in transit"]) expect(text).toContain(s);
    await page.context().close();
  });

  it("a wholesaler is turned away from the page", async () => {
    const page = await newPage(site.browser);
    await signIn(page, site.server.baseUrl, "wholesaler@demo.test");
    await page.waitForURL((url) => !url.pathname.toLowerCase().startsWith("/login"));
    await page.goto(`${site.server.baseUrl}/OrderDesk/PickList`);
    await page.waitForURL(/Unauthorized/i);
    await page.context().close();
  });
});
