// The supply desk's mass-market half in the browser (issue 25): staff create a box type and a bouquet
// in that box from the keyboard, publish the bouquet on the mass-market catalog a buyer's store sells
// from, change its quantity in place, and the MM buyer's store shows it (loaded after the change).
// /Supply/Bouquets and /Supply/Packages are axe-clean at 360 and 1280 px, loaded in full.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { apiAs, expectNoAxeViolations, hydrated, newPage, saveShot, serverAndBrowser, signIn } from "./harness.ts";
import { expectNoAxeViolationsAtThisWidth } from "./steps/common.ts";

const site = serverAndBrowser();

async function open(page: Page, path: string) {
  await page.goto(`${site.server.baseUrl}${path}`);
  await hydrated(page);
}

describe("the supply desk's bouquets and packages", () => {
  it("creates a box and a bouquet by keyboard, publishes it on an MM catalog, and an MM buyer's store shows it", async () => {
    // The catalog the MM buyer's store sells from on its first open ship date.
    const buyerApi = await apiAs(site.server.baseUrl, "massmarket@demo.test");
    const userId: string = buyerApi.user.id;
    const customerId: string = (buyerApi.user.currentCustomer ?? buyerApi.user.customers[0]).customerID;
    const q = (extra: Record<string, string> = {}) => new URLSearchParams({ customerId, userId, ...extra }).toString();
    const profile = await buyerApi.call("GET", `/api/MMStore/MMProfile?${q()}`);
    const day: string = profile.openDates[0];
    const [first] = await buyerApi.call("GET", `/api/MMStore/Catalogs?${q({ shipDateTime: `${day}T00:00:00` })}`);
    const staffApi = await apiAs(site.server.baseUrl, "admin@demo.test");
    const catalogId: number = (await staffApi.call("GET", `/api/Supply/Catalogs?from=${day}&to=${day}`)).catalogs.find((c: { orderId: number }) => c.orderId === first.orderId).catalogId;

    const staff = await newPage(site.browser);
    await signIn(staff, site.server.baseUrl, "admin@demo.test");
    await staff.waitForURL(/\/(Dashboard|Administration)/);
    await open(staff, "/Supply");
    await staff.getByRole("link", { name: /^Packages/ }).click();
    await staff.waitForURL(/\/Supply\/Packages$/);
    await open(staff, "/Supply/Packages");
    await staff.getByRole("table", { name: "Packages" }).waitFor();
    await expectNoAxeViolations(staff, "/Supply/Packages");

    // A new box type, from the keyboard: open the form, type, Enter.
    const stamp = Date.now().toString(36).toUpperCase().slice(-5);
    const boxType = `BX-E${stamp}`;
    await staff.getByText("New package", { exact: true }).focus();
    await staff.keyboard.press("Enter");
    await staff.getByLabel("Type (code)").fill(boxType);
    await staff.getByLabel("Description", { exact: true }).fill(`Gift box ${stamp}`);
    await staff.getByLabel("Size", { exact: true }).fill("50x30x20 cm");
    // A price of $-1 is refused with its message, nothing created.
    await staff.getByLabel("Price ($)").fill("-1");
    await staff.getByLabel("Price ($)").press("Enter");
    await staff.getByText("A package costs between $0.00 and $100").first().waitFor();
    await expectNoAxeViolations(staff, "/Supply/Packages with a refused price");
    await staff.getByLabel("Price ($)").fill("0.45");
    await staff.getByLabel("Price ($)").press("Enter");
    const boxRow = staff.getByRole("row").filter({ has: staff.getByRole("rowheader", { name: boxType }) });
    await boxRow.waitFor();
    expect(await boxRow.innerText()).toContain("$0.45");

    // A bouquet in that box.
    await open(staff, "/Supply/Bouquets");
    await expectNoAxeViolations(staff, "/Supply/Bouquets");
    await staff.getByText("New bouquet", { exact: true }).focus();
    await staff.keyboard.press("Enter");
    const code = `MM-E2E-${stamp}`;
    const description = `Harvest Lily Bouquet ${stamp}`;
    await staff.getByLabel("Bouquet code").fill(code);
    await staff.getByLabel("Description", { exact: true }).fill(description);
    await staff.getByLabel("Colour", { exact: true }).fill("Mixed");
    await staff.getByLabel("Picture").selectOption("lily");
    await staff.getByLabel("Box type").selectOption(boxType);
    await staff.getByLabel("Price a bouquet, boxed ($)").fill("14.99");
    await staff.getByLabel("Price a bouquet, not boxed ($)").fill("14.79");
    await staff.getByLabel("Pack size (bouquets)").fill("6");
    await expectNoAxeViolations(staff, "/Supply/Bouquets with the new-bouquet form");
    await staff.getByLabel("Pack size (bouquets)").press("Enter");
    const bouquetRow = staff.getByRole("row").filter({ hasText: code });
    await bouquetRow.waitFor();
    expect(await bouquetRow.innerText()).toContain(boxType);
    // Its edit dialog opens from the keyboard and Escape gives the focus back.
    const edit = bouquetRow.getByRole("button", { name: "Edit" });
    await edit.focus();
    await staff.keyboard.press("Enter");
    await staff.getByRole("dialog", { name: `Edit ${description}` }).waitFor();
    await expectNoAxeViolations(staff, "/Supply/Bouquets edit dialog");
    await staff.keyboard.press("Escape");
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);

    // Publish 24 on the buyer's catalog, then set 30 in place with Enter.
    await open(staff, `/Supply/Availability?catalog=${catalogId}`);
    await staff.getByRole("heading", { name: "Publish a bouquet" }).waitFor();
    await staff.getByLabel("Bouquet", { exact: true }).selectOption(code);
    await staff.getByLabel("Bouquets", { exact: true }).fill("24");
    await staff.getByLabel("Boxed price ($)", { exact: true }).fill("13.49");
    await staff.getByLabel("Boxed price ($)", { exact: true }).press("Enter");
    const quantity = staff.getByRole("textbox", { name: `Quantity, ${description}` });
    await expect.poll(() => quantity.inputValue(), { timeout: 15_000 }).toBe("24");
    await quantity.fill("30");
    await quantity.press("Enter");
    await expect.poll(async () => (await staff.getByRole("row").filter({ hasText: code }).innerText()).replace(/\s+/g, " "), { timeout: 15_000 }).toMatch(/0 0 30/);
    await expectNoAxeViolations(staff, "/Supply/Availability with a mass-market catalog");

    // The MM buyer opens the store for that day: the bouquet is on offer, 30 of it, at the catalog's price.
    const buyer = await newPage(site.browser);
    await signIn(buyer, site.server.baseUrl, "massmarket@demo.test");
    await buyer.waitForURL(/\/MM\/Dashboard$/);
    await open(buyer, "/MM/Store");
    const dates = buyer.getByRole("group", { name: "Ship date" });
    const dayButton = dates.getByRole("button").first();
    await dayButton.click();
    await expect.poll(() => dayButton.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("true");
    await buyer.getByRole("searchbox", { name: "Search bouquets" }).fill(description);
    const item = buyer.getByRole("list", { name: "Bouquets on offer" }).getByRole("listitem").filter({ hasText: description });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.innerText()).toContain("13.49");
    const products = await buyerApi.call("GET", `/api/MMStore/Products?${q({ shipDateTime: `${day}T00:00:00`, catalog: String(first.orderId) })}`);
    expect(products.find((p: { productId: string }) => p.productId === code)).toMatchObject({ available: 30, pricePerBouquet: 13.49, boxType });

    // Both new screens at a phone's and a desktop's width.
    for (const width of [360, 1280]) {
      await staff.setViewportSize({ width, height: 900 });
      for (const path of ["/Supply/Bouquets", "/Supply/Packages"]) {
        await open(staff, path);
        await staff.getByRole("table").first().waitFor();
        await expectNoAxeViolationsAtThisWidth(staff, `${path} at ${width} px`);
        await saveShot(staff, `supply${path.replace(/\//g, "-").toLowerCase()}-${width}`, { fullPage: false });
      }
      await open(staff, `/Supply/Availability?catalog=${catalogId}`);
      await staff.getByRole("heading", { name: "Publish a bouquet" }).waitFor();
      await saveShot(staff, `supply-mm-availability-${width}`, { fullPage: false });
    }
  }, 300_000);
});
