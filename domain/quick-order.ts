// Quick order (issue 13): lines of "product code, quantity" pasted or uploaded by a buyer. This file
// reads the text only; matching the codes against a date's offer is the store screen's, and the cart
// save on the server still decides what is held, pending or refused.
import { INVALID_QUANTITY_MESSAGE } from "./constants.ts";

/** More lines than a buyer pastes in practice; beyond it the whole text is refused, not cut short. */
export const QUICK_ORDER_MAX_LINES = 500;
/** The largest quantity one line may ask for, in bunches. */
export const QUICK_ORDER_MAX_QUANTITY = 99_999;
const CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;
const HEADER_WORDS = /^(product|product ?code|product ?id|productid|code|item|item ?code|sku|article)$/i;

export interface QuickOrderLine {
  /** 1-based line number in the text, for messages. */
  line: number;
  /** Upper case, as product codes are written. */
  code: string;
  quantity: number;
}

export interface QuickOrderProblem {
  line: number;
  /** The line as it was written, trimmed (cut to 80 characters). */
  text: string;
  message: string;
}

export interface QuickOrderParse {
  lines: QuickOrderLine[];
  problems: QuickOrderProblem[];
  /** True when the first line was a header ("code,quantity") and was skipped. */
  header: boolean;
}

const unquote = (s: string) => s.trim().replace(/^"(.*)"$/s, "$1").replace(/^'(.*)'$/s, "$1").trim();

/** The fields of one line: split on comma, semicolon or tab; failing those, on spaces. */
export function fieldsOf(raw: string): string[] {
  const trimmed = raw.trim();
  const bySeparator = trimmed.split(/[,;\t]/);
  const fields = bySeparator.length > 1 ? bySeparator : trimmed.split(/\s+/);
  return fields.map(unquote);
}

/** A whole, positive number of bunches, written plainly ("12", "1,200" is not accepted: the comma separates). */
function quantityOf(text: string): number | null {
  if (!/^\+?\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= QUICK_ORDER_MAX_QUANTITY ? n : null;
}

/**
 * Reads pasted or uploaded quick-order text. Blank lines and lines starting with '#' are skipped; a
 * first line naming its columns ("code,quantity", "Product;Qty") is a header. Every other line gives
 * either a line to order or a problem with a clear message; nothing is dropped silently.
 */
export function parseQuickOrder(text: string): QuickOrderParse {
  const rows = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderProblem[] = [];
  let header = false;
  let seenContent = false;
  const filled = rows.filter((r) => r.trim() !== "" && !r.trim().startsWith("#")).length;
  if (filled > QUICK_ORDER_MAX_LINES) {
    return {
      lines: [],
      problems: [{ line: 0, text: "", message: `Too many lines: at most ${QUICK_ORDER_MAX_LINES} products at once (this has ${filled}).` }],
      header: false,
    };
  }
  rows.forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const fields = fieldsOf(trimmed).filter((f, j) => j < 2 || f !== "");
    const [codeText = "", quantityText = ""] = fields;
    const first = !seenContent;
    seenContent = true;
    if (first && HEADER_WORDS.test(codeText) && quantityOf(quantityText) === null) {
      header = true;
      return;
    }
    const shown = trimmed.slice(0, 80);
    if (!CODE.test(codeText)) {
      problems.push({ line, text: shown, message: codeText === "" ? "No product code." : `"${codeText.slice(0, 40)}" is not a product code.` });
      return;
    }
    if (quantityText === "") {
      problems.push({ line, text: shown, message: `No quantity for ${codeText.toUpperCase()}. ${INVALID_QUANTITY_MESSAGE}` });
      return;
    }
    const quantity = quantityOf(quantityText);
    if (quantity === null) {
      problems.push({
        line,
        text: shown,
        message: `Quantity "${quantityText.slice(0, 20)}" for ${codeText.toUpperCase()}: ${INVALID_QUANTITY_MESSAGE} (whole bunches, 1 to ${QUICK_ORDER_MAX_QUANTITY.toLocaleString("en-US")}).`,
      });
      return;
    }
    if (fields.length > 2) {
      problems.push({ line, text: shown, message: `More than two columns: write the product code, then the quantity.` });
      return;
    }
    lines.push({ line, code: codeText.toUpperCase(), quantity });
  });
  return { lines, problems, header };
}

/** The same code on several lines is one request: quantities are added, first line's number kept. */
export function mergeQuickOrderLines(lines: readonly QuickOrderLine[]): (QuickOrderLine & { lines: number[] })[] {
  const byCode = new Map<string, QuickOrderLine & { lines: number[] }>();
  for (const l of lines) {
    const seen = byCode.get(l.code);
    if (seen) {
      seen.quantity += l.quantity;
      seen.lines.push(l.line);
    } else byCode.set(l.code, { ...l, lines: [l.line] });
  }
  return [...byCode.values()];
}
