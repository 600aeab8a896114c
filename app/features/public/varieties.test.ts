import { describe, expect, it } from "vitest";
import { hotspotLabel } from "./varieties.ts";

describe("hotspotLabel", () => {
  it("says where each link goes", () => {
    expect(hotspotLabel("Gerbera", "/Gerbera")).toBe("Gerbera: see the colours and grades");
    expect(hotspotLabel("Lilies", "/LILIES/")).toBe("Lilies: see the colours and grades");
    expect(hotspotLabel("Garden roses", "/FlowerCare/Garden-Roses")).toBe("Garden roses: read the care guide");
    expect(hotspotLabel("Roses", "/Blog/Garden-Rose-Sourcing#top")).toBe("Roses: read the article");
    expect(hotspotLabel("Everything", "/assortment")).toBe("Everything: see the whole assortment");
    expect(hotspotLabel("Us", "/about")).toBe("Us");
  });
});
