import { z } from "zod";

/**
 * Front matter of the Markdown under content/pages. The content service validates every page with
 * these schemas when it reads the folder, so a mistyped layout, picture or link fails the content
 * tests (and the server's first read) with the file's name, rather than rendering a broken page.
 */

/**
 * The colours a shared card (og:image) may be drawn in: the varieties' colours and the few the pages
 * choose. Rendering a PNG costs 100–400 ms of CPU, so the PNG card is drawn only in these (any other is
 * a 400), and a page's card link leaves out a colour that is not here.
 */
export const CARD_COLOURS = [
  "F4B6C8", // lilies
  "F0843A", // gerbera
  "E9557F", // mini gerbera
  "C81E3A", // anthurium
  "7E5BA8", // lisianthus
  "E37AA0", // snapdragons
  "F1A9A0", // garden roses
  "F3A6BE", // the care guides
  "F6C445", // contact
  "F6A04D", // what we do
  "B5D67A", // how we grow more responsibly
] as const;

/** Whether `hex` (six digits, with or without '#', any case) is one of CARD_COLOURS. */
export function isCardColour(hex: string): boolean {
  return (CARD_COLOURS as readonly string[]).includes(hex.replace(/^#/, "").toUpperCase());
}

/** The illustrations the public site draws (art/). */
export const ART_KEYS = [
  "lily",
  "gerbera",
  "mini-gerbera",
  "anthurium",
  "lisianthus",
  "snapdragon",
  "garden-rose",
  "bunch",
  "pail",
  "greenhouse",
  "packing",
  "cogen",
  "field",
  "bouquet",
] as const;

const Hex = z.string().regex(/^#[0-9A-Fa-f]{6}$/, "a colour as #RRGGBB");
const SitePath = z.string().regex(/^\/[A-Za-z0-9/_-]*$/, "a path on this site, starting with /");

/** How a page of the generic content route is laid out (app/routes/public/content.tsx). */
export const ContentPageLayout = z.enum(["article", "faq", "seasons", "process", "archive", "about"]);

/** The `page:` block: the route path (as SPEC §2 spells it), the layout and the hero picture. */
export const ContentPageSetup = z.strictObject({
  path: SitePath,
  layout: ContentPageLayout,
  eyebrow: z.string().trim().min(1),
  art: z.enum(ART_KEYS).optional(),
  artColor: Hex.optional(),
  artAlt: z.string().trim().min(1).optional(),
  wash: Hex.optional(),
  /** Where to go next, at the foot of the page. */
  next: z.array(z.strictObject({ to: SitePath, label: z.string().trim().min(1), text: z.string().trim().min(1) })).optional(),
});
export type ContentPageSetup = z.infer<typeof ContentPageSetup>;

/** Every page: a title and a description; pages with their own routes keep their own extra fields. */
export const PageFrontMatter = z.looseObject({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1).optional(),
  page: ContentPageSetup.optional(),
});
