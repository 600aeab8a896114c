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

/** Where the server-side counter reports a failed write. */
export interface PageViewLog {
  error(details: object, message: string): void;
}

/**
 * Views of static public pages, counted by the server as it renders them (those pages run no script,
 * so nothing reports them from the browser; docs/analytics.md). `add` only bumps a counter in memory:
 * rendering never waits for the database. The counts are written in one batch a few seconds later
 * (and on shutdown); a failed write is logged and its counts dropped, never retried into a pile-up.
 */
export interface PageViewCounter {
  /** Counts one view of an address (its route pattern) by a user with these roles (null: signed out). */
  add(address: string, roles: readonly string[] | null, now?: Date): void;
  /** Writes what is counted so far; resolves once written (or the failure logged), never rejects. */
  flush(): Promise<void>;
}

export function createPageViewCounter(db: Db, log: PageViewLog, flushMs = 5_000): PageViewCounter {
  let pending = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, number>) {
    for (const [key, count] of batch) {
      const [day, path, role] = key.split("\n") as [string, string, string];
      try {
        await countView(db, { day, path, role, productId: null }, count);
      } catch (err) {
        log.error({ err, path, role, count }, "page views of static pages could not be written");
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = pending;
    pending = new Map();
    writing = writing.then(() => (batch.size ? write(batch) : undefined));
    return writing;
  }

  return {
    add(address, roles, now = new Date()) {
      const key = `${isoDateAt(now)}\n${pagePatternOf(address)}\n${pageViewRole(roles)}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
      if (!timer) {
        timer = setTimeout(() => void flush(), flushMs);
        timer.unref?.();
      }
    },
    flush,
  };
}
