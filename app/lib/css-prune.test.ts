import { describe, expect, it } from "vitest";
import { classesOfHtml, dropUnreadCustomProperties, dropUnusedFontFaces, parseSheet, pruneSheet, requiredClasses } from "./css-prune.ts";

const prune = (css: string, classes: string[]) => pruneSheet(parseSheet(css), new Set(classes));

describe("requiredClasses", () => {
  it("reads escaped class names as HTML writes them", () => {
    expect(requiredClasses(".md\\:grid-cols-12")).toEqual(["md:grid-cols-12"]);
    expect(requiredClasses(".text-\\[0\\.95rem\\]")).toEqual(["text-[0.95rem]"]);
    expect(requiredClasses(".\\32 xl\\:p-4")).toEqual(["2xl:p-4"]);
    expect(requiredClasses(".w-1\\/2>.a.b:hover")).toEqual(["w-1/2", "a", "b"]);
  });

  it("needs the classes of a single-selector :is() or :where(), never those of :not(), :has() or a list", () => {
    expect(requiredClasses(":where(.space-y-2>:not(:last-child))")).toEqual(["space-y-2"]);
    expect(requiredClasses(":is(:where(.group):hover .group-hover\\:text-leaf)")).toEqual(["group", "group-hover:text-leaf"]);
    expect(requiredClasses(".card:not(.muted)")).toEqual(["card"]);
    expect(requiredClasses(".card-link:has(a.stretch:focus-visible)")).toEqual(["card-link"]);
    expect(requiredClasses(":is(.a,.b) .c")).toEqual(["c"]);
    expect(requiredClasses('a[href$=".pdf"]')).toEqual([]);
  });
});

describe("pruneSheet", () => {
  it("keeps the rules the page's classes can match and drops the others", () => {
    const css = ".a{color:red}.b{color:blue}.a.b{color:green}h1{margin:0}";
    expect(prune(css, ["a"])).toBe(".a{color:red}h1{margin:0}");
    expect(prune(css, ["a", "b"])).toBe(css);
  });

  it("keeps a rule when any selector of its list can match", () => {
    expect(prune(".x,.y{color:red}", ["y"])).toBe(".x,.y{color:red}");
    expect(prune(".x,.y{color:red}", ["z"])).toBe("");
  });

  it("prunes inside @media, @supports and @layer and drops them when empty; keeps other at-rules whole", () => {
    const css =
      "@layer base{h1{font-weight:600}}@media (width>=48rem){.md\\:p-4{padding:1rem}.lg\\:p-8{padding:2rem}}" +
      "@supports (display:grid){.gone{display:grid}}@font-face{font-family:X;src:url(x.woff2)}" +
      "@property --tw-x{syntax:\"*\";inherits:false}@keyframes spin{to{transform:rotate(1turn)}}@layer theme,base;";
    expect(prune(css, ["md:p-4"])).toBe(
      "@layer base{h1{font-weight:600}}@media (width>=48rem){.md\\:p-4{padding:1rem}}" +
        "@font-face{font-family:X;src:url(x.woff2)}@property --tw-x{syntax:\"*\";inherits:false}" +
        "@keyframes spin{to{transform:rotate(1turn)}}@layer theme,base;",
    );
  });

  it("does not cut at braces or commas inside strings and parentheses", () => {
    const css = '.q:before{content:"{,}"}.r{background:url("a,b.png")}';
    expect(prune(css, ["q"])).toBe('.q:before{content:"{,}"}');
    expect(prune(css, ["r"])).toBe('.r{background:url("a,b.png")}');
  });

  it("cuts the same parsed sheet for many pages", () => {
    const sheet = parseSheet("@media print{.a{color:red}.b{color:blue}}");
    expect(pruneSheet(sheet, new Set(["a"]))).toBe("@media print{.a{color:red}}");
    expect(pruneSheet(sheet, new Set(["b"]))).toBe("@media print{.b{color:blue}}");
  });
});

describe("classesOfHtml", () => {
  it("collects every class of the page's class attributes, entities decoded", () => {
    const html = '<div class="a  md:grid"><p class="[&amp;&gt;p]:mt-2 text-[0.95rem]">x</p><span data-class="no">y</span></div>';
    expect([...classesOfHtml(html)].sort()).toEqual(["[&>p]:mt-2", "a", "md:grid", "text-[0.95rem]"]);
  });
});

describe("dropUnreadCustomProperties", () => {
  it("drops the declarations and registrations of properties nothing reads, keeps the others", () => {
    const css = ':root{--a:1px;--b:2px;--c:red}@property --tw-x{syntax:"*";inherits:false}@property --tw-y{syntax:"*";inherits:false}.p{margin:var(--a);--tw-y:0;--unread:3}.q{color:var(--tw-x)}';
    expect(dropUnreadCustomProperties(css, '<div style="color:var(--c)">')).toBe(
      ':root{--a:1px;--c:red}@property --tw-x{syntax:"*";inherits:false}.p{margin:var(--a);}.q{color:var(--tw-x)}',
    );
  });

  it("keeps a property read from another property's value or a fallback", () => {
    const css = ":root{--spacing:.25rem;--gap:calc(var(--spacing) * 4)}.g{gap:var(--nope,var(--gap))}";
    expect(dropUnreadCustomProperties(css, "")).toBe(css);
  });
});

describe("dropUnusedFontFaces", () => {
  const faces =
    "@font-face{font-family:F;src:url(basic.woff2);unicode-range:U+0020-007E,U+2013}" +
    "@font-face{font-family:F;src:url(latin.woff2);unicode-range:U+00C0-00FF,U+0152-0153}" +
    "@font-face{font-family:F;src:url(ext.woff2);unicode-range:U+0100-02BA,U+1E??}" +
    "@font-face{font-family:Fallback;src:local(Arial)}";

  it("drops the faces none of whose characters the page has", () => {
    expect(dropUnusedFontFaces(faces, "<p>Plain text – only</p>")).toBe(
      "@font-face{font-family:F;src:url(basic.woff2);unicode-range:U+0020-007E,U+2013}@font-face{font-family:Fallback;src:local(Arial)}",
    );
  });

  it("keeps a face for one character of its range, written or as an entity, wildcards included", () => {
    expect(dropUnusedFontFaces(faces, "<p>Crème</p>")).toContain("latin.woff2");
    expect(dropUnusedFontFaces(faces, "<p>Cr&#xe8;me</p>")).toContain("latin.woff2");
    expect(dropUnusedFontFaces(faces, "<p>Cr&#232;me</p>")).toContain("latin.woff2");
    expect(dropUnusedFontFaces(faces, "<p>\u1E9E</p>")).toContain("ext.woff2");
    expect(dropUnusedFontFaces(faces, "<p>Crème</p>")).not.toContain("ext.woff2");
  });

  it("keeps every face where the page has a text field", () => {
    expect(dropUnusedFontFaces(faces, '<form><input name="name"></form>')).toBe(faces);
    expect(dropUnusedFontFaces(faces, "<textarea></textarea>")).toBe(faces);
  });
});
