// Text that our PDFs (invoices, credit notes, statements, packing slips, pick lists, shelf labels) can
// print. They embed Inter, which covers Latin (with Latin Extended and Vietnamese), Greek and Cyrillic;
// anything else (CJK, emoji, other scripts) has no glyph there. Input that only ever goes on a
// document is refused with PRINTABLE_MESSAGE; text that reaches a document from elsewhere is made safe
// at render by cleanText() plus the document's own glyph check (server/documents/pdf.ts).
// See docs/documents.md.

/** Code point ranges Inter has glyphs for (a conservative subset: every point in them is in the font). */
const PRINTABLE_RANGES: readonly [number, number][] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xac], // Latin-1 (U+00AD, the soft hyphen, is invisible and left out)
  [0xae, 0x148], // Latin-1, Latin Extended-A (U+0149 is deprecated and not in Inter)
  [0x14a, 0x1c3], // Latin Extended-A and -B
  [0x1c5, 0x24f], // (U+01C4, DŽ as one letter, is not in Inter)
  [0x386, 0x386], // Greek
  [0x388, 0x38a],
  [0x38c, 0x38c],
  [0x38e, 0x3a1],
  [0x3a3, 0x3ce],
  [0x400, 0x45f], // Cyrillic
  [0x1e00, 0x1e9b], // Latin Extended Additional
  [0x1ea0, 0x1eff], // Vietnamese
  [0x2010, 0x2027], // dashes, quotes, bullets, ellipsis
  [0x2030, 0x2055], // per mille, primes, guillemets
  [0x20a0, 0x20af], // currency signs
  [0x2122, 0x2122], // trade mark
];

export const isPrintableCodePoint = (cp: number): boolean => PRINTABLE_RANGES.some(([a, b]) => cp >= a && cp <= b);

// C0 and C1 controls, the line and paragraph separators, bidirectional overrides and isolates (which
// can reorder what a reader sees), zero-width characters and the byte order mark.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060\ufeff]/g;

/**
 * The text as one printable line: Unicode NFC (so "é" typed as e + accent prints as one letter), tabs
 * and line breaks become spaces, every other control or invisible formatting character is removed.
 */
export function cleanText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\t\n\r\u2028\u2029]+/g, " ")
    .replace(CONTROLS, "");
}

/** The characters of `text` (after cleanText) that no document can print, each once. */
export function unprintableCharacters(text: string): string[] {
  const out = new Set<string>();
  for (const ch of cleanText(text)) if (!isPrintableCodePoint(ch.codePointAt(0)!)) out.add(ch);
  return [...out];
}

export const PRINTABLE_MESSAGE = "Use Latin, Greek or Cyrillic letters, digits and punctuation: this text is printed on labels and documents";

/** The message for a text that cannot be printed, naming the first few characters. */
export function unprintableMessage(text: string): string | null {
  const bad = unprintableCharacters(text);
  if (!bad.length) return null;
  return `${PRINTABLE_MESSAGE} (cannot print ${bad
    .slice(0, 3)
    .map((c) => `"${c}"`)
    .join(", ")}).`;
}

/** What replaces a run of characters the document's font has no glyph for. */
export const REPLACEMENT = "?";

/**
 * The text as a document prints it: cleaned, and every run of characters `covers` says no (emoji
 * with their joiners and variation selectors count as one run) replaced by one REPLACEMENT.
 */
export function printableText(text: string, covers: (cp: number) => boolean = isPrintableCodePoint): string {
  let out = "";
  let replacing = false;
  for (const ch of cleanText(text)) {
    const cp = ch.codePointAt(0)!;
    if (covers(cp)) {
      out += ch;
      replacing = false;
    } else if (!replacing) {
      // A variation selector or combining mark after a printed letter is dropped, not replaced.
      if (!(cp >= 0xfe00 && cp <= 0xfe0f) && !(cp >= 0x300 && cp <= 0x36f)) {
        out += REPLACEMENT;
        replacing = true;
      }
    }
  }
  return out;
}
