import { ART_KEYS } from "../contract/content.ts";

// Plural and other names the illustrations answer to (illustrationFor), as the picture endpoint names them.
const ALIASES: Record<string, string> = {
  lilies: "lily",
  gerberas: "gerbera",
  "mini-gerberas": "mini-gerbera",
  anthuriums: "anthurium",
  snapdragons: "snapdragon",
  "garden-roses": "garden-rose",
  hero: "field",
};
const KNOWN = new Set<string>(ART_KEYS);

/** The key /api/Public/Art knows for an illustration name (case, spaces and underscores forgiven); unknown names are a bunch. */
export function artKeyFor(name: string): string {
  const key = name.trim().toLowerCase().replace(/[\s_]+/g, "-");
  const known = ALIASES[key] ?? key;
  return KNOWN.has(known) ? known : "bunch";
}

/**
 * The address of an illustration as a standalone SVG file (server/modules/public/art.ts), drawn in
 * `colour` (#RRGGBB) when given. Long lists show pictures this way: an <img> is one element where an
 * inline drawing is dozens, it decodes off the main thread, and the browser caches the file.
 */
export function artUrl(name: string, colour?: string | null): string {
  const hex = colour?.replace(/^#/, "");
  const query = hex && /^[0-9a-f]{6}$/i.test(hex) ? `?color=${hex.toUpperCase()}` : "";
  return `/api/Public/Art/${artKeyFor(name)}.svg${query}`;
}
