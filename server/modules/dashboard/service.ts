// The store dashboard (DOMAIN.md "Dashboard", docs/domain-store.md "Dashboard").
import type { Db } from "../../../db/client.ts";
import type { BlitzVoucher, ComboSpecial, FutureSpecial, InteractiveImage, OrderSummary, Product } from "../../../contract/store.ts";
import type { AuthContext } from "../../plugins/auth-context.ts";
import { retailerIdOf } from "../../plugins/roles.ts";
import { assertOwnership, defaultRetailer, loadBuyer } from "../buyers/index.ts";
import { orderSummaries } from "../orders/index.ts";
import { DASHBOARD_SPECIALS } from "../../../domain/dashboard.ts";
import { isoDateAt } from "../../../domain/dates.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { notFound } from "../../errors.ts";
import type { Buyer } from "../buyers/index.ts";
import { catalogsFor, filteredOfferRows, freeQuantity, laterCatalogs, varietiesOf, type CatalogRow, type OfferRow } from "../catalog/index.ts";
import { cartIdOf, nextShipDate, toProduct } from "../store/index.ts";
import * as repo from "./repo.ts";

export const RECOMMENDED_LIMIT = 12;
export const RECOMMENDED_HISTORY_DAYS = 90;
export const FUTURE_SPECIALS_LIMIT = 60;
export const RECENT_ORDERS = 10;
export const DASHBOARD_IMAGE_KEY = "dashboard";

interface Current {
  date: string;
  catalog: CatalogRow;
  cartId: number;
}

/** The catalog current for the buyer's next open ship date (null when there is none). */
async function currentCatalog(db: Db, buyer: Buyer, userId: string, now = new Date()): Promise<Current | null> {
  const date = nextShipDate(buyer, now);
  if (!date) return null;
  const [catalog] = await catalogsFor(db, buyer, date);
  if (!catalog) return null;
  return { date, catalog, cartId: await cartIdOf(db, { userId, customerId: buyer.customerId, retailerId: buyer.retailerId }) };
}

export async function specials(db: Db, buyer: Buyer, userId: string): Promise<Product[]> {
  const current = await currentCatalog(db, buyer, userId);
  if (!current) return [];
  const rows = await filteredOfferRows(db, [current.catalog.id], current.cartId, { special: true });
  return rows.map((r) => toProduct(r, current.catalog.orderId, buyer.discountPercent));
}

/** Specials of the buyer's catalogs that start after its next ship date (or after today). */
export async function futureSpecials(db: Db, buyer: Buyer, userId: string): Promise<FutureSpecial[]> {
  const now = new Date();
  const from = nextShipDate(buyer, now) ?? isoDateAt(now);
  const later = await laterCatalogs(db, buyer, from);
  if (!later.length) return [];
  const cartId = await cartIdOf(db, { userId, customerId: buyer.customerId, retailerId: buyer.retailerId });
  const byId = new Map(later.map((c, i) => [c.id, { c, i }]));
  const rows = await filteredOfferRows(db, later.map((c) => c.id), cartId, { special: true });
  return rows
    .map((r) => ({ r, at: byId.get(r.ol.catalogId)! }))
    .sort((a, b) => a.at.i - b.at.i)
    .slice(0, FUTURE_SPECIALS_LIMIT)
    .map(({ r, at }) => ({ ...toProduct(r, at.c.orderId, buyer.discountPercent), shipDateFrom: at.c.shipDateFrom, shipDateTo: at.c.shipDateTo }));
}

/**
 * What this buyer bought most (bunches, last 90 days, cancelled orders left out) that is available
 * now in its current catalog, most bought first; then available specials of the same varieties.
 * Ties break on productId / description: the same data always gives the same list.
 */
export async function recommended(db: Db, buyer: Buyer, userId: string): Promise<Product[]> {
  const current = await currentCatalog(db, buyer, userId);
  if (!current) return [];
  const bought = await repo.boughtMost(db, buyer, RECOMMENDED_HISTORY_DAYS, 200);
  if (!bought.length) return [];
  const rank = new Map(bought.map((b, i) => [b.productId, i]));
  const available = (r: OfferRow) => freeQuantity(r.ol, r.heldByOthers) > 0;

  const mine = (await filteredOfferRows(db, [current.catalog.id], current.cartId, { productIds: [...rank.keys()] }))
    .filter(available)
    .sort((a, b) => rank.get(a.p.productId)! - rank.get(b.p.productId)!)
    .slice(0, RECOMMENDED_LIMIT);

  if (mine.length < RECOMMENDED_LIMIT) {
    const varieties = await varietiesOf(db, [...rank.keys()]);
    if (varieties.length) {
      const taken = new Set(mine.map((r) => r.p.productId));
      const extra = (
        await filteredOfferRows(db, [current.catalog.id], current.cartId, { special: true, varieties })
      )
        .filter((r) => available(r) && !taken.has(r.p.productId))
        .sort((a, b) => a.p.description.localeCompare(b.p.description, "en") || (a.p.productId < b.p.productId ? -1 : 1));
      mine.push(...extra.slice(0, RECOMMENDED_LIMIT - mine.length));
    }
  }
  return mine.map((r) => toProduct(r, current.catalog.orderId, buyer.discountPercent));
}

/** Combo specials running today (New York), oldest first. */
export async function activeComboSpecials(db: Db, now = new Date()): Promise<ComboSpecial[]> {
  const today = isoDateAt(now);
  const combos = await repo.combosOn(db, today);
  if (!combos.length) return [];
  const items = await repo.comboItems(db, combos.map((c) => c.id));
  return combos.map((c) => ({
    id: c.id,
    title: c.title,
    description: c.description,
    discountPercent: Number(c.discountPercent),
    products: items.filter((i) => i.comboId === c.id).map((i) => ({ strProductId: i.productId, description: i.description })),
  }));
}

export async function interactiveImage(db: Db, key: string): Promise<InteractiveImage> {
  const image = await repo.imageByKey(db, key);
  if (!image) throw notFound("There is no interactive image.");
  const spots = await repo.hotspotsOf(db, image.id);
  return {
    title: image.title,
    alt: image.alt,
    scene: image.scene,
    hotspots: spots.map((s) => ({ label: s.label, productId: s.productId, variety: s.variety, href: s.href, x: Number(s.xPct), y: Number(s.yPct) })),
  };
}

/** The user's running voucher that it has not used up (the one expiring first), or null. */
export async function blitzVoucher(db: Db, userId: string): Promise<BlitzVoucher> {
  const v = await repo.runningVoucher(db, userId);
  if (!v) return null;
  return { code: v.code, description: v.description, percentOff: v.percentOff, amountOff: centsToDollars(v.amountOffCents), expiresAt: v.expiresAt.toISOString() };
}

/**
 * Every panel of the dashboard with the page (issue 30: its content without seven calls after
 * hydration), for the session's current customer: the same answers, and the same ownership checks, as
 * the dashboard's API calls give that buyer. A panel left out (its call failed) is fetched by the
 * page itself, as before; null when the session has no current customer or may not buy for it.
 */
export interface DashboardPanels {
  /** The buyer the panels are for (the page uses them only for the same ids). */
  ids: { userId: string; customerId: string; retailerId: number };
  /** The first DASHBOARD_SPECIALS specials, all the panel shows (the whole list can be 500 lines, 350 KB). */
  specials?: Product[];
  futureSpecials?: FutureSpecial[];
  recentOrders?: OrderSummary[];
  comboSpecials?: ComboSpecial[];
  recommended?: Product[];
  blitz?: BlitzVoucher;
  image?: InteractiveImage;
}

export async function dashboardPanels(db: Db, auth: AuthContext | null): Promise<DashboardPanels | null> {
  const customerId = auth?.currentCustomerId;
  if (!auth || !customerId) return null;
  const ids = { userId: auth.user.id, customerId, retailerId: retailerIdOf(auth.user) ?? 0 };
  try {
    await assertOwnership(db, auth, ids);
  } catch {
    return null;
  }
  const buyer = loadBuyer(db, ids.customerId, ids.retailerId);
  // A panel whose call fails is left to the page (undefined), which asks the API and shows its own state.
  const settle = <T>(p: Promise<T>) => p.then((v): T | undefined => v).catch(() => undefined);
  const [specialsOf, futureOf, recentOf, combosOf, recommendedOf, blitzOf, imageOf] = await Promise.all([
    settle(buyer.then((b) => specials(db, b, ids.userId))),
    settle(buyer.then((b) => futureSpecials(db, b, ids.userId))),
    settle(orderSummaries(db, { customerId, retailerId: defaultRetailer(auth, undefined) }, RECENT_ORDERS)),
    settle(activeComboSpecials(db)),
    settle(buyer.then((b) => recommended(db, b, ids.userId))),
    settle(blitzVoucher(db, ids.userId)),
    settle(interactiveImage(db, DASHBOARD_IMAGE_KEY)),
  ]);
  return {
    ids,
    specials: specialsOf?.slice(0, DASHBOARD_SPECIALS),
    futureSpecials: futureOf,
    recentOrders: recentOf,
    comboSpecials: combosOf,
    recommended: recommendedOf,
    blitz: blitzOf,
    image: imageOf,
  };
}
