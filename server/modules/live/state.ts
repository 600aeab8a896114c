// A live channel's state: one read of a catalog's stock with its holds added up, an event id that is
// the same on every instance for the same database state, and what each buyer may still take.
import { createHash } from "node:crypto";
import { freeStock } from "../../../domain/free-stock.ts";
import type { CatalogStock } from "./repo.ts";

export interface State extends CatalogStock {
  id: string;
  /** Held per product by every owner together. */
  held: Map<string, number>;
}

/** What a buyer may still take of a line: stock before holds minus the holds of everybody else. */
export const quantityFor = (s: State, owner: string, productId: string): number | undefined => {
  const base = s.base.get(productId);
  if (base === undefined) return undefined;
  const others = (s.held.get(productId) ?? 0) - (s.holds.get(owner)?.get(productId) ?? 0);
  return freeStock({ stock: base, ordered: 0, heldByOthers: others });
};

export function stateOf(stock: CatalogStock): State {
  const h = createHash("sha1");
  h.update(`${stock.terms};`);
  for (const k of [...stock.base.keys()].sort()) h.update(`${k}=${stock.base.get(k)};`);
  for (const o of [...stock.holds.keys()].sort()) {
    const held = stock.holds.get(o)!;
    h.update(`|${o}:`);
    for (const k of [...held.keys()].sort()) h.update(`${k}=${held.get(k)};`);
  }
  const held = new Map<string, number>();
  for (const own of stock.holds.values()) for (const [p, q] of own) held.set(p, (held.get(p) ?? 0) + q);
  return { ...stock, held, id: h.digest("base64url").slice(0, 16) };
}
