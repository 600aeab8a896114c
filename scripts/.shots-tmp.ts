// Temporary screenshot script (not committed): the store at 360, 1280 and 1920 px.
import { launchBrowser, newPage, signIn, startServer } from "../tests/e2e/harness.ts";

const OUT = process.env.SHOTS_DIR ?? "/tmp/shots";
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await newPage(browser);
  await signIn(page, server.baseUrl, "buyer@demo.test");
  await page.waitForURL(/Dashboard/);
  for (const width of [360, 1280, 1920]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 1000 });
    for (const view of ["list", "grid"]) {
      await page.evaluate((v) => localStorage.setItem("bloom.store.view", v), view);
      await page.goto(`${server.baseUrl}/store`);
      const first = page.getByRole("group", { name: "Ship date" }).getByRole("button").first();
      await first.waitFor();
      if ((await first.getAttribute("aria-pressed")) !== "true") await first.click();
      await page.getByRole("region", { name: "Flowers" }).getByRole("button", { name: /^Add .* to cart$/ }).first().waitFor();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${OUT}/store-${view}-${width}.png` });
      if (view === "list") {
        // Quick order with a far-beyond line, checked, then its question.
        const code = (await page.locator("tr[data-index]").first().locator("td").first().locator("span.tabular").first().innerText()).trim();
        await page.getByRole("button", { name: "Quick order" }).click();
        const dialog = page.getByRole("dialog", { name: "Quick order" });
        await dialog.getByLabel("Product codes and quantities").fill(`${code},9999\nNOPE-1,2`);
        await dialog.getByRole("button", { name: "Check lines" }).click();
        await dialog.getByText(/lines? can be added/).waitFor();
        await page.screenshot({ path: `${OUT}/quick-order-${width}.png` });
        await dialog.getByRole("button", { name: /^Add \d+ lines? to cart$/ }).click();
        const q = page.getByRole("dialog", { name: "Request more than is available?" });
        await q.waitFor();
        await page.screenshot({ path: `${OUT}/quick-order-question-${width}.png` });
        await q.getByRole("button", { name: "Cancel" }).click();
        await dialog.getByRole("button", { name: "Close" }).click();
      }
    }
  }
  // Checkout with something in the cart.
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.evaluate(() => localStorage.setItem("bloom.store.view", "list"));
  await page.goto(`${server.baseUrl}/store`);
  const first = page.getByRole("group", { name: "Ship date" }).getByRole("button").first();
  await first.waitFor();
  if ((await first.getAttribute("aria-pressed")) !== "true") await first.click();
  const row = page.locator("tr[data-index]").filter({ has: page.getByRole("textbox", { name: /^Bunches of / }) }).first();
  await row.getByRole("textbox", { name: /^Bunches of / }).fill("3");
  await row.getByRole("button", { name: /^Add .* to cart$/ }).click();
  await page.getByRole("region", { name: "Your cart" }).getByRole("listitem").first().waitFor();
  for (const width of [360, 1280, 1920]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 1000 });
    await page.goto(`${server.baseUrl}/store/checkout`);
    await page.getByRole("button", { name: "Place order" }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/checkout-${width}.png`, fullPage: true });
  }
} finally {
  await browser.close();
  await server.stop();
}
