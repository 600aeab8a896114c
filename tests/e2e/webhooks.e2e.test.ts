// Webhooks in the browser (issue 28): an Administrator adds a webhook on /Admin/Integrations (the form
// refuses a non-http URL), sees its secret once, an order cancelled on the order desk reaches a real
// receiver signed with that secret (checked with the standardwebhooks package), the deliveries list
// shows it with its status and time, redeliver sends it again with the same webhook-id, and delete asks
// first. The screen is axe-clean at 360 and 1280 px, loaded in full right after sign-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { apiAs, expectNoAxeViolations, hydrated, launchBrowser, newPage, placeOrderAs, saveShot, signIn, startServer, type RunningServer } from "./harness.ts";

let server: RunningServer;
let browser: Browser;
let receiver: http.Server;
let receiverUrl = "";
const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200, { "content-type": "text/plain" }).end("thanks");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pride-hooks`;
  // Production refuses private addresses; the receiver of this test is on loopback.
  [server, browser] = await Promise.all([startServer({ WEBHOOKS_ALLOW_PRIVATE_URLS: "true" }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => receiver?.close(r));
});

describe("webhooks on /Admin/Integrations", () => {
  it("adds a webhook, shows its secret once, lists signed deliveries, redelivers and deletes", async () => {
    const staff = await apiAs(server.baseUrl, "admin@demo.test");
    // A retried run starts from no webhooks too.
    for (const w of (await staff.call("GET", "/api/Admin/Webhooks")).webhooks as { id: number }[]) await staff.call("DELETE", `/api/Admin/Webhooks/${w.id}`);
    // A buyer's order, placed before the webhook exists (so its order.placed event is not sent to it).
    const order = await placeOrderAs(server.baseUrl, "buyer@demo.test", 2);
    const page = await newPage(browser);
    await signIn(page, server.baseUrl, "admin@demo.test");
    await page.waitForURL((u) => !u.pathname.toLowerCase().startsWith("/login"));
    await page.goto(`${server.baseUrl}/Admin/Integrations`);
    await hydrated(page);
    await page.getByText("No webhooks yet.").waitFor();
    await expectNoAxeViolations(page, "/Admin/Integrations (empty)");

    // A URL that is not http(s) is refused with the field's message; the keyboard submits the form.
    const url = page.getByLabel("Receiver URL");
    await url.fill("ftp://erp.example.com/hooks");
    await url.press("Enter");
    await expect.poll(() => page.getByText("Only http and https URLs can receive webhooks.").isVisible()).toBe(true);
    await expect.poll(() => url.getAttribute("aria-invalid")).toBe("true");

    await url.fill(receiverUrl);
    await page.getByRole("checkbox", { name: /invoice\.issued/ }).check();
    await page.getByRole("button", { name: "Add webhook" }).click();
    const secretBox = page.getByTestId("webhook-secret");
    await secretBox.waitFor();
    const secret = (await secretBox.innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await saveShot(page, "webhooks-secret-1280", { fullPage: true });
    await expectNoAxeViolations(page, "/Admin/Integrations (secret shown)");
    await page.setViewportSize({ width: 360, height: 900 });
    await saveShot(page, "webhooks-secret-360", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    const row = page.getByRole("row", { name: new RegExp(receiverUrl.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")) });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain("invoice.issued");

    // Shown once: dismissed, or after a reload, the secret is nowhere on the page.
    await page.getByRole("button", { name: "I have saved it" }).click();
    await page.reload();
    await hydrated(page);
    await row.waitFor();
    expect(await page.content()).not.toContain(secret.slice(6));

    // The buyer's order cancelled on the order desk: the receiver gets order.cancelled, signed with the secret.
    await staff.call("POST", `/api/OrderDesk/Orders/${order.orderNumber}/Cancel`, { reason: "webhook test" });
    await expect.poll(() => got.some((g) => JSON.parse(g.body).type === "order.cancelled"), { timeout: 20_000 }).toBe(true);
    const first = got.find((g) => JSON.parse(g.body).type === "order.cancelled")!;
    expect(first).toBeTruthy();
    const verified = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as { type: string; data: { orderNumber: number; status: string } };
    expect(verified).toMatchObject({ type: "order.cancelled", data: { orderNumber: order.orderNumber, status: "cancelled" } });

    // The deliveries list: status and time, then redeliver.
    await row.getByRole("button", { name: /^Deliveries/ }).click();
    const deliveries = page.getByRole("region", { name: /^Deliveries to/ });
    const deliveryRow = deliveries.getByTestId("delivery-row").filter({ hasText: "order.cancelled" });
    await expect.poll(() => deliveryRow.first().innerText(), { timeout: 20_000 }).toContain("Delivered");
    expect(await deliveryRow.first().innerText()).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    await expectNoAxeViolations(page, "/Admin/Integrations (deliveries)");
    await saveShot(page, "webhooks-deliveries-1280", { fullPage: true });
    await page.setViewportSize({ width: 360, height: 900 });
    await saveShot(page, "webhooks-deliveries-360", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    const before = got.length;
    await deliveryRow.first().getByRole("button", { name: /^Redeliver/ }).click();
    await deliveries.getByText("order.cancelled queued to be sent again.").waitFor();
    await expect.poll(() => got.length, { timeout: 20_000 }).toBeGreaterThan(before);
    expect(got.at(-1)!.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    await expect.poll(() => deliveryRow.count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(async () => (await deliveryRow.allInnerTexts()).every((t) => t.includes("Delivered")), { timeout: 20_000 }).toBe(true);

    // Delete asks first, in a dialog; Escape keeps it, confirming deletes it.
    await row.getByRole("button", { name: /^Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this webhook?" });
    await dialog.waitFor();
    await expectNoAxeViolations(page, "/Admin/Integrations (delete dialog)");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await row.waitFor();
    await row.getByRole("button", { name: /^Delete/ }).click();
    await dialog.getByRole("button", { name: "Delete webhook" }).click();
    await page.getByText("No webhooks yet.").waitFor();
    expect((await staff.call("GET", "/api/Admin/Webhooks")).webhooks).toEqual([]);
  });

  it("is for Administrators only", async () => {
    const page = await newPage(browser);
    await signIn(page, server.baseUrl, "buyer@demo.test");
    await page.waitForURL((u) => !u.pathname.toLowerCase().startsWith("/login"));
    await page.goto(`${server.baseUrl}/Admin/Integrations`);
    await page.waitForURL(/\/Unauthorized/);
  });
});
