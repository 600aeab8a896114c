import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Combobox, LIMIT, matchChoices, matchText, searchable } from "./combobox.tsx";

const choices = searchable([
  { value: "ROS-1", label: "Rose Freedom Red 60cm (ROS-1)" },
  { value: "ROS-2", label: "Rose Vendela White 50cm (ROS-2)" },
  { value: "LIL-1", label: "Lily Asiatic White 70cm (LIL-1)" },
]);

describe("matchChoices", () => {
  it("keeps the choices holding every word typed, in any case and order, in the list's order", () => {
    expect(matchChoices(choices, "white").shown.map((c) => c.value)).toEqual(["ROS-2", "LIL-1"]);
    expect(matchChoices(choices, "WHITE rose").shown.map((c) => c.value)).toEqual(["ROS-2"]);
    expect(matchChoices(choices, "lil-1").shown.map((c) => c.value)).toEqual(["LIL-1"]);
    expect(matchChoices(choices, "tulip")).toEqual({ shown: [], total: 0 });
    expect(matchChoices(choices, "  ").total).toBe(3);
  });

  it("shows at most the limit and counts the rest", () => {
    const many = searchable(Array.from({ length: 5000 }, (_, i) => ({ value: `P-${i}`, label: `Rose ${i} (P-${i})` })));
    const all = matchChoices(many, "rose");
    expect(all.shown).toHaveLength(LIMIT);
    expect(all.total).toBe(5000);
    expect(all.shown[0]!.value).toBe("P-0");
    expect(matchChoices(many, "p-4999").shown.map((c) => c.value)).toEqual(["P-4999"]);
  });
});

describe("matchText", () => {
  it("says how many match and when only the first are shown", () => {
    expect(matchText(0, 0, "products")).toBe("No products match.");
    expect(matchText(1, 1, "products")).toBe("1 match.");
    expect(matchText(3, 3, "products")).toBe("3 products match.");
    expect(matchText(50, 5000, "products")).toBe("5,000 products match; the first 50 are shown, type more to narrow them.");
  });
});

describe("Combobox", () => {
  it("is a closed combobox with no options in the page until it is used, the value in a hidden field", () => {
    const html = renderToStaticMarkup(<Combobox id="p" name="productId" what="products" choices={choices} value="ROS-2" onChange={() => undefined} />);
    expect(html).toMatch(/role="combobox"/);
    expect(html).toMatch(/aria-expanded="false"/);
    expect(html).toMatch(/aria-controls="p-list"/);
    expect(html).not.toMatch(/role="option"/);
    expect(html).toMatch(/value="Rose Vendela White 50cm \(ROS-2\)"/);
    expect(html).toMatch(/<input type="hidden" name="productId" value="ROS-2"\/>/);
  });
});
