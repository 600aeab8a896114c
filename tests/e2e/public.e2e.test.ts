import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { axeViolations, hydrated, launchBrowser, newPage, startServer, USER_AGENT, type RunningServer } from "./harness.ts";
import { ARTICLES, GUIDES, matchesTheWholeSheet, PAGES, preloadsTheHeadingFont } from "./steps/public.ts";

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
  const descriptions = new Map<string, string>();
  const pictures = new Set<string>();

  it("the list holds every article and care guide SPEC §2 names", () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(20);
    expect(ARTICLES).toEqual(
      expect.arrayContaining(["Behind-the-Blooms", "From-Farm-to-Vase", "Scent-vs-No-Scent", "Marketing-Made-Easy", "Wedding-Bouquet-Perfection"].map((s) => `/Blog/${s}`)),
    );
    expect(GUIDES).toEqual(["Anthurium", "Garden-Roses", "Large-Gerbera", "Lilies", "Lisianthus", "Mini-Gerbera", "Snapdragons"].map((s) => `/FlowerCare/${s}`));
  });

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

    const description = (await page.locator('head meta[name="description"]').getAttribute("content"))?.trim() ?? "";
    expect(description.length).toBeGreaterThan(30);
    expect(descriptions.get(description), `${path} has the same description as ${descriptions.get(description)}`).toBeUndefined();
    descriptions.set(description, path);
    expect(await page.locator('head link[rel="canonical"]').getAttribute("href")).toBe(`${server.baseUrl}${path === "/" ? "/" : path}`);
    expect(await page.locator('head meta[property="og:title"]').count()).toBe(1);
    const picture = await page.locator('head meta[property="og:image"]').getAttribute("content");
    expect(picture).toMatch(new RegExp(`^${server.baseUrl}/api/Public/Card/[a-z-]+\\.png(\\?color=[0-9A-F]{6})?$`));
    expect(await page.locator('head meta[name="twitter:image"]').getAttribute("content")).toBe(picture);
    expect(await page.locator('head meta[name="twitter:card"]').getAttribute("content")).toBe("summary_large_image");
    expect(await page.locator('head meta[property="og:image:alt"]').getAttribute("content")).toBeTruthy();
    pictures.add(picture!);
    expect(await page.locator("h1").count()).toBe(1);

    // Plain HTML: no script file, no module preload, no inline code (JSON-LD data only).
    expect(await page.locator('script[src], link[rel="modulepreload"]').count(), path).toBe(0);
    expect(await page.locator("script").evaluateAll((els) => els.map((e) => e.getAttribute("type")).filter((t) => t !== "application/ld+json")), path).toEqual([]);
    expect(await page.evaluate(() => performance.getEntriesByType("resource").filter((r) => /\.m?js(\?|$)/.test(r.name)).length), path).toBe(0);

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("gave every page its own title and description, and every picture is served", () => {
    expect(titles.size).toBe(PAGES.length);
    expect(descriptions.size).toBe(PAGES.length);
    return Promise.all(
      [...pictures].map(async (url) => {
        const res = await fetch(url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get("content-type"), url).toBe("image/png");
        await res.arrayBuffer();
      }),
    );
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
    const region = page.getByRole("region", { name: "Colours we grow" });
    const colours = region.getByRole("listitem");
    expect(await colours.count()).toBeGreaterThan(5);
    // The colours' pictures come from sheets of up to twelve, each fetched once, each picture a drawn copy.
    await region.scrollIntoViewIfNeeded();
    await expect.poll(() => region.locator("img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)), { timeout: 15_000 }).toBe(true);
    const pictures = await region.locator("img").evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => {
        const canvas = document.createElement("canvas");
        canvas.width = 100;
        canvas.height = 120;
        const ctx = canvas.getContext("2d")!;
        ctx.drawImage(img, 0, 0, 100, 120);
        const data = ctx.getImageData(0, 0, 100, 120).data;
        let drawn = 0;
        const sum = [0, 0, 0];
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3]! <= 200) continue;
          drawn++;
          for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
        }
        // The copy's average colour: each picture is its own colour's copy, not one copy shown in all.
        return { file: img.currentSrc.split("#")[0]!, drawn: drawn / (data.length / 4), average: sum.map((v) => Math.round(v / Math.max(1, drawn))).join(",") };
      }),
    );
    expect(pictures).toHaveLength(await colours.count());
    const files = [...new Set(pictures.map((p) => p.file))];
    expect(files).toHaveLength(Math.ceil(pictures.length / 12));
    for (const p of pictures) expect(p.drawn).toBeGreaterThan(0.05);
    expect(new Set(pictures.map((p) => p.average)).size).toBe(pictures.length);
    const fetched = await page.evaluate((fs) => fs.map((f) => performance.getEntriesByType("resource").filter((e) => e.name.split("#")[0] === f).length), files);
    expect(fetched).toEqual(files.map(() => 1));
    const grades = page.getByRole("table", { name: /Grades and packing/ });
    expect(await grades.getByRole("row").count()).toBeGreaterThan(1);
    // Anthurium rows are told apart by spathe size, as the store sells them.
    await page.goto(`${server.baseUrl}/Anthurium`);
    const anthurium = page.getByRole("table", { name: /Grades and packing/ });
    await anthurium.getByRole("rowheader", { name: "A1 · 8–10 cm spathe" }).waitFor();
    await anthurium.getByRole("rowheader", { name: "A1 · 14–16 cm spathe" }).waitFor();
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

  it("each hotspot's name says where its link goes", async () => {
    await page.goto(`${server.baseUrl}/InteractiveCatalogue`);
    const roses = page.getByRole("group", { name: "Our range" }).getByRole("link", { name: /^Garden roses/ });
    expect(await roses.getAttribute("aria-label")).toBe("Garden roses: read the care guide");
    expect(await roses.getAttribute("href")).toBe("/FlowerCare/Garden-Roses");
    const lilies = page.getByRole("group", { name: "Our range" }).getByRole("link", { name: /^Lilies/ });
    expect(await lilies.getAttribute("aria-label")).toBe("Lilies: see the colours and grades");
  });
});

describe("the contact form", () => {
  it("shows the field messages, then submits by keyboard and confirms, escaping what was typed", async () => {
    await page.goto(`${server.baseUrl}/Contact`, { waitUntil: "networkidle" });
    const send = page.getByRole("button", { name: "Send message" });
    await send.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Please check the fields marked below.").waitFor();
    expect(await page.getByText("This field is required").count()).toBeGreaterThanOrEqual(2);
    // The answer is a new page: its autofocus takes people to the first field that needs them.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("name");

    await page.keyboard.type("<b>Ana</b> Florist");
    await page.keyboard.press("Tab");
    await page.keyboard.type("ana@");
    await send.focus();
    await page.keyboard.press("Enter");
    await page.getByText("Please enter a valid email").waitFor();
    // What was typed is still there, and the first field still wrong has the focus.
    expect(await page.getByLabel("Your name").inputValue()).toBe("<b>Ana</b> Florist");
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("email");

    await page.keyboard.press("End");
    await page.keyboard.type("shop.test");
    await page.getByLabel("Your message").focus();
    await page.keyboard.type("Could we visit the range in May? <img src=x onerror=alert(1)>");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Send message");
    // The form's signed token is refused sooner than 3 s after it was issued (a robot's pace).
    await page.waitForTimeout(3_200);
    await page.keyboard.press("Enter");

    const confirmation = page.getByRole("status").filter({ hasText: "Your message is with our team" });
    await confirmation.waitFor({ timeout: 15_000 });
    const heading = confirmation.getByRole("heading", { level: 2 });
    expect(await heading.textContent()).toBe("Thank you, <b>Ana</b>.");
    await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
    expect(await confirmation.locator("b, img").count()).toBe(0);
    expect(await confirmation.textContent()).toMatch(/reference is C-\d+/);
  });
});

describe("the contact form without JavaScript", () => {
  it("posts to the page, shows the field messages, then confirms, with nothing personal in the URL", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, userAgent: USER_AGENT, viewport: { width: 1280, height: 900 } });
    try {
      const plain = await context.newPage();
      await plain.goto(`${server.baseUrl}/Contact`);
      await plain.getByRole("button", { name: "Send message" }).click();
      await plain.getByText("Please check the fields marked below.").waitFor();
      expect(await plain.getByText("This field is required").count()).toBeGreaterThanOrEqual(2);
      expect(await plain.getByLabel("Your name").getAttribute("aria-invalid")).toBe("true");

      await plain.getByLabel("Your name").fill("Bea <i>Gardener</i>");
      await plain.getByLabel("E-mail").fill("bea@garden.test");
      await plain.getByLabel("What is it about?").selectOption("Weddings and events");
      await plain.getByLabel("Your message").fill("Do you grow white lisianthus in June?");
      // The page's signed token is refused sooner than 3 s after it was issued (a robot's pace).
      await plain.waitForTimeout(3_200);
      await plain.getByRole("button", { name: "Send message" }).click();

      const confirmation = plain.getByRole("status").filter({ hasText: "Your message is with our team" });
      await confirmation.waitFor();
      expect(await confirmation.getByRole("heading", { level: 2 }).textContent()).toBe("Thank you, Bea.");
      expect(await confirmation.textContent()).toMatch(/reference is C-\d+/);
      expect(await confirmation.textContent()).toContain("bea@garden.test");
      const url = new URL(plain.url());
      expect(url.pathname).toBe("/Contact");
      expect(url.search).toBe("");
      expect(decodeURIComponent(plain.url())).not.toMatch(/bea|garden|lisianthus|@/i);
    } finally {
      await context.close();
    }
  });
});

describe("the job application form", () => {
  it("asks for what is missing, then sends the application for the chosen job", async () => {
    await page.goto(`${server.baseUrl}/Careers`, { waitUntil: "networkidle" });
    const firstJob = page.locator("#openings li h3").first();
    const jobTitle = (await firstJob.textContent())!.trim();
    await page.getByRole("link", { name: `Apply for ${jobTitle}` }).click();
    const form = page.locator("#apply form");
    expect(await form.getByLabel("The job").inputValue()).not.toBe("");

    await form.getByLabel("Your name").fill("Sam Picker");
    await form.getByLabel("E-mail").fill("sam@");
    await form.getByRole("button", { name: "Send application" }).click();
    await form.getByText("Please enter a valid email").waitFor();
    expect(await form.getByText("This field is required").count()).toBe(1);
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("email");
    expect(await form.getByLabel("The job").inputValue()).not.toBe("");

    await form.getByLabel("E-mail").fill("sam@example.test");
    await form.getByLabel("About you").fill("Three seasons picking gerbera; I can start in March.");
    await page.waitForTimeout(3_200);
    await form.getByRole("button", { name: "Send application" }).click();
    const confirmation = page.getByRole("status").filter({ hasText: "Your application" });
    await confirmation.waitFor({ timeout: 15_000 });
    expect(await confirmation.textContent()).toContain(`Your application for ${jobTitle} is with our team`);
    expect(await confirmation.textContent()).toMatch(/reference is J-\d+/);
    expect(new URL(page.url()).search).not.toContain("sam");
  });
});

describe("plain pages that still do everything", () => {
  it("the small-screen menu opens and closes by keyboard, and passes axe open", async () => {
    const small = await newPage(browser, { viewport: { width: 360, height: 780 } });
    try {
      await small.goto(`${server.baseUrl}/lilies`);
      const menu = small.locator("header details summary");
      const nav = small.locator("#mobile-nav");
      expect(await nav.isVisible()).toBe(false);
      await menu.focus();
      await small.keyboard.press("Enter");
      await nav.waitFor({ state: "visible" });
      expect(await menu.getAttribute("aria-controls")).toBe("mobile-nav");
      expect(await small.locator("header details").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
      expect(await axeViolations(small)).toEqual([]);
      // Tab goes into the menu's links; the first is a plain link that loads the next page.
      await small.keyboard.press("Tab");
      expect(await small.evaluate(() => document.activeElement?.textContent)).toBe("Our flowers");
      await small.keyboard.press("Enter");
      await small.waitForURL(/\/assortment$/);
      await small.locator("header details summary").focus();
      await small.keyboard.press("Space");
      await small.locator("#mobile-nav").waitFor({ state: "visible" });
      await small.keyboard.press("Space");
      await small.locator("#mobile-nav").waitFor({ state: "hidden" });
    } finally {
      await small.context().close();
    }
  });

  it("a plain page leads into the store, which loads its app and signs in", async () => {
    const visitor = await newPage(browser);
    try {
      await visitor.goto(`${server.baseUrl}/`);
      expect(await visitor.locator("script[src]").count()).toBe(0);
      const signInPage = visitor.waitForResponse((r) => new URL(r.url()).pathname === "/login" && r.request().resourceType() === "document");
      await visitor.getByRole("link", { name: "Wholesale sign in" }).first().click();
      await visitor.waitForURL(/\/login$/);
      // The sign-in page carries the app, and the app takes it over. (Its module scripts are not
      // counted in the page: React Router drops them from the document once it has hydrated.)
      expect(await (await signInPage).text()).toContain('type="module"');
      await hydrated(visitor);
      await visitor.getByLabel("E-mail").fill("buyer@demo.test");
      await visitor.getByLabel("Password").fill("bloom-demo-2026");
      await visitor.getByRole("button", { name: "Sign in", exact: true }).click();
      await visitor.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });
      // Back on a public page, signed in: the header offers the store, as a plain link.
      await visitor.goto(`${server.baseUrl}/Blog/Behind-the-Blooms`);
      const toStore = visitor.getByRole("link", { name: "Go to the store" }).first();
      await toStore.click();
      await visitor.waitForURL(/\/Dashboard$/);
    } finally {
      await visitor.context().close();
    }
  });
});

describe("for search engines", () => {
  it("sitemap.xml lists every public page and robots.txt points to it", async () => {
    const xml = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    for (const path of PAGES.filter((p) => p !== "/Unauthorized")) expect(xml, path).toContain(`<loc>${server.baseUrl}${path}</loc>`);
    const robots = await (await fetch(`${server.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    for (const rule of ["/Dashboard", "/dashboard", "/store", "/Store", "/MM/", "/mm/"]) expect(robots).toContain(`Disallow: ${rule}\n`);
  });

  it("a journal tag view points search engines to the journal", async () => {
    await page.goto(`${server.baseUrl}/Blog?tag=greenhouse`);
    expect(await page.locator('head link[rel="canonical"]').getAttribute("href")).toBe(`${server.baseUrl}/Blog`);
    expect(await page.locator('head meta[name="robots"]').getAttribute("content")).toBe("noindex, follow");
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

describe("the public pages' own style sheet", () => {
  it("is inline on a static page, with Latin web fonts that never swap in late; the app's sheet is not sent", async () => {
    const html = await (await fetch(`${server.baseUrl}/FlowerCare/Lilies`)).text();
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const webFonts = [...styles[0]!.matchAll(/@font-face\{[^}]*url\([^}]*\}/g)].map((m) => m[0]);
    expect(webFonts.length).toBeGreaterThan(0);
    for (const face of webFonts) expect(face).toContain("font-display:optional");
    // The sign-in page keeps the app and links the app's whole sheet, which is bigger.
    const login = await (await fetch(`${server.baseUrl}/login`)).text();
    const sheets = [...login.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/g)].map((m) => m[1]!);
    expect(sheets.length).toBeGreaterThan(0);
    const appCss = (await Promise.all(sheets.map(async (href) => (await fetch(`${server.baseUrl}${href}`)).text()))).join("");
    expect(styles[0]!.length).toBeLessThan(appCss.length * 0.85);
  });

  it("preloads the heading font first thing: the very file and subset the headings use, served, fetched once", () => preloadsTheHeadingFont({ browser, baseUrl: server.baseUrl }));

  it("is cut to the rules the page can use, and every element looks as the whole sheet would make it look", () => matchesTheWholeSheet({ browser, baseUrl: server.baseUrl }), 300_000);

  it("lays out the care guide at 360 px without a shift while fonts and pictures load", async () => {
    const small = await newPage(browser, { viewport: { width: 360, height: 740 } });
    try {
      await small.goto(`${server.baseUrl}/FlowerCare/Lilies`, { waitUntil: "load" });
      await small.evaluate(() => document.fonts.ready);
      const shift = await small.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let sum = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) sum += e.value;
              resolve(sum);
            }).observe({ type: "layout-shift", buffered: true });
            // No entry at all: nothing shifted. The observer's first callback (buffered) or this
            // animation frame, whichever comes first after the buffered entries are queued.
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
          }),
      );
      expect(shift).toBe(0);
    } finally {
      await small.context().close();
    }
  });
});
