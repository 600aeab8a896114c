import { useDeferredValue, useEffect, useMemo } from "react";
import type { CartItem, Product } from "../../../contract/store.ts";
import { filterWholesale, prepareWholesaleSearch } from "../../../domain/search.ts";
import { yieldToBrowser } from "../../lib/api.ts";
import { sortProducts, toWholesaleFilters, type FilterState } from "./filters.ts";
import type { SaveLine } from "./quantity-entry.tsx";
import type { CatalogueView } from "./preferences.ts";
import { responsiveTable as rt } from "../../components/ui/classes.ts";
import { sampleProduct } from "./sample-product.ts";
import { LIST_COLUMNS, ProductCard, ProductRow, type RowProps } from "./catalogue-rows.tsx";
import { VirtualGrid, VirtualRows } from "./catalogue-windowed.tsx";

/**
 * The products the catalogue lists: those offered for the date, those the server lists as Not
 * Available with the date they are next offered, and anything already in the cart.
 */
export function listedProducts(products: readonly Product[], lines: ReadonlyMap<string, CartItem>): Product[] {
  return products.filter((p) => p.showStore || !!p.nextAvailableDate || lines.has(p.productId));
}

/** A made-up product for CatalogueWarmUp: never listed, never read by anyone. */
const WARM_UP_PRODUCT: Product = sampleProduct({
  productId: "WARM-UP",
  image: "",
  isFinalProduct: true,
  special: true,
  price: 1.25,
  priceNoPail: 1.5,
  discountPrice: 1.2,
  discountPriceNoPail: 1.4,
  discountPrice2: 1.1,
  discountPriceNoPail2: 1.3,
  offerOrderNumber: 0,
});
const noop = () => undefined;
const noSave: SaveLine = () => Promise.resolve(false);

/**
 * One row (or card) of a made-up product, styled and laid out but never shown (visibility hidden,
 * out of the accessibility tree, inert), while a date's offer is being read. The browser's first
 * row of the store costs several times what the next ones do (its fonts, weights, form fields and
 * drawings are met for the first time); this pays that while the page waits for the server, not in
 * the frame that first shows the list.
 */
export function CatalogueWarmUp({ view }: { view: CatalogueView }) {
  const props: RowProps = { product: WARM_UP_PRODUCT, line: undefined, combo: true, starred: false, onOpen: noop, onSave: noSave, onStar: noop };
  return (
    <div aria-hidden="true" inert className="pointer-events-none invisible fixed inset-x-0 top-0 h-0 overflow-hidden">
      {view === "list" ? (
        <div className="relative text-sm md:min-w-[52rem]">
          <ProductRow index={-1} start={0} measure={noop} {...props} />
        </div>
      ) : (
        <div className="w-[240px]">
          <ProductCard index={0} count={1} {...props} />
        </div>
      )}
    </div>
  );
}

/** What the catalogue lists before its first full render (see Catalogue). */
const NOT_YET = { products: [] as Product[], whole: false, pending: null as string | null };

/**
 * The offer lines for the chosen date, filtered (domain filterWholesale on a deferred copy of the
 * filters so typing stays responsive) and sorted. The list is windowed (@tanstack/react-virtual on
 * the page's own scroll), and so is the grid, by rows of cards.
 */
export function Catalogue({
  products,
  complete = true,
  pendingFor = null,
  filters,
  comboIds,
  lines,
  view,
  favourites,
  onOpen,
  onSave,
  onStar,
}: {
  products: Product[];
  /** False while `products` are only the first rows of the date's offer: the count waits for the rest. */
  complete?: boolean;
  /**
   * The date (its text) the list is updating for, while `products` are another date's (held rows): no
   * availability, price or quantity entry of theirs is shown, nothing can be ordered, and no count.
   */
  pendingFor?: string | null;
  filters: FilterState;
  comboIds: ReadonlySet<string>;
  lines: ReadonlyMap<string, CartItem>;
  view: CatalogueView;
  favourites: ReadonlySet<string>;
  onOpen: (productId: string) => void;
  onSave: SaveLine;
  onStar: (productId: string, star: boolean) => void;
}) {
  const deferred = useDeferredValue(filters);
  // A date's offer (thousands of products) is listed in a render of its own, after the page around
  // it has been shown: the first render has nothing yet (a short note), the second the list.
  // With it, whether it is the whole offer or its first rows (the count waits for the whole offer), and
  // whether its rows are held ones: deferred together, so held rows are never drawn as orderable.
  const offer = useDeferredValue(
    useMemo(() => ({ products, whole: complete && !pendingFor, pending: pendingFor }), [products, complete, pendingFor]),
    NOT_YET,
  );
  const offered = offer.products;
  const whole = offer.whole;
  const pending = offer.pending;
  const listed = useMemo(() => listedProducts(offered, lines), [offered, lines]);
  const matching = useMemo(() => filterWholesale(listed, toWholesaleFilters(deferred, comboIds)), [listed, deferred, comboIds]);
  // Favourites change while the list is shown (a star clicked): only this step runs again.
  const visible = useMemo(() => {
    const kept = deferred.onlyFavourites ? matching.filter((p) => favourites.has(p.productId)) : matching;
    return sortProducts(kept, deferred.sort);
  }, [matching, deferred.onlyFavourites, deferred.sort, favourites]);
  const stale = deferred !== filters;
  // The search's words and fuzzy index are built in slices while the page is idle once the list is
  // shown, so the first key typed in thousands of flowers finds them ready (prepareWholesaleSearch).
  // Only for the date's whole offer: held rows and first rows are replaced within moments, and an
  // index of theirs would be thrown away while it competes with the date's list (issue 30).
  useEffect(() => {
    if (listed.length === 0 || !whole) return;
    const stop = new AbortController();
    const prepare = () => void prepareWholesaleSearch(listed, yieldToBrowser, stop.signal);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(prepare, { timeout: 1000 });
      return () => {
        stop.abort();
        window.cancelIdleCallback(id);
      };
    }
    const t = setTimeout(prepare, 200);
    return () => {
      stop.abort();
      clearTimeout(t);
    };
  }, [listed, whole]);

  if (offer === NOT_YET) {
    return (
      <p className="mb-2 text-sm text-sage" role="status">
        Listing the flowers…
      </p>
    );
  }
  return (
    <div className={stale ? "opacity-70 transition-opacity" : "transition-opacity"}>
      <p className="mb-2 text-sm text-sage" role="status" aria-live="polite" aria-atomic="true">
        {pending
          ? `Updating the flowers for ${pending}…`
          : !whole
          ? "Listing the flowers…"
          : visible.length === listed.length
          ? `${visible.length.toLocaleString("en-US")} products`
          : `${visible.length.toLocaleString("en-US")} of ${listed.length.toLocaleString("en-US")} products match`}
      </p>
      {visible.length === 0 && !whole ? null : visible.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line bg-white p-8 text-center">
          <p className="font-semibold">{deferred.onlyFavourites && favourites.size === 0 ? "You have no favourites yet." : "No flowers match these filters."}</p>
          <p className="mt-1 text-sm text-sage">
            {deferred.onlyFavourites && favourites.size === 0
              ? "Star a flower (☆ beside its name) to keep it here."
              : "Clear a filter or try a shorter search word."}
          </p>
        </div>
      ) : view === "list" ? (
        <div role="region" aria-label="Flowers" tabIndex={0} className="md:overflow-x-auto md:rounded-xl md:border md:border-line md:bg-white">
          {/* A table in roles, not <table>: its rows are positioned one by one (see VirtualRows), which
              a table's layout does not allow. The row count and each row's index give the whole list. */}
          <div role="table" aria-label="Flowers offered for the chosen date" aria-rowcount={visible.length + 1} aria-busy={pending ? true : undefined} className="text-sm md:min-w-[52rem]">
            <div role="rowgroup" className={rt.thead}>
              <div role="row" aria-rowindex={1} className={`${LIST_COLUMNS} border-b-2 border-line`}>
                <div role="columnheader" className={rt.th}>
                  Product
                </div>
                <div role="columnheader" className={rt.th}>
                  Availability
                </div>
                <div role="columnheader" className={`${rt.th} text-right whitespace-nowrap`}>
                  Bunch in pail
                </div>
                <div role="columnheader" className={`${rt.th} text-right whitespace-nowrap`}>
                  Loose bunch
                </div>
                <div role="columnheader" className={rt.th}>
                  Quantity <span className="font-normal normal-case">(pails · bunches)</span>
                </div>
              </div>
            </div>
            <VirtualRows shown={visible} lines={lines} comboIds={comboIds} favourites={favourites} onOpen={onOpen} onSave={onSave} onStar={onStar} pending={!!pending} />
          </div>
        </div>
      ) : (
        <VirtualGrid shown={visible} lines={lines} comboIds={comboIds} favourites={favourites} onOpen={onOpen} onSave={onSave} onStar={onStar} pending={!!pending} />
      )}
    </div>
  );
}
