// What other modules may use of the store: the stock primitives behind the never-oversold invariant.
export { heldByOthers, loadBuyer, lockOfferLines, type Buyer, type OfferLineRow } from "./repo.ts";
export { freeQuantity } from "./pricing.ts";
