import { describe, expect, it } from "vitest";
import { artSheetSrc, artSrc } from "./art.tsx";

describe("artSheetSrc", () => {
  it("points at the sheet of every colour, the fragment showing the one asked for", () => {
    expect(artSheetSrc("lily", ["#F4B6C8", "#ffffff", "#D32F2F"], "#FFFFFF")).toBe("/api/Public/Art/lily.svg?colors=F4B6C8,FFFFFF,D32F2F#cFFFFFF");
  });

  it("gives every picture on the page the same file, so the browser loads it once", () => {
    const colours = ["#F4B6C8", "#F9E1E6", "#4A0E1F"];
    const files = new Set(colours.map((c) => artSheetSrc("lily", colours, c).split("#")[0]));
    expect(files.size).toBe(1);
  });

  it("cuts a long list into sheets of twelve, each colour in the sheet that holds it", () => {
    const colours = Array.from({ length: 30 }, (_, i) => `#${(0x100000 + i * 0x10101).toString(16).toUpperCase()}`);
    const srcs = colours.map((c) => artSheetSrc("gerbera", colours, c));
    const files = [...new Set(srcs.map((s) => s.split("#")[0]))];
    expect(files).toHaveLength(3);
    expect(files.map((f) => f.split("colors=")[1]!.split(",").length)).toEqual([12, 12, 6]);
    srcs.forEach((s, i) => {
      const [file, view] = s.split("#");
      expect(view).toBe(`c${colours[i]!.slice(1)}`);
      expect(file!.split("colors=")[1]!.split(",")).toContain(colours[i]!.slice(1));
    });
  });

  it("drops repeated and malformed colours, and falls back to the single picture for a colour not listed", () => {
    expect(artSheetSrc("lily", ["#F4B6C8", "#f4b6c8", "red", "#FFFFFF"], "#F4B6C8")).toBe("/api/Public/Art/lily.svg?colors=F4B6C8,FFFFFF#cF4B6C8");
    expect(artSheetSrc("lily", ["#F4B6C8"], "#123456")).toBe(artSrc("lily", "#123456"));
  });
});
