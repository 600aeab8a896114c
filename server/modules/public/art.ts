import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { Resvg } from "@resvg/resvg-js";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { illustrationFor } from "../../../art/index.ts";
import { Memo, TaggedCache } from "../../hot/index.ts";

/**
 * The public site shows the illustrations as <img> files rather than inline SVG: pages stay small,
 * the browser caches each picture across pages, decodes it off the main thread and can load the
 * ones below the fold lazily, and no drawing code is shipped to the browser.
 */
const KNOWN = new Set(["lily", "gerbera", "mini-gerbera", "anthurium", "lisianthus", "snapdragon", "garden-rose", "bunch", "pail", "greenhouse", "packing", "cogen", "field", "bouquet"]);

export const ART_KEYS = [...KNOWN];

export interface ArtRequest {
  key: string;
  color?: string;
  accent?: string;
}

export interface RenderedArt {
  svg: string;
  etag: string;
}

const MAX_CACHED = 500;
const cache = new Memo<RenderedArt>(MAX_CACHED);
/** A picture's key in the caches: its illustration and colours. */
const artId = ({ key, color, accent }: ArtRequest) => `${key}|${color ?? ""}|${accent ?? ""}`;

/** A strong ETag of some bytes. */
const etagOf = (bytes: string | Buffer) => `"${createHash("sha1").update(bytes).digest("base64url")}"`;

/** A drawing's markup as it is served: decorative inside an <img>, where the page's alt text names it. */
const decorative = (markup: string) => markup.replace(/ aria-hidden="true"| focusable="false"/g, "");

const XML_DECLARATION = `<?xml version="1.0" encoding="UTF-8"?>\n`;

/** The picture as a standalone SVG document; null for an unknown key. */
export function renderArt({ key, color, accent }: ArtRequest): RenderedArt | null {
  if (!KNOWN.has(key)) return null;
  const Picture = illustrationFor(key);
  return cache.getOrMake(artId({ key, color, accent }), () => {
    const markup = renderToStaticMarkup(
      createElement(Picture, { color: color ? `#${color}` : undefined, accent: accent ? `#${accent}` : undefined }),
    );
    const svg = XML_DECLARATION + decorative(markup);
    return { svg, etag: etagOf(svg) };
  });
}

/** How many pictures renderArt would draw for this: 0 when it is kept (or the key is unknown). */
export function artToDraw(request: ArtRequest): number {
  return KNOWN.has(request.key) && !cache.has(artId(request)) ? 1 : 0;
}

/** The most colours one sheet draws: a page with more asks for several sheets. */
export const MAX_SHEET_COLOURS = 12;

/**
 * A sheet is up to ~400 KB of SVG: the last few dozen are kept (~20 MB at most, whatever colours
 * anyone asks for), the oldest dropped first; our pages use a couple of sheets a variety.
 */
const MAX_CACHED_SHEETS = 48;
/** Drawn once however many ask at the same time (a sheet being drawn is kept too). */
const sheets = new TaggedCache<RenderedArt>(MAX_CACHED_SHEETS);

/** The fragment that shows one colour's picture in a sheet: `#c` and the colour's hex, upper case. */
export const sheetView = (color: string) => `c${color.toUpperCase()}`;

/**
 * One picture in several colours as one SVG document, each copy shown on its own through the URL's
 * fragment (`sheet.svg?colors=…#cF4B6C8`): the copies lie on one another, and only the one the
 * fragment targets is displayed, so each <img> lays out and paints one picture, not the sheet.
 * A page that shows a flower in twelve colours then loads one file instead of twelve: the copies
 * differ only in colour, so the compressed sheet is little larger than one picture, and on a slow
 * connection the page's text and fonts no longer wait behind a dozen requests. Null for an unknown
 * key; colours are unique hex without #, at most MAX_SHEET_COLOURS (the route checks).
 */
export async function renderArtSheet(key: string, colors: string[]): Promise<RenderedArt | null> {
  if (!KNOWN.has(key)) return null;
  return sheets.getOrBuild(sheetId(key, colors), () => drawSheet(key, colors));
}

/** How many pictures renderArtSheet would draw for this: 0 when the sheet is kept or being drawn. */
export function sheetToDraw(key: string, colors: string[]): number {
  return KNOWN.has(key) && !sheets.has(sheetId(key, colors)) ? colors.length : 0;
}

const sheetId = (key: string, colors: string[]) => `${key}|${colors.join(",")}`;

/**
 * A copy at a time, other requests served in between: a sheet of twelve lilies is ~100 ms of
 * drawing, which in one piece would hold up every request of the instance for that long.
 */
async function drawSheet(key: string, colors: string[]): Promise<RenderedArt> {
  const Picture = illustrationFor(key);
  const view = /viewBox="(0 0 [\d.]+ [\d.]+)"/.exec(renderArt({ key })!.svg);
  if (!view) throw new Error("An illustration without a viewBox cannot go on a sheet.");
  const copies: string[] = [];
  for (const [i, color] of colors.entries()) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    // A prefix of its own, so no copy's gradient or clip takes another's id.
    const markup = renderToStaticMarkup(createElement(Picture, { color: `#${color}` }), { identifierPrefix: `s${i}-` });
    copies.push(`<svg id="${sheetView(color)}" class="c">${decorative(markup)}</svg>`);
  }
  const svg =
    `${XML_DECLARATION}<svg xmlns="http://www.w3.org/2000/svg" viewBox="${view[1]}">` +
    `<style>.c{display:none}.c:target{display:inline}</style>${copies.join("")}</svg>`;
  return { svg, etag: etagOf(svg) };
}

/* ------------------------------------------------------------------ Open Graph cards */

export const CARD = { width: 1200, height: 630 } as const;
const SCENES = new Set(["greenhouse", "packing", "cogen", "field"]);

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * The illustration's own <svg> root turned into a group scaled and centred in a box on the card,
 * as preserveAspectRatio "xMidYMid meet" or "slice" would place it. A group rather than a nested
 * <svg>: resvg (the PNG renderer) aborts the whole process on some nested viewports.
 */
function placed(svg: string, box: { x: number; y: number; width: number; height: number }, fit: "meet" | "slice") {
  const inner = svg.replace(/^<\?xml[^>]*>\s*/, "");
  const open = /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"([^>]*)>/.exec(inner);
  const view = open && /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/.exec(open[1]!);
  if (!open || !view || !inner.endsWith("</svg>")) throw new Error("An illustration without a viewBox cannot be placed on a card.");
  const [minX, minY, w, h] = view.slice(1).map(Number) as [number, number, number, number];
  const scale = (fit === "meet" ? Math.min : Math.max)(box.width / w, box.height / h);
  const dx = box.x + (box.width - w * scale) / 2 - minX * scale;
  const dy = box.y + (box.height - h * scale) / 2 - minY * scale;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const body = inner.slice(open[0].length, -"</svg>".length);
  return `<g transform="translate(${round(dx)} ${round(dy)}) scale(${round(scale)})">${body}</g>`;
}

const cardCache = new Memo<RenderedArt>(MAX_CACHED);

/**
 * How many pictures' worth of drawing renderCard (or, for `png`, renderCardPng) would do for this:
 * 0 when kept. Rasterising a card costs a few pictures' drawing (PNG_DRAWINGS).
 */
export function cardToDraw(request: ArtRequest & { brand: string }, png = false): number {
  const card = cardCache.peek(`${artId(request)}|${request.brand}`);
  if (png) return KNOWN.has(request.key) && !(card && pngCache.has(card.etag)) ? PNG_DRAWINGS : 0;
  return card ? 0 : artToDraw(request);
}

/** A PNG card, counted as pictures drawn: rasterising one takes about four illustrations' drawing time. */
const PNG_DRAWINGS = 4;

/**
 * A 1200×630 Open Graph card: one of our illustrations (a flower in the page's colour, or a scene
 * filling the card) with the grower's name, as SVG; `renderCardPng` rasterises it for the social
 * networks, which do not show SVG.
 */
export function renderCard({ key, color, accent, brand }: ArtRequest & { brand: string }): RenderedArt | null {
  return cardCache.getOrMake(`${artId({ key, color, accent })}|${brand}`, () => drawCard({ key, color, accent, brand }));
}

function drawCard({ key, color, accent, brand }: ArtRequest & { brand: string }): RenderedArt | null {
  const art = renderArt({ key, color, accent });
  if (!art) return null;
  const { width: W, height: H } = CARD;
  const wash = color ? `#${color}` : "#E98FA6";
  const picture = SCENES.has(key)
    ? placed(art.svg, { x: 0, y: 0, width: W, height: H }, "slice")
    : `<circle cx="840" cy="330" r="300" fill="${wash}" fill-opacity="0.22"/>` +
      `<circle cx="840" cy="330" r="210" fill="${wash}" fill-opacity="0.18"/>` +
      placed(art.svg, { x: 600, y: 30, width: 480, height: 576 }, "meet");
  const name = xml(brand);
  const svg =
    XML_DECLARATION +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="#FBF8F3"/>` +
    picture +
    `<rect x="56" y="${H - 190}" width="${Math.max(360, 60 + name.length * 34)}" height="124" rx="28" fill="#FBF8F3" fill-opacity="0.92"/>` +
    `<text x="86" y="${H - 112}" font-family="Fraunces, Georgia, 'Times New Roman', serif" font-size="60" font-weight="600" fill="#1F2A24">${name}</text>` +
    `<text x="88" y="${H - 80}" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-size="22" fill="#4A5A51">Cut flowers grown under glass</text>` +
    `<rect y="${H - 14}" width="${W}" height="14" fill="#1E5A3C"/>` +
    `</svg>`;
  return { svg, etag: etagOf(svg) };
}

/* ------------------------------------------------------------------ the cards as PNG */

// The card's two faces as TrueType files from npm (SIL Open Font License): resvg reads TTF/OTF, not
// the WOFF2 the site itself serves. No system fonts: the card looks the same on every machine.
const require = createRequire(import.meta.url);
const FONT_FILES = [
  require.resolve("@expo-google-fonts/fraunces/600SemiBold/Fraunces_600SemiBold.ttf"),
  require.resolve("@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf"),
];

export interface RenderedPng {
  png: Buffer;
  etag: string;
}

/** Rendering costs tens of milliseconds and a PNG ~100 KB: keep the last few dozen in memory. */
const MAX_CACHED_PNG = 64;
const pngCache = new Memo<RenderedPng>(MAX_CACHED_PNG);

/** The card as a 1200×630 PNG, rendered once per picture, colour and brand; null for an unknown key. */
export function renderCardPng(request: ArtRequest & { brand: string }): RenderedPng | null {
  const card = renderCard(request);
  if (!card) return null;
  return pngCache.getOrMake(card.etag, () => {
    const png = new Resvg(card.svg, {
      fitTo: { mode: "width", value: CARD.width },
      font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: "Inter", serifFamily: "Fraunces", sansSerifFamily: "Inter" },
    })
      .render()
      .asPng();
    return { png, etag: etagOf(png) };
  });
}
