import { describe, expect, it } from "vitest";
import { leadOf, listItems, splitSections, textOf, withoutFirstList } from "./sections.ts";

describe("splitSections", () => {
  const html = "<p>Intro</p>\n<h2>What we do</h2>\n<p>We grow.</p>\n<h2>Q &amp; A</h2>\n<h3>1. First</h3><p>a</p>\n<h2>What we do</h2><p>again</p>";

  it("cuts at each h2, keeping the intro", () => {
    const { intro, sections } = splitSections(html);
    expect(intro).toBe("<p>Intro</p>");
    expect(sections.map((s) => s.title)).toEqual(["What we do", "Q & A", "What we do"]);
    expect(sections[0]!.html).toBe("<p>We grow.</p>");
    expect(sections[1]!.html).toContain("<h3>1. First</h3>");
  });

  it("makes unique ids from titles", () => {
    expect(splitSections(html).sections.map((s) => s.id)).toEqual(["what-we-do", "q-a", "what-we-do-2"]);
  });

  it("cuts at h3 when asked", () => {
    expect(splitSections(html, 3).sections.map((s) => s.title)).toEqual(["1. First"]);
  });
});

describe("list helpers", () => {
  const html = "<p>Lead</p><ul>\n<li><strong>Lilies:</strong> cut in bud.</li>\n<li>Plain item</li>\n</ul><p>After</p>";
  it("reads list items and their bold leads", () => {
    const items = listItems(html);
    expect(items).toEqual(["<strong>Lilies:</strong> cut in bud.", "Plain item"]);
    expect(leadOf(items[0]!)).toEqual({ lead: "Lilies", rest: "cut in bud." });
    expect(leadOf(items[1]!)).toEqual({ lead: null, rest: "Plain item" });
    expect(withoutFirstList(html)).toBe("<p>Lead</p><p>After</p>");
  });
  it("decodes entities in text", () => {
    expect(textOf("<em>Tom &amp; Jerry&#39;s &lt;b&gt;</em>")).toBe("Tom & Jerry's <b>");
  });
});
