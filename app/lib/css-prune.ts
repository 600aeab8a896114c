/**
 * A static page's inline style sheet cut down to the rules its HTML can use.
 *
 * A static public page runs no script, so the classes its elements carry are exactly those in its
 * HTML: a rule that needs a class the page does not have can never match on that page and is left
 * out. On a phone on a slow connection this keeps the document within the first round trip of a
 * new connection (~14 KB compressed) and gives the browser fewer rules to match.
 *
 * Conservative by construction: only the classes a selector names outside any parentheses are
 * required (those inside :is(), :where(), :not() or :has() may be alternatives or negations), a
 * rule is kept when any selector of its list has all its required classes, and everything that is
 * not a style rule (@font-face, @property, @keyframes, declarations of layers) is kept as it is.
 * @media, @supports, @layer and @container blocks are pruned inside and dropped when empty.
 */

type Item =
  | { kind: "raw"; text: string }
  | { kind: "rule"; selector: string; body: string; needs?: string[][] }
  | { kind: "at"; prelude: string; body: string; inner?: Item[] };

/** Index of the `{` or `;` ending the prelude that starts at `from`, outside strings and parentheses (-1: none). */
function preludeEnd(css: string, from: number): number {
  let depth = 0;
  let quote = "";
  for (let i = from; i < css.length; i++) {
    const c = css[i]!;
    if (c === "\\") i++;
    else if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0 && (c === "{" || c === ";")) return i;
  }
  return -1;
}

/** Index just past the `}` closing the block whose `{` is at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  let quote = "";
  for (let i = open; i < css.length; i++) {
    const c = css[i]!;
    if (c === "\\") i++;
    else if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return css.length;
}

/** The top-level statements of a block of CSS. Comments are expected to be gone (built CSS). */
function parse(css: string): Item[] {
  const items: Item[] = [];
  let i = 0;
  while (i < css.length) {
    const end = preludeEnd(css, i);
    if (end < 0) {
      const rest = css.slice(i).trim();
      if (rest) items.push({ kind: "raw", text: rest });
      break;
    }
    const prelude = css.slice(i, end).trim();
    if (css[end] === ";") {
      items.push({ kind: "raw", text: `${prelude};` });
      i = end + 1;
      continue;
    }
    const close = blockEnd(css, end);
    const body = css.slice(end + 1, close - 1);
    items.push(prelude.startsWith("@") ? { kind: "at", prelude, body } : { kind: "rule", selector: prelude, body });
    i = close;
  }
  return items;
}

/** A class name as written in a selector (CSS escapes such as `md\:grid` or `\32 xl`) as HTML has it. */
function unescapeIdent(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6})[ \t\n\f\r]?|\\([^\n])/g, (_, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : ch!,
  );
}

/** Whether the argument of the pseudo-class whose `(` is at `open` is a single selector (no top-level comma). */
function singleArgument(selector: string, open: number): boolean {
  let depth = 0;
  for (let i = open; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") {
      if (--depth === 0) return true;
    } else if (c === "," && depth === 1) return false;
  }
  return true;
}

/**
 * The classes one complex selector needs: those named outside any parentheses, and inside
 * :is() or :where() with a single selector (Tailwind's `:where(.space-y-2>…)`,
 * `:is(:where(.group):hover .group-hover\:x)`); never those inside :not(), :has() or a list.
 */
export function requiredClasses(selector: string): string[] {
  const out: string[] = [];
  // For each open parenthesis, whether the classes inside it are required.
  const stack: boolean[] = [];
  const required = () => stack.every(Boolean);
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === "\\") i++;
    else if (c === "(") {
      const pseudo = /:(is|where)$/.test(selector.slice(Math.max(0, i - 6), i));
      stack.push(pseudo && singleArgument(selector, i));
    } else if (c === ")") stack.pop();
    else if (c === "[") {
      // An attribute selector may hold a dot ([href$=".pdf"]): skip to its end.
      while (i < selector.length && selector[i] !== "]") i += selector[i] === "\\" ? 2 : 1;
    } else if (c === "." && required()) {
      let j = i + 1;
      while (j < selector.length) {
        const d = selector[j]!;
        if (d === "\\") {
          // An escape: one character, or up to six hex digits and one optional white space.
          const hex = /^[0-9a-fA-F]{1,6}[ \t\n\f\r]?/.exec(selector.slice(j + 1, j + 8));
          j += 1 + (hex ? hex[0].length : 1);
        } else if (/[\w-]/.test(d) || d.charCodeAt(0) > 0x7f) j++;
        else break;
      }
      out.push(unescapeIdent(selector.slice(i + 1, j)));
      i = j - 1;
    }
  }
  return out;
}

/** A selector list split at its top-level commas. */
function selectorList(selector: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selector.slice(start));
  return parts;
}

const PRUNED_BLOCKS = /^@(media|supports|layer|container)\b/;

/** A parsed style sheet, ready to be cut for many pages. */
export interface ParsedSheet {
  items: Item[];
}

export function parseSheet(css: string): ParsedSheet {
  return { items: parse(css) };
}

function prune(items: Item[], has: (cls: string) => boolean): string {
  let out = "";
  for (const item of items) {
    if (item.kind === "raw") out += item.text;
    else if (item.kind === "rule") {
      item.needs ??= selectorList(item.selector).map(requiredClasses);
      if (item.needs.some((classes) => classes.every(has))) out += `${item.selector}{${item.body}}`;
    } else if (PRUNED_BLOCKS.test(item.prelude)) {
      item.inner ??= parse(item.body);
      const kept = prune(item.inner, has);
      if (kept) out += `${item.prelude}{${kept}}`;
    } else out += `${item.prelude}{${item.body}}`;
  }
  return out;
}

/** The sheet with only the rules that can match an element carrying some of `classes`. */
export function pruneSheet(sheet: ParsedSheet, classes: ReadonlySet<string>): string {
  return prune(sheet.items, (c) => classes.has(c));
}

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', "#x27": "'", "#39": "'", lt: "<", gt: ">" };

/** Every class named in an HTML document's class attributes (as React writes them: double quotes). */
export function classesOfHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const c of m[1]!.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, e: string) => ENTITIES[e]!).split(/\s+/)) if (c) classes.add(c);
  }
  return classes;
}

/**
 * The sheet without the custom properties nothing reads: a `--name: value` declaration, or an
 * `@property --name` registration, where neither the sheet nor the page (its style attributes)
 * has `var(--name`. Once the rules a page cannot use are gone, most of the theme's variables and
 * of Tailwind's registered properties are such. A property read only by another unread property
 * is kept (one pass), which is safe.
 */
export function dropUnreadCustomProperties(css: string, html: string): string {
  const read = new Set<string>();
  for (const text of [css, html]) for (const m of text.matchAll(/var\(\s*(--[\w-]+)/g)) read.add(m[1]!);
  return css
    .replace(/@property (--[\w-]+)\{[^{}]*\}/g, (whole, name: string) => (read.has(name) ? whole : ""))
    .replace(/(?<=[{;])(--[\w-]+):[^;{}]*;?/g, (whole, name: string) => (read.has(name) ? whole : ""));
}

/** Whether a character's code point is in a `unicode-range` list (`U+0100-02BA,U+2020,U+1E??`). */
function inUnicodeRange(code: number, ranges: string): boolean {
  return ranges.split(",").some((part) => {
    const r = part.trim().replace(/^U\+/i, "");
    const [lo, hi] = r.includes("?") ? [r.replace(/\?/g, "0"), r.replace(/\?/g, "F")] : r.split("-");
    const from = parseInt(lo!, 16);
    const to = hi === undefined ? from : parseInt(hi, 16);
    return code >= from && code <= to;
  });
}

/**
 * The sheet without the web fonts the page cannot use: an @font-face whose unicode-range holds
 * none of the page's characters is never fetched, so its rule only weighs on the page (the full
 * Latin faces, for é or ñ, on a page in plain characters). Where the page has a text field all
 * faces stay: a visitor may type any character.
 */
export function dropUnusedFontFaces(css: string, html: string): string {
  if (/<(input|textarea)\b/i.test(html)) return css;
  const text = html.replace(/&#(x[0-9a-f]+|\d+);/gi, (_, n: string) => String.fromCodePoint(n[0] === "x" || n[0] === "X" ? parseInt(n.slice(1), 16) : Number(n)));
  const codes = [...new Set(text)].map((c) => c.codePointAt(0)!);
  return css.replace(/@font-face\{[^{}]*\}/g, (face) => {
    const range = /unicode-range:([^;}]+)/.exec(face)?.[1];
    return !range || codes.some((code) => inUnicodeRange(code, range)) ? face : "";
  });
}
