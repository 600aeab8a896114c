// Catalogue filtering: SPEC §4 "Filters", §5 "Wholesale search" / "MM search".
import Fuse from "fuse.js";
import { MM_FUZZY_THRESHOLD, WHOLESALE_FUZZY } from "./constants.ts";

export interface WholesaleSearchProduct {
  productId: string;
  description: string;
  category: string;
  colour: string;
  quantityRemaining: number;
  special: boolean;
  discountQuantity: number;
  discountQuantity2?: number;
  /** Today's price and the standard price; a lower price today is a discount. */
  price?: number;
  standardPrice?: number;
}

export interface WholesaleFilters {
  categories: readonly string[];
  colours: readonly string[];
  text: string;
  onlyAvailable: boolean;
  onlyDiscounted: boolean;
  comboSpecial: boolean;
  comboProductIds: ReadonlySet<string>;
}

const norm = (value: string | null | undefined): string => (value ?? "").trim().toLowerCase();

/**
 * A product is "discounted" to a buyer when it costs less today than it usually does: it is on
 * special, or today's price is below its standard price. Quantity tiers are not a discount here:
 * nearly every product has them, so a filter on them would keep nearly the whole list. The
 * dashboard's specials, its "All discounted flowers" link (?specials=1) and the "Only discounted"
 * filter all mean this.
 */
export function isDiscounted(product: Pick<WholesaleSearchProduct, "special" | "price" | "standardPrice">): boolean {
  if (product.special) return true;
  return product.price !== undefined && product.standardPrice !== undefined && product.price < product.standardPrice;
}

/**
 * Query words shorter than this match only as substrings: a fuzzy "ab" would match half the list. So
 * do words of anything but letters (product codes, lengths such as "60cm"): ANT-BUR-1012 is not near
 * ANT-BUR-1014.
 */
const FUZZY_MIN_LENGTH = 4;

/** Edits (insert, delete, replace, swap) between two short strings: optimal string alignment distance. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[(i - 2) * cols + j - 2] + 1);
      d[i * cols + j] = v;
    }
  }
  return d[rows * cols - 1];
}

/**
 * Fuse's threshold 0.6 compares a word with any stretch of another ("rose" is near "pROduct"), so a
 * candidate must also be a typo away from the whole word or from its start (the buyer may still be
 * typing): one edit per four letters, at least one.
 */
function isTypoOf(token: string, word: string): boolean {
  const allowed = Math.max(1, Math.floor(token.length / 4));
  if (Math.abs(word.length - token.length) <= allowed && editDistance(token, word) <= allowed) return true;
  for (let n = token.length - allowed; n <= token.length + allowed; n++) {
    if (n > 0 && n < word.length && editDistance(token, word.slice(0, n)) <= allowed) return true;
  }
  return false;
}

interface SearchEntry {
  haystack: string;
  description: string;
  words: readonly string[];
}

const entries = new WeakMap<object, SearchEntry>();

function entryOf(p: WholesaleSearchProduct): SearchEntry {
  let e = entries.get(p);
  if (!e) {
    const haystack = [p.productId, p.description, p.category, p.colour].map(norm).join(" ");
    e = { haystack, description: norm(p.description), words: [...new Set(haystack.split(/\s+/).filter(Boolean))] };
    entries.set(p, e);
  }
  return e;
}

// One fuzzy index of the distinct words of a product list, built once per list (lists are replaced,
// not mutated, when products reload).
interface Vocabulary {
  words: string[];
  fuse: Fuse<string>;
}

const vocabularies = new WeakMap<readonly object[], Vocabulary>();

const FUSE_OPTIONS = { threshold: WHOLESALE_FUZZY.threshold, distance: WHOLESALE_FUZZY.distance, includeScore: true };

function vocabularyOf(products: readonly WholesaleSearchProduct[]): Vocabulary {
  let vocabulary = vocabularies.get(products);
  if (!vocabulary) {
    const set = new Set<string>();
    for (const p of products) for (const w of entryOf(p).words) set.add(w);
    const words = [...set];
    vocabulary = { words, fuse: new Fuse(words, FUSE_OPTIONS) };
    vocabularies.set(products, vocabulary);
  }
  return vocabulary;
}

/**
 * Builds what searching `products` needs, each product's words and the fuzzy index of the list's
 * words, before the first search: `chunk` products (or words) at a time, awaiting `pause()` between
 * chunks, so the first key typed in a list of thousands does not build it all in one long task.
 * Stops when `signal` is aborted (the list was replaced). Searches find the same with or without it.
 */
export async function prepareWholesaleSearch(
  products: readonly WholesaleSearchProduct[],
  pause: () => Promise<void>,
  signal?: AbortSignal,
  chunk = 250,
): Promise<void> {
  if (vocabularies.has(products)) return;
  const set = new Set<string>();
  for (let i = 0; i < products.length; i++) {
    if (i > 0 && i % chunk === 0) {
      await pause();
      if (signal?.aborted || vocabularies.has(products)) return;
    }
    for (const w of entryOf(products[i]).words) set.add(w);
  }
  const words = [...set];
  // The index Fuse would build of `words`, record by record (the same records, in the same order).
  const index = Fuse.createIndex<string>([], []);
  for (let i = 0; i < words.length; i++) {
    if (i > 0 && i % (chunk * 4) === 0) {
      await pause();
      if (signal?.aborted || vocabularies.has(products)) return;
    }
    index.add(words[i], i);
  }
  index.setSources(words);
  vocabularies.set(products, { words, fuse: new Fuse(words, FUSE_OPTIONS, index) });
}

/**
 * Ranks the products a text finds, best first, list order within a rank:
 * 1. the description contains the whole text (SPEC §5's match: everything it finds is found, first);
 * 2. every word of the text appears in the product code, description, category or colour, in any
 *    order ("white lily", "lily white", "ANT-BUR-1012");
 * 3. every word appears or, when no product of the list holds it as typed, is close to a word of the
 *    product (Fuse, SPEC §9's wholesale threshold 0.6 and distance 100: "gerbra", "lilly"), closer
 *    matches first.
 */
export function searchWholesale<T extends WholesaleSearchProduct>(products: readonly T[], text: string, vocabularyList: readonly WholesaleSearchProduct[] = products): T[] {
  const query = norm(text);
  if (query === "") return [...products];
  const tokens = [...new Set(query.split(/\s+/))];
  let near: Map<string, number>[] | null = null;
  const nearWords = () => {
    if (near) return near;
    const { words, fuse } = vocabularyOf(vocabularyList);
    near = tokens.map((t) => {
      const m = new Map<string, number>();
      // A word the list holds as typed is no typo: "lily" finds lilies, not Lilac gerberas.
      const typed = words.some((w) => w.includes(t));
      if (!typed && t.length >= FUZZY_MIN_LENGTH && /^\p{L}+$/u.test(t)) for (const r of fuse.search(t)) if (isTypoOf(t, r.item)) m.set(r.item, r.score ?? 0);
      return m;
    });
    return near;
  };
  const ranked: { product: T; rank: number; score: number; index: number }[] = [];
  products.forEach((product, index) => {
    const e = entryOf(product);
    if (e.description.includes(query)) return void ranked.push({ product, rank: 0, score: 0, index });
    const missing = tokens.map((t, i) => (e.haystack.includes(t) ? -1 : i)).filter((i) => i >= 0);
    if (missing.length === 0) return void ranked.push({ product, rank: 1, score: 0, index });
    const maps = nearWords();
    let score = 0;
    for (const i of missing) {
      let best = Infinity;
      for (const w of e.words) {
        const s = maps[i].get(w);
        if (s !== undefined && s < best) best = s;
      }
      if (best === Infinity) return;
      score += best;
    }
    ranked.push({ product, rank: 2, score, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.score - b.score || a.index - b.index);
  return ranked.map((r) => r.product);
}

/**
 * All filters combine with AND. An empty category or colour selection means all (SPEC §4).
 * Category and colour compare case-insensitively; onlyAvailable keeps pre-confirmed stock
 * (quantityRemaining > 0); comboSpecial keeps products of the combo specials. Without text the input
 * order is kept; with text the products are ranked by searchWholesale.
 */
export function filterWholesale<T extends WholesaleSearchProduct>(products: readonly T[], filters: WholesaleFilters): T[] {
  const categories = filters.categories.length > 0 ? new Set(filters.categories.map(norm)) : null;
  const colours = filters.colours.length > 0 ? new Set(filters.colours.map(norm)) : null;
  const kept = products.filter(
    (p) =>
      (categories === null || categories.has(norm(p.category))) &&
      (colours === null || colours.has(norm(p.colour))) &&
      (!filters.onlyAvailable || p.quantityRemaining > 0) &&
      (!filters.onlyDiscounted || isDiscounted(p)) &&
      (!filters.comboSpecial || filters.comboProductIds.has(p.productId)),
  );
  return norm(filters.text) === "" ? kept : searchWholesale(kept, filters.text, products);
}

export interface MmSearchProduct {
  productId: string;
  description: string;
  category: string;
  colour: string;
}

// The fuzzy index is the costly part; build it once per product list (the list
// is replaced, not mutated, when products reload) rather than per keystroke.
const indexCache = new WeakMap<readonly object[], Fuse<object>>();

function fuseFor<T extends MmSearchProduct>(products: readonly T[]): Fuse<T> {
  let fuse = indexCache.get(products) as Fuse<T> | undefined;
  if (!fuse) {
    fuse = new Fuse(products as T[], { keys: ["productId", "description"], threshold: MM_FUZZY_THRESHOLD });
    indexCache.set(products, fuse as unknown as Fuse<object>);
  }
  return fuse;
}

const matchesAll = (value: string | null | undefined): boolean => {
  const v = norm(value);
  return v === "" || v === "all";
};

/**
 * Fuzzy search (threshold 0.4, other Fuse defaults) over productId and
 * description returning every match, best first; no text keeps list order.
 * Category/colour 'all' (or empty) match everything, otherwise equal ignoring case.
 */
export function mmSearch<T extends MmSearchProduct>(products: readonly T[], text: string, category: string, colour: string): T[] {
  const anyCategory = matchesAll(category);
  const anyColour = matchesAll(colour);
  const wantedCategory = norm(category);
  const wantedColour = norm(colour);
  const keep = (p: T): boolean =>
    (anyCategory || norm(p.category) === wantedCategory) && (anyColour || norm(p.colour) === wantedColour);
  const query = (text ?? "").trim();
  if (query === "") return products.filter(keep);
  return fuseFor(products)
    .search(query)
    .map((r) => r.item)
    .filter(keep);
}
