import { describe, expect, it } from "vitest";
import { summarise } from "./range.ts";

const row = (colour: string, colourHex: string, grade: string, stemLengthCm: number, stemsPerBunch = 10, unitOfMeasureQty = 8) => ({
  variety: "lilies",
  colour,
  colourHex,
  grade,
  stemLengthCm,
  stemsPerBunch,
  unitOfMeasureQty,
});

describe("summarise", () => {
  const r = summarise("lilies", [
    row("White", "#ffffff", "Select", 70),
    row("White", "#FAFAFA", "Premium", 80),
    row("White", "#FFFFFF", "Premium", 80),
    row("Pink", "#F48FB1", "Select", 70, 10, 10),
  ]);

  it("groups colours with their shades, most common first", () => {
    expect(r.colours).toEqual([
      { colour: "Pink", shades: ["#F48FB1"], products: 1, stemLengthsCm: [70] },
      { colour: "White", shades: ["#FFFFFF", "#FAFAFA"], products: 3, stemLengthsCm: [70, 80] },
    ]);
  });

  it("lists each grade and pack once, everyday grades first", () => {
    expect(r.grades.map((g) => [g.grade, g.stemLengthCm, g.bunchesPerPail, g.colours])).toEqual([
      ["Select", 70, 8, 1],
      ["Select", 70, 10, 1],
      ["Premium", 80, 8, 1],
    ]);
  });

  it("gives the ranges a variety page states", () => {
    expect(r.stemLengthCm).toEqual({ min: 70, max: 80 });
    expect(r.stemsPerBunch).toEqual([10]);
    expect(r.bunchesPerPail).toEqual([8, 10]);
  });

  it("names anthurium rows by spathe size, from the description", () => {
    const ant = (size: string, cm: number, stems: number, pail: number) => ({
      ...row("Red", "#C62828", "A1", cm, stems, pail),
      variety: "anthurium",
      description: `Anthurium Red ${size}cm spathe`,
    });
    const a = summarise("anthurium", [ant("10-12", 50, 10, 5), ant("8-10", 45, 12, 6), ant("8-10", 45, 12, 6)]);
    expect(a.grades.map((g) => [g.grade, g.stemsPerBunch, g.bunchesPerPail])).toEqual([
      ["A1 · 8–10 cm spathe", 12, 6],
      ["A1 · 10–12 cm spathe", 10, 5],
    ]);
  });

  it("copes with no products", () => {
    expect(summarise("lilies", [])).toMatchObject({ products: 0, colours: [], grades: [], stemLengthCm: null });
  });
});
