import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkBarcode, gs1CheckDigit } from "./barcode.ts";

describe("retail barcodes", () => {
  it("accepts real UPC-A and EAN-13 numbers", () => {
    expect(checkBarcode("036000291452")).toEqual({ ok: true, kind: "upca" });
    expect(checkBarcode("4006381333931")).toEqual({ ok: true, kind: "ean13" });
  });

  it("names the expected check digit of a mistyped number", () => {
    const r = checkBarcode("036000291453");
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toContain("should be 2");
  });

  it("refuses letters and wrong lengths with a clear message", () => {
    expect(checkBarcode("03600029145A")).toMatchObject({ ok: false, message: expect.stringContaining("digits only") });
    expect(checkBarcode("12345")).toMatchObject({ ok: false, message: expect.stringContaining("this one has 5") });
  });

  it("accepts exactly one last digit for any 11 or 12 digit body", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{11,12}$/), fc.integer({ min: 0, max: 9 }), (body, last) => {
        expect(checkBarcode(`${body}${last}`).ok).toBe(last === gs1CheckDigit(body));
      }),
    );
  });
});
