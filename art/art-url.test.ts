import { describe, expect, it } from "vitest";
import { ART_KEYS } from "../contract/content.ts";
import { artKeyFor, artUrl } from "./art-url.ts";

describe("artUrl", () => {
  it("names a picture the server draws for every illustration name, plural or not, and a bunch for others", () => {
    for (const name of ["Lilies", "lily", "Garden_Roses", "mini gerbera", "SNAPDRAGONS", "hero", "bouquet", "pail", "Orchid", ""]) {
      expect(ART_KEYS as readonly string[], name).toContain(artKeyFor(name));
    }
    expect(artKeyFor("Garden_Roses")).toBe("garden-rose");
    expect(artKeyFor("Orchid")).toBe("bunch");
  });

  it("adds the colour only when it is a six-digit hex colour", () => {
    expect(artUrl("Lilies", "#f4b6c8")).toBe("/api/Public/Art/lily.svg?color=F4B6C8");
    expect(artUrl("bouquet", "red")).toBe("/api/Public/Art/bouquet.svg");
    expect(artUrl("bouquet", null)).toBe("/api/Public/Art/bouquet.svg");
  });
});
