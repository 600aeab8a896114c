// A PDF's text layer (what copy, search and screen readers read) keeps every character, whatever the
// process drew before: the font is parsed once per process, and fontkit made the period a glyph
// without a character when a ":" (drawn from two periods) came first, so every later document's
// periods were missing from its text. Both documents come from a fresh copy of the module, so the
// font is parsed here and nothing drawn by an earlier test file primes it.
import { describe, expect, it, vi } from "vitest";
import { pdfText } from "../../tests/helpers/pdf-layout.ts";

describe("the text layer of a document", () => {
  it("keeps the periods of a document drawn after one with colons, semicolons and an ellipsis", async () => {
    vi.resetModules();
    const { newDocument, FONT, BOLD } = await import("./pdf.ts");

    const first = newDocument({ title: "First", author: "Test" });
    first.doc.font(BOLD).text("Cut-off 10:30; pails…");
    first.doc.font(FONT).text("Ship 12:45; boxes…");
    first.doc.end();
    expect(await pdfText(await first.done)).toContain("Cut-off 10:30; pails…");

    const second = newDocument({ title: "Second", author: "Test" });
    second.doc.font(BOLD).text("Back entrance on Mulberry Lane.");
    second.doc.font(FONT).text("Ring twice. The cold room is on the left.");
    second.doc.end();
    const text = await pdfText(await second.done);
    expect(text).toContain("Back entrance on Mulberry Lane.");
    expect(text).toContain("Ring twice. The cold room is on the left.");
  });
});
