import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { axeViolations, launchBrowser, newPage, startServer, type RunningServer } from "./harness.ts";

/** Every public page of SPEC §2 (login and reset-password belong to the account pages). */
const PAGES = [
  "/",
  "/about",
  "/faq",
  "/lilies",
  "/Gerbera",
  "/MiniGerbera",
  "/Anthurium",
  "/lisianthus",
  "/Snapdragons",
  "/assortment",
  "/Careers",
  "/Contact",
  "/OurTeam",
  "/OurProcess",
  "/OurProcessOld",
  "/LineTest",
  "/LT1-COGEN",
  "/GrowingGreener",
  "/GreenEnergyInitiative",
  "/AccessibilityPolicy",
  "/InteractiveCatalogue",
  "/Blog",
  "/Blog/Behind-the-Blooms",
  "/Blog/From-Farm-to-Vase",
  "/Blog/Scent-vs-No-Scent",
  "/Blog/Marketing-Made-Easy",
  "/Blog/Wedding-Bouquet-Perfection",
  "/FlowerCare",
  "/FlowerCare/Lilies",
  "/FlowerCare/Anthurium",
  "/FlowerCare/Lisianthus",
  "/FlowerCare/Snapdragons",
  "/FlowerCare/Garden-Roses",
  "/FlowerCare/Mini-Gerbera",
  "/FlowerCare/Large-Gerbera",
  "/Unauthorized",
];

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await newPage(browser);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("every public page is a finished, findable, accessible page", () => {
  const titles = new Map<string, string>();

  it.each(PAGES)("%s", async (path) => {
    const errors: string[] = [];
    page.removeAllListeners("pageerror");
    page.on("pageerror", (e) => errors.push(e.message));
    const res = await page.goto(`${server.baseUrl}${path}`, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);

    const title = await page.title();
    expect(title.length).toBeGreaterThan(3);
    expect(titles.get(title), `${path} has the same title as ${titles.get(title)}`).toBeUndefined();
    titles.set(title, path);

    const description = await page.locator('head meta[name="description"]').getAttribute("content");
    expect(description?.trim().length ?? 0).toBeGreaterThan(30);
    expect(await page.locator('head link[rel="canonical"]').getAttribute("href")).toBe(`${server.baseUrl}${path === "/" ? "/" : path}`);
    expect(await page.locator('head meta[property="og:title"]').count()).toBe(1);
    expect(await page.locator("h1").count()).toBe(1);

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("small screens pass axe too and never scroll sideways", async () => {
    const small = await newPage(browser, { viewport: { width: 360, height: 780 } });
    for (const path of ["/", "/lilies", "/Contact", "/Careers", "/Blog", "/InteractiveCatalogue"]) {
      await small.goto(`${server.baseUrl}${path}`, { waitUntil: "networkidle" });
      expect(await small.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBeLessThanOrEqual(0);
      expect(await axeViolations(small), path).toEqual([]);
    }
    await small.context().close();
  });

  it("puts Organization data on the home page and Article data on a blog post", async () => {
    await page.goto(`${server.baseUrl}/`);
    const home = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(home!)["@type"]).toBe("Organization");
    await page.goto(`${server.baseUrl}/Blog/Behind-the-Blooms`);
    const article = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
    expect(article["@graph"][0]).toMatchObject({ "@type": "Article", headline: expect.stringContaining("Behind the Blooms"), datePublished: "2024-03-12" });
  });
});

describe("content that agrees with the store", () => {
  it("a variety page shows the colours and grades from the product list", async () => {
    await page.goto(`${server.baseUrl}/Gerbera`);
    const colours = page.getByRole("region", { name: "Colours we grow" }).getByRole("listitem");
    expect(await colours.count()).toBeGreaterThan(5);
    const grades = page.getByRole("table", { name: /Grades and packing/ });
    expect(await grades.getByRole("row").count()).toBeGreaterThan(1);
  });

  it("the blog lists the articles newest first, with dates and tags", async () => {
    await page.goto(`${server.baseUrl}/Blog`);
    const dates = await page.locator("main time").evaluateAll((els) => els.map((e) => e.getAttribute("datetime")!));
    expect(dates.length).toBeGreaterThanOrEqual(20);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(await page.getByRole("list", { name: "Tags" }).count()).toBeGreaterThanOrEqual(20);
  });

  it("the interactive catalogue is a picture with a link per flower, reachable by keyboard", async () => {
    await page.goto(`${server.baseUrl}/InteractiveCatalogue`);
    const picture = page.getByRole("group", { name: "Our range" });
    const spots = picture.getByRole("link");
    expect(await spots.count()).toBe(7);
    await spots.first().focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toMatch(/^Gerbera/);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/Gerbera$/);
  });
});

describe("the contact form", () => {
  it("shows the field messages, then submits by keyboard and confirms, escaping what was typed", async () => {
    await page.goto(`${server.baseUrl}/Contact`, { waitUntil: "networkidle" });
    const send = page.getByRole("button", { name: "Send message" });
    await send.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("This field is required").count()).toBeGreaterThanOrEqual(2);
    // The first field that needs attention gets the focus.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("name");

    await page.keyboard.type("<b>Ana</b> Florist");
    await page.keyboard.press("Tab");
    await page.keyboard.type("ana@");
    await send.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Please enter a valid email").waitFor();

    await page.getByLabel("E-mail").focus();
    await page.keyboard.press("End");
    await page.keyboard.type("shop.test");
    await page.getByLabel("Your message").focus();
    await page.keyboard.type("Could we visit the range in May? <img src=x onerror=alert(1)>");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Send message");
    await page.keyboard.press("Enter");

    const confirmation = page.getByRole("status").filter({ hasText: "Your message is with our team" });
    await confirmation.waitFor({ timeout: 15_000 });
    const heading = confirmation.getByRole("heading", { level: 2 });
    expect(await heading.textContent()).toBe("Thank you, <b>Ana</b>.");
    expect(await heading.evaluate((h) => h === document.activeElement)).toBe(true);
    expect(await confirmation.locator("b, img").count()).toBe(0);
    expect(await confirmation.textContent()).toMatch(/reference is C-\d+/);
  });
});

describe("for search engines", () => {
  it("sitemap.xml lists every public page and robots.txt points to it", async () => {
    const xml = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    for (const path of PAGES.filter((p) => p !== "/Unauthorized")) expect(xml, path).toContain(`<loc>${server.baseUrl}${path}</loc>`);
    const robots = await (await fetch(`${server.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
  });

  it("a crawler gets a bare 404 for a page that does not exist; a person gets the error page", async () => {
    const bot = await fetch(`${server.baseUrl}/Blog/No-Such-Article`, { headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    expect(bot.status).toBe(404);
    expect(await bot.text()).toBe("");
    const person = await page.goto(`${server.baseUrl}/no-such-page`);
    expect(person?.status()).toBe(404);
    expect(await page.getByText("Page not found: /no-such-page").count()).toBeGreaterThan(0);
  });
});
