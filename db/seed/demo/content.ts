// The dashboard extras: combo specials, a Blitz! voucher for every demo account and the interactive
// images with their hotspots.
import { comboSpecialProducts, comboSpecials, interactiveImageHotspots, interactiveImages, vouchers } from "../../schema/index.ts";
import { addDays } from "../../factories/index.ts";
import { DEMO_ACCOUNTS, DEMO_CUSTOMER_CODES } from "./accounts.ts";
import type { SeedContext } from "./context.ts";

const COMBOS = [
  { title: "Lily & Lisianthus Pairing", description: "White Oriental lilies with double lisianthus: the classic wedding pair.", percent: "10.00", products: ["LIL-OR-SIB-80", "LIS-DB-WHT-70", "LIS-DB-LPK-70"] },
  { title: "Tropical Duo", description: "Red and green anthurium for long-lasting tropical designs.", percent: "12.00", products: ["ANT-RED-1214", "ANT-GRN-1012"] },
  { title: "Cottage Garden Trio", description: "Garden roses, snapdragons and lisianthus for loose, garden-style work.", percent: "10.00", products: ["GRS-JUL-50", "SNP-POT-LPK-80", "LIS-SG-LAV-60"] },
  { title: "Gerbera Rainbow", description: "Three bright gerbera colours for cheerful everyday arrangements.", percent: "8.00", products: ["GER-RED-DC-55", "GER-YEL-DC-55", "GER-HPK-DC-55"] },
];

const IMAGES = [
  {
    key: "dashboard",
    title: "This week in the greenhouse",
    alt: "Greenhouse benches with lilies, gerbera, anthurium and lisianthus ready for cutting",
    scene: "greenhouse",
    hotspots: [
      { label: "Oriental lilies", productId: "LIL-OR-SIB-80", variety: "lilies", href: "/lilies", x: "18.50", y: "42.00" },
      { label: "Gerbera", productId: "GER-RED-DC-55", variety: "gerbera", href: "/Gerbera", x: "34.00", y: "61.50" },
      { label: "Mini gerbera", productId: "MGR-HPK-DC-45", variety: "mini-gerbera", href: "/MiniGerbera", x: "47.25", y: "70.00" },
      { label: "Anthurium", productId: "ANT-RED-1214", variety: "anthurium", href: "/Anthurium", x: "58.00", y: "38.75" },
      { label: "Lisianthus", productId: "LIS-DB-WHT-70", variety: "lisianthus", href: "/lisianthus", x: "69.50", y: "55.00" },
      { label: "Snapdragons", productId: "SNP-POT-PNK-80", variety: "snapdragons", href: "/Snapdragons", x: "81.00", y: "33.50" },
      { label: "Garden roses", productId: "GRS-KEI-50", variety: "garden-roses", href: "/FlowerCare/Garden-Roses", x: "90.00", y: "64.00" },
    ],
  },
  {
    key: "mm",
    title: "Bouquets for the market shelf",
    alt: "A bucket of mixed retail bouquets with lilies, gerbera, garden roses and lisianthus",
    scene: "bouquet",
    hotspots: [
      { label: "Sunrise Lily Bouquet", productId: null, variety: "lilies", href: "/MM/Store", x: "30.00", y: "28.00" },
      { label: "Gerbera Mix Bouquet", productId: null, variety: "gerbera", href: "/MM/Store", x: "52.50", y: "35.00" },
      { label: "Garden Rose Romance", productId: null, variety: "garden-roses", href: "/MM/Store", x: "44.00", y: "52.00" },
      { label: "Lisianthus Cloud", productId: null, variety: "lisianthus", href: "/MM/Store", x: "64.00", y: "47.50" },
      { label: "Mini gerbera accents", productId: null, variety: "mini-gerbera", href: "/MM/Store", x: "37.50", y: "62.00" },
      { label: "Snapdragon spires", productId: null, variety: "snapdragons", href: "/MM/Store", x: "70.00", y: "20.00" },
    ],
  },
  {
    key: "catalogue",
    title: "Our range",
    alt: "The grower's full range laid out: lilies, gerbera, mini gerbera, anthurium, lisianthus, snapdragons and garden roses",
    scene: "range",
    hotspots: [
      { label: "Lilies", productId: null, variety: "lilies", href: "/lilies", x: "10.00", y: "45.00" },
      { label: "Gerbera", productId: null, variety: "gerbera", href: "/Gerbera", x: "24.00", y: "55.00" },
      { label: "Mini gerbera", productId: null, variety: "mini-gerbera", href: "/MiniGerbera", x: "37.00", y: "60.00" },
      { label: "Anthurium", productId: null, variety: "anthurium", href: "/Anthurium", x: "50.00", y: "40.00" },
      { label: "Lisianthus", productId: null, variety: "lisianthus", href: "/lisianthus", x: "63.00", y: "52.00" },
      { label: "Snapdragons", productId: null, variety: "snapdragons", href: "/Snapdragons", x: "76.00", y: "35.00" },
      { label: "Garden roses", productId: null, variety: "garden-roses", href: "/FlowerCare/Garden-Roses", x: "89.00", y: "50.00" },
    ],
  },
];

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
