// The supply desk in the browser (issue 25): staff create a product and publish 40 bunches for a
// date at a tiered price; a buyer's open store shows it without reloading; the buyer orders 25 and
// holds 5 more; staff set 20 and are refused with the numbers (25 sold, 5 held); set 35 and the
// buyer's open page follows. Every supply screen is axe-clean at 360 and 1280 px, loaded in full.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { apiAs, expectNoAxeViolations, hydrated, newPage, saveShot, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser();

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "TUE Nov 24 …" of a date button → its ISO date (within the next 60 days). */
function isoOf(text: string): string {
  const [, mon, day] = text.replace(/\s+/g, " ").trim().split(" ");
  for (let i = -1; i < 60; i++) {
    const d = new Date(Date.now() + i * 86_400_000);
    if (MONTHS[d.getUTCMonth()] === mon && d.getUTCDate() === Number(day)) return d.toISOString().slice(0, 10);
  }
  throw new Error(`no date for ${text}`);
}

async function open(page: Page, path: string) {
  await page.goto(`${site.server.baseUrl}${path}`);
  await hydrated(page);
}

describe("the supply desk", () => {
  it("publishes a new product at a tiered price that an open store shows live, and never sets below sold + held", async () => {
    // Two buyers of two customers have their stores open on the first day both can order for (each
    // customer has its own order-by time).
    const buyerPage = await newPage(site.browser);
    const otherPage = await newPage(site.browser);
    await signIn(buyerPage, site.server.baseUrl, "buyer@demo.test");
    await buyerPage.waitForURL(/\/Dashboard$/);
    await open(buyerPage, "/store");
    await signIn(otherPage, site.server.baseUrl, "wholesaler@demo.test");
    await otherPage.waitForURL(/\/Dashboard$/);
    await hydrated(otherPage);
    const dialog = otherPage.getByRole("dialog", { name: "Which customer are you ordering for?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: /Bloomfield/ }).click();
    await dialog.waitFor({ state: "hidden" });
    await otherPage.getByRole("banner").getByRole("link", { name: "Store", exact: true }).click();
    await otherPage.waitForURL(/\/store$/);
    await hydrated(otherPage);
    const dateButtons = (page: Page) => page.getByRole("group", { name: "Ship date" }).getByRole("button");
    await Promise.all([dateButtons(buyerPage).first().waitFor(), dateButtons(otherPage).first().waitFor()]);
    const otherDays = (await dateButtons(otherPage).allInnerTexts()).map(isoOf);
    let day = "";
    for (const text of await dateButtons(buyerPage).allInnerTexts()) if (!day && otherDays.includes(isoOf(text))) day = isoOf(text);
    expect(day, "a day both customers can order for").not.toBe("");
    for (const page of [buyerPage, otherPage]) {
      let button = dateButtons(page).first();
      for (const b of await dateButtons(page).all()) if (isoOf(await b.innerText()) === day) button = b;
      await button.click();
      await expect.poll(() => button.getAttribute("aria-pressed"), { timeout: 30_000 }).toBe("true");
      await page.getByRole("table").first().waitFor();
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    }

    // The catalog that page shows, as the buyer's API answers it.
    const buyerApi = await apiAs(site.server.baseUrl, "buyer@demo.test");
    const userId: string = buyerApi.user.id;
    const customerId: string = (buyerApi.user.currentCustomer ?? buyerApi.user.customers[0]).customerID;
    const catalogs = await buyerApi.call("GET", `/api/Store/Catalog/${customerId}/${day}/${userId}`);
    const orderId: number = (Array.isArray(catalogs) ? catalogs : catalogs.catalogs)[0].orderId;
    const staffApi = await apiAs(site.server.baseUrl, "admin@demo.test");
    const supplyCatalogs = (await staffApi.call("GET", `/api/Supply/Catalogs?from=${day}&to=${day}`)).catalogs;
    const catalogId: number = supplyCatalogs.find((c: { orderId: number }) => c.orderId === orderId).catalogId;

    // Staff: sign in, load the products screen in full, create a product from the keyboard.
    const staff = await newPage(site.browser);
    await signIn(staff, site.server.baseUrl, "admin@demo.test");
    await staff.waitForURL(/\/(Dashboard|Administration)/);
    await open(staff, "/Supply");
    await expectNoAxeViolations(staff, "/Supply");
    await staff.getByRole("link", { name: /^Products/ }).click();
    await staff.waitForURL(/\/Supply\/Products$/);
    await open(staff, "/Supply/Products");
    await expectNoAxeViolations(staff, "/Supply/Products");
    await staff.getByText("New product", { exact: true }).focus();
    await staff.keyboard.press("Enter");
    const code = `E2E-LIL-${Date.now().toString(36).toUpperCase()}`;
    const description = `Lily Asiatic White 70cm ${code.slice(-4)}`;
    await staff.getByLabel("Product code").fill(code);
    await staff.getByLabel("Description", { exact: true }).fill(description);
    await staff.getByLabel("Colour", { exact: true }).fill("White");
    await staff.getByLabel("Grade", { exact: true }).fill("Select");
    await staff.getByLabel("Stem length (cm)").fill("70");
    await expectNoAxeViolations(staff, "/Supply/Products with the new-product form");
    await staff.getByLabel("Stem length (cm)").press("Enter");
    await staff.waitForURL(new RegExp(`/Supply/Products/${code}$`));
    await staff.getByRole("heading", { name: description }).waitFor();
    await open(staff, `/Supply/Products/${code}`);
    await staff.getByRole("heading", { name: description }).waitFor();
    await expectNoAxeViolations(staff, "/Supply/Products/{productId}");

    // Publish 40 bunches for that day, tier 1 from 8 bunches.
    await open(staff, `/Supply/Availability?catalog=${catalogId}`);
    await staff.getByRole("heading", { name: "Publish a product" }).waitFor();
    // The product picker (issue 30): a box that filters the products as it is typed in, keyboard only.
    const picker = staff.getByRole("combobox", { name: "Product", exact: true });
    await picker.focus();
    await picker.pressSequentially(`lily ${code.slice(-6).toLowerCase()}`, { delay: 20 });
    await expect.poll(() => staff.getByRole("listbox", { name: "Matching products" }).getByRole("option").allInnerTexts(), { timeout: 15_000 }).toEqual([`${description} (${code})`]);
    expect(await staff.getByRole("status").filter({ hasText: "1 match." }).count()).toBe(1);
    await expectNoAxeViolations(staff, "/Supply/Availability with the product picker open");
    // Escape closes the list, ArrowDown opens it again with the match active, Enter takes it.
    await picker.press("Escape");
    expect(await picker.getAttribute("aria-expanded")).toBe("false");
    await picker.press("ArrowDown");
    expect(await picker.getAttribute("aria-activedescendant")).toBe(await staff.getByRole("listbox", { name: "Matching products" }).getByRole("option", { name: `${description} (${code})` }).getAttribute("id"));
    await picker.press("Enter");
    expect(await picker.inputValue()).toBe(`${description} (${code})`);
    expect(await picker.getAttribute("aria-expanded")).toBe("false");
    await staff.getByLabel("Bunches", { exact: true }).fill("40");
    await staff.getByLabel("Price a bunch, by the pail ($)").fill("14.50");
    await staff.getByLabel("Price a bunch, loose ($)").fill("15.95");
    await staff.getByLabel("Tier 1 from (bunches)").fill("8");
    await staff.getByLabel("Tier 1 price, pail ($)").fill("13.75");
    await staff.getByLabel("Tier 1 price, loose ($)").fill("15.15");
    await staff.getByLabel("Tier 1 price, loose ($)").press("Enter");
    const quantity = staff.getByRole("textbox", { name: `Quantity, ${description}` });
    await expect.poll(() => quantity.inputValue(), { timeout: 15_000 }).toBe("40");
    await expectNoAxeViolations(staff, "/Supply/Availability");

    // The buyer's open store shows it, without a reload (searched by name: the long list renders only
    // the rows in view).
    await buyerPage.getByRole("searchbox", { name: "Search flowers" }).fill(description);
    const row = buyerPage.getByRole("row").filter({ hasText: description });
    await row.first().waitFor({ timeout: 30_000 }).catch(async (e) => {
      await saveShot(buyerPage, "supply-buyer-fail");
      throw e;
    });
    await expect.poll(async () => (await row.count()) > 0 && /40 available/.test(await row.first().innerText()), { timeout: 30_000 }).toBe(true);
    expect(await buyerPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The buyer orders 25, then holds 5 more in its cart.
    await buyerApi.call("POST", `/api/Store/Cart/Save/${userId}/${customerId}`, { shipDate: day, items: [{ productId: code, quantity: 25 }] });
    await buyerApi.call("POST", `/api/Store/PlaceOrder/${userId}/${customerId}`);
    await buyerApi.call("POST", `/api/Store/Cart/Save/${userId}/${customerId}`, { shipDate: day, items: [{ productId: code, quantity: 5 }] });

    // Staff set 20: refused with the numbers. Then 35: saved, 5 free.
    await open(staff, `/Supply/Availability?catalog=${catalogId}`);
    await quantity.fill("20");
    await quantity.press("Enter");
    await staff.getByRole("alert").filter({ hasText: /25 sold, 5 held, you set 20/ }).waitFor();
    await quantity.fill("35");
    await quantity.press("Enter");
    const line = staff.getByRole("row").filter({ has: staff.getByRole("rowheader", { name: new RegExp(description) }) });
    await expect.poll(async () => (await line.getByRole("cell").nth(2).innerText()).trim(), { timeout: 15_000 }).toBe("5");

    // The buyer's open page follows: what it can still take is 35 - 25 sold (its own 5 held are its own).
    await expect.poll(async () => /10 available/.test(await row.first().innerText()), { timeout: 30_000 }).toBe(true);
    expect(await buyerPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // Another buyer's open store shows 5 free (35 - 25 sold - 5 held), without a reload.
    await otherPage.getByRole("searchbox", { name: "Search flowers" }).fill(description);
    const otherRow = otherPage.getByRole("row").filter({ hasText: description });
    await expect.poll(async () => (await otherRow.count()) > 0 && /(^|\D)5 available/.test(await otherRow.first().innerText()), { timeout: 30_000 }).toBe(true);
    expect(await otherPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // The fresh-list upload: a "set" of 20 is refused in the preview with the numbers, and cannot be applied.
    // The page opened without a catalog: the catalog chosen in its picker and the file straight after
    // (the address's new catalog reads back only once its navigation is over).
    await open(staff, `/Supply/Availability/Upload`);
    await expectNoAxeViolations(staff, "/Supply/Availability/Upload");
    await staff.getByLabel("Catalog", { exact: true }).selectOption(String(catalogId));
    await staff.getByLabel(/^CSV file/).setInputFiles({ name: "fresh.csv", mimeType: "text/csv", buffer: Buffer.from(`product,quantity\r\n${code},20\r\n`) });
    await staff.getByRole("cell").filter({ hasText: "25 sold, 5 held, you set 20" }).waitFor();
    await staff.waitForURL((url) => url.searchParams.get("catalog") === String(catalogId));
    expect(await staff.getByRole("button", { name: "Correct the refused rows first" }).isDisabled()).toBe(true);
    await expectNoAxeViolations(staff, "/Supply/Availability/Upload with a preview");
    for (const width of [360, 1280]) {
      await staff.setViewportSize({ width, height: 900 });
      await open(staff, `/Supply/Availability?catalog=${catalogId}`);
      await quantity.waitFor();
      await saveShot(staff, `supply-availability-${width}`, { fullPage: false });
      await open(staff, `/Supply/Products`);
      await staff.getByRole("table").waitFor();
      await saveShot(staff, `supply-products-${width}`, { fullPage: false });
      await open(staff, `/Supply/Availability/Upload?catalog=${catalogId}`);
      await staff.getByLabel(/^CSV file/).setInputFiles({ name: "fresh.csv", mimeType: "text/csv", buffer: Buffer.from(`product,quantity\r\n${code},20\r\nNO-SUCH,1\r\n`) });
      await staff.getByRole("cell").filter({ hasText: "25 sold, 5 held, you set 20" }).waitFor();
      await saveShot(staff, `supply-upload-${width}`, { fullPage: true });
    }
    await staff.context().close();
    await buyerPage.context().close();
    await otherPage.context().close();
  }, 300_000);
});
