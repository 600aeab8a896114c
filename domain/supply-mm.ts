// The supply desk's mass-market rules (issue 25; docs/domain-supply.md): what a bouquet and a package
// may be. Pure constants shared by the server and the screens.
import { DEFAULT_PAIL_FEE_PACKAGE } from "./mm-fees.ts";

/** Bouquet categories: never "boxes" or "pails", which are the fee lines' (SPEC §9). */
export const MM_CATEGORIES = ["Bouquets", "Bunches", "Pail Packs"] as const;
/** The pictures the MM store draws (app/features/mm BouquetPicture). */
export const MM_IMAGES = ["bouquet", "lily", "gerbera", "mini-gerbera", "anthurium", "lisianthus", "snapdragon", "garden-rose", "bunch"] as const;
/** A bouquet's unit: a Pail unit is charged the RFLP1 pail fee in an unboxed cart (SPEC §4). */
export const MM_UNITS = ["Bunch", "Pail", "Each"] as const;
/** A package is a box type or the pail fee. */
export const PACKAGE_CATEGORIES = ["boxes", "pails"] as const;
/** A box or the pail fee costs at most $100. */
export const MAX_PACKAGE_PRICE_CENTS = 10_000;
/** The pail fee package every unboxed cart with pail items is charged: it can be changed, never deleted or retired. */
export const PAIL_FEE_PACKAGE = DEFAULT_PAIL_FEE_PACKAGE;

/** Why a bouquet may not take this box type, or null when it may. */
export function boxTypeProblem(type: string, found: { category: string; active: boolean } | undefined): string | null {
  if (!found) return `Unknown box type ${type}: create it on the Packages screen first.`;
  if (found.category !== "boxes") return `${type} is not a box type (it is a ${found.category} package).`;
  if (!found.active) return `The box type ${type} is retired: choose another or bring it back.`;
  return null;
}
