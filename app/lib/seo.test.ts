import { describe, expect, it } from "vitest";
import { cardUrl, casings, robotsTxt, seo, sitemapXml, xmlEscape } from "./seo.ts";
import { isCardColour } from "../../contract/content.ts";
import { VARIETIES } from "../features/public/varieties.ts";

/** robots.txt matching as crawlers do it (RFC 9309): a case-sensitive prefix. */
const disallowed = (robots: string, path: string) =>
  robots
    .split("\n")
    .filter((l) => l.startsWith("Disallow: "))
    .some((l) => path.startsWith(l.slice("Disallow: ".length)));

describe("robots.txt", () => {
  const robots = robotsTxt("https://pride.test");

  it("keeps crawlers out of the store in the casings people and links use", () => {
    for (const p of ["/Dashboard", "/dashboard", "/DASHBOARD", "/store", "/Store", "/store/checkout", "/StoreFaq", "/storefaq", "/Orders/1042", "/orders", "/MM/Store", "/mm/store", "/Admin/Users", "/admin/users", "/Administration", "/api/Public/Contact", "/API/x", "/Wholesaler_Referrals/abc", "/wholesaler_referrals/abc", "/Invoices", "/invoices", "/account"]) {
      expect(disallowed(robots, p), p).toBe(true);
    }
  });

  it("leaves every public page open", () => {
    for (const p of ["/", "/about", "/AccessibilityPolicy", "/assortment", "/MiniGerbera", "/Blog/Marketing-Made-Easy", "/FlowerCare/Mini-Gerbera", "/OurTeam", "/Careers", "/Contact", "/InteractiveCatalogue", "/lisianthus", "/sitemap.xml"]) {
      expect(disallowed(robots, p), p).toBe(false);
    }
  });

  it("lists each casing once and points to the sitemap", () => {
    expect(casings("/store")).toEqual(["/store", "/STORE", "/Store"]);
    expect(casings("/MM/")).toEqual(["/MM/", "/mm/", "/Mm/"]);
    expect(robots).toContain("Sitemap: https://pride.test/sitemap.xml");
  });
});

describe("sitemap.xml", () => {
  it("escapes what it puts in <loc>", () => {
    const xml = sitemapXml("https://pride.test", [{ loc: "/Blog?tag=a&b" }, { loc: "/about", lastmod: "2024-03-12" }]);
    expect(xml).toContain("<loc>https://pride.test/Blog?tag=a&amp;b</loc>");
    expect(xml).toContain("<url><loc>https://pride.test/about</loc><lastmod>2024-03-12</lastmod></url>");
    expect(xmlEscape(`<"'&>`)).toBe("&lt;&quot;&apos;&amp;&gt;");
  });
});

describe("Open Graph picture", () => {
  it("is the PNG card, with its type and size, the same for X", () => {
    const tags = seo({ title: "Lilies", description: "Our lilies.", path: "/lilies", site: { brandName: "Pride", publicUrl: "https://pride.test" }, image: { art: "lily", color: "#f4b6c8", alt: "A pink lily" } });
    const content = (key: string) => tags.find((t) => ("property" in t && t.property === key) || ("name" in t && t.name === key)) as { content: string } | undefined;
    expect(content("og:image")?.content).toBe("https://pride.test/api/Public/Card/lily.png?color=F4B6C8");
    expect(content("og:image:type")?.content).toBe("image/png");
    expect([content("og:image:width")?.content, content("og:image:height")?.content]).toEqual(["1200", "630"]);
    expect(content("twitter:image")?.content).toBe(content("og:image")?.content);
  });
});

describe("card colours", () => {
  it("every variety's colour is a card colour, so its page's card is drawn in it", () => {
    for (const v of VARIETIES) expect(isCardColour(v.colour), v.label).toBe(true);
  });

  it("links the colour only when the server draws PNG cards in it", () => {
    expect(cardUrl("https://pride.test", { art: "lily", color: "#f4b6c8", alt: "" })).toBe("https://pride.test/api/Public/Card/lily.png?color=F4B6C8");
    expect(cardUrl("https://pride.test", { art: "lily", color: "#123456", alt: "" })).toBe("https://pride.test/api/Public/Card/lily.png");
  });
});
