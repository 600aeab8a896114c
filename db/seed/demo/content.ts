// The dashboard extras: combo specials, a Blitz! voucher for every demo account and the interactive
// images with their hotspots.
import { comboSpecialProducts, comboSpecials, interactiveImageHotspots, interactiveImages, vouchers } from "../../schema/index.ts";
import { addDays } from "../../factories/index.ts";
import { DEMO_ACCOUNTS, DEMO_CUSTOMER_CODES } from "./accounts.ts";
import type { SeedContext } from "./context.ts";
import IMAGE_DATA from "./images.json";

const COMBOS = [
  { title: "Lily & Lisianthus Pairing", description: "White Oriental lilies with double lisianthus: the classic wedding pair.", percent: "10.00", products: ["LIL-OR-SIB-80", "LIS-DB-WHT-70", "LIS-DB-LPK-70"] },
  { title: "Tropical Duo", description: "Red and green anthurium for long-lasting tropical designs.", percent: "12.00", products: ["ANT-RED-1214", "ANT-GRN-1012"] },
  { title: "Cottage Garden Trio", description: "Garden roses, snapdragons and lisianthus for loose, garden-style work.", percent: "10.00", products: ["GRS-JUL-50", "SNP-POT-LPK-80", "LIS-SG-LAV-60"] },
  { title: "Gerbera Rainbow", description: "Three bright gerbera colours for cheerful everyday arrangements.", percent: "8.00", products: ["GER-RED-DC-55", "GER-YEL-DC-55", "GER-HPK-DC-55"] },
];

const { images: IMAGES } = IMAGE_DATA;

/** Products the combos and hotspots name: they are always on offer. */
export function featuredProducts(): Set<string> {
  return new Set([...COMBOS.flatMap((c) => c.products), ...IMAGES.flatMap((i) => i.hotspots.flatMap((h) => (h.productId ? [h.productId] : [])))]);
}

export async function seedCombos(ctx: SeedContext): Promise<void> {
  const { tx, today, counts } = ctx;
  for (const combo of COMBOS) {
    const [saved] = await tx
      .insert(comboSpecials)
      .values({ title: combo.title, description: combo.description, discountPercent: combo.percent, startsOn: today, endsOn: addDays(today, 21) })
      .returning({ id: comboSpecials.id });
    await tx.insert(comboSpecialProducts).values(combo.products.map((productId) => ({ comboSpecialId: saved!.id, productId })));
  }
  counts.comboSpecials = COMBOS.length;
}

export async function seedVouchers(ctx: SeedContext, userIds: Record<string, string>): Promise<void> {
  const { tx, random, now, counts } = ctx;
  const firstCustomer: Record<string, string | null> = {
    "admin@demo.test": null,
    "sales@demo.test": null,
    "wholesaler@demo.test": DEMO_CUSTOMER_CODES.wholesaler[0],
    "buyer@demo.test": DEMO_CUSTOMER_CODES.buyer,
    "retailer@demo.test": DEMO_CUSTOMER_CODES.retailerWholesaler,
    "massmarket@demo.test": DEMO_CUSTOMER_CODES.massMarket,
  };
  const codes = new Set<string>();
  await tx.insert(vouchers).values(
    DEMO_ACCOUNTS.map((a) => {
      let code: string;
      do code = `BLITZ-${random.code(4)}`;
      while (codes.has(code));
      codes.add(code);
      return {
        code,
        userId: userIds[a.email]!,
        customerId: firstCustomer[a.email] ?? null,
        description: "Blitz! 10% off your next order for the next three days.",
        percentOff: 10,
        amountOffCents: 0,
        startsAt: now,
        expiresAt: new Date(now.getTime() + 3 * 86_400_000),
      };
    }),
  );
  counts.vouchers = DEMO_ACCOUNTS.length;
}

export async function seedImages(ctx: SeedContext): Promise<void> {
  const { tx, counts } = ctx;
  for (const image of IMAGES) {
    const [saved] = await tx
      .insert(interactiveImages)
      .values({ key: image.key, title: image.title, alt: image.alt, scene: image.scene })
      .returning({ id: interactiveImages.id });
    await tx.insert(interactiveImageHotspots).values(
      image.hotspots.map((h) => ({ imageId: saved!.id, label: h.label, productId: h.productId, variety: h.variety, href: h.href, xPct: h.x, yPct: h.y })),
    );
  }
  counts.interactiveImages = IMAGES.length;
}
