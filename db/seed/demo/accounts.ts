// The demo's people: the customers with their ship times, the retailers that buy through them, and
// the demo sign-ins with their roles, customers and claims.
import { customers, retailerCustomers, retailers, shipTimes, userClaims, userCustomers, userRoles, users, type Role } from "../../schema/index.ts";
import { buildCustomer, buildRetailer, buildUser } from "../../factories/index.ts";
import { FRI, MON, SAT, THU, TUE, WED, type SeedContext } from "./context.ts";

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

export interface DemoCustomer {
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

export interface DemoRetailer {
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

/** The customers and their ship times; returns them by code. */
export async function seedCustomers(ctx: SeedContext, defaultCode: string): Promise<Map<string, DemoCustomer>> {
  const { tx, now, counts } = ctx;
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
  return customerById;
}

/** The retailers and the wholesalers they buy through; returns the demo retailer's id and plan. */
export async function seedRetailers(ctx: SeedContext): Promise<{ demoRetailerId: number; demoRetailer: DemoRetailer }> {
  const { tx, now, counts } = ctx;
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
  return { demoRetailerId: retailerIdByName.get(DEMO_RETAILER_NAME)!, demoRetailer: DEMO_RETAILERS[0]! };
}

/** The demo sign-ins with their roles, customers and the retailer's claims; returns their ids by email. */
export async function seedUsers(ctx: SeedContext, passwordHash: string, demoRetailerId: number): Promise<Record<string, string>> {
  const { tx, now, counts } = ctx;
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
  return userIds;
}

/** The id of demo account `local`@demo.test. */
export function demoUserId(userIds: Record<string, string>, local: string): string {
  return userIds[`${local}@demo.test`]!;
}
