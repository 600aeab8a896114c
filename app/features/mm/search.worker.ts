// The MM fuzzy search off the main thread (SPEC §5: Fuse over productId and description, threshold 0.4,
// every match). Building the index for a few thousand bouquets and searching them take tens to hundreds
// of milliseconds: here they never hold up typing.
import { mmSearch, type MmSearchProduct } from "../../../domain/search.ts";

let products: MmSearchProduct[] = [];

export type SearchRequest =
  | { type: "products"; products: MmSearchProduct[] }
  | { type: "search"; id: number; text: string; category: string; colour: string };
export interface SearchAnswer {
  id: number;
  productIds: string[];
}

self.onmessage = (event: MessageEvent<SearchRequest>) => {
  const msg = event.data;
  if (msg.type === "products") {
    products = msg.products;
    // Build the index now, before the first key.
    mmSearch(products, "a", "all", "all");
    return;
  }
  const answer: SearchAnswer = { id: msg.id, productIds: mmSearch(products, msg.text, msg.category, msg.colour).map((p) => p.productId) };
  self.postMessage(answer);
};
