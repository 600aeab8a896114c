import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { cartsRead } from "../../../db/schema/index.ts";

// The store's own data: the buyer's tools (buyer-tools-repo.ts: vouchers and their uses, favourites,
// reorder), the hold reminder's fields and the cart id of an owner. Products, catalogs, offer lines and
// their stock are the catalog module's (server/modules/catalog); carts, their lines and holds the
// carts engine's (server/modules/carts); orders the orders module's.
export * from "./buyer-tools-repo.ts";

/**
 * The hold-expiry reminder's key, payload and run time from the expiry expression: key
 * `<kind>:<cart id>:<expiry in epoch ms>`, payload `{ cartId, holdExpiresAt }` (ISO, as
 * Date.toISOString writes it), due `leadMs` before the expiry (now at the earliest), only when there
 * is an expiry.
 */
export function holdReminderFields(kind: string, cartId: number | SQL, leadMs: number | SQL, holdExpiresAt: SQL) {
  return {
    // "kind:cartId:expiry ms", with the cart id a value of the statement (its text the same for every cart).
    key: sql`(${`${kind}:`}::text || ${cartId}::int::text || ':' || floor(extract(epoch from ${holdExpiresAt}) * 1000)::bigint::text)`,
    payload: sql`jsonb_build_object('cartId', ${cartId}::int, 'holdExpiresAt', to_char(${holdExpiresAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
    runAt: sql`greatest(now(), ${holdExpiresAt} - ${leadMs}::int * interval '1 millisecond')`,
    when: sql`${holdExpiresAt} is not null`,
  };
}

/** The wholesale cart id of an owner, or 0 when it has none yet (no cart has id 0). */
export async function cartIdOf(db: DbOrTx, owner: { userId: string; customerId: string; retailerId: number }): Promise<number> {
  const [c] = await db
    .select({ id: cartsRead.id })
    .from(cartsRead)
    .where(
      and(eq(cartsRead.userId, owner.userId), eq(cartsRead.customerId, owner.customerId), eq(cartsRead.retailerId, owner.retailerId), eq(cartsRead.store, "wholesale")),
    );
  return c?.id ?? 0;
}

