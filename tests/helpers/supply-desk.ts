// What the supply desk's tests share: an app with a signed-in SalesPerson and Administrator and
// requests under the desk's path, a product body the desk (and the integrations API) accepts, the
// audit rows of an action, and the SQLSTATE a statement failed with.
import { afterAll, beforeAll } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { auditLog } from "../../db/schema/index.ts";
import { nextCode } from "../factories/index.ts";
import { buildTestApp, SAME_ORIGIN, signedInUser, type TestApp } from "./test-app.ts";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

export interface StaffDesk {
  /** Set before the file's tests run (its own beforeAll). */
  t: TestApp;
  sales: SignedIn;
  admin: SignedIn;
  /** A request under the desk's path as `who` (a cookie), with the same-origin header a write needs. */
  as(who: { cookie: string }, method: Method, url: string, payload?: object): ReturnType<TestApp["app"]["inject"]>;
  /** The same as the SalesPerson. */
  staff(method: Method, url: string, payload?: object): ReturnType<TestApp["app"]["inject"]>;
}

/** Builds the app for the file (beforeAll) with a SalesPerson and an Administrator signed in, and closes it (afterAll). */
export function staffDesk(prefix: string): StaffDesk {
  const desk = {
    as: (who, method, url, payload) => desk.t.app.inject({ method, url: `${prefix}${url}`, headers: { ...SAME_ORIGIN, cookie: who.cookie }, payload }),
    staff: (method, url, payload) => desk.as(desk.sales, method, url, payload),
  } as StaffDesk;
  beforeAll(async () => {
    desk.t = await buildTestApp();
    desk.sales = await signedInUser(desk.t, ["SalesPerson"]);
    desk.admin = await signedInUser(desk.t, ["Administrator"]);
  });
  afterAll(async () => desk.t?.close());
  return desk;
}

/** A lily product as the supply desk creates it (a fresh code and description each call). */
export function productBody(overrides: Record<string, unknown> = {}) {
  return { productId: nextCode("SUP-", 5), ...productFields(overrides) };
}

/** The same product without its code (the integrations API takes the code in the path). */
export function productFields(overrides: Record<string, unknown> = {}) {
  return {
    description: `Lily Asiatic White 70cm ${nextCode("", 4)}`,
    variety: "lilies",
    category: "Lilies",
    colour: "White",
    colourHex: "#ffffff",
    grade: "Select",
    stemLengthCm: 70,
    unitOfMeasure: "Pail",
    unitOfMeasureQty: 8,
    stemsPerBunch: 10,
    bunchesPerBox: 12,
    image: "lily",
    ...overrides,
  };
}

/** The audit rows of an action, newest first. */
export const auditsOf = (db: Db, action: string) => db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

/** The SQLSTATE and constraint a statement failed with (both drivers; drizzle wraps the error in `cause`). */
export async function pgError(work: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await work;
  } catch (err) {
    const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    return { code: e.cause?.code ?? e.code, constraint: e.cause?.constraint ?? e.constraint };
  }
  return {};
}
