// The fresh list on the dashboard (issue 29 §2): a buyer turns the daily mail on at a time of its
// choosing from the keyboard, and downloads the CSV (and the PDF) of an open date at its own prices. Loaded in
// full after sign-in; axe-clean at 360 and 1280 px.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { apiAs, expectNoAxeViolations, hydrated, newPage, saveShot, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser();

describe("the fresh list panel", () => {
  it("turns the daily mail on at a chosen time and downloads the CSV of an open date", async () => {
    const page = await newPage(site.browser, { acceptDownloads: true });
    await signIn(page, site.server.baseUrl, "buyer@demo.test");
    await page.waitForURL(/\/Dashboard$/);
    await page.goto(`${site.server.baseUrl}/Dashboard`);
    await hydrated(page);
    const panel = page.getByRole("region", { name: "Fresh list" });
    await panel.waitFor();
    const box = panel.getByLabel("Mail me the fresh list every day");
    await expect.poll(() => box.isEnabled()).toBe(true);
    await expectNoAxeViolations(page, "the dashboard with the fresh list");

    // From the keyboard: tick, type the time, submit with Enter.
    await box.focus();
    await page.keyboard.press("Space");
    expect(await box.isChecked()).toBe(true);
    const time = panel.getByLabel("Time (New York)");
    await time.fill("06:45");
    await time.press("Enter");
    await panel.getByText(/^Next list: /).waitFor();
    await saveShot(page, "fresh-list-panel-1280");
    await page.setViewportSize({ width: 360, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await saveShot(page, "fresh-list-panel-360");
    await page.setViewportSize({ width: 1280, height: 900 });

    const api = await apiAs(site.server.baseUrl, "buyer@demo.test");
    const userId: string = api.user.id;
    const customerId: string = (api.user.currentCustomer ?? api.user.customers[0]).customerID;
    expect(await api.call("GET", `/api/Store/FreshList/Preference/${userId}/${customerId}`)).toMatchObject({ enabled: true, time: "06:45" });

    // A reload keeps the choice.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => panel.getByLabel("Mail me the fresh list every day").isChecked()).toBe(true);
    expect(await panel.getByLabel("Time (New York)").inputValue()).toBe("06:45");

    // The CSV of the first open date: the buyer's own prices, the same as the store's.
    // The dates come with the profile, which a reload reads again: wait for the first one to be chosen.
    await expect.poll(() => panel.getByLabel("Ship date").inputValue(), { timeout: 15_000 }).not.toBe("");
    const date = await panel.getByLabel("Ship date").inputValue();
    const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe(`fresh-list-${customerId}-${date}.csv`);
    const csv = readFileSync((await download.path())!, "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^Ship Date,Product ID,Description/);
    const cells = (l: string) => l.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, ""));
    const header = cells(lines[0]!);
    expect(lines.length).toBeGreaterThan(1);
    const catalogs = await api.call("GET", `/api/Store/Catalog/${customerId}/${date}/${userId}`);
    const products: { productId: string; price: number }[] = [];
    for (const c of catalogs) products.push(...(await api.call("GET", `/api/Store/Catalog/Products/${userId}/${customerId}/${c.orderId}/${date}`)));
    for (const line of lines.slice(1)) {
      const row = cells(line);
      const p = products.find((x) => x.productId === row[header.indexOf("Product ID")]);
      expect(p).toBeDefined();
      expect(Number(row[header.indexOf("Price")])).toBe(p!.price);
    }

    // The PDF of the same date: a PDF, named like the CSV.
    const [pdf] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Download PDF" }).click()]);
    expect(pdf.suggestedFilename()).toBe(`fresh-list-${customerId}-${date}.pdf`);
    expect(readFileSync((await pdf.path())!).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  }, 120_000);
});
