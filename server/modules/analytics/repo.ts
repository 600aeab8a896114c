// All SQL of page-view counting.
import { and, desc, eq, gte, lte, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { pageViews, productsRead } from "../../../db/schema/index.ts";

/**
 * Adds `count` views (one by default) to the day's counter of (page, role, product). A product id that
 * names no product is counted without it, so the table never holds a string a visitor made up.
 */
export async function countView(db: DbOrTx, view: { day: string; path: string; role: string; productId: string | null }, count = 1): Promise<void> {
  const product = view.productId
    ? sql`coalesce((select ${productsRead.productId} from ${productsRead} where ${productsRead.productId} = ${view.productId}), '')`
    : sql`''`;
  await db.execute(sql`
    insert into ${pageViews} (day, path, role, product_id, count)
    values (${view.day}::date, ${view.path}, ${view.role}, ${product}, ${count}::int)
    on conflict (day, path, role, product_id) do update set count = ${pageViews}.count + excluded.count`);
}

export async function viewsByPage(db: DbOrTx, from: string, to: string) {
  return db
    .select({ path: pageViews.path, role: pageViews.role, views: sql<number>`sum(${pageViews.count})::int`.mapWith(Number) })
    .from(pageViews)
    .where(and(gte(pageViews.day, from), lte(pageViews.day, to)))
    .groupBy(pageViews.path, pageViews.role);
}

export async function viewsByProduct(db: DbOrTx, from: string, to: string, limit: number) {
  return db
    .select({
      productId: pageViews.productId,
      description: sql<string>`coalesce(min(${productsRead.description}), ${pageViews.productId})`,
      views: sql<number>`sum(${pageViews.count})::int`.mapWith(Number),
    })
    .from(pageViews)
    .leftJoin(productsRead, eq(productsRead.productId, pageViews.productId))
    .where(and(gte(pageViews.day, from), lte(pageViews.day, to), ne(pageViews.productId, "")))
    .groupBy(pageViews.productId)
    .orderBy(desc(sql`sum(${pageViews.count})`), pageViews.productId)
    .limit(limit);
}
