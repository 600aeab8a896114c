import { describe, expect, it } from "vitest";
import { renderArt, renderArtSheet } from "./art.ts";

const colours = (from: number, n = 12) => Array.from({ length: n }, (_, i) => (from + i * 7919).toString(16).toUpperCase());

describe("renderArtSheet", () => {
  it("draws a copy at a time, letting the instance's other work run in between", async () => {
    let done = false;
    let turns = 0;
    const sheet = renderArtSheet("lily", colours(0x300000)).then((r) => {
      done = true;
      return r;
    });
    const turn = () => {
      if (done) return;
      turns++;
      setImmediate(turn);
    };
    setImmediate(turn);
    const drawn = await sheet;
    expect(drawn!.svg.match(/<svg id="c/g)).toHaveLength(12);
    // Other work got a turn between the copies, not only once the whole sheet was drawn.
    expect(turns).toBeGreaterThanOrEqual(8);
  });

  it("draws a sheet asked for by several requests at once only once, and keeps it", async () => {
    const cs = colours(0x400000, 5);
    const [a, b] = await Promise.all([renderArtSheet("gerbera", cs), renderArtSheet("gerbera", cs)]);
    expect(a).toBe(b);
    expect(await renderArtSheet("gerbera", cs)).toBe(a);
  });

  it("draws each copy exactly as the single picture in that colour", async () => {
    const sheet = (await renderArtSheet("anthurium", ["C81E3A", "FFFFFF"]))!.svg;
    const single = renderArt({ key: "anthurium", color: "ffffff" })!.svg.replace(/^<\?xml[^>]*>\n/, "");
    const copy = sheet.split('<svg id="cFFFFFF" class="c">')[1]!.slice(0, -"</svg></svg>".length);
    // The same drawing; only the ids differ (each copy has a prefix of its own).
    const idless = (svg: string) => svg.replace(/(id="|url\(#|href="#)[^")]*/g, "$1");
    expect(idless(copy)).toBe(idless(single));
  });

  it("keeps the last few dozen sheets only, however many colours anyone asks for", async () => {
    const hex = (n: number) => n.toString(16).padStart(6, "0").toUpperCase();
    const first = await renderArtSheet("gerbera", [hex(1)]);
    expect(await renderArtSheet("gerbera", [hex(1)])).toBe(first);
    for (let n = 2; n <= 49; n++) await renderArtSheet("gerbera", [hex(n)]);
    const last = await renderArtSheet("gerbera", [hex(49)]);
    expect(await renderArtSheet("gerbera", [hex(49)])).toBe(last);
    // The oldest was dropped: asked for again, it is drawn anew.
    const again = await renderArtSheet("gerbera", [hex(1)]);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it("knows no picture it was not given", async () => {
    expect(await renderArtSheet("tulip", ["FFFFFF"])).toBeNull();
  });
});
