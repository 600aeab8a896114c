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
