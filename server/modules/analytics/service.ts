// Page views (issue 13, SPEC §7): counted per day, page pattern, role and product; nothing personal.
// Rules in docs/analytics.md.
import type { Db } from "../../../db/client.ts";
import type { PageViewBody, PageViewReport } from "../../../contract/analytics.ts";
import { addDays, isoDateAt } from "../../../domain/dates.ts";
import { PAGE_VIEW_DAYS, pagePatternOf, pageViewRole } from "../../../domain/page-views.ts";
import { tooManyRequests } from "../../errors.ts";
import * as limits from "../rate-limit/index.ts";
import { countView, viewsByPage, viewsByProduct } from "./repo.ts";

/** Reports a client may send per minute; a person clicking through pages stays far below it. */
export const PAGE_VIEW_LIMIT = { max: 120, windowMs: 60_000 } as const;
const PRODUCTS_SHOWN = 100;

/**
 * Counts one view. The rate limit is keyed by the client's address only while its one-minute window
 * lasts (the shared rate-limit table); the count itself holds no address, user or session.
 */
export async function recordPageView(db: Db, view: PageViewBody, who: { roles: readonly string[] | null; ip: string }, now = new Date()): Promise<void> {
  const used = await limits.hit(db, `pageview:${who.ip}`, PAGE_VIEW_LIMIT.windowMs);
  if (used > PAGE_VIEW_LIMIT.max) throw tooManyRequests("Too many page views reported. Please wait a minute.");
  const path = pagePatternOf(view.path);
  await countView(db, {
    day: isoDateAt(now),
    path,
    role: pageViewRole(who.roles),
    // A product counts only where the store shows it.
    productId: view.productId && path === "/store" ? view.productId.toUpperCase() : null,
  });
}

/** Visits per page (with the roles behind them) and per product over the last `days` days, New York time. */
export async function pageViewReport(db: Db, days = PAGE_VIEW_DAYS, now = new Date()): Promise<PageViewReport> {
  const to = isoDateAt(now);
  const from = addDays(to, -(days - 1));
  const rows = await viewsByPage(db, from, to);
  const pages = new Map<string, { path: string; views: number; byRole: Record<string, number> }>();
  for (const r of rows) {
    const p = pages.get(r.path) ?? { path: r.path, views: 0, byRole: {} };
    p.views += r.views;
    p.byRole[r.role] = (p.byRole[r.role] ?? 0) + r.views;
    pages.set(r.path, p);
  }
  const sorted = [...pages.values()].sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
  return {
    from,
    to,
    total: sorted.reduce((s, p) => s + p.views, 0),
    pages: sorted,
    products: await viewsByProduct(db, from, to, PRODUCTS_SHOWN),
  };
}
