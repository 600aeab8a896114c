/**
 * Illustration library: inline SVG portraits of our varieties and scenes from
 * the nursery. Every component takes `className` and an optional `title`
 * (accessible name; without it the picture is decorative). Flowers also take
 * `color` (any hex) and `accent`.
 *
 *   <Lily color="#FFFFFF" title="White oriental lily" className="w-40" />
 *   const Picture = illustrationFor(variety.image); <Picture className="h-48" />
 */
import type { ComponentType } from "react";
import { Anthurium, Bunch, GardenRose, Gerbera, Lily, Lisianthus, MiniGerbera, Pail, Snapdragon } from "./flowers.tsx";
import { BouquetBox, CogenScene, FieldOfColour, GreenhouseScene, PackingScene } from "./scenes.tsx";
import type { IllustrationProps } from "./shared.tsx";

export { Anthurium, Bunch, DEFAULT_COLORS, GardenRose, Gerbera, Lily, Lisianthus, MiniGerbera, Pail, Snapdragon } from "./flowers.tsx";
export { BouquetBox, CogenScene, FieldOfColour, GreenhouseScene, PackingScene } from "./scenes.tsx";
export { GREENS, PALETTE, mix, shade, tint } from "./shared.tsx";
export type { IllustrationProps } from "./shared.tsx";

const BY_NAME: Record<string, ComponentType<IllustrationProps>> = {
  lily: Lily,
  lilies: Lily,
  gerbera: Gerbera,
  gerberas: Gerbera,
  "mini-gerbera": MiniGerbera,
  "mini-gerberas": MiniGerbera,
  anthurium: Anthurium,
  anthuriums: Anthurium,
  lisianthus: Lisianthus,
  snapdragon: Snapdragon,
  snapdragons: Snapdragon,
  "garden-rose": GardenRose,
  "garden-roses": GardenRose,
  greenhouse: GreenhouseScene,
  packing: PackingScene,
  cogen: CogenScene,
  bouquet: BouquetBox,
  bunch: Bunch,
  pail: Pail,
  hero: FieldOfColour,
  field: FieldOfColour,
};

/**
 * The illustration for a name such as a variety's `image` key ("lily",
 * "garden-roses", "greenhouse"...). Case, spaces and underscores are forgiven;
 * unknown names get a Bunch.
 */
export function illustrationFor(name: string): ComponentType<IllustrationProps> {
  const key = name.trim().toLowerCase().replace(/[\s_]+/g, "-");
  return BY_NAME[key] ?? Bunch;
}

