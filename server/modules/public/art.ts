import { createHash } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { illustrationFor } from "../../../app/components/illustrations/index.ts";

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
const cache = new Map<string, RenderedArt>();

/** The picture as a standalone SVG document; null for an unknown key. */
export function renderArt({ key, color, accent }: ArtRequest): RenderedArt | null {
  if (!KNOWN.has(key)) return null;
  const Picture = illustrationFor(key);
  const id = `${key}|${color ?? ""}|${accent ?? ""}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const markup = renderToStaticMarkup(
    createElement(Picture, { color: color ? `#${color}` : undefined, accent: accent ? `#${accent}` : undefined }),
  );
  // Decorative inside an <img>: the page's alt text names it.
  const svg = `<?xml version="1.0" encoding="UTF-8"?>\n${markup.replace(/ aria-hidden="true"| focusable="false"/g, "")}`;
  const rendered = { svg, etag: `"${createHash("sha1").update(svg).digest("base64url")}"` };
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(id, rendered);
  return rendered;
}

/* ------------------------------------------------------------------ Open Graph cards */

export const CARD = { width: 1200, height: 630 } as const;
const SCENES = new Set(["greenhouse", "packing", "cogen", "field"]);

const xml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** The illustration's own <svg> root turned into a box placed on the card. */
function placed(svg: string, box: { x: number; y: number; width: number; height: number }, fit: "meet" | "slice") {
  const inner = svg.replace(/^<\?xml[^>]*>\s*/, "");
  return inner.replace(
    /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    `<svg x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="xMidYMid ${fit}"`,
  );
}

const cardCache = new Map<string, RenderedArt>();

/**
 * A 1200×630 Open Graph card: one of our illustrations (a flower in the page's colour, or a scene
 * filling the card) with the grower's name. SVG, because the project has no raster pipeline; see
 * the note on `seo()` in app/lib/seo.ts.
 */
export function renderCard({ key, color, accent, brand }: ArtRequest & { brand: string }): RenderedArt | null {
  const id = `${key}|${color ?? ""}|${accent ?? ""}|${brand}`;
  const hit = cardCache.get(id);
  if (hit) return hit;
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
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<rect width="${W}" height="${H}" fill="#FBF8F3"/>` +
    picture +
    `<rect x="56" y="${H - 190}" width="${Math.max(360, 60 + name.length * 34)}" height="124" rx="28" fill="#FBF8F3" fill-opacity="0.92"/>` +
    `<text x="86" y="${H - 112}" font-family="Fraunces, Georgia, 'Times New Roman', serif" font-size="60" font-weight="600" fill="#1F2A24">${name}</text>` +
    `<text x="88" y="${H - 80}" font-family="Inter, 'Helvetica Neue', Arial, sans-serif" font-size="22" fill="#4A5A51">Cut flowers grown under glass</text>` +
    `<rect y="${H - 14}" width="${W}" height="14" fill="#1E5A3C"/>` +
    `</svg>`;
  const rendered = { svg, etag: `"${createHash("sha1").update(svg).digest("base64url")}"` };
  if (cardCache.size >= MAX_CACHED) cardCache.delete(cardCache.keys().next().value!);
  cardCache.set(id, rendered);
  return rendered;
}
