// The one layout every printed document uses (invoice, credit note, statement, packing slip, pick
// list; the shelf labels use its fonts, text cleaning and running header): Inter embedded, so text
// beyond WinAnsi prints as itself or as "?" (never mojibake); table rows as tall as their wrapped text
// (measured with heightOfString, never a fixed row height); page breaks that repeat the table header;
// the grower's name and address at the top of the first page, the grower and the document on every
// later page, and a footer with the grower's details and "Page i of n" on every page.
// See docs/documents.md.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { printableText } from "../../domain/printable.ts";

export interface Grower {
  name: string;
  address: string[];
}

export const GREEN = "#1e5a3c";
export const INK = "#1f2a24";
export const MUTED = "#5b6b62";
export const RULE = "#d9e3dc";
export const MARGIN = 50;
/** Room kept below the last row for the footer. */
const FOOTER = 36;
/** Longest cell text printed (a description is far shorter; a runaway one must not fill pages). */
const CELL_MAX = 400;

export const FONT = "Body";
export const BOLD = "Body-Bold";

const require = createRequire(import.meta.url);
let fontBytes: { regular: Buffer; bold: Buffer } | null = null;
function fonts() {
  fontBytes ??= {
    regular: readFileSync(require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf")),
    bold: readFileSync(require.resolve("@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf")),
  };
  return fontBytes;
}

type Doc = PDFKit.PDFDocument;

/** The parsed font pdfkit keeps for an embedded TTF (a fontkit font). */
interface ParsedFont {
  layout: (...args: unknown[]) => unknown;
  hasGlyphForCodePoint: (cp: number) => boolean;
  getGlyph: (id: number, characters?: number[]) => unknown;
  _glyphs: Record<number, unknown>;
}

function currentFont(doc: Doc): ParsedFont {
  const font = (doc as unknown as { _font?: { font?: ParsedFont } })._font?.font;
  if (typeof font?.hasGlyphForCodePoint !== "function" || typeof font.layout !== "function") throw new Error("The document font has no glyph table: is the TTF embedded?");
  return font;
}

/**
 * The fonts parsed once per process. pdfkit parses a TTF given as bytes again for every document,
 * and the parse and its shaping tables cost ~0.5 s of CPU per invoice; it takes an already parsed
 * font as well (anything with `layout`), and subsets it per document as before.
 */
let parsed: { regular: ParsedFont; bold: ParsedFont } | null = null;

/** Shaped words kept per font; cleared when full (a document's words are a few hundred). */
const SHAPED_MAX = 20_000;

/**
 * The parsed font with its shaping kept across documents: pdfkit shapes each word once per document
 * (fontkit's GSUB/GPOS work on Inter is most of a document's CPU), and scales the positions of the
 * run it gets in place, so every call gets a fresh run with copied positions (glyphs are shared,
 * pdfkit only reads them). Everything else is the font itself.
 */
function keepShaping(font: ParsedFont): ParsedFont {
  const shaped = new Map<string, { glyphs: unknown[]; positions: object[] }>();
  const layout = (text: unknown, features?: unknown, ...rest: unknown[]) => {
    const key = `${JSON.stringify(features ?? null)}\u0000${String(text)}`;
    let run = shaped.get(key);
    if (!run) {
      if (shaped.size >= SHAPED_MAX) shaped.clear();
      run = font.layout(text, features, ...rest) as { glyphs: unknown[]; positions: object[] };
      shaped.set(key, run);
    }
    const copy = Object.create(Object.getPrototypeOf(run));
    return Object.assign(copy, run, { positions: run.positions.map((p) => ({ ...p })) });
  };
  return new Proxy(font, {
    get(target, prop) {
      if (prop === "layout") return layout;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Keeps only glyphs made with their characters. fontkit keeps one glyph object per glyph id for the
 * font's life, with the characters of the call that first made it; a subset drawing a composite glyph
 * makes its components with none (":" and "…" are drawn from periods). With the font shared by every
 * document of the process, a ":" before any "." left the period without a character in the ToUnicode
 * map of every later document: its periods were missing from copied, searched and read-aloud text.
 * A glyph asked for without characters is still made, but not kept, so the text that draws it first
 * makes it with its characters.
 */
function keepCharacters(font: ParsedFont): ParsedFont {
  const glyphs = font._glyphs;
  if (typeof glyphs !== "object" || glyphs === null || typeof font.getGlyph !== "function") throw new Error("The document font keeps no glyphs: has fontkit changed?");
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id: number, characters: number[] = []) => {
    if (characters.length > 0 || glyphs[id]) return getGlyph(id, characters);
    const glyph = getGlyph(id, characters);
    delete glyphs[id];
    return glyph;
  };
  return font;
}

export interface NewDocument {
  doc: Doc;
  /** The text as this document prints it: cleaned, and "?" for what the font cannot draw. */
  text: (s: string) => string;
  done: Promise<Buffer>;
}

/** A PDF in memory with Inter registered as FONT and BOLD; pages are buffered so footers can be added last. */
export function newDocument(opts: { title: string; author: string; size?: PDFKit.PDFDocumentOptions["size"]; margin?: number }): NewDocument {
  const doc = new PDFDocument({ size: opts.size ?? "LETTER", margin: opts.margin ?? MARGIN, bufferPages: true, info: { Title: opts.title, Author: opts.author } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  if (parsed) {
    doc.registerFont(FONT, parsed.regular as unknown as Buffer);
    doc.registerFont(BOLD, parsed.bold as unknown as Buffer);
  } else {
    const f = fonts();
    doc.registerFont(FONT, f.regular);
    doc.registerFont(BOLD, f.bold);
    // Shared from here on by every document of the process.
    const shared = (name: string) => keepShaping(keepCharacters(currentFont(doc.font(name))));
    parsed = { bold: shared(BOLD), regular: shared(FONT) };
    // This document still holds the unwrapped fonts: register the kept ones for it too.
    doc.registerFont(FONT, parsed.regular as unknown as Buffer);
    doc.registerFont(BOLD, parsed.bold as unknown as Buffer);
  }
  const { regular, bold } = parsed;
  doc.font(FONT);
  const text = (s: string) => printableText(s, (cp) => regular.hasGlyphForCodePoint(cp) && bold.hasGlyphForCodePoint(cp));
  // pdfkit's info strings are PDF text strings (UTF-16 when needed), so only clean them.
  return { doc, text, done };
}

/** The grower's mark (as public/favicon.svg): four petals around a golden heart on a green disc. */
export function logo(doc: Doc, x: number, y: number, size: number) {
  const k = size / 64;
  doc.save();
  doc.circle(x + 32 * k, y + 32 * k, 30 * k).fill(GREEN);
  doc.fillColor("#fbf8f3");
  doc.ellipse(x + 32 * k, y + 18 * k, 7 * k, 12 * k).fill();
  doc.ellipse(x + 32 * k, y + 46 * k, 7 * k, 12 * k).fill();
  doc.ellipse(x + 18 * k, y + 32 * k, 12 * k, 7 * k).fill();
  doc.ellipse(x + 46 * k, y + 32 * k, 12 * k, 7 * k).fill();
  doc.circle(x + 32 * k, y + 32 * k, 7 * k).fill("#f2c94c");
  doc.restore();
}

export interface Column {
  header: string;
  width: number;
  align?: "left" | "right";
}

export interface Party {
  customerId: string;
  companyName: string;
  address: string[];
}

/**
 * One line of text cut with "…" to its width (pdfkit wraps any text given a width, lineBreak or not;
 * only a height makes it stop and add the ellipsis).
 */
export function oneLine(doc: Doc, text: string, x: number, y: number, width: number, align: "left" | "right" | "center" = "left") {
  doc.text(text, x, y, { width, height: doc.currentLineHeight(true), ellipsis: true, align, lineBreak: false });
}

const clip = (s: string) => (s.length > CELL_MAX ? `${s.slice(0, CELL_MAX - 1)}…` : s);

/**
 * A document being laid out top to bottom. `y` is where the next thing goes; everything that draws
 * measures itself first and calls ensure(), which starts a new page (running header, and the table
 * header again when inside a table) when it would not fit.
 */
export class PdfLayout {
  readonly doc: Doc;
  readonly text: (s: string) => string;
  readonly done: Promise<Buffer>;
  y = MARGIN;
  private repeatHeader: (() => void) | null = null;

  constructor(
    readonly grower: Grower,
    /** What the document is, as every page names it ("Invoice 500127"). */
    readonly reference: string,
  ) {
    const d = newDocument({ title: reference, author: grower.name });
    this.doc = d.doc;
    this.text = d.text;
    this.done = d.done;
  }

  get left() {
    return MARGIN;
  }
  get right() {
    return this.doc.page.width - MARGIN;
  }
  get width() {
    return this.right - this.left;
  }
  get bottom() {
    return this.doc.page.height - MARGIN - FOOTER;
  }

  /** Starts a new page when `height` more points would not fit on this one. */
  ensure(height: number) {
    if (this.y + height <= this.bottom) return;
    this.doc.addPage();
    this.runningHeader();
    this.repeatHeader?.();
  }

  /** Pages after the first: the grower's mark and name, and which document this is. */
  private runningHeader() {
    const { doc } = this;
    logo(doc, MARGIN, MARGIN - 4, 20);
    doc.fillColor(GREEN).font(BOLD).fontSize(10);
    oneLine(doc, this.text(this.grower.name), MARGIN + 26, MARGIN, this.width / 2 - 26);
    doc.fillColor(MUTED).font(FONT).fontSize(9);
    oneLine(doc, this.text(`${this.reference} (continued)`), MARGIN + this.width / 2, MARGIN + 1, this.width / 2, "right");
    doc.moveTo(MARGIN, MARGIN + 20).lineTo(this.right, MARGIN + 20).lineWidth(0.5).strokeColor(RULE).stroke();
    this.y = MARGIN + 28;
  }

  /** The first page's top: mark, the grower's name and address, the title and its facts on the right. */
  letterhead(title: string, facts: [string, string][]) {
    const { doc } = this;
    const half = this.width / 2;
    logo(doc, MARGIN, MARGIN, 48);
    doc.fillColor(GREEN).font(BOLD).fontSize(16);
    const name = this.text(this.grower.name);
    const nameWidth = half - 60;
    doc.text(name, MARGIN + 60, MARGIN + 2, { width: nameWidth });
    let left = MARGIN + 2 + doc.heightOfString(name, { width: nameWidth }) + 2;
    doc.fillColor(MUTED).font(FONT).fontSize(9);
    for (const line of this.grower.address) {
      const t = this.text(line);
      doc.text(t, MARGIN + 60, left, { width: nameWidth });
      left += doc.heightOfString(t, { width: nameWidth });
    }
    doc.fillColor(INK).font(BOLD).fontSize(20);
    oneLine(doc, this.text(title), this.right - 220, MARGIN, 220, "right");
    let right = MARGIN + 30;
    doc.font(FONT).fontSize(9);
    for (const [k, v] of facts) {
      const value = this.text(v);
      const h = Math.max(doc.heightOfString(value, { width: 120 }), 11);
      doc.fillColor(MUTED);
      oneLine(doc, this.text(k), this.right - 220, right, 95, "right");
      doc.fillColor(INK).text(value, this.right - 120, right, { width: 120, align: "right" });
      right += h + 1;
    }
    this.y = Math.max(left, right, MARGIN + 52) + 14;
  }

  /** "Bill to" and the like: a label, the company, its code and address, wrapped to half the page. */
  party(label: string, p: Party, x = this.left, width = this.width / 2 - 10): number {
    const { doc } = this;
    let y = this.y;
    doc.fillColor(MUTED).font(BOLD).fontSize(8);
    oneLine(doc, this.text(label.toUpperCase()), x, y, width);
    y += 12;
    const name = this.text(p.companyName);
    doc.fillColor(INK).font(BOLD).fontSize(11).text(name, x, y, { width });
    y += doc.heightOfString(name, { width });
    doc.font(FONT).fontSize(9).fillColor(MUTED);
    for (const line of [`Customer ${p.customerId}`, ...p.address]) {
      const t = this.text(line);
      doc.text(t, x, y, { width });
      y += doc.heightOfString(t, { width });
    }
    return y;
  }

  /** Places parties side by side (or one) and moves below the tallest. */
  parties(list: [string, Party][]) {
    const w = this.width / list.length - 10;
    const ends = list.map(([label, p], i) => this.party(label, p, this.left + i * (w + 10), w));
    this.y = Math.max(...ends) + 14;
  }

  /** A wrapped paragraph (notes, a credit note's reason). */
  paragraph(s: string, opts: { size?: number; color?: string; bold?: boolean; gap?: number } = {}) {
    const { doc } = this;
    const t = this.text(s);
    doc.font(opts.bold ? BOLD : FONT).fontSize(opts.size ?? 9.5);
    const h = doc.heightOfString(t, { width: this.width });
    this.ensure(h);
    doc.fillColor(opts.color ?? INK).text(t, this.left, this.y, { width: this.width });
    this.y += h + (opts.gap ?? 8);
  }

  /**
   * A table: each row as tall as its tallest wrapped cell; a row that does not fit goes to a new page,
   * which repeats the header. Column widths are scaled to the page width. `keepAfter` points are kept
   * free after the last row, so what follows (the totals) never stands alone on a page.
   */
  table(columns: Column[], rows: string[][], opts: { size?: number; boldRows?: Set<number>; keepAfter?: number } = {}) {
    const { doc } = this;
    const size = opts.size ?? 9;
    const scale = this.width / columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => c.width * scale);
    const pad = 4;
    const cellWidth = (i: number) => widths[i]! - 2 * pad;
    const headerTexts = columns.map((c) => this.text(c.header));
    doc.font(BOLD).fontSize(8.5);
    const headerH = Math.max(...headerTexts.map((h, i) => doc.heightOfString(h, { width: cellWidth(i) }))) + 8;
    const header = () => {
      doc.rect(this.left, this.y, this.width, headerH).fill("#eef4f0");
      doc.fillColor(GREEN).font(BOLD).fontSize(8.5);
      let x = this.left;
      headerTexts.forEach((h, i) => {
        doc.text(h, x + pad, this.y + 4, { width: cellWidth(i), align: columns[i]!.align ?? "left" });
        x += widths[i]!;
      });
      this.y += headerH + 2;
    };
    // A header alone at the foot of a page is no use: keep it with the first row.
    doc.font(FONT).fontSize(size);
    const firstRow = rows[0] ? this.rowHeight(rows[0].map((c) => this.text(clip(c))), cellWidth, size, false) : 0;
    this.ensure(headerH + 2 + firstRow);
    header();
    this.repeatHeader = header;
    rows.forEach((raw, r) => {
      const bold = opts.boldRows?.has(r) ?? false;
      const cells = raw.map((c) => this.text(clip(c)));
      const h = this.rowHeight(cells, cellWidth, size, bold);
      this.ensure(h + (r === rows.length - 1 ? (opts.keepAfter ?? 0) : 0));
      doc.font(bold ? BOLD : FONT).fontSize(size).fillColor(INK);
      let x = this.left;
      cells.forEach((cell, i) => {
        // No `features` option: with one pdfkit shapes every run again instead of once a word.
        doc.text(cell, x + pad, this.y + 3, { width: cellWidth(i), align: columns[i]!.align ?? "left" });
        x += widths[i]!;
      });
      this.y += h;
      doc.moveTo(this.left, this.y).lineTo(this.right, this.y).lineWidth(0.5).strokeColor(RULE).stroke();
    });
    this.repeatHeader = null;
    this.y += 6;
  }

  private rowHeight(cells: string[], cellWidth: (i: number) => number, size: number, bold: boolean) {
    this.doc.font(bold ? BOLD : FONT).fontSize(size);
    return Math.max(size + 2, ...cells.map((c, i) => (c ? this.doc.heightOfString(c, { width: cellWidth(i) }) : 0))) + 6;
  }

  /** The height summary(pairs) takes. */
  static summaryHeight(pairs: [string, string, boolean?][]) {
    return pairs.reduce((s, [, , strong]) => s + (strong ? 17 : 14), 0) + 10;
  }

  /** Label / value pairs right-aligned under a table (totals); kept together on one page. */
  summary(pairs: [string, string, boolean?][]) {
    const { doc } = this;
    const heights = pairs.map(([, , strong]) => (strong ? 17 : 14));
    this.ensure(heights.reduce((s, h) => s + h, 0) + 8);
    this.y += 4;
    pairs.forEach(([k, v, strong], i) => {
      doc.font(strong ? BOLD : FONT).fontSize(strong ? 11 : 9.5);
      doc.fillColor(MUTED);
      oneLine(doc, this.text(k), this.right - 300, this.y, 190, "right");
      doc.fillColor(INK);
      oneLine(doc, this.text(v), this.right - 105, this.y, 105, "right");
      this.y += heights[i]!;
    });
    this.y += 6;
  }

  /** Footers on every page (the grower's details, the document, "Page i of n"), then the bytes. */
  finish(): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    const details = this.text([this.grower.name, ...this.grower.address].join(" · "));
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Below the bottom margin: lift the margin for these lines, or pdfkit would start a new page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - MARGIN - 14;
      doc.moveTo(MARGIN, y - 6).lineTo(this.right, y - 6).lineWidth(0.5).strokeColor(RULE).stroke();
      doc.fillColor(MUTED).font(FONT).fontSize(7.5);
      const page = this.text(`${this.reference} · Page ${i + 1} of ${range.count}`);
      const pageWidth = Math.min(doc.widthOfString(page) + 2, this.width * 0.6);
      oneLine(doc, details, MARGIN, y, this.width - pageWidth - 12);
      oneLine(doc, page, this.right - pageWidth, y, pageWidth, "right");
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    return this.done;
  }
}
