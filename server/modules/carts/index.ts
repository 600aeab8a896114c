// The carts engine's public face (issue 24 "one carts engine for both stores"): it owns carts, their
// lines and the holds of both stores. The store and mm modules save through saveCartWith with their
// policy; the orders module empties a cart inside the order's write with emptyCartSql; the owners
// of stock check other carts' holds inside their own statements with the *HeldByOthers pieces.
export { saveCartWith, STALE_CART_MESSAGE, type CartPolicy, type LockedCart, type SavePlan } from "./engine.ts";
export {
  activeHeldQuantity,
  bouquetHeldByOthersSql,
  bouquetHoldsByOwner,
  bouquetHoldsFingerprintSql,
  bouquetNextHoldExpirySql,
  bouquetsHeldByOthers,
  cartById,
  cartHoldingOn,
  catalogLinesHeldByOthers,
  cartAtVersionSql,
  cartIdSql,
  cartLinesOf,
  cartLinesOfOwner,
  cartOf,
  emptyCartSql,
  ensureCart,
  lockCartRow,
  nextHoldExpiry,
  offerLineHeldByOthersSql,
  holdSumsOf,
  offerLineHoldsByOwner,
  offerLineHoldsFingerprintSql,
  offerLinesHeldByOthers,
  releaseCartHolds,
  type AlongsideSql,
  type CartLineRow,
  type CartOwner,
  type CartRow,
  type CartStore,
  type HoldSums,
  type OwnerHold,
  type SavedLine,
} from "./repo.ts";
export type { ExtraInsert } from "./repo-write.ts";
