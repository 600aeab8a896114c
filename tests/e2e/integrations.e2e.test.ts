// /Admin/Integrations in the browser (issue 28): an Administrator loads the screen in full, creates an
// API token from the keyboard (name and scope), sees it once with a copy button, the token reads
// /api/v1/orders, then revokes it through the confirm dialog and the token is refused at once. A
// SalesPerson may not open the screen. axe-clean at 360 and 1280 px, the dialog too.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectNoAxeViolations, hydrated, newPage, saveShot, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser();

async function open(page: Page, path: string) {
  await page.goto(`${site.server.baseUrl}${path}`);
  await hydrated(page);
}
const ordersWith = (token: string) => fetch(`${site.server.baseUrl}/api/v1/orders?limit=1`, { headers: { authorization: `Bearer ${token}` } });

describe("/Admin/Integrations", () => {
  it("creates a token shown once, which reads orders, and revokes it through a confirm dialog", async () => {
    const page = await newPage(site.browser);
    await signIn(page, site.server.baseUrl, "admin@demo.test");
    await page.waitForURL((u) => !u.pathname.endsWith("/login"));
    await open(page, "/Admin/Integrations");
    await page.getByRole("heading", { name: "Integrations", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Webhooks" }).waitFor();
    await expectNoAxeViolations(page, "/Admin/Integrations");

    // Submitting without a scope says so at the field.
    await page.getByLabel(/^Name/).fill("Greenhouse ERP");
    await page.getByRole("button", { name: "Create token" }).press("Enter");
    await page.getByText("Choose at least one scope").waitFor();
    // From the keyboard: focus the scope, Space ticks it, Enter on the button creates.
    await page.getByRole("checkbox", { name: /Read orders of both stores/ }).focus();
    await page.keyboard.press("Space");
    expect(await page.getByRole("checkbox", { name: /Read orders of both stores/ }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Create token" }).focus();
    await page.keyboard.press("Enter");
    const tokenBox = page.getByLabel("API token", { exact: true });
    await tokenBox.waitFor();
    const token = await tokenBox.inputValue();
    expect(token).toMatch(/^bst_[A-Za-z0-9_-]{43}$/);
    await page.getByRole("button", { name: "Copy token" }).click();
    await page.getByText(/Copied to the clipboard|select the token and copy it yourself/).waitFor();
    await expectNoAxeViolations(page, "/Admin/Integrations with a new token");
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await saveShot(page, `integrations-new-token-${width}`, { fullPage: true });
    }
    expect((await ordersWith(token)).status).toBe(200);

    // Kept: the token is gone from the page; the list shows it, used, with who made it.
    await page.getByRole("button", { name: "I have kept it" }).click();
    await tokenBox.waitFor({ state: "detached" });
    await open(page, "/Admin/Integrations");
    const row = page.getByRole("row").filter({ hasText: "Greenhouse ERP" });
    await row.waitFor();
    expect(await row.innerText()).toContain("orders:read");
    expect(await row.innerText()).not.toContain(token.slice(8));
    expect(await row.innerText()).not.toContain("Never");

    // Revoke: the dialog says what happens; Escape cancels, then confirm.
    await row.getByRole("button", { name: "Revoke Greenhouse ERP" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke “Greenhouse ERP”?" });
    await dialog.waitFor();
    await expectNoAxeViolations(page, "/Admin/Integrations revoke dialog");
    await saveShot(page, "integrations-revoke-dialog-1280");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect((await ordersWith(token)).status).toBe(200);
    await row.getByRole("button", { name: "Revoke Greenhouse ERP" }).click();
    await dialog.getByRole("button", { name: "Revoke token" }).click();
    await dialog.waitFor({ state: "hidden" });
    await row.getByText(/^Revoked/).waitFor();
    expect((await ordersWith(token)).status).toBe(401);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await saveShot(page, `integrations-list-${width}`, { fullPage: true });
    }
    await page.context().close();
  }, 240_000);

  it("is the Administrator's only", async () => {
    const page = await newPage(site.browser);
    await signIn(page, site.server.baseUrl, "sales@demo.test");
    await page.waitForURL((u) => !u.pathname.endsWith("/login"));
    await page.goto(`${site.server.baseUrl}/Admin/Integrations`);
    await page.waitForURL(/\/Unauthorized/);
    await page.context().close();
  }, 120_000);
});
