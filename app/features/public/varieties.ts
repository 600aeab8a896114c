import type { ART_KEYS } from "../../../contract/content.ts";
/**
 * The seven crops as the public site links them: the `products.variety` value, the page that shows
 * it, the illustration that draws it and its care guide. Garden roses have no variety page of their
 * own (SPEC §2), so their care guide stands in.
 */
export interface VarietyInfo {
  /** products.variety and content/varieties/{slug}.md */
  slug: string;
  label: string;
  path: string;
  art: ArtKey;
  /** The colour we draw it in when no product colour is given. */
  colour: string;
  /** content/care/{careGuide}.md */
  careGuide: string;
}

/** The illustrations, as the content front matter names them (contract/content.ts). */
export type ArtKey = (typeof ART_KEYS)[number];

export const VARIETIES: VarietyInfo[] = [
  { slug: "lilies", label: "Lilies", path: "/lilies", art: "lily", colour: "#F4B6C8", careGuide: "Lilies" },
  { slug: "gerbera", label: "Gerbera", path: "/Gerbera", art: "gerbera", colour: "#F0843A", careGuide: "Large-Gerbera" },
  { slug: "mini-gerbera", label: "Mini gerbera", path: "/MiniGerbera", art: "mini-gerbera", colour: "#E9557F", careGuide: "Mini-Gerbera" },
  { slug: "anthurium", label: "Anthurium", path: "/Anthurium", art: "anthurium", colour: "#C81E3A", careGuide: "Anthurium" },
  { slug: "lisianthus", label: "Lisianthus", path: "/lisianthus", art: "lisianthus", colour: "#7E5BA8", careGuide: "Lisianthus" },
  { slug: "snapdragons", label: "Snapdragons", path: "/Snapdragons", art: "snapdragon", colour: "#E37AA0", careGuide: "Snapdragons" },
  { slug: "garden-roses", label: "Garden roses", path: "/FlowerCare/Garden-Roses", art: "garden-rose", colour: "#F1A9A0", careGuide: "Garden-Roses" },
];

/** Variety pages (the six with a page of their own), by lower-case path. */
export const VARIETY_BY_PATH: Record<string, VarietyInfo> = Object.fromEntries(
  VARIETIES.filter((v) => !v.path.startsWith("/FlowerCare")).map((v) => [v.path.toLowerCase(), v]),
);

export const varietyBySlug = (slug: string | null | undefined) => VARIETIES.find((v) => v.slug === (slug ?? "").toLowerCase());

export const varietyByCareGuide = (guide: string) => VARIETIES.find((v) => v.careGuide.toLowerCase() === guide.toLowerCase());

/** content `image` keys (blog, care, varieties) to illustration keys. */
export function artForImage(image: unknown): ArtKey {
  const key = String(image ?? "").toLowerCase();
  const known: Record<string, ArtKey> = {
    lily: "lily",
    lilies: "lily",
    gerbera: "gerbera",
    "mini-gerbera": "mini-gerbera",
    anthurium: "anthurium",
    lisianthus: "lisianthus",
    snapdragon: "snapdragon",
    snapdragons: "snapdragon",
    "garden-rose": "garden-rose",
    "garden-roses": "garden-rose",
    greenhouse: "greenhouse",
    packing: "packing",
    cogen: "cogen",
    field: "field",
    bouquet: "bouquet",
    bunch: "bunch",
    pail: "pail",
  };
  return known[key] ?? "bunch";
}

/** Scenes are landscape (16:9, the field 16:7, the bouquet box 5:6); flowers are 5:6 portraits. */
export function artSize(key: ArtKey): { width: number; height: number } {
  if (key === "field") return { width: 1600, height: 700 };
  if (key === "greenhouse" || key === "packing" || key === "cogen") return { width: 800, height: 450 };
  if (key === "bouquet") return { width: 400, height: 480 };
  return { width: 200, height: 240 };
}

export const isScene = (key: ArtKey) => key === "greenhouse" || key === "packing" || key === "cogen" || key === "field";

/**
 * A picture hotspot's accessible name: the flower, then what the page its link opens holds (the
 * garden roses, which have no variety page, lead to their care guide).
 */
export function hotspotLabel(label: string, href: string): string {
  const path = (href.split(/[?#]/)[0] ?? "").replace(/\/+$/, "").toLowerCase();
  const purpose = VARIETY_BY_PATH[path]
    ? "see the colours and grades"
    : path.startsWith("/flowercare/")
      ? "read the care guide"
      : path === "/flowercare"
        ? "read the flower care guides"
        : path.startsWith("/blog/")
          ? "read the article"
          : path === "/assortment"
            ? "see the whole assortment"
            : "";
  return purpose ? `${label}: ${purpose}` : label;
}

/** What each illustration shows, for a shared link's picture (og:image:alt). */
export const ART_ALT: Record<ArtKey, string> = {
  lily: "A lily in bloom",
  gerbera: "A gerbera",
  "mini-gerbera": "A mini gerbera",
  anthurium: "An anthurium",
  lisianthus: "A stem of lisianthus",
  snapdragon: "A snapdragon spike",
  "garden-rose": "A garden rose",
  bunch: "A sleeved bunch of flowers",
  pail: "A pail of fresh-cut flowers",
  greenhouse: "Our greenhouse range",
  packing: "Our packing hall",
  cogen: "The cogeneration plant beside our greenhouses",
  field: "Rows of our flowers in bloom, in every colour we grow",
  bouquet: "A bouquet in its box",
};
