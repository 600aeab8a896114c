import type { DbOrTx } from "../client.ts";
import { mmCatalogProducts, mmPackages, mmProducts } from "../schema/index.ts";
import { nextCode } from "./sequence.ts";

export type MmPackage = typeof mmPackages.$inferSelect;
export type NewMmPackage = typeof mmPackages.$inferInsert;
export type MmProduct = typeof mmProducts.$inferSelect;
export type NewMmProduct = typeof mmProducts.$inferInsert;
export type MmCatalogProduct = typeof mmCatalogProducts.$inferSelect;

/** The pail fee package type (SPEC §9). */
export const PAIL_FEE_PACKAGE_TYPE = "RFLP1";

/** A box type; for the pail fee pass { type: "RFLP1", category: "pails" }. */
export function buildMmPackage(overrides: Partial<NewMmPackage> = {}): NewMmPackage {
  return {
    type: nextCode("BX-T"),
    category: "boxes",
    size: "60x40x30 cm",
    description: "Test box",
    priceCents: 400,
    ...overrides,
  };
}

export async function insertMmPackage(db: DbOrTx, overrides: Partial<NewMmPackage> = {}): Promise<MmPackage> {
  const [row] = await db.insert(mmPackages).values(buildMmPackage(overrides)).returning();
  return row!;
}

/** A boxed bouquet; boxType defaults to null (set it to an inserted package's type). */
export function buildMmProduct(overrides: Partial<NewMmProduct> = {}): NewMmProduct {
  const productId = overrides.productId ?? nextCode("MMT-", 5);
  const pricePerBouquetCents = overrides.pricePerBouquetCents ?? 599;
  return {
    productId,
    description: `Test Lily Bouquet ${productId}`,
    category: "Bouquets",
    colour: "Mixed",
    colourHex: "#E8A0B4",
    imageName: "lily",
    priceCents: pricePerBouquetCents,
    pricePerBouquetCents,
    pricePerBouquetNoBoxCents: Math.max(0, pricePerBouquetCents - 20),
    boxType: null,
    unitOfMeasure: "Bunch",
    packSize: 8,
    bouquet: true,
    active: true,
    ...overrides,
  };
}

export async function insertMmProduct(db: DbOrTx, overrides: Partial<NewMmProduct> = {}): Promise<MmProduct> {
  const [row] = await db.insert(mmProducts).values(buildMmProduct(overrides)).returning();
  return row!;
}

export async function insertMmCatalogProduct(
  db: DbOrTx,
  values: { catalogId: number; productId: string; available?: number },
): Promise<MmCatalogProduct> {
  const [row] = await db
    .insert(mmCatalogProducts)
    .values({ available: 100, ...values })
    .returning();
  return row!;
}
