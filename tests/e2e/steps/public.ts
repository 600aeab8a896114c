// The public pages' fixture (every page of SPEC §2) and the longer checks of their own style sheet
// (tests/e2e/public.e2e.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { newPage } from "../harness.ts";
import type { Run } from "./common.ts";

const CONTENT = fileURLToPath(new URL("../../../content/", import.meta.url));

/** Every Markdown file in a content folder is a page (staff add articles by adding files). */
const contentPaths = (folder: string, prefix: string) =>
  readdirSync(`${CONTENT}${folder}`)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `${prefix}/${f.slice(0, -3)}`);

export const ARTICLES = contentPaths("blog", "/Blog");
export const GUIDES = contentPaths("care", "/FlowerCare");

/** Every public page of SPEC §2 (login and reset-password belong to the account pages). */
export const PAGES = [
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
  ...ARTICLES,
  "/FlowerCare",
  ...GUIDES,
  "/Unauthorized",
];

/** The heading font is preloaded first thing: the very file and subset the headings use, served, fetched once. */
export async function preloadsTheHeadingFont({ browser, baseUrl }: Run) {
  const inRange = (ch: number, range: string) =>
    range.split(",").some((r) => {
      const [lo, hi] = r.trim().replace(/^U\+/i, "").split("-").map((h) => parseInt(h.replace(/^U\+/i, ""), 16));
      return ch >= lo! && ch <= (hi ?? lo)!;
    });
  for (const path of ["/", "/lilies", "/Blog/Behind-the-Blooms", "/FlowerCare/Lilies"]) {
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    const preloads = [...html.matchAll(/<link[^>]*rel="preload"[^>]*as="font"[^>]*>/g)].map((m) => m[0]);
    expect(preloads, path).toHaveLength(1);
    const link = preloads[0]!;
    expect(link).toContain('type="font/woff2"');
    expect(link).toMatch(/crossorigin/i);
    const href = /href="([^"]+)"/.exec(link)![1]!;
    // Before the inline style sheet, so the browser asks for it with the document's first bytes.
    expect(html.indexOf(link)).toBeLessThan(html.indexOf("<style"));
    // The file is there and is a WOFF2 font.
    const font = await fetch(`${baseUrl}${href}`);
    expect(font.status, href).toBe(200);
    expect(font.headers.get("content-type")).toContain("font/woff2");
    expect(Buffer.from(await font.arrayBuffer()).subarray(0, 4).toString("latin1")).toBe("wOF2");
    // It is the Fraunces face the browser tries first (the last declared), and it holds every
    // character of the page's h1.
    const css = /<style[^>]*>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const fraunces = [...css.matchAll(/@font-face\{[^}]*\}/g)].map((m) => m[0]).filter((f) => f.includes("Fraunces"));
    const first = fraunces[fraunces.length - 1]!;
    expect(first).toContain(`url(${href})`);
    const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]!.replace(/<[^>]+>/g, "").replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
    const range = /unicode-range:([^;}]+)/.exec(first)![1]!;
    for (const ch of h1) expect(inRange(ch.codePointAt(0)!, range), `${path}: "${ch}" of "${h1}"`).toBe(true);
  }
  // In the browser the preload is the one fetch of that file (a preload that did not match the
  // style sheet's request, crossorigin and all, would be fetched twice), and the face is loaded.
  const fresh = await newPage(browser);
  try {
    await fresh.goto(`${baseUrl}/lilies`, { waitUntil: "load" });
    await fresh.evaluate(() => document.fonts.ready);
    const { fetched, loaded, fonts } = await fresh.evaluate(() => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="font"]')!.href;
      const resources = performance.getEntriesByType("resource");
      return {
        fetched: resources.filter((e) => e.name === href).length,
        loaded: [...document.fonts].some((f) => f.family.replace(/"/g, "") === "Fraunces Variable" && f.status === "loaded"),
        fonts: resources.filter((e) => e.name.endsWith(".woff2")).map((e) => new URL(e.name).pathname.replace(/-[\w-]{8}\.woff2$/, "")),
      };
    });
    expect(fetched).toBe(1);
    expect(loaded).toBe(true);
    // A page in plain characters needs only the two small cuts, not the full Latin files too.
    expect(fonts.sort()).toEqual(["/assets/fraunces-basic-wght", "/assets/inter-basic-wght"]);
  } finally {
    await fresh.context().close();
  }
}

/** Each page's inline sheet is a cut of the whole one, and every element looks as the whole sheet would make it look. */
export async function matchesTheWholeSheet({ browser, baseUrl }: Run) {
  // The public pages' whole built sheet (the layout names it: app/routes/public/public-layout.tsx).
  const assets = fileURLToPath(new URL("../../../build/client/assets/", import.meta.url));
  const sheets = readdirSync(assets).filter((f) => /^site-[\w-]+\.css$/.test(f));
  expect(sheets).toHaveLength(1);
  const whole = readFileSync(`${assets}${sheets[0]}`, "utf8");
  // Every element's and pseudo-element's computed style, but the custom properties (the cut sheet
  // leaves out those nothing reads). A ::before or ::after whose content is none or normal is not
  // drawn: only its content is compared (so a rule that gives one content in either sheet is still
  // seen), not the few hundred properties of a box that is not there (two thirds of the work).
  const snapshot = (p: Page) =>
    p.evaluate(() => {
      const out: string[] = [];
      const elements = [...document.body.querySelectorAll("*")];
      for (const [i, el] of elements.entries()) {
        for (const pseudo of [null, "::before", "::after"]) {
          const cs = getComputedStyle(el, pseudo);
          let line = `${i} ${el.tagName}${pseudo ?? ""}`;
          const content = pseudo ? cs.getPropertyValue("content") : "";
          if (content === "none" || content === "normal") {
            out.push(`${line};content:${content}`);
            continue;
          }
          for (let k = 0; k < cs.length; k++) {
            const name = cs.item(k);
            if (!name.startsWith("--")) line += `;${name}:${cs.getPropertyValue(name)}`;
          }
          out.push(line);
        }
      }
      return out;
    });
  for (const width of [360, 1280]) {
    const p = await newPage(browser, { viewport: { width, height: 800 } });
    try {
      for (const path of ["/", "/lilies", "/Blog/Behind-the-Blooms", "/FlowerCare/Lilies", "/Contact"]) {
        await p.goto(`${baseUrl}${path}`, { waitUntil: "load" });
        const inline = await p.evaluate(() => document.querySelector("head style")!.textContent!);
        // The page's sheet is a cut of the whole one, not the whole one.
        expect(inline.length, path).toBeLessThan(whole.length * 0.8);
        // Both without their @font-face rules: a face declared anew would load anew, and with
        // font-display: optional it may then not be used, which would change the text's metrics.
        const withoutFaces = (css: string) => css.replace(/@font-face\{[^}]*\}/g, "");
        const restyle = (css: string) => p.evaluate((text) => (document.querySelector("head style")!.textContent = text), withoutFaces(css));
        await restyle(inline);
        const cut = await snapshot(p);
        await restyle(whole);
        const full = await snapshot(p);
        expect(cut.length, path).toBe(full.length);
        // Each difference as "element property: cut ≠ whole".
        const differ = cut.flatMap((line, i) => {
          if (line === full[i]) return [];
          const [head, ...props] = line.split(";");
          const whole = new Map(full[i]!.split(";").slice(1).map((d) => [d.slice(0, d.indexOf(":")), d.slice(d.indexOf(":") + 1)]));
          return props.filter((d) => whole.get(d.slice(0, d.indexOf(":"))) !== d.slice(d.indexOf(":") + 1)).map((d) => `${head} ${d} ≠ ${whole.get(d.slice(0, d.indexOf(":")))}`);
        });
        expect(differ.slice(0, 8), `${path} at ${width} px`).toEqual([]);
      }
    } finally {
      await p.context().close();
    }
  }
}
