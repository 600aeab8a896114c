// The supply grid in the browser (issue 25 item 2): keyboard only, arrows move between cells,
// Escape puts a cell back, Enter saves the row and moves down; a 3×3 block pasted from a
// spreadsheet (a real paste event with a DataTransfer) shows its preview and saves in one go;
// "copy this day to …" opens a new catalog for another date with the same lines. axe-clean at 360
// and 1280 px, with the dialogs open too; every screen loaded in full right after sign-in. A catalog
// of more lines than the window holds (issue 30) is moved through with the arrows past the window's
// edges, down and back up.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { apiAs, expectNoAxeViolations, hydrated, newPage, saveShot, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser();

const plusDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName ?? "");

/** Signs in as staff, loads the grid of a catalog in full (as a bookmark would) and answers a cell finder for its rows' names. */
async function openGrid(page: Page, catalogId: number, names: string[]) {
  await signIn(page, site.server.baseUrl, "admin@demo.test");
  await page.waitForURL(/\/(Dashboard|Administration)/);
  await page.goto(`${site.server.baseUrl}/Supply/Availability?catalog=${catalogId}`);
  await hydrated(page);
  return (col: string, row: number) => page.getByRole("textbox", { name: `${col}, ${names[row]}` });
}

describe("the supply grid", () => {
  it("moves between cells from the keyboard, reverts with Escape, saves with Enter, pastes a block and copies the day", async () => {
    const staffApi = await apiAs(site.server.baseUrl, "admin@demo.test");
    const tag = Date.now().toString(36).toUpperCase().slice(-5);
    const day = plusDays(20);
    const catalog = await staffApi.call("POST", "/api/Supply/Catalogs", { title: `Grid ${tag}`, shipDateFrom: day, shipDateTo: day });
    const names = ["A", "B", "C", "D"].map((x) => `Grid ${tag} ${x} Garden Rose Red 60cm`);
    const codes: string[] = [];
    for (const [i, description] of names.entries()) {
      const code = `GRID-${tag}-${i}`;
      codes.push(code);
      await staffApi.call("POST", "/api/Supply/Products", { productId: code, description, variety: "garden-roses", category: "Garden Roses", colour: "Red", colourHex: "#C0122C", unitOfMeasure: "Pail", unitOfMeasureQty: 8, stemsPerBunch: 10, bunchesPerBox: 12, image: "garden-rose" });
      await staffApi.call("POST", `/api/Supply/Catalogs/${catalog.catalogId}/Lines`, { productId: code, quantity: 10 * (i + 1), price: 10 + i, priceNoPail: 11 + i });
    }
    const lineOf = async (catalogId: number, code: string) => (await staffApi.call("GET", `/api/Supply/Catalogs/${catalogId}/Lines`)).lines.find((l: { productId: string }) => l.productId === code);

    const page = await newPage(site.browser);
    const cell = await openGrid(page, catalog.catalogId, names);
    await cell("Quantity", 0).waitFor();
    await expectNoAxeViolations(page, "/Supply/Availability (the grid)");
    // Fixed columns (issue 30): the rows in the window never widen or narrow the table as it scrolls.
    expect(await page.locator("table:has(input[data-col])").evaluate((t) => [getComputedStyle(t).tableLayout, t.querySelectorAll("col").length])).toEqual(["fixed", 13]);

    // Keyboard only: right, down, left between cells.
    await cell("Quantity", 0).focus();
    await page.keyboard.press("ArrowRight");
    expect(await focusedLabel(page)).toBe(`Price (pail), ${names[0]}`);
    await page.keyboard.press("ArrowRight");
    expect(await focusedLabel(page)).toBe(`Price (loose), ${names[0]}`);
    await page.keyboard.press("ArrowDown");
    expect(await focusedLabel(page)).toBe(`Price (loose), ${names[1]}`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    expect(await focusedLabel(page)).toBe(`Quantity, ${names[1]}`);
    await page.keyboard.press("ArrowUp");
    expect(await focusedLabel(page)).toBe(`Quantity, ${names[0]}`);
    await page.keyboard.press("ArrowDown");
    // Escape puts the cell back.
    await page.keyboard.type("17");
    expect(await cell("Quantity", 1).inputValue()).toBe("17");
    await page.keyboard.press("Escape");
    expect(await cell("Quantity", 1).inputValue()).toBe("20");
    // Enter saves the row and moves down.
    await page.keyboard.type("21");
    await page.keyboard.press("Enter");
    expect(await focusedLabel(page)).toBe(`Quantity, ${names[2]}`);
    await expect.poll(async () => (await lineOf(catalog.catalogId, codes[1]!)).quantity, { timeout: 15_000 }).toBe(21);
    // Tab goes on as usual (to the next field of the row).
    await page.keyboard.press("Tab");
    expect(await focusedLabel(page)).toBe(`Price (pail), ${names[2]}`);

    // Paste a 3×3 block (Excel's clipboard: tabs and CRLF) at the quantity of the first row.
    await cell("Quantity", 0).focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, "50\t15.50\t16.50\r\n60\t16\t17\r\n70\t$17.25\t18.25\r\n");
    const dialog = page.getByRole("dialog", { name: "Paste 3 × 3 cells" });
    await dialog.waitFor();
    await dialog.getByRole("status").filter({ hasText: "3 lines change." }).waitFor({ timeout: 15_000 });
    expect(await dialog.getByRole("row").filter({ hasText: names[2]! }).innerText()).toContain("Quantity: 30 → 70");
    // Behind the (modal) dialog the grid already shows the pasted cells.
    expect(await page.locator('input[data-row="2"][data-col="quantity"]').inputValue()).toBe("70");
    await expectNoAxeViolations(page, "/Supply/Availability with the paste preview");
    await saveShot(page, "supply-grid-paste-1280");
    await dialog.getByRole("button", { name: "Save 3 lines" }).focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(async () => (await lineOf(catalog.catalogId, codes[2]!)).quantity, { timeout: 15_000 }).toBe(70);
    expect(await lineOf(catalog.catalogId, codes[0]!)).toMatchObject({ quantity: 50, price: 15.5, priceNoPail: 16.5 });
    expect(await lineOf(catalog.catalogId, codes[2]!)).toMatchObject({ quantity: 70, price: 17.25, priceNoPail: 18.25 });
    expect(await lineOf(catalog.catalogId, codes[3]!)).toMatchObject({ quantity: 40, price: 13 });
    await expect.poll(() => cell("Quantity", 2).inputValue()).toBe("70");

    // A paste the server refuses is shown refused in the preview and cannot be saved; Escape puts the cells back.
    await cell("Quantity", 3).focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData("text/plain", "-5\t12\n");
      document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const refused = page.getByRole("dialog", { name: "Paste 1 × 2 cells" });
    await refused.getByText(/The quantity must be a whole number/).waitFor({ timeout: 15_000 });
    expect(await refused.getByRole("button", { name: "Correct the refused lines first" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await refused.waitFor({ state: "hidden" });
    expect(await cell("Quantity", 3).inputValue()).toBe("40");

    // Copy this day to a new ship date, keyboard only.
    await page.getByRole("button", { name: "Copy this day to …" }).focus();
    await page.keyboard.press("Enter");
    const copy = page.getByRole("dialog", { name: `Copy Grid ${tag} to …` });
    await copy.waitFor();
    const to = plusDays(27);
    await copy.getByLabel("Ship date of the new catalog").fill(to);
    await copy.getByRole("button", { name: "Preview the copy" }).focus();
    await page.keyboard.press("Enter");
    await copy.getByRole("status").filter({ hasText: "4 new · 0 overwritten · 0 unchanged · 0 skipped · 0 refused" }).waitFor({ timeout: 15_000 });
    await expectNoAxeViolations(page, "/Supply/Availability with the copy preview");
    await saveShot(page, "supply-grid-copy-1280");
    await copy.getByRole("button", { name: "Copy 4 lines" }).focus();
    await page.keyboard.press("Enter");
    await copy.waitFor({ state: "hidden", timeout: 15_000 });
    await page.waitForURL((u) => u.searchParams.get("catalog") !== String(catalog.catalogId));
    const copiedId = Number(new URL(page.url()).searchParams.get("catalog"));
    expect(await lineOf(copiedId, codes[0]!)).toMatchObject({ quantity: 50, price: 15.5, sold: 0 });
    await expect.poll(() => cell("Quantity", 2).inputValue(), { timeout: 15_000 }).toBe("70");
    const copied = (await staffApi.call("GET", `/api/Supply/Catalogs?from=${to}&to=${to}`)).catalogs.find((c: { catalogId: number }) => c.catalogId === copiedId);
    expect(copied).toMatchObject({ shipDateFrom: to, shipDateTo: to, lines: 4 });

    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${site.server.baseUrl}/Supply/Availability?catalog=${catalog.catalogId}`);
      await hydrated(page);
      await cell("Quantity", 0).waitFor();
      await saveShot(page, `supply-grid-${width}`, { fullPage: false });
    }
    await page.context().close();
  }, 300_000);

  it("moves with the arrows past the edges of the window in a catalog of more lines than it holds", async () => {
    const staffApi = await apiAs(site.server.baseUrl, "admin@demo.test");
    const tag = Date.now().toString(36).toUpperCase().slice(-5);
    const day = plusDays(21);
    const catalog = await staffApi.call("POST", "/api/Supply/Catalogs", { title: `Edge ${tag}`, shipDateFrom: day, shipDateTo: day });
    // More lines than the grid shows unwindowed (400), named so their order is their number.
    const COUNT = 420;
    const names = Array.from({ length: COUNT }, (_, i) => `Edge ${tag} ${String(i).padStart(3, "0")} Garden Rose Red 60cm`);
    const add = async (i: number) => {
      const code = `EDGE-${tag}-${i}`;
      await staffApi.call("POST", "/api/Supply/Products", { productId: code, description: names[i], variety: "garden-roses", category: "Garden Roses", colour: "Red", colourHex: "#C0122C", unitOfMeasure: "Pail", unitOfMeasureQty: 8, stemsPerBunch: 10, bunchesPerBox: 12, image: "garden-rose" });
      await staffApi.call("POST", `/api/Supply/Catalogs/${catalog.catalogId}/Lines`, { productId: code, quantity: i + 1, price: 10, priceNoPail: 11 });
    };
    for (let i = 0; i < COUNT; i += 10) await Promise.all(Array.from({ length: Math.min(10, COUNT - i) }, (_, k) => add(i + k)));

    const page = await newPage(site.browser, { viewport: { width: 1280, height: 900 } });
    const cell = await openGrid(page, catalog.catalogId, names);
    await cell("Quantity", 0).waitFor();
    const rowsInPage = () => page.locator("tr[data-index]").count();
    expect(await rowsInPage()).toBeLessThan(100);
    await expectNoAxeViolations(page, "/Supply/Availability (a windowed grid)");

    // Down past the window's lower edge, one row at a time: the window follows the focus.
    await cell("Quantity", 0).focus();
    const last = 60;
    for (let row = 1; row <= last; row++) {
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => focusedLabel(page)).toBe(`Quantity, ${names[row]}`);
    }
    expect(await cell("Quantity", 0).count()).toBe(0);
    expect(await cell("Quantity", last).inputValue()).toBe(String(last + 1));
    expect(await rowsInPage()).toBeLessThan(100);
    // A cell typed in far down, then back up past the window's upper edge to the first row.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => focusedLabel(page)).toBe(`Price (pail), ${names[last]}`);
    await page.keyboard.press("ArrowLeft");
    for (let row = last - 1; row >= 0; row--) {
      await page.keyboard.press("ArrowUp");
      await expect.poll(() => focusedLabel(page)).toBe(`Quantity, ${names[row]}`);
    }
    expect(await cell("Quantity", last).count()).toBe(0);

    // The window's very edge: from the last row in the page (focused without scrolling to it), the
    // next row, not in the page yet, is scrolled to and then focused.
    const edge = Number(await page.locator("tr[data-index]").last().getAttribute("data-index"));
    await cell("Quantity", edge).evaluate((el: HTMLInputElement) => el.focus({ preventScroll: true }));
    expect(await cell("Quantity", edge + 1).count()).toBe(0);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => focusedLabel(page)).toBe(`Quantity, ${names[edge + 1]}`);
    await page.context().close();
  }, 300_000);
});
