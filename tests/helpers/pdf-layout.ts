// Reads a PDF's own text positions (pdf.js via unpdf: getTextContent gives each run's transform and
// width) so a test can check the layout as printed: no two runs of text overlap on a page, and the
// table header and the grower's name come back on every page.
import { extractText, getDocumentProxy } from "unpdf";

/** A PDF's text layer (what copy, search and screen readers read), all pages, whitespace runs as one space. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  return (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, " ");
}

export interface TextBox {
  page: number;
  str: string;
  x: number;
  /** Baseline, in PDF points from the bottom of the page. */
  y: number;
  width: number;
  size: number;
}

export async function textBoxes(pdf: Buffer | Uint8Array): Promise<{ pages: number; boxes: TextBox[] }> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const boxes: TextBox[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!("str" in item) || !item.str.trim()) continue;
      const [a, b, , , e, f] = item.transform as number[];
      const size = Math.hypot(a!, b!);
      // Rotated text (a label's left edge) keeps its own box: measured along its own axis it would
      // look like a zero-width run, so only horizontal text is compared.
      if (Math.abs(b!) > 0.01) continue;
      boxes.push({ page: p, str: item.str, x: e!, y: f!, width: item.width, size });
    }
  }
  return { pages: doc.numPages, boxes };
}

/** The ink of a run: from the descender (~0.2 em below the baseline) to the cap height (~0.72 em above). */
const top = (b: TextBox) => b.y + 0.72 * b.size;
const bottom = (b: TextBox) => b.y - 0.2 * b.size;

/** Pairs of text runs whose boxes overlap by more than `tolerance` points both across and down the page. */
export function overlaps(boxes: TextBox[], tolerance = 0.5): [TextBox, TextBox][] {
  const found: [TextBox, TextBox][] = [];
  const byPage = new Map<number, TextBox[]>();
  for (const b of boxes) byPage.set(b.page, [...(byPage.get(b.page) ?? []), b]);
  for (const list of byPage.values()) {
    list.sort((p, q) => q.y - p.y);
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      for (let j = i + 1; j < list.length; j++) {
        const b = list[j]!;
        if (top(b) < bottom(a) - 2) break; // sorted by baseline: nothing further down can reach a
        const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        const dy = Math.min(top(a), top(b)) - Math.max(bottom(a), bottom(b));
        // Runs on one baseline may be pieces of one line: pdf.js splits a line where the font kerns
        // a pair ("7." in Inter, ~0.25 em) and its widths leave the kerning out. Such pieces collide
        // only when they overlap by more than a kern.
        const sameLine = Math.abs(a.y - b.y) < 0.1 && Math.abs(a.size - b.size) < 0.1;
        if (dx > (sameLine ? 0.3 * a.size : tolerance) && dy > tolerance) found.push([a, b]);
      }
    }
  }
  return found;
}

export const describeOverlap = ([a, b]: [TextBox, TextBox]) =>
  `page ${a.page}: "${a.str}" at (${a.x.toFixed(1)}, ${a.y.toFixed(1)}) overlaps "${b.str}" at (${b.x.toFixed(1)}, ${b.y.toFixed(1)})`;

/** The text of each page, runs joined with spaces (for "is the header on this page"). */
export function pageTexts(pages: number, boxes: TextBox[]): string[] {
  return Array.from({ length: pages }, (_, i) =>
    boxes
      .filter((b) => b.page === i + 1)
      .map((b) => b.str)
      .join(" "),
  );
}
