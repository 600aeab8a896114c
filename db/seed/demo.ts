// The demo data set: a grower's product range, customers, retailers, the demo sign-ins,
// weekly offers around "now", two months of order history with invoices, and the
// dashboard extras. Deterministic (seeded PRNG, dates relative to `now`), one transaction.
import { takeDocumentNumbers } from "../document-numbers.ts";
import { count, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Db, DbOrTx } from "../client.ts";
import {
  catalogs,
  comboSpecialProducts,
  comboSpecials,
  customers,
  interactiveImageHotspots,
  interactiveImages,
  invoiceLines,
  invoices,
  mmCatalogProducts,
  mmPackages,
  mmProducts,
  offerLines,
  orderLines,
  orders,
  products,
  retailerCustomers,
  retailers,
  shipTimes,
  userClaims,
  userCustomers,
  userRoles,
  users,
  vouchers,
  type Role,
} from "../schema/index.ts";
import { applyCustomerDiscount, lineTotal, type OfferPrices } from "../../domain/pricing.ts";
import {
  addDays,
  buildCatalog,
  buildCustomer,
  buildInvoice,
  buildInvoiceLines,
  buildMmPackage,
  buildMmProduct,
  buildOfferLine,
  buildOrder,
  buildOrderLine,
  buildRetailer,
  buildUser,
  cachedPasswordHash,
  daysBetween,
  isoDateAt,
  newYorkInstant,
  offerPrices,
  PAIL_FEE_PACKAGE_TYPE,
  specWeekday,
  type NewInvoice,
  type NewMmProduct,
  type NewOfferLine,
  type NewOrder,
  type OrderLineInput,
} from "../factories/index.ts";
import { demoProducts, productRow, type DemoProduct } from "./demo-products.ts";
import { Random } from "./random.ts";

export const DEMO_PASSWORD = "bloom-demo-2026";

export interface DemoAccount {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  description: string;
}

/** Which customers the demo accounts buy for. */
export const DEMO_CUSTOMER_CODES = {
  wholesaler: ["BLMWH", "NEFLO"],
  buyer: "GRNST",
  alwaysBoxed: "METRO",
  retailerWholesaler: "BLMWH",
  massMarket: "SUNMK",
} as const;

export const DEMO_RETAILER_NAME = "Lily & Fern Florist";

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: "admin@demo.test",
    role: "Administrator",
    firstName: "Avery",
    lastName: "Admin",
    description: "Administrator: every customer, user and wholesaler administration, impersonation.",
  },
  {
    email: "sales@demo.test",
    role: "SalesPerson",
    firstName: "Morgan",
    lastName: "Reyes",
    description: "Sales person: every customer; impersonates wholesaler, retailer and mass-market users.",
  },
  {
    email: "wholesaler@demo.test",
    role: "wholesaler",
    firstName: "Dana",
    lastName: "Whitfield",
    description: "Wholesaler buying for two customers: Bloomfield Wholesale Florists (BLMWH) and Northeast Floral Supply (NEFLO).",
  },
  {
    email: "buyer@demo.test",
    role: "wholesaler",
    firstName: "Priya",
    lastName: "Patel",
    description: "Wholesaler buying for one customer: Greenstreet Flower Market (GRNST).",
  },
  {
    email: "retailer@demo.test",
    role: "Retailer",
    firstName: "Rosa",
    lastName: "Martinez",
    description: "Retailer: Lily & Fern Florist, buying through Bloomfield Wholesale Florists (BLMWH), picks up Tue/Thu/Fri.",
  },
  {
    email: "massmarket@demo.test",
    role: "MassMarket",
    firstName: "Tom",
    lastName: "Becker",
    description: "Mass-market buyer for Sunrise Markets Floral (SUNMK): bouquets in the /MM store.",
  },
];

export interface SeedDemoOptions {
  now?: Date;
  defaultCustomerCode?: string;
  /** An argon2 hash of DEMO_PASSWORD to reuse (hashing is the slowest step). */
  passwordHash?: string;
  /** Invoice tax rate in basis points (825 = 8.25 %). */
  taxRateBp?: number;
}

export interface SeedDemoResult {
  counts: Record<string, number>;
  /** Demo account emails with their user ids. */
  userIds: Record<string, string>;
  retailerId: number;
  ms: number;
}

const SEED = 20_260_214;
const CHUNK = 1_000;

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const MON = 2;
const TUE = 3;
const WED = 4;
const THU = 5;
const FRI = 6;
const SAT = 7;

interface DemoCustomer {
  customerId: string;
  companyName: string;
  kind: "wholesale" | "massMarket";
  alwaysBoxed?: boolean;
  referralApproved?: boolean;
  discountPercent: number;
  city: string;
  state: string;
  zip: string;
  street: string;
  phone: string;
  domain: string;
  shipDays: number[];
  cutoff: string;
}

function demoCustomers(defaultCode: string): DemoCustomer[] {
  return [
    { customerId: defaultCode, companyName: "Pride", kind: "wholesale", discountPercent: 0, street: "1200 Greenhouse Road", city: "Vineland", state: "NJ", zip: "08360", phone: "(555) 010-4820", domain: "example.com", shipDays: [MON, TUE, WED, THU, FRI, SAT], cutoff: "16:00" },
    { customerId: "BLMWH", companyName: "Bloomfield Wholesale Florists", kind: "wholesale", discountPercent: 5, referralApproved: true, street: "85 Broad Street", city: "Bloomfield", state: "NJ", zip: "07003", phone: "(973) 555-0142", domain: "bloomfieldwholesale.example", shipDays: [MON, TUE, WED, THU, FRI], cutoff: "14:00" },
    { customerId: "NEFLO", companyName: "Northeast Floral Supply", kind: "wholesale", discountPercent: 3, street: "410 Market Terminal", city: "Chelsea", state: "MA", zip: "02150", phone: "(617) 555-0187", domain: "northeastfloral.example", shipDays: [MON, WED, FRI], cutoff: "12:00" },
    { customerId: "GRNST", companyName: "Greenstreet Flower Market", kind: "wholesale", discountPercent: 2, referralApproved: true, street: "2300 S Columbus Blvd", city: "Philadelphia", state: "PA", zip: "19148", phone: "(215) 555-0119", domain: "greenstreetflowers.example", shipDays: [TUE, WED, THU, FRI], cutoff: "15:00" },
    { customerId: "PETAL", companyName: "Petal & Stem Wholesale", kind: "wholesale", discountPercent: 8, street: "77 Airport Road", city: "Hartford", state: "CT", zip: "06114", phone: "(860) 555-0163", domain: "petalandstem.example", shipDays: [MON, TUE, WED, THU], cutoff: "13:30" },
    { customerId: "METRO", companyName: "Metro Flower Exchange", kind: "wholesale", alwaysBoxed: true, discountPercent: 6, street: "128 West 28th Street", city: "New York", state: "NY", zip: "10001", phone: "(212) 555-0128", domain: "metroflowerexchange.example", shipDays: [MON, TUE, WED, THU, FRI, SAT], cutoff: "11:00" },
    { customerId: "HRBOR", companyName: "Harbor Floral Distributors", kind: "wholesale", discountPercent: 0, street: "3501 Boston Street", city: "Baltimore", state: "MD", zip: "21224", phone: "(410) 555-0174", domain: "harborfloral.example", shipDays: [TUE, THU], cutoff: "14:00" },
    { customerId: "SUNMK", companyName: "Sunrise Markets Floral", kind: "massMarket", discountPercent: 0, street: "9 Distribution Way", city: "Edison", state: "NJ", zip: "08837", phone: "(732) 555-0150", domain: "sunrisemarkets.example", shipDays: [MON, TUE, WED, THU, FRI], cutoff: "10:00" },
    { customerId: "VALGR", companyName: "Valley Grocers", kind: "massMarket", discountPercent: 0, street: "550 Route 9", city: "Poughkeepsie", state: "NY", zip: "12601", phone: "(845) 555-0131", domain: "valleygrocers.example", shipDays: [MON, WED, FRI], cutoff: "09:30" },
  ];
}

interface DemoRetailer {
  name: string;
  contactName: string;
  city: string;
  state: string;
  zip: string;
  street: string;
  pickup: number[];
  customerIds: string[];
}

const DEMO_RETAILERS: DemoRetailer[] = [
  { name: DEMO_RETAILER_NAME, contactName: "Rosa Martinez", street: "412 Bloomfield Avenue", city: "Montclair", state: "NJ", zip: "07042", pickup: [TUE, THU, FRI], customerIds: ["BLMWH"] },
  { name: "The Gilded Petal", contactName: "Hannah Cole", street: "18 Church Street", city: "Morristown", state: "NJ", zip: "07960", pickup: [MON, WED, FRI], customerIds: ["BLMWH", "NEFLO"] },
  { name: "Wildflower Studio", contactName: "Liam O'Connor", street: "230 Newbury Street", city: "Boston", state: "MA", zip: "02116", pickup: [WED, FRI], customerIds: ["NEFLO"] },
  { name: "Maple Street Flowers", contactName: "Grace Kim", street: "61 Maple Street", city: "Media", state: "PA", zip: "19063", pickup: [TUE, THU], customerIds: ["GRNST"] },
  { name: "Blossom & Branch", contactName: "Olivia Nguyen", street: "905 Lancaster Avenue", city: "Bryn Mawr", state: "PA", zip: "19010", pickup: [TUE, WED, THU, FRI], customerIds: ["GRNST", "PETAL"] },
  { name: "Rosemary's Flower Shop", contactName: "Rosemary Alvarez", street: "14 Farmington Avenue", city: "West Hartford", state: "CT", zip: "06107", pickup: [MON, THU], customerIds: ["PETAL"] },
  { name: "Stem & Vine", contactName: "Marcus Brown", street: "301 Smith Street", city: "Brooklyn", state: "NY", zip: "11231", pickup: [MON, TUE, WED, THU, FRI], customerIds: ["METRO"] },
  { name: "The Flower Cart", contactName: "Ella Fischer", street: "27 Park Place", city: "Hoboken", state: "NJ", zip: "07030", pickup: [WED, FRI], customerIds: ["METRO", "BLMWH"] },
  { name: "Harborview Florals", contactName: "Nathan Price", street: "1620 Thames Street", city: "Baltimore", state: "MD", zip: "21231", pickup: [TUE, THU], customerIds: ["HRBOR"] },
  { name: "Peony Lane", contactName: "Sophie Laurent", street: "88 Main Street", city: "Annapolis", state: "MD", zip: "21401", pickup: [THU, FRI], customerIds: ["HRBOR", "NEFLO"] },
  { name: "Sweet Pea Flowers", contactName: "Chloe Bennett", street: "5 Valley Road", city: "Upper Montclair", state: "NJ", zip: "07043", pickup: [MON, WED], customerIds: ["BLMWH"] },
  { name: "Bluebell Botanicals", contactName: "Isaac Romero", street: "140 Franklin Street", city: "Jersey City", state: "NJ", zip: "07307", pickup: [TUE, FRI], customerIds: ["METRO"] },
];

export const MM_PACKAGES = [
  buildMmPackage({ type: "BX-S", category: "boxes", size: "Small 40x25x15 cm", description: "Small box", priceCents: 30 }),
  buildMmPackage({ type: "BX-M", category: "boxes", size: "Medium 60x30x20 cm", description: "Medium box", priceCents: 40 }),
  buildMmPackage({ type: "BX-L", category: "boxes", size: "Large 80x40x25 cm", description: "Large box", priceCents: 55 }),
  buildMmPackage({ type: "BX-XL", category: "boxes", size: "Display carton 100x50x30 cm", description: "Display carton", priceCents: 85 }),
  buildMmPackage({ type: PAIL_FEE_PACKAGE_TYPE, category: "pails", size: "Pail", description: "Pail fee", priceCents: 75 }),
];

type MmSpec = [id: string, description: string, colour: string, hex: string, image: string, cents: number, box: string, pack: number];

/** Single-variety bouquets in three sizes: [code, variety name, image, colours, base cents]. */
const MM_SINGLE_VARIETY: Array<[code: string, name: string, image: string, colours: Array<[string, string]>, cents: number]> = [
  ["LIL", "Oriental Lily", "lily", [["White", "#FFFFFF"], ["Pink", "#F4A6C0"], ["Yellow", "#F7D842"]], 1199],
  ["GER", "Gerbera", "gerbera", [["Orange", "#FF6F00"], ["Red", "#C62828"], ["Hot Pink", "#FF1493"]], 699],
  ["MGR", "Mini Gerbera", "mini-gerbera", [["Peach", "#FFB38A"], ["Yellow", "#FFD600"]], 599],
  ["LIS", "Lisianthus", "lisianthus", [["Purple", "#6A1B9A"], ["Green", "#C5E1A5"]], 949],
  ["SNP", "Snapdragon", "snapdragon", [["Yellow", "#FFE066"], ["Burgundy", "#800020"]], 799],
  ["ANT", "Anthurium", "anthurium", [["Green", "#9CCC65"]], 1299],
  ["GRS", "Garden Rose", "garden-rose", [["Cream", "#FFF3D6"], ["Coral", "#FF7F50"]], 1699],
];

/** Sizes of a single-variety bouquet: suffix, name, price factor, box type, bouquets per pack. */
const MM_SIZES = [
  ["S", "Petite", 0.8, "BX-S", 12],
  ["M", "Classic", 1, "BX-M", 8],
  ["L", "Grand", 1.45, "BX-XL", 4],
] as const;

function mmProductRows(): NewMmProduct[] {
  const bouquets: MmSpec[] = [
    ["MM-BQ-SUNLIL", "Sunrise Lily Bouquet", "Yellow", "#F7D842", "lily", 1299, "BX-M", 6],
    ["MM-BQ-STGLIL", "Stargazer Lily Bouquet", "Dark Pink", "#D63A6E", "lily", 1399, "BX-M", 6],
    ["MM-BQ-WHTLIL", "White Oriental Lily Bouquet", "White", "#FFFFFF", "lily", 1349, "BX-M", 6],
    ["MM-BQ-GERMIX7", "Gerbera Mix Bouquet 7 stems", "Mixed", "#FF8A65", "gerbera", 799, "BX-S", 12],
    ["MM-BQ-GERPNK7", "Pink Gerbera Bouquet 7 stems", "Pink", "#F8A5C2", "gerbera", 799, "BX-S", 12],
    ["MM-BQ-GERSUN10", "Sunshine Gerbera Bouquet 10 stems", "Yellow", "#FFD600", "gerbera", 999, "BX-S", 10],
    ["MM-BQ-MGRMIX10", "Mini Gerbera Confetti Bouquet 10 stems", "Mixed", "#FF7F50", "mini-gerbera", 699, "BX-S", 12],
    ["MM-BQ-MGRPAS", "Mini Gerbera Pastel Bouquet", "Pastel", "#F8C8D8", "mini-gerbera", 749, "BX-S", 12],
    ["MM-BQ-ANTTRO", "Anthurium Tropical Trio", "Red", "#C62828", "anthurium", 1499, "BX-L", 4],
    ["MM-BQ-ANTPNK", "Anthurium Blush Pair", "Pink", "#F48FB1", "anthurium", 1099, "BX-M", 6],
    ["MM-BQ-LISCLD", "Lisianthus Cloud Bouquet", "White", "#FFFFFF", "lisianthus", 1099, "BX-M", 8],
    ["MM-BQ-LISLAV", "Lavender Lisianthus Bouquet", "Lavender", "#B39DDB", "lisianthus", 1099, "BX-M", 8],
    ["MM-BQ-SNPCOT", "Snapdragon Cottage Bouquet", "Mixed", "#F9C5C9", "snapdragon", 899, "BX-L", 8],
    ["MM-BQ-GRSROM", "Garden Rose Romance Bouquet", "Pink", "#F5B7C5", "garden-rose", 1899, "BX-M", 6],
    ["MM-BQ-GRSAPR", "Juliet Garden Rose Bouquet", "Apricot", "#FBCEB1", "garden-rose", 1999, "BX-M", 6],
    ["MM-BQ-GRSRED", "Red Garden Rose Bouquet", "Red", "#A4161A", "garden-rose", 1899, "BX-M", 6],
    ["MM-BQ-FARMKT", "Farmers Market Mixed Bouquet", "Mixed", "#FFB74D", "gerbera", 1199, "BX-L", 8],
    ["MM-BQ-CELEB", "Celebration Lily & Gerbera Bouquet", "Mixed", "#F06292", "lily", 1499, "BX-L", 6],
    ["MM-BQ-WEDWHT", "White Wedding Bouquet", "White", "#FFFDF5", "garden-rose", 2499, "BX-XL", 4],
    ["MM-BQ-SPRING", "Spring Snap & Lisianthus Bouquet", "Pastel", "#F8D1DC", "snapdragon", 1049, "BX-L", 8],
    ["MM-BQ-MOTHER", "Mother's Day Blush Bouquet", "Pink", "#F7C6D0", "garden-rose", 2199, "BX-XL", 4],
    ["MM-BQ-AUTUMN", "Autumn Harvest Bouquet", "Orange", "#E07A2E", "gerbera", 1299, "BX-L", 6],
    ["MM-BQ-TROPIC", "Tropical Sunset Bouquet", "Orange", "#F4511E", "anthurium", 1699, "BX-L", 4],
    ["MM-BQ-CITRUS", "Citrus Burst Bouquet", "Yellow", "#FFC400", "mini-gerbera", 899, "BX-M", 8],
    ["MM-BQ-BERRY", "Berry Bliss Bouquet", "Burgundy", "#8E244D", "lisianthus", 1199, "BX-M", 6],
    ["MM-BQ-MEADOW", "Wild Meadow Bouquet", "Mixed", "#C5D86D", "snapdragon", 999, "BX-L", 8],
    ["MM-BQ-PEARL", "Pearl White Bouquet", "White", "#F8F6F0", "lisianthus", 1399, "BX-M", 6],
    ["MM-BQ-BLUSH", "Blush & Cream Bouquet", "Pastel", "#F3D1C8", "garden-rose", 1799, "BX-M", 6],
    ["MM-BQ-RAINBW", "Rainbow Gerbera Bouquet 12 stems", "Mixed", "#FF5252", "gerbera", 1199, "BX-L", 8],
    ["MM-BQ-GRANDE", "Grande Celebration Arrangement", "Mixed", "#EC407A", "lily", 2999, "BX-XL", 3],
  ];
  for (const [code, name, image, colours, cents] of MM_SINGLE_VARIETY) {
    for (const [colour, hex] of colours) {
      for (const [suffix, sizeName, factor, box, pack] of MM_SIZES) {
        const id = `MM-SV-${code}${colour.replace(/[^A-Z]/gi, "").slice(0, 3).toUpperCase()}-${suffix}`;
        bouquets.push([id, `${sizeName} ${colour} ${name} Bouquet`, colour, hex, image, Math.round((cents * factor) / 10) * 10 - 1, box, pack]);
      }
    }
  }
  const bunches: Array<[...MmSpec, uom: "Bunch" | "Pail"]> = [
    ["MM-BN-LILOR", "Oriental Lily Bunch 5 stems", "Pink", "#F4A6C0", "lily", 999, "BX-M", 8, "Bunch"],
    ["MM-BN-LILAS", "Asiatic Lily Bunch 5 stems", "Orange", "#F57F17", "lily", 699, "BX-M", 8, "Bunch"],
    ["MM-BN-GER5", "Gerbera Bunch 5 stems", "Mixed", "#FF6F00", "gerbera", 549, "BX-S", 15, "Bunch"],
    ["MM-BN-MGR10", "Mini Gerbera Bunch 10 stems", "Mixed", "#FF1493", "mini-gerbera", 649, "BX-S", 15, "Bunch"],
    ["MM-BN-LIS5", "Lisianthus Bunch 5 stems", "Purple", "#6A1B9A", "lisianthus", 699, "BX-M", 10, "Bunch"],
    ["MM-BN-SNP5", "Snapdragon Bunch 5 stems", "Mixed", "#FFE066", "snapdragon", 599, "BX-L", 10, "Bunch"],
    ["MM-PL-LIL", "Lily Pail 4 bunches", "Mixed", "#F7D842", "lily", 3599, "BX-L", 4, "Pail"],
    ["MM-PL-GER", "Gerbera Pail 6 bunches", "Mixed", "#FF8A65", "gerbera", 2999, "BX-L", 6, "Pail"],
    ["MM-PL-SNP", "Snapdragon Pail 5 bunches", "Mixed", "#F9C5C9", "snapdragon", 2799, "BX-L", 5, "Pail"],
    ["MM-PL-LIS", "Lisianthus Pail 5 bunches", "White", "#FFFFFF", "lisianthus", 3199, "BX-L", 5, "Pail"],
  ];
  return [...bouquets.map((b) => mmRow(b, "Bunch", true)), ...bunches.map((b) => mmRow(b.slice(0, 8) as MmSpec, b[8], false))];
}

function mmRow(s: MmSpec, uom: string, bouquet: boolean): NewMmProduct {
  return buildMmProduct({
    productId: s[0],
    description: s[1],
    // Never "Pails" or "Boxes": those categories are the fee lines (SPEC §9).
    category: bouquet ? "Bouquets" : uom === "Pail" ? "Pail Packs" : "Bunches",
    colour: s[2],
    colourHex: s[3],
    imageName: s[4],
    priceCents: s[5],
    pricePerBouquetCents: s[5],
    // Unboxed bouquets go out in the grower's pails: no box, no box handling.
    pricePerBouquetNoBoxCents: s[5] - 20,
    boxType: s[6],
    packSize: s[7],
    unitOfMeasure: uom,
    bouquet,
    active: true,
  });
}

/**
 * A mass-market range of `count` products for benchmarks (db/seed/generate.ts): bouquets of every
 * family, colour and size with unique ids and descriptions, built deterministically from `seed`.
 */
export function generatedMmProducts(count: number, seed = 7): NewMmProduct[] {
  const random = new Random(seed);
  const names = ["Bouquet", "Posy", "Bunch", "Arrangement", "Medley", "Wrap"];
  const moods = ["Sunrise", "Meadow", "Cottage", "Harbor", "Velvet", "Coral", "Frost", "Garden", "Amber", "Linen", "Twilight", "Orchard"];
  const rows: NewMmProduct[] = [];
  for (let i = 0; rows.length < count; i++) {
    const [code, variety, image, colours, cents] = MM_SINGLE_VARIETY[i % MM_SINGLE_VARIETY.length]!;
    const [colour, hex] = colours[i % colours.length]!;
    const [, sizeName, factor, box, pack] = MM_SIZES[i % MM_SIZES.length]!;
    const mood = moods[Math.floor(i / 7) % moods.length]!;
    const name = names[Math.floor(i / 3) % names.length]!;
    const pail = random.chance(0.08);
    rows.push(
      mmRow(
        [`MMG-${code}-${String(i + 1).padStart(5, "0")}`, `${mood} ${sizeName} ${colour} ${variety} ${name} ${i + 1}`, colour, hex, image, Math.round((cents * factor) / 10) * 10 - 1, box, pack],
        pail ? "Pail" : "Bunch",
        !pail,
      ),
    );
  }
  return rows;
}

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

const ORDER_NOTES = [
  "Please pack lilies in tall boxes.",
  "Deliver to the loading dock at the back.",
  "Call on arrival.",
  "Wedding order: keep the whites together.",
  "Standing order, same as last week.",
];

/** Monday of the week holding `iso`. */
function mondayOf(iso: string): string {
  return addDays(iso, -((specWeekday(iso) + 5) % 7));
}

async function assertEmpty(db: DbOrTx): Promise<void> {
  for (const [name, table] of [
    ["users", users],
    ["customers", customers],
    ["products", products],
    ["catalogs", catalogs],
  ] as const) {
    const [row] = await db.select({ n: count() }).from(table);
    if ((row?.n ?? 0) > 0) throw new Error(`seedDemo needs an empty database, but ${name} has ${row!.n} rows.`);
  }
}

interface OfferPlan {
  row: NewOfferLine & { catalogId: number; productId: string; quantityOrdered: number };
  product: DemoProduct;
  orderId: number;
}

interface CatalogPlan {
  id: number;
  orderId: number;
  from: string;
  to: string;
  lines: Map<string, OfferPlan>;
}

interface OrderPlan {
  order: NewOrder & { placedAt: Date };
  lines: OrderLineInput[];
  invoice?: Omit<NewInvoice, "orderId" | "customerId" | "invoiceNumber">;
}

/** Held (for the seeding transaction) by whoever seeds: the migrations hold 727274 the same way. */
const SEED_LOCK = 727_275;

/** Seeds an empty database; throws when it is not empty (tests, and a deliberate `db:seed`). */
export async function seedDemo(db: Db, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  return (await seed(db, options, "throw"))!;
}

/**
 * Seeds the database once, however many instances start on it together (demo mode): the seed runs
 * under a PostgreSQL advisory lock, like the migrations, and whoever takes the lock after the seed
 * was committed sees users and skips (null). A database with users is never seeded.
 */
export async function seedDemoIfEmpty(db: Db, options: SeedDemoOptions = {}): Promise<SeedDemoResult | null> {
  return seed(db, options, "skip");
}

async function seed(db: Db, options: SeedDemoOptions, whenSeeded: "throw" | "skip"): Promise<SeedDemoResult | null> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const defaultCode = options.defaultCustomerCode ?? "PRIDE";
  const taxRateBp = options.taxRateBp ?? 0;
  const passwordHash = options.passwordHash ?? (await cachedPasswordHash(DEMO_PASSWORD));
  const random = new Random(SEED);
  const today = isoDateAt(now);

  const result = await db.transaction(async (tx) => {
    // Taken first, held to the commit: a second seeder waits here, then sees the first one's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (whenSeeded === "skip") {
      const [row] = await tx.select({ n: count() }).from(users);
      if ((row?.n ?? 0) > 0) return null;
    }
    await assertEmpty(tx);
    const counts: Record<string, number> = {};

    // ---- products ------------------------------------------------------------------------
    const productList = demoProducts(random);
    const productById = new Map(productList.map((p) => [p.productId, p]));
    for (const part of chunks(productList.map(productRow))) await tx.insert(products).values(part);
    counts.products = productList.length;

    // ---- customers and ship times ----------------------------------------------------------
    const customerList = demoCustomers(defaultCode);
    if (customerList.filter((c) => c.customerId === defaultCode).length > 1) {
      throw new Error(`The default customer code ${defaultCode} is already a demo customer's code; choose another.`);
    }
    const customerById = new Map(customerList.map((c) => [c.customerId, c]));
    await tx.insert(customers).values(
      customerList.map((c) =>
        buildCustomer({
          customerId: c.customerId,
          companyName: c.companyName,
          kind: c.kind,
          alwaysBoxed: c.alwaysBoxed ?? false,
          referralApproved: c.referralApproved ?? false,
          discountPercent: c.discountPercent,
          email: `orders@${c.domain}`,
          phone: c.phone,
          address: c.street,
          city: c.city,
          state: c.state,
          zip: c.zip,
          createdAt: now,
        }),
      ),
    );
    await tx
      .insert(shipTimes)
      .values(customerList.flatMap((c) => c.shipDays.map((weekday) => ({ customerId: c.customerId, weekday, cutoffShipTime: c.cutoff }))));
    counts.customers = customerList.length;

    // ---- retailers ---------------------------------------------------------------------------
    const savedRetailers = await tx
      .insert(retailers)
      .values(
        DEMO_RETAILERS.map((r) =>
          buildRetailer({
            name: r.name,
            contactName: r.contactName,
            email: `hello@${r.name.toLowerCase().replace(/[^a-z]+/g, "")}.example`,
            phone: `(555) 555-01${String(DEMO_RETAILERS.indexOf(r) + 10)}`,
            address: r.street,
            city: r.city,
            state: r.state,
            zip: r.zip,
            pickupMonday: r.pickup.includes(MON),
            pickupTuesday: r.pickup.includes(TUE),
            pickupWednesday: r.pickup.includes(WED),
            pickupThursday: r.pickup.includes(THU),
            pickupFriday: r.pickup.includes(FRI),
            createdAt: now,
          }),
        ),
      )
      .returning({ retailerId: retailers.retailerId, name: retailers.name });
    const retailerIdByName = new Map(savedRetailers.map((r) => [r.name, r.retailerId]));
    await tx
      .insert(retailerCustomers)
      .values(DEMO_RETAILERS.flatMap((r) => r.customerIds.map((customerId) => ({ retailerId: retailerIdByName.get(r.name)!, customerId }))));
    counts.retailers = savedRetailers.length;
    const demoRetailerId = retailerIdByName.get(DEMO_RETAILER_NAME)!;
    const demoRetailer = DEMO_RETAILERS[0]!;

    // ---- users -------------------------------------------------------------------------------
    const userIds: Record<string, string> = {};
    for (const a of DEMO_ACCOUNTS) userIds[a.email] = `demo-${a.email.split("@")[0]}`;
    const uid = (local: string) => userIds[`${local}@demo.test`]!;
    await tx.insert(users).values(
      DEMO_ACCOUNTS.map((a) =>
        buildUser({ id: userIds[a.email], email: a.email, firstName: a.firstName, lastName: a.lastName, passwordHash, createdAt: now, updatedAt: now }),
      ),
    );
    await tx.insert(userRoles).values(DEMO_ACCOUNTS.map((a) => ({ userId: userIds[a.email]!, role: a.role })));
    await tx.insert(userCustomers).values([
      ...DEMO_CUSTOMER_CODES.wholesaler.map((customerId) => ({ userId: uid("wholesaler"), customerId })),
      { userId: uid("buyer"), customerId: DEMO_CUSTOMER_CODES.buyer },
      { userId: uid("massmarket"), customerId: DEMO_CUSTOMER_CODES.massMarket },
    ]);
    await tx.insert(userClaims).values([
      { userId: uid("retailer"), claim: "WholesalerId", value: DEMO_CUSTOMER_CODES.retailerWholesaler },
      { userId: uid("retailer"), claim: "retailerid", value: String(demoRetailerId) },
    ]);
    counts.users = DEMO_ACCOUNTS.length;

    // ---- catalogs: a wholesale offer per ship day (daily availability, the same for every wholesale
    // customer), and a mass-market offer per week -------------------------------------------------
    const firstMonday = mondayOf(addDays(today, -2));
    const lastDay = addDays(today, 21);
    const weeks: string[] = [];
    for (let monday = firstMonday; monday <= lastDay; monday = addDays(monday, 7)) weeks.push(monday);
    const shipDays: string[] = [];
    for (let day = firstMonday; day <= lastDay; day = addDays(day, 1)) if (DateTime.fromISO(day).weekday !== 7) shipDays.push(day);
    const dayTitle = (day: string) => DateTime.fromISO(day).toFormat("cccc, LLLL d");
    const catalogRows = [
      ...shipDays.map((day, i) =>
        buildCatalog({ orderId: 7001 + i, kind: "wholesale", title: `Availability for ${dayTitle(day)}`, shipDateFrom: day, shipDateTo: day, createdAt: now, updatedAt: now }),
      ),
      ...shipDays.map((day, i) =>
        buildCatalog({ orderId: 8001 + i, kind: "massMarket", title: `Market bouquets for ${dayTitle(day)}`, shipDateFrom: day, shipDateTo: day, createdAt: now, updatedAt: now }),
      ),
    ];
    const savedCatalogs = await tx.insert(catalogs).values(catalogRows).returning();
    counts.catalogs = savedCatalogs.length;
    const wholesaleCatalogs = savedCatalogs.filter((c) => c.kind === "wholesale").sort((a, b) => a.orderId - b.orderId);
    const mmCatalogs = savedCatalogs.filter((c) => c.kind === "massMarket").sort((a, b) => a.orderId - b.orderId);
    const nextShipDay = (day: string) => shipDays.find((d) => d > day) ?? addDays(day, 1);

    // Products the combos and hotspots name are always on offer.
    const featured = new Set([...COMBOS.flatMap((c) => c.products), ...IMAGES.flatMap((i) => i.hotspots.flatMap((h) => (h.productId ? [h.productId] : [])))]);
    const catalogPlans: CatalogPlan[] = wholesaleCatalogs.map((c) => {
      const lines = new Map<string, OfferPlan>();
      const nextDay = nextShipDay(c.shipDateFrom);
      // Offers more than a week ahead: the grower has not confirmed stock yet (Availability Pending).
      const unconfirmed = c.shipDateFrom > addDays(today, 7);
      const offered = productList.filter((p) => featured.has(p.productId) || random.chance(0.82));
      for (const product of offered) {
        const uom = product.unitOfMeasureQty;
        const roll = random.float();
        const originalQuantity = roll < 0.06 ? 0 : roll < 0.18 ? random.int(1, uom) : uom * random.int(3, 25);
        const special = !featured.has(product.productId) && random.chance(0.1);
        const drift = 1 + (random.float() - 0.5) * 0.06;
        const prices = offerPrices({
          standardPriceNoPailCents: Math.max(100, Math.round((product.basePriceCents * drift) / 5) * 5),
          special,
          specialPercent: special ? random.pick([10, 15, 20, 25]) : 0,
        });
        const nextAvailableDate = originalQuantity === 0 || (originalQuantity <= uom && random.chance(0.4)) ? nextDay : null;
        const row = buildOfferLine({
          catalogId: c.id,
          productId: product.productId,
          originalQuantity: unconfirmed ? null : originalQuantity,
          quantityOrdered: 0,
          isFinalProduct: random.chance(0.12),
          discountQuantity: uom,
          discountQuantity2: uom * 3,
          showStore: featured.has(product.productId) || !random.chance(0.03),
          nextAvailableDate,
          ...prices,
        }) as OfferPlan["row"];
        lines.set(product.productId, { row, product, orderId: c.orderId });
      }
      return { id: c.id, orderId: c.orderId, from: c.shipDateFrom, to: c.shipDateTo, lines };
    });
    const catalogFor = (shipDate: string) => catalogPlans.find((c) => c.from <= shipDate && shipDate <= c.to);

    // ---- mass-market packages, products and their weekly offers --------------------------------
    await tx.insert(mmPackages).values(MM_PACKAGES);
    const mmList = mmProductRows();
    await tx.insert(mmProducts).values(mmList);
    // A mass-market offer per ship day; prices are set per week: each week a seventh of the range
    // (in turn) moves up and an eleventh is on special, so the first catalog of a new week really reprices a cart. The rest keep
    // the list price (null).
    const weekOf = (day: string) => weeks.filter((monday) => monday <= day).length - 1;
    await tx.insert(mmCatalogProducts).values(
      mmCatalogs.flatMap((c) =>
        mmList.map((p, n) => {
          const weekIndex = weekOf(c.shipDateFrom);
          const moved = weekIndex > 0 && n % 7 === weekIndex % 7;
          // The week's specials (the dashboard shows them): an eleventh of the range 10 % off.
          const special = !moved && n % 11 === weekIndex % 11;
          const factor = moved ? 1 + 0.05 * weekIndex : special ? 0.9 : 1;
          const set = (cents: number) => (factor === 1 ? null : Math.round((cents * factor) / 5) * 5 - 1);
          return {
            catalogId: c.id,
            productId: p.productId,
            available: random.chance(0.06) ? 0 : p.packSize * random.int(4, 40),
            priceCents: set(p.priceCents),
            pricePerBouquetCents: set(p.pricePerBouquetCents),
            pricePerBouquetNoBoxCents: set(p.pricePerBouquetNoBoxCents),
          };
        }),
      ),
    );
    counts.mmPackages = MM_PACKAGES.length;
    counts.mmProducts = mmList.length;

    // ---- order history --------------------------------------------------------------------------
    interface Party {
      customerId: string;
      userId: string;
      salesUserId: string | null;
      retailerId: number;
      pickup?: number[];
      perDay: number;
      favourites: string[];
    }
    const favouritesFor = (varieties: string[]) => {
      const preferred = productList.filter((p) => varieties.includes(p.variety)).map((p) => p.productId);
      const others = productList.filter((p) => !varieties.includes(p.variety)).map((p) => p.productId);
      return [...random.sample(preferred, 30), ...random.sample(others, 10)];
    };
    const sales = uid("sales");
    const parties: Party[] = [
      { customerId: "BLMWH", userId: uid("wholesaler"), salesUserId: null, retailerId: 0, perDay: 0.6, favourites: favouritesFor(["lilies", "lisianthus", "garden-roses"]) },
      { customerId: "NEFLO", userId: uid("wholesaler"), salesUserId: null, retailerId: 0, perDay: 0.45, favourites: favouritesFor(["gerbera", "snapdragons"]) },
      { customerId: "GRNST", userId: uid("buyer"), salesUserId: null, retailerId: 0, perDay: 0.55, favourites: favouritesFor(["lilies", "gerbera", "mini-gerbera"]) },
      { customerId: "PETAL", userId: sales, salesUserId: sales, retailerId: 0, perDay: 0.35, favourites: favouritesFor(["garden-roses", "lisianthus"]) },
      { customerId: "METRO", userId: sales, salesUserId: sales, retailerId: 0, perDay: 0.4, favourites: favouritesFor(["anthurium", "lilies"]) },
      { customerId: "HRBOR", userId: sales, salesUserId: sales, retailerId: 0, perDay: 0.3, favourites: favouritesFor(["snapdragons", "mini-gerbera"]) },
      { customerId: defaultCode, userId: sales, salesUserId: sales, retailerId: 0, perDay: 0.07, favourites: favouritesFor(["lilies"]) },
      { customerId: DEMO_CUSTOMER_CODES.retailerWholesaler, userId: uid("retailer"), salesUserId: null, retailerId: demoRetailerId, pickup: demoRetailer.pickup, perDay: 0.4, favourites: favouritesFor(["garden-roses", "lisianthus", "gerbera"]) },
    ];

    const historyPrices = (product: DemoProduct): OfferPrices => ({
      ...offerPrices({ standardPriceNoPailCents: product.basePriceCents }),
      discountQuantity: product.unitOfMeasureQty,
      discountQuantity2: product.unitOfMeasureQty * 3,
      unitOfMeasureQty: product.unitOfMeasureQty,
    });

    const plans: OrderPlan[] = [];
    const statusFor = (shipDate: string, placedOn: string, cancelled: boolean) => {
      if (cancelled) return "cancelled" as const;
      // Shipping issues the invoice in the same transaction (docs/order-desk-invoices.md), so an order
      // that has shipped is invoiced: "shipped" with an invoice would read differently on each screen.
      if (shipDate < today) return "invoiced" as const;
      return placedOn <= addDays(today, -2) ? ("confirmed" as const) : ("submitted" as const);
    };
    const invoiceFor = (shipDate: string, subtotalCents: number) => {
      const age = daysBetween(shipDate, today);
      const paid = age > 35 ? random.chance(0.92) : age > 15 ? random.chance(0.55) : random.chance(0.12);
      const paidOn = paid ? [addDays(shipDate, random.int(3, Math.max(3, Math.min(28, age - 1)))), addDays(today, -1)].sort()[0]! : null;
      const base = buildInvoice({ id: 0, customerId: "", shipDate, subtotalCents }, { taxRateBp, paid, paidAt: paidOn ? newYorkInstant(paidOn, 10, random.int(0, 59)) : null });
      const { orderId: _o, customerId: _c, ...rest } = base;
      return rest;
    };

    // Each planned order gets its own placedAt instant: saved rows are matched back on it.
    const usedInstants = new Set<number>();
    const uniqueInstant = (d: Date) => {
      while (usedInstants.has(d.getTime())) d = new Date(d.getTime() + 1000);
      usedInstants.add(d.getTime());
      return d;
    };
    const firstDay = addDays(today, -60);
    for (let day = firstDay; day < today; day = addDays(day, 1)) {
      const weekday = specWeekday(day);
      if (weekday === 1 || weekday === SAT) continue;
      for (const party of parties) {
        if (!random.chance(party.perDay)) continue;
        const customer = customerById.get(party.customerId)!;
        let shipDate: string;
        let receivingDate: string | null = null;
        if (party.pickup) {
          // A retailer picks up the day after its wholesaler ships.
          let pickup = addDays(day, 2);
          while (!party.pickup.includes(specWeekday(pickup)) || !customer.shipDays.includes(specWeekday(addDays(pickup, -1)))) pickup = addDays(pickup, 1);
          receivingDate = pickup;
          shipDate = addDays(pickup, -1);
        } else {
          shipDate = addDays(day, 1);
          while (!customer.shipDays.includes(specWeekday(shipDate))) shipDate = addDays(shipDate, 1);
        }
        const cancelled = random.chance(0.03);
        const status = statusFor(shipDate, day, cancelled);
        const catalog = catalogFor(shipDate);
        const wanted = random.int(3, 12);
        const picks: string[] = [];
        const pool = party.favourites;
        for (let tries = 0; picks.length < wanted && tries < wanted * 4; tries++) {
          const productId = random.chance(0.8) ? random.pick(pool) : random.pick(productList).productId;
          if (picks.includes(productId)) continue;
          if (catalog) {
            const offer = catalog.lines.get(productId);
            if (!offer || !offer.row.showStore) continue;
          }
          picks.push(productId);
        }
        const lines: OrderLineInput[] = [];
        for (const productId of picks) {
          const product = productById.get(productId)!;
          const uom = product.unitOfMeasureQty;
          let quantity = random.int(0, 4) * uom + (random.chance(0.35) ? random.int(1, uom - 1) : 0);
          if (quantity === 0) quantity = uom;
          let prices = historyPrices(product);
          let confirmed = quantity;
          let pending = 0;
          let offer: OfferPlan | undefined;
          if (catalog) {
            offer = catalog.lines.get(productId)!;
            const row = offer.row;
            const remaining = (row.originalQuantity ?? 0) - row.quantityOrdered;
            confirmed = Math.min(quantity, remaining);
            // Submitted orders may ask for more than remains (pending). A confirmed order has had every
            // pending quantity confirmed or declined (domain/order-status.ts); shipped ones hold what shipped.
            pending = status === "submitted" ? (row.isFinalProduct ? 0 : quantity - confirmed) : 0;
            quantity = confirmed + pending;
            if (quantity === 0) continue;
            if (!cancelled) row.quantityOrdered += confirmed;
            prices = {
              standardPriceCents: row.standardPriceCents,
              priceCents: row.priceCents,
              standardPriceNoPailCents: row.standardPriceNoPailCents,
              priceNoPailCents: row.priceNoPailCents,
              discountPriceCents: row.discountPriceCents,
              discountPriceNoPailCents: row.discountPriceNoPailCents,
              discountPrice2Cents: row.discountPrice2Cents,
              discountPriceNoPail2Cents: row.discountPriceNoPail2Cents,
              discountQuantity: row.discountQuantity!,
              discountQuantity2: row.discountQuantity2!,
              special: row.special ?? false,
              unitOfMeasureQty: uom,
            };
          }
          const total = lineTotal(quantity, prices);
          const pailPrice = applyCustomerDiscount(total.pailBunchPriceCents, customer.discountPercent);
          const loosePrice = applyCustomerDiscount(total.looseBunchPriceCents, customer.discountPercent);
          lines.push(
            buildOrderLine({
              position: lines.length,
              productId,
              offerLineId: null,
              offerOrderNumber: offer ? offer.orderId : null,
              description: product.description,
              category: product.category,
              quantity,
              pails: total.pails,
              looseBunches: total.looseBunches,
              pailPriceCents: pailPrice,
              bunchPriceCents: loosePrice,
              quantityConfirmed: confirmed,
              quantityPending: pending,
              lineTotalCents: (quantity - total.looseBunches) * pailPrice + total.looseBunches * loosePrice,
              unitOfMeasure: product.unitOfMeasure,
              boxType: null,
            }),
          );
        }
        if (lines.length === 0) continue;
        const subtotal = lines.reduce((s, l) => s + l.lineTotalCents, 0);
        const [cutH, cutM] = customer.cutoff.split(":").map(Number) as [number, number];
        const placedAt = uniqueInstant(newYorkInstant(day, random.int(7, Math.max(7, cutH - 1)), random.int(0, cutM === 0 ? 59 : cutM)));
        plans.push({
          order: {
            ...buildOrder({
              customerId: party.customerId,
              userId: party.userId,
              salesUserId: party.salesUserId,
              retailerId: party.retailerId,
              shipDate,
              receivingDate,
              boxed: customer.alwaysBoxed ?? random.chance(0.15),
              status,
              subtotalCents: subtotal,
              totalCents: subtotal,
              notes: random.chance(0.12) ? random.pick(ORDER_NOTES) : null,
            }),
            placedAt,
          },
          lines,
          invoice: status === "invoiced" ? invoiceFor(shipDate, subtotal) : undefined,
        });
      }

      // Mass-market buyers order bouquets for their stores.
      for (const mm of [
        { customerId: DEMO_CUSTOMER_CODES.massMarket, userId: uid("massmarket"), salesUserId: null, perDay: 0.2, boxed: true },
        { customerId: "VALGR", userId: sales, salesUserId: sales, perDay: 0.12, boxed: false },
      ]) {
        if (!random.chance(mm.perDay)) continue;
        const customer = customerById.get(mm.customerId)!;
        let shipDate = addDays(day, 1);
        while (!customer.shipDays.includes(specWeekday(shipDate))) shipDate = addDays(shipDate, 1);
        const status = statusFor(shipDate, day, random.chance(0.03));
        const picks = random.sample(mmList, random.int(3, 8));
        const lines: OrderLineInput[] = picks.map((p, i) => {
          const quantity = p.packSize * random.int(1, 4);
          const price = mm.boxed ? p.pricePerBouquetCents : p.pricePerBouquetNoBoxCents;
          return buildOrderLine({
            position: i,
            productId: p.productId,
            description: p.description,
            category: p.category,
            quantity,
            pails: 0,
            looseBunches: 0,
            pailPriceCents: 0,
            bunchPriceCents: price,
            quantityConfirmed: quantity,
            quantityPending: 0,
            lineTotalCents: quantity * price,
            unitOfMeasure: p.unitOfMeasure,
            boxType: p.boxType ?? null,
          });
        });
        // SPEC §4 fee rules: boxed -> a box line per box type; unboxed -> a pail fee for pail items.
        const fees = new Map<string, number>();
        for (const [i, p] of picks.entries()) {
          const key = mm.boxed ? p.boxType! : p.unitOfMeasure.toLowerCase().includes("pail") ? PAIL_FEE_PACKAGE_TYPE : null;
          if (key) fees.set(key, (fees.get(key) ?? 0) + lines[i]!.quantity);
        }
        for (const [type, quantity] of [...fees.entries()].sort()) {
          const pkg = MM_PACKAGES.find((p) => p.type === type)!;
          lines.push(
            buildOrderLine({
              position: lines.length,
              productId: pkg.type,
              description: pkg.description,
              category: pkg.category,
              quantity,
              pails: 0,
              looseBunches: 0,
              pailPriceCents: 0,
              bunchPriceCents: pkg.priceCents,
              quantityConfirmed: quantity,
              lineTotalCents: quantity * pkg.priceCents,
              unitOfMeasure: pkg.category === "pails" ? "Pail" : "Box",
              boxType: pkg.category === "boxes" ? pkg.type : null,
            }),
          );
        }
        const subtotal = lines.reduce((s, l) => s + l.lineTotalCents, 0);
        const placedAt = uniqueInstant(newYorkInstant(day, random.int(6, 9), random.int(0, 29)));
        plans.push({
          order: {
            ...buildOrder({
              store: "mm",
              customerId: mm.customerId,
              userId: mm.userId,
              salesUserId: mm.salesUserId,
              shipDate,
              boxed: mm.boxed,
              status,
              subtotalCents: subtotal,
              totalCents: subtotal,
            }),
            placedAt,
          },
          lines,
          invoice: status === "invoiced" ? invoiceFor(shipDate, subtotal) : undefined,
        });
      }
    }

    // ---- write offers, then orders pointing at them ------------------------------------------
    const offerRows = catalogPlans.flatMap((c) => [...c.lines.values()].map((l) => l.row));
    const offerIdByKey = new Map<string, number>();
    for (const part of chunks(offerRows)) {
      const saved = await tx.insert(offerLines).values(part).returning({ id: offerLines.id, catalogId: offerLines.catalogId, productId: offerLines.productId });
      for (const s of saved) offerIdByKey.set(`${s.catalogId}|${s.productId}`, s.id);
    }
    counts.offerLines = offerRows.length;
    const catalogIdByOrderId = new Map(catalogPlans.map((c) => [c.orderId, c.id]));

    const orderKey = (customerId: string, placedAt: Date) => `${customerId}|${placedAt.getTime()}`;
    const orderIdByKey = new Map<string, number>();
    for (const part of chunks(plans.map((p) => p.order))) {
      const saved = await tx.insert(orders).values(part).returning({ id: orders.id, customerId: orders.customerId, placedAt: orders.placedAt });
      for (const s of saved) orderIdByKey.set(orderKey(s.customerId, s.placedAt), s.id);
    }
    const lineRows = plans.flatMap((p) => {
      const orderId = orderIdByKey.get(orderKey(p.order.customerId, p.order.placedAt))!;
      return p.lines.map((l) => ({
        ...l,
        orderId,
        offerLineId:
          l.offerOrderNumber != null ? (offerIdByKey.get(`${catalogIdByOrderId.get(l.offerOrderNumber)}|${l.productId}`) ?? null) : null,
      }));
    });
    for (const part of chunks(lineRows)) await tx.insert(orderLines).values(part);
    counts.orders = plans.length;
    counts.orderLines = lineRows.length;

    const invoiced = plans.filter((p) => p.invoice);
    invoiced.sort((a, b) => (a.invoice!.invoiceDate < b.invoice!.invoiceDate ? -1 : a.invoice!.invoiceDate > b.invoice!.invoiceDate ? 1 : 0));
    const firstNumber = invoiced.length ? await takeDocumentNumbers(tx, "invoice", invoiced.length) : 0;
    const invoiceRows = invoiced.map((p, i) => ({
      ...p.invoice!,
      invoiceNumber: firstNumber + i,
      orderId: orderIdByKey.get(orderKey(p.order.customerId, p.order.placedAt))!,
      customerId: p.order.customerId,
    }));
    const invoiceIdByOrder = new Map<number, number>();
    for (const part of chunks(invoiceRows)) {
      const saved = await tx.insert(invoices).values(part).returning({ id: invoices.id, orderId: invoices.orderId });
      for (const s of saved) invoiceIdByOrder.set(s.orderId, s.id);
    }
    const invoiceLineRows = invoiced.flatMap((p) => {
      const invoiceId = invoiceIdByOrder.get(orderIdByKey.get(orderKey(p.order.customerId, p.order.placedAt))!)!;
      return buildInvoiceLines(p.lines).map((l) => ({ ...l, invoiceId }));
    });
    for (const part of chunks(invoiceLineRows)) await tx.insert(invoiceLines).values(part);
    counts.invoices = invoiceRows.length;
    counts.invoiceLines = invoiceLineRows.length;

    // ---- dashboard extras ----------------------------------------------------------------------
    for (const combo of COMBOS) {
      const [saved] = await tx
        .insert(comboSpecials)
        .values({ title: combo.title, description: combo.description, discountPercent: combo.percent, startsOn: today, endsOn: addDays(today, 21) })
        .returning({ id: comboSpecials.id });
      await tx.insert(comboSpecialProducts).values(combo.products.map((productId) => ({ comboSpecialId: saved!.id, productId })));
    }
    counts.comboSpecials = COMBOS.length;

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

    return { counts, userIds, retailerId: demoRetailerId };
  });

  return result && { ...result, ms: Math.round(performance.now() - started) };
}
