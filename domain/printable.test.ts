import { describe, expect, it } from "vitest";
import { z } from "zod";
import { printable } from "../contract/common.ts";
import { cleanText, printableText, unprintableCharacters, unprintableMessage } from "./printable.ts";

describe("printable text (issue 23.11)", () => {
  it("keeps Latin, Greek, Cyrillic and typographic punctuation", () => {
    const s = "Crème Brûlée Żółć Ωmega Привет “quotes” – … € ™";
    expect(printableText(s)).toBe(s);
    expect(unprintableCharacters(s)).toEqual([]);
  });

  it("replaces each run of CJK or emoji (joiners and variation selectors included) by one '?'", () => {
    expect(printableText("花店 Flowers")).toBe("? Flowers");
    expect(printableText("Roses 🌹🌷 and 👩‍👩‍👧 ❤️ end")).toBe("Roses ? and ? ? end");
  });

  it("turns line breaks and tabs into spaces and drops controls, bidi overrides and zero-width characters", () => {
    expect(cleanText("a\r\nb\tc\u0007d\u202ee\u200bf\ufeff")).toBe("a b cdef");
    // NFC: e + combining acute prints as one letter.
    expect(cleanText("Cafe\u0301")).toBe("Café");
  });

  it("names what cannot be printed, for the input check", () => {
    expect(unprintableMessage("Fine text")).toBeNull();
    expect(unprintableMessage("花店 🌹")).toBe('Use Latin, Greek or Cyrillic letters, digits and punctuation: this text is printed on labels and documents (cannot print "花", "店", "🌹").');
    const Label = z.string().superRefine(printable);
    const r = Label.safeParse("Sunny 花店");
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toContain('cannot print "花", "店"');
    expect(Label.safeParse("Sunny Market").success).toBe(true);
  });
});
