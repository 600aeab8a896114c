import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { axeViolations, DEMO_PASSWORD, hydrated, newPage, serverAndBrowser, signIn } from "./harness.ts";

const site = serverAndBrowser();

const freshPage = (): Promise<Page> => newPage(site.browser);

const header = (page: Page) => page.getByRole("banner");

describe("demo accounts sign in and land where they should", () => {
  it("buyer (one customer) lands on the dashboard with its customer chosen automatically", async () => {
    const page = await freshPage();
    await signIn(page, site.server.baseUrl, "buyer@demo.test");
    await page.waitForURL(/\/Dashboard$/);
    await expect.poll(() => header(page).getByRole("button", { name: /^Customer: / }).count()).toBe(1);
    // The server chose it with the page (one customer); the page stores it once its scripts run.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("selectedCustomerID"))).toBeTruthy();
    await page.context().close();
  });

  it("wholesaler (two customers) is asked to choose, and the choice sticks", async () => {
    const page = await freshPage();
    await signIn(page, site.server.baseUrl, "wholesaler@demo.test");
    await page.waitForURL(/\/Dashboard$/);
    const dialog = page.getByRole("dialog", { name: "Which customer are you ordering for?" });
    await dialog.waitFor();
    const choices = dialog.getByRole("button");
    expect(await choices.count()).toBe(2);
    const chosen = (await choices.first().locator("span > span").first().textContent())!;
    await choices.first().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await header(page).getByRole("button", { name: `Customer: ${chosen}. Change customer` }).waitFor();
    // A new session on this browser (the server knows no customer for it) reuses the choice remembered
    // under selectedCustomerID: no selector.
    expect(await page.evaluate(() => localStorage.getItem("selectedCustomerID"))).toBeTruthy();
    await page.context().clearCookies();
    await signIn(page, site.server.baseUrl, "wholesaler@demo.test");
    await page.waitForURL(/\/Dashboard$/);
    await header(page).getByRole("button", { name: `Customer: ${chosen}. Change customer` }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    // Signing out forgets the choice (SPEC §4 "Logout clears the stored customer choice").
    await header(page).locator("details > summary[aria-label*='account menu']").click();
    await header(page).getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((u) => !/Dashboard/.test(u.pathname));
    expect(await page.evaluate(() => localStorage.getItem("selectedCustomerID"))).toBeNull();
    // Back after signing out (issue 29): the signed-in page the browser kept is not shown as if still
    // signed in; the sign-in page takes its place, with the way back to where the buyer was.
    await page.goBack();
    await page.waitForURL(/\/login\?returnTo=%2FDashboard$/);
    await page.getByLabel("Password").waitFor();
    expect(await header(page).getByRole("button", { name: /^Customer: / }).count()).toBe(0);
    await page.context().close();
  });

  it("retailer lands on the dashboard buying through its wholesaler", async () => {
    const page = await freshPage();
    await signIn(page, site.server.baseUrl, "retailer@demo.test");
    await page.waitForURL(/\/Dashboard$/);
    await header(page).getByRole("button", { name: /^Customer: / }).waitFor();
    await page.context().close();
  });

  it("administrator and sales person get the default customer", async () => {
    for (const email of ["admin@demo.test", "sales@demo.test"]) {
      const page = await freshPage();
      await signIn(page, site.server.baseUrl, email);
      // Staff land on the order desk (issue 26).
      await page.waitForURL(/\/Administration\/Orders$/);
      // The default customer comes with the page: wait for its scripts before using the header.
      await hydrated(page);
      await header(page).getByRole("button", { name: /^Customer: Pride/ }).click();
      // Staff may act for any customer: the selector lists every one, not only their own links.
      const dialog = page.getByRole("dialog", { name: "Which customer are you ordering for?" });
      await dialog.waitFor();
      await expect.poll(() => dialog.getByRole("button", { name: /Customer / }).count()).toBeGreaterThan(3);
      await dialog.getByRole("searchbox", { name: "Find a customer" }).fill("bloomfield");
      await expect.poll(() => dialog.getByRole("button", { name: /Customer / }).count()).toBe(1);
      await dialog.getByRole("button", { name: /Bloomfield/ }).click();
      await header(page).getByRole("button", { name: /^Customer: Bloomfield/ }).waitFor();
      await page.context().close();
    }
  });

  it("mass-market buyer lands on the MM dashboard", async () => {
    const page = await freshPage();
    await signIn(page, site.server.baseUrl, "massmarket@demo.test");
    await page.waitForURL(/\/MM\/Dashboard$/);
    await header(page).getByRole("button", { name: /^Customer: / }).waitFor();
    await page.context().close();
  });

  it("a wrong password shows the generic message and stays on /login", async () => {
    const page = await freshPage();
    await signIn(page, site.server.baseUrl, "buyer@demo.test", "not-the-password");
    await page.getByText("The e-mail address or password is incorrect.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe("errors and access", () => {
  it("shows 'Page not found: {path}' and goes home with 'Back to Home'", async () => {
    const page = await freshPage();
    const res = await page.goto(`${site.server.baseUrl}/no-such-page`);
    expect(res?.status()).toBe(404);
    await page.getByText("Page not found: /no-such-page").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Not Found");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Back to Home" }).click();
    await page.waitForURL(`${site.server.baseUrl}/`);
    await page.context().close();
  });

  it("routes are case-insensitive", async () => {
    const page = await freshPage();
    const res = await page.goto(`${site.server.baseUrl}/LOGIN`);
    expect(res?.status()).toBe(200);
    await page.getByRole("heading", { name: "Sign in to order" }).waitFor();
    await page.context().close();
  });

  it("sends a signed-out visitor of a store page to /login and back after signing in", async () => {
    const page = await freshPage();
    await page.goto(`${site.server.baseUrl}/Orders`);
    await page.waitForURL(/\/login\?returnTo=%2FOrders$/);
    await page.getByLabel("E-mail").fill("buyer@demo.test");
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/Orders$/);
    await page.context().close();
  });

  it("redirects a role that may not see a page to /Unauthorized, on load and on client navigation", async () => {
    const page = await freshPage();
    await signIn(page, site.server.baseUrl, "retailer@demo.test");
    await page.waitForURL(/\/Dashboard$/);
    await page.goto(`${site.server.baseUrl}/Admin/Users`);
    await page.waitForURL(/\/Unauthorized$/);
    await page.getByRole("heading", { name: "You do not have access to this page" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The API behind it refuses too.
    const api = await page.request.get(`${site.server.baseUrl}/api/Admin/MailOutbox`);
    expect(api.status()).toBe(403);
    await page.context().close();
  });

  it("gives each store page the spec's header and back link, and 404s a malformed route parameter", async () => {
    const page = await freshPage();
    await signIn(page, site.server.baseUrl, "buyer@demo.test");
    await page.waitForURL(/\/Dashboard$/);
    await page.goto(`${site.server.baseUrl}/Invoices/details`);
    const main = page.getByRole("main");
    await main.getByText("Invoices List", { exact: true }).waitFor();
    expect(await main.getByRole("link", { name: "← Back" }).getAttribute("href")).toBe("/Invoices");
    const bad = await page.goto(`${site.server.baseUrl}/Administration/Retailers/not-a-number`);
    expect(bad?.status()).toBe(404);
    await page.getByText("Invalid retailerId: not-a-number").waitFor();
    // SPEC §2: 'Back to Home' is page not found's alone; every other error offers 'Back'.
    await page.getByRole("button", { name: "Back", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Back to Home" }).count()).toBe(0);
    await page.context().close();
  });

  it("reloads once after a chunk-load error, then not again on the same path within 10 s", async () => {
    const page = await freshPage();
    // A page with the app (content pages such as /about send no JavaScript at all).
    await page.goto(`${site.server.baseUrl}/login`, { waitUntil: "networkidle" });
    // The guard is installed once the page has hydrated; on a loaded machine that can follow
    // networkidle, so wait for React's fiber on the page before each error.
    const hydrated = () =>
      page.waitForFunction(() => {
        const main = document.querySelector("main");
        return !!main && Object.keys(main).some((k) => k.startsWith("__reactFiber$"));
      });
    await hydrated();
    let loads = 0;
    page.on("load", () => loads++);
    const chunkError = () => page.evaluate(() => window.dispatchEvent(new Event("vite:preloadError", { cancelable: true })));
    // A dispatch that lands before the guard's effect ran is simply repeated (it reloads nothing).
    await expect.poll(async () => (loads === 0 ? (await chunkError().catch(() => {}), loads) : loads), { timeout: 20_000, interval: 500 }).toBe(1);
    await page.waitForLoadState("networkidle");
    await hydrated();
    await page.waitForTimeout(300);
    await chunkError();
    await page.waitForTimeout(1500);
    expect(loads).toBe(1);
    await page.context().close();
  });

  it("gives a crawler a bare 404 without the error page", async () => {
    const res = await fetch(`${site.server.baseUrl}/no-such-page`, { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("");
  });
});

describe("password reset", () => {
  it("works end to end through the mail outbox", async () => {
    const page = await freshPage();
    await page.goto(`${site.server.baseUrl}/login`);
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await page.getByLabel("E-mail").fill("buyer@demo.test");
    await page.getByRole("button", { name: "Send the reset link" }).click();
    await page.getByText("Check your inbox.").waitFor();

    // Staff read the outbox; nothing leaves the machine.
    const staff = (await newPage(site.browser)).context();
    const login = await staff.request.post(`${site.server.baseUrl}/api/Auth/login/`, { data: { email: "admin@demo.test", password: DEMO_PASSWORD } });
    expect(login.status()).toBe(200);
    const mails = (await (await staff.request.get(`${site.server.baseUrl}/api/Admin/MailOutbox?to=buyer@demo.test`)).json()) as { text: string }[];
    const link = /http\S+\/Account\/ResetPassword\?token=\S+/.exec(mails[0]!.text)![0];
    await staff.close();

    await page.goto(link.replace(/^http:\/\/[^/]+/, site.server.baseUrl));
    await page.getByRole("textbox", { name: "New password", exact: true }).fill("fresh-tulips-2026");
    await page.getByRole("textbox", { name: "Repeat the new password" }).fill("fresh-tulips-2026");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.getByText("Your password has been changed.").waitFor();

    // The link is spent.
    await page.goto(link.replace(/^http:\/\/[^/]+/, site.server.baseUrl));
    await page.getByText("The reset link has expired or was already used.", { exact: false }).waitFor();

    await signIn(page, site.server.baseUrl, "buyer@demo.test", "fresh-tulips-2026");
    await page.waitForURL(/\/Dashboard$/);
    await page.context().close();
  });
});
