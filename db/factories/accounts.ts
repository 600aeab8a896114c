import type { DbOrTx } from "../client.ts";
import {
  customers,
  retailerCustomers,
  retailers,
  shipTimes,
  userClaims,
  userCustomers,
  userRoles,
  users,
  type Role,
} from "../schema/index.ts";
import { hashPassword } from "../../server/modules/auth/index.ts";
import { nextCode, nextSeq } from "./sequence.ts";

export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
export type ShipTime = typeof shipTimes.$inferSelect;
export type Retailer = typeof retailers.$inferSelect;
export type NewRetailer = typeof retailers.$inferInsert;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export interface Claim {
  claim: string;
  value: string;
}
export interface ShipTimeInput {
  /** Sunday=1 .. Saturday=7. */
  weekday: number;
  /** HH:mm, New York time. */
  cutoffShipTime: string;
}

/** Ship times on the given weekdays (Sunday=1 .. Saturday=7), all with one cut-off. */
export function shipTimesOn(weekdays: readonly number[], cutoffShipTime = "14:00"): ShipTimeInput[] {
  return weekdays.map((weekday) => ({ weekday, cutoffShipTime }));
}

export const WEEKDAYS_MON_FRI = [2, 3, 4, 5, 6] as const;
export const ALL_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

// ---- customers -------------------------------------------------------------------------------

export function buildCustomer(overrides: Partial<NewCustomer> = {}): NewCustomer & { customerId: string } {
  const customerId = overrides.customerId ?? nextCode("CU");
  return {
    customerId,
    companyName: `Test Wholesale ${customerId}`,
    kind: "wholesale",
    alwaysBoxed: false,
    referralApproved: false,
    discountPercent: 0,
    email: `${customerId.toLowerCase()}@customers.example.test`,
    phone: "555-0100",
    address: "1 Market Street",
    city: "Albany",
    state: "NY",
    zip: "12207",
    active: true,
    ...overrides,
  };
}

export interface InsertCustomerOptions extends Partial<NewCustomer> {
  /** Defaults to Monday–Friday with a 14:00 cut-off; pass [] for none. */
  shipTimes?: ShipTimeInput[];
}

export async function insertCustomer(
  db: DbOrTx,
  { shipTimes: times = shipTimesOn(WEEKDAYS_MON_FRI), ...overrides }: InsertCustomerOptions = {},
): Promise<Customer & { shipTimes: ShipTime[] }> {
  const [row] = await db.insert(customers).values(buildCustomer(overrides)).returning();
  const saved = times.length
    ? await db
        .insert(shipTimes)
        .values(times.map((t) => ({ customerId: row!.customerId, ...t })))
        .returning()
    : [];
  return { ...row!, shipTimes: saved };
}

// ---- retailers -------------------------------------------------------------------------------

export function buildRetailer(overrides: Partial<NewRetailer> = {}): NewRetailer {
  const n = nextSeq();
  return {
    name: `Test Florist ${n}`,
    contactName: `Contact ${n}`,
    email: `florist${n}@retailers.example.test`,
    phone: "555-0150",
    address: `${n} Main Street`,
    city: "Saratoga Springs",
    state: "NY",
    zip: "12866",
    pickupMonday: false,
    pickupTuesday: true,
    pickupWednesday: false,
    pickupThursday: true,
    pickupFriday: true,
    active: true,
    ...overrides,
  };
}

export interface InsertRetailerOptions extends Partial<NewRetailer> {
  /** Wholesale customers this shop buys through (retailer_customers). */
  customerIds?: string[];
}

export async function insertRetailer(
  db: DbOrTx,
  { customerIds = [], ...overrides }: InsertRetailerOptions = {},
): Promise<Retailer & { customerIds: string[] }> {
  const [row] = await db.insert(retailers).values(buildRetailer(overrides)).returning();
  if (customerIds.length) {
    await db.insert(retailerCustomers).values(customerIds.map((customerId) => ({ retailerId: row!.retailerId, customerId })));
  }
  return { ...row!, customerIds };
}

// ---- users -----------------------------------------------------------------------------------

export const DEFAULT_TEST_PASSWORD = "test-password-123";

// argon2 takes tens of milliseconds; one hash per distinct password per process is enough for tests.
const hashCache = new Map<string, Promise<string>>();
export function cachedPasswordHash(password: string = DEFAULT_TEST_PASSWORD): Promise<string> {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

export function buildUser(overrides: Partial<NewUser> = {}): NewUser & { id: string; email: string } {
  const n = nextSeq();
  return {
    id: `user-${n}`,
    email: `user${n}@example.test`,
    firstName: "Test",
    lastName: `User${n}`,
    passwordHash: null,
    active: true,
    ...overrides,
  };
}

export interface InsertUserOptions extends Partial<NewUser> {
  roles?: Role[];
  claims?: Claim[];
  customerIds?: string[];
  /** Plain password to hash (cached per password); ignored when passwordHash is given. */
  password?: string;
}

export type InsertedUser = User & { roles: Role[]; claims: Claim[]; customerIds: string[]; password: string | null };

/**
 * Inserts a user with roles, claims and customer links. Without passwordHash the password
 * (default DEFAULT_TEST_PASSWORD) is hashed once per process; pass passwordHash: null for none.
 */
export async function insertUser(
  db: DbOrTx,
  { roles = ["wholesaler"], claims = [], customerIds = [], password, ...overrides }: InsertUserOptions = {},
): Promise<InsertedUser> {
  let plain: string | null = null;
  if (overrides.passwordHash === undefined) {
    plain = password ?? DEFAULT_TEST_PASSWORD;
    overrides.passwordHash = await cachedPasswordHash(plain);
  } else if (password !== undefined) {
    plain = password;
  }
  const [row] = await db.insert(users).values(buildUser(overrides)).returning();
  const userId = row!.id;
  if (roles.length) await db.insert(userRoles).values(roles.map((role) => ({ userId, role })));
  if (claims.length) await db.insert(userClaims).values(claims.map((c) => ({ userId, claim: c.claim, value: c.value })));
  if (customerIds.length) await db.insert(userCustomers).values(customerIds.map((customerId) => ({ userId, customerId })));
  return { ...row!, roles, claims, customerIds, password: plain };
}
