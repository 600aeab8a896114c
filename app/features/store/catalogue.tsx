import { defaultRangeExtractor, useWindowVirtualizer, type Range, type Virtualizer } from "@tanstack/react-virtual";
import { memo, startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type FocusEvent, type RefObject } from "react";
import type { CartItem, Product } from "../../../contract/store.ts";
import { filterWholesale, prepareWholesaleSearch } from "../../../domain/search.ts";
import { yieldToBrowser } from "../../lib/api.ts";
import { formatMoney } from "../../../domain/money.ts";
import { AvailabilityBadge, canOrder } from "./availability-badge.tsx";
import { offerPricesOf, priceTiers } from "./cart-logic.ts";
import { sortProducts, toWholesaleFilters, type FilterState } from "./filters.ts";
import { ProductPicture } from "./product-picture.tsx";
import { QuantityEntry, type SaveLine } from "./quantity-entry.tsx";
import type { CatalogueView } from "./preferences.ts";
import { responsiveTable as rt } from "../../components/ui/classes.ts";
import { sampleProduct } from "./sample-product.ts";
import { useMedia } from "../../lib/use-media.ts";

/**
 * The products the catalogue lists: those offered for the date, those the server lists as Not
 * Available with the date they are next offered, and anything already in the cart.
 */
export function listedProducts(products: readonly Product[], lines: ReadonlyMap<string, CartItem>): Product[] {
  return products.filter((p) => p.showStore || !!p.nextAvailableDate || lines.has(p.productId));
}

/** Rows rendered beyond the screen's edges, so Tab and arrow scrolling never reach an empty edge. */
const OVERSCAN = 6;
/** The list's rows shown in the first frame of a date's offer (useReveal); the rest of the screen follows. */
const FIRST_ROWS = 5;

export function ColourChip({ hex, name }: { hex: string; name: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span aria-hidden="true" className="inline-block h-3.5 w-3.5 shrink-0 rounded-full border border-ink/25" style={{ background: hex || "#ccc" }} />
      {name}
    </span>
  );
}

function Badges({ product, combo }: { product: Product; combo: boolean }) {
  return (
    <>
      {product.special && <span className="rounded bg-petal px-1.5 py-px text-xs font-semibold text-white">Special</span>}
      {combo && <span className="rounded border border-petal px-1.5 py-px text-xs font-semibold text-petal">Combo</span>}
      {product.isFinalProduct && <span className="rounded border border-sage px-1.5 py-px text-xs text-sage">Limited stock</span>}
    </>
  );
}

/** Base prices (tier 0) with the standard price struck through on a special. */
function PriceCell({ cents, standardCents, per }: { cents: number; standardCents: number; per?: string }) {
  const reduced = cents < standardCents;
  return (
    <span className="inline-flex flex-col items-end tabular">
      <span className={reduced ? "font-semibold text-petal" : "font-semibold"}>{formatMoney(cents)}</span>
      {reduced && (
        <span className="text-xs text-sage line-through">
          <span className="sr-only">was </span>
          {formatMoney(standardCents)}
        </span>
      )}
      {per && <span className="text-xs text-sage">{per}</span>}
    </span>
  );
}

function TierNote({ product }: { product: Product }) {
  const tiers = priceTiers(product).slice(1);
  if (tiers.length === 0) return null;
  return (
    <ul className="mt-0.5 text-xs whitespace-nowrap text-leaf-dark" aria-label="Quantity prices per bunch">
      {tiers.map((t) => (
        <li key={t.label} className="tabular">
          {t.label.replace(" bunches", "")}: {formatMoney(t.pailBunchCents)}
        </li>
      ))}
    </ul>
  );
}

/** Star a product for the buying account: a toggle button (pressed = a favourite). */
export function FavouriteStar({ product, starred, onStar }: { product: Pick<Product, "productId" | "description">; starred: boolean; onStar: (productId: string, star: boolean) => void }) {
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={`Favourite: ${product.description}`}
      title={starred ? "Remove from favourites" : "Add to favourites"}
      onClick={() => onStar(product.productId, !starred)}
      className={`grid h-9 w-9 shrink-0 place-items-center rounded-full hover:bg-mist ${starred ? "text-[#a15c00]" : "text-sage"}`}
    >
      {/* A drawn star, not a text glyph: the button's name is its label, its text stays empty. */}
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill={starred ? "currentColor" : "none"} stroke="currentColor" strokeWidth={1.8} strokeLinejoin="round">
        <path d="M12 2.8l2.84 5.76 6.36.92-4.6 4.48 1.09 6.33L12 17.3l-5.69 2.99 1.09-6.33-4.6-4.48 6.36-.92z" />
      </svg>
    </button>
  );
}

interface RowProps {
  product: Product;
  line: CartItem | undefined;
  combo: boolean;
  starred: boolean;
  onOpen: (productId: string) => void;
  onSave: SaveLine;
  onStar: (productId: string, star: boolean) => void;
}

/**
 * The list's columns, one template for the header and every row (rows are positioned on their own,
 * so they cannot share a table's column widths): the product takes what the others leave.
 */
const LIST_COLUMNS = "md:grid md:grid-cols-[minmax(16rem,1fr)_8.5rem_7rem_6.5rem_14rem]";
/** A list row (or its header): a grid row on wider screens, a stacked card of labelled cells below md. */
const listRow = `${rt.tr} ${LIST_COLUMNS} md:items-center`;
/**
 * Below md a row is a compact card: the product across the top, then availability and the two prices
 * side by side (each under a small label), then the quantities. Three short rows, not five.
 */
const cardRow = "max-md:!grid max-md:grid-cols-[minmax(0,1fr)_auto_auto] max-md:gap-x-4 max-md:gap-y-1";
const cardWhole = "max-md:col-span-3";
const cardFigure =
  "max-md:flex-col max-md:items-start max-md:justify-start max-md:gap-0.5 max-md:before:text-[11px] max-md:before:tracking-wide max-md:before:uppercase";

const ProductRow = memo(function ProductRow({
  product,
  line,
  combo,
  starred,
  onOpen,
  onSave,
  onStar,
  index,
  start,
  measure,
}: RowProps & { index: number; start: number; measure: (el: HTMLDivElement | null) => void }) {
  const prices = offerPricesOf(product);
  const pailCents = product.special ? prices.priceCents : prices.standardPriceCents;
  const looseCents = product.special ? prices.priceNoPailCents : prices.standardPriceNoPailCents;
  const orderable = canOrder(product);
  const pack = `${product.unitOfMeasureQty > 0 ? `${product.unitOfMeasureQty} bunches/pail` : "By the bunch"} · ${product.stemsPerBunch} stems`;
  return (
    <div
      role="row"
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className={`${listRow} ${cardRow} absolute inset-x-0 top-0 [contain:layout_style] ${line ? "bg-leaf-light/40" : ""}`}
      style={{ transform: `translateY(${start}px)` }}
    >
      <div role="cell" className={`${rt.td} ${cardWhole} max-md:!block`} data-label="">
        <div className="flex items-start gap-1">
          <div className="min-w-0 flex-1 pt-1.5">
            <button type="button" className="text-left font-semibold leading-snug text-ink underline-offset-2 hover:text-leaf hover:underline" onClick={() => onOpen(product.productId)}>
              {product.description}
            </button>
            <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-sage">
              <ColourChip hex={product.colourHex} name={product.colour} />
              <span className="whitespace-nowrap">{pack}</span>
              <span className="tabular">{product.productId}</span>
              <Badges product={product} combo={combo} />
            </div>
          </div>
          <FavouriteStar product={product} starred={starred} onStar={onStar} />
        </div>
      </div>
      <div role="cell" className={`${rt.td} ${cardFigure} md:whitespace-nowrap`} data-label="Availability">
        <AvailabilityBadge product={product} />
      </div>
      <div role="cell" className={`${rt.td} ${cardFigure} md:text-right`} data-label="Bunch in pail">
        <span className="inline-flex flex-col md:items-end">
          <PriceCell cents={pailCents} standardCents={prices.standardPriceCents} />
          <TierNote product={product} />
        </span>
      </div>
      <div role="cell" className={`${rt.td} ${cardFigure} md:text-right`} data-label="Loose bunch">
        <PriceCell cents={looseCents} standardCents={prices.standardPriceNoPailCents} />
      </div>
      <div role="cell" className={`${rt.td} ${cardWhole} max-md:!block max-md:pt-1.5 md:whitespace-nowrap`} data-label="">
        {orderable ? (
          <QuantityEntry product={product} line={line} onSave={onSave} />
        ) : (
          <span className="text-sm text-sage">Cannot be ordered for this date</span>
        )}
      </div>
    </div>
  );
});

const ProductCard = memo(function ProductCard({ product, line, combo, starred, onOpen, onSave, onStar, index, count }: RowProps & { index: number; count: number }) {
  const prices = offerPricesOf(product);
  const pailCents = product.special ? prices.priceCents : prices.standardPriceCents;
  const looseCents = product.special ? prices.priceNoPailCents : prices.standardPriceNoPailCents;
  const orderable = canOrder(product);
  return (
    <div
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={count}
      className={`flex flex-col overflow-hidden rounded-xl border bg-white [contain:content] ${line ? "border-leaf" : "border-line"}`}
    >
      <div className="relative h-40 bg-gradient-to-b from-paper to-mist">
        <ProductPicture image={product.image} colourHex={product.colourHex} className="mx-auto h-40 w-[133px]" />
        {product.special && <span className="absolute top-2 left-2 rounded bg-petal px-2 py-0.5 text-xs font-semibold text-white">Special</span>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <div className="flex items-start gap-1">
          <button type="button" className="flex-1 text-left font-semibold leading-snug text-ink hover:text-leaf hover:underline" onClick={() => onOpen(product.productId)}>
            {product.description}
          </button>
          <FavouriteStar product={product} starred={starred} onStar={onStar} />
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm text-sage">
          <ColourChip hex={product.colourHex} name={product.colour} />
          {combo && <span className="rounded border border-petal px-1.5 text-xs font-semibold text-petal">Combo</span>}
        </div>
        <AvailabilityBadge product={product} />
        <dl className="grid grid-cols-2 gap-x-2 text-sm">
          <dt className="text-sage">Bunch in pail</dt>
          <dd className="text-right">
            <PriceCell cents={pailCents} standardCents={prices.standardPriceCents} per={product.unitOfMeasureQty > 0 ? `${product.unitOfMeasureQty} / pail` : undefined} />
          </dd>
          <dt className="text-sage">Loose bunch</dt>
          <dd className="text-right">
            <PriceCell cents={looseCents} standardCents={prices.standardPriceNoPailCents} />
          </dd>
        </dl>
        <div className="mt-auto pt-1">
          {orderable ? (
            <QuantityEntry product={product} line={line} onSave={onSave} layout="card" />
          ) : (
            <span className="text-sm text-sage">Cannot be ordered for this date</span>
          )}
        </div>
      </div>
    </div>
  );
});

/** The narrowest a card may be; the grid fits as many columns of at least this width as it can. */
const CARD_MIN_WIDTH = 220;
const GRID_GAP = 12;
/** What the windowed list and the windowed grid are given. */
interface WindowedProps {
  shown: readonly Product[];
  lines: ReadonlyMap<string, CartItem>;
  comboIds: ReadonlySet<string>;
  favourites: ReadonlySet<string>;
  onOpen: (productId: string) => void;
  onSave: SaveLine;
  onStar: (productId: string, star: boolean) => void;
}

/** What a windowed list gives the row or card of one product. */
function rowPropsOf(props: WindowedProps, product: Product): RowProps {
  return {
    product,
    line: props.lines.get(product.productId),
    combo: props.comboIds.has(product.productId),
    starred: props.favourites.has(product.productId),
    onOpen: props.onOpen,
    onSave: props.onSave,
    onStar: props.onStar,
  };
}

/**
 * Where a windowed list starts on the page (the window scrolls; rows are offset from this point) and
 * how wide it is. Content above it (alerts, the date picker, the filters on small screens) may change
 * height, so it is measured again whenever the page's size changes. Measured after the list's first
 * paint (an effect, not a layout effect): until then `placed` is false and the list renders no rows,
 * so a date's offer arriving is two short tasks (the page, then its rows) rather than one long one
 * that renders the rows twice. Until the rows are first shown, placing them is a transition: React renders the rows in slices
 * that yield to the browser, and it is never pulled into a synchronous render (the virtualizer's
 * layout effect sets state, which flushes pending effects and renders at once).
 */
function usePlacement(ref: RefObject<HTMLElement | null>) {
  const [placement, setPlacement] = useState({ margin: 0, width: 0, placed: false });
  const placed = useRef(false);
  useEffect(() => {
    placed.current = placement.placed;
  }, [placement.placed]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const rect = el.getBoundingClientRect();
      const margin = Math.round(rect.top + window.scrollY);
      const width = rect.width;
      const place = () => setPlacement((p) => (p.placed && Math.abs(p.margin - margin) <= 1 && p.width === width ? p : { margin, width, placed: true }));
      if (placed.current) place();
      else startTransition(place);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(document.body);
    return () => ro.disconnect();
  }, [ref]);
  return placement;
}

/**
 * A date's offer is first shown in stages, one frame apart, so no one frame styles and lays out a
 * whole screen of rows: first the first `first` rows (or rows of cards) on screen, then every row on
 * screen, then the rows beyond the screen's edges (`overscan`). Each stage is a transition started
 * after the previous stage was painted. Returns the most rows to render (undefined: no limit) and
 * the overscan to use.
 */
function useReveal(placed: boolean, first: number, overscan: number): { limit: number | undefined; overscan: number } {
  const [stage, setStage] = useState(0);
  useEffect(() => {
    if (!placed || stage >= 2) return;
    let t: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      t = setTimeout(() => startTransition(() => setStage((s) => Math.min(2, s + 1))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(t);
    };
  }, [placed, stage]);
  return { limit: stage === 0 ? first : undefined, overscan: stage === 2 ? overscan : 0 };
}

/**
 * The row holding keyboard focus stays in the page even when scrolled away, so focus is never lost:
 * `onFocus` (on the rows' container) remembers it, `rangeExtractor` keeps it rendered. `limit`, while
 * the list is first revealed (useReveal), keeps only the first rows of the range.
 */
function useKeptFocus(limit?: number) {
  const focused = useRef<number | null>(null);
  const rangeExtractor = useCallback((range: Range) => {
    const all = defaultRangeExtractor(range);
    const indexes = limit === undefined ? all : all.slice(0, limit);
    const f = focused.current;
    if (f !== null && f < range.count && !indexes.includes(f)) return [...indexes, f].sort((a, b) => a - b);
    return indexes;
  }, [limit]);
  const onFocus = useCallback((e: FocusEvent<HTMLElement>) => {
    const row = (e.target as HTMLElement).closest("[data-index]");
    focused.current = row ? Number(row.getAttribute("data-index")) : null;
  }, []);
  return { rangeExtractor, onFocus };
}

/**
 * Measures a row from its ResizeObserver entry only: a row just put in the page keeps its known (or
 * estimated) size until the observer reports it after the next layout, so rendering rows never forces
 * a layout.
 */
function observedSize(el: Element, entry: ResizeObserverEntry | undefined, v: Virtualizer<Window, Element>): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = Number(el.getAttribute("data-index"));
  return v.measurementsCache[index]?.size ?? v.options.estimateSize(index);
}

/** A card row's height before it is measured (a card's usual height plus the gap). */
const CARD_ROW_ESTIMATE = 430;

/**
 * The grid, windowed by rows of cards: only the rows near the screen are in the page (the same
 * window scroll as the list). Columns come from the grid's width; a row's height is measured by a
 * ResizeObserver (no layout forced while scrolling), and each card is contained so a change inside
 * one never lays out the others.
 */
function VirtualGrid(props: WindowedProps) {
  const { shown } = props;
  const box = useRef<HTMLDivElement>(null);
  const { margin, width, placed } = usePlacement(box);
  const columns = width ? Math.max(1, Math.floor((width + GRID_GAP) / (CARD_MIN_WIDTH + GRID_GAP))) : 4;
  const { limit, overscan } = useReveal(placed, 1, 2);
  const { rangeExtractor, onFocus } = useKeptFocus(limit);
  const v = useWindowVirtualizer({
    count: Math.ceil(shown.length / columns),
    estimateSize: () => CARD_ROW_ESTIMATE,
    overscan,
    scrollMargin: margin,
    getItemKey: (i) => `${columns}:${shown[i * columns]!.productId}`,
    rangeExtractor,
    measureElement: observedSize,
    useFlushSync: false,
  });
  return (
    <div role="region" aria-label="Flowers">
      <div ref={box} role="list" aria-label="Flowers, as cards" className="relative [contain:strict] [overflow-anchor:none]" style={{ height: v.getTotalSize() }} onFocus={onFocus}>
        {placed && v.getVirtualItems().map((row) => (
          <div
            key={row.key}
            ref={v.measureElement}
            data-index={row.index}
            className="absolute inset-x-0 top-0 grid [contain:layout]"
            style={{ transform: `translateY(${row.start - margin}px)`, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: GRID_GAP, paddingBottom: GRID_GAP }}
          >
            {shown.slice(row.index * columns, row.index * columns + columns).map((p, i) => (
              <ProductCard key={p.productId} index={row.index * columns + i} count={shown.length} {...rowPropsOf(props, p)} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The space between stacked rows below md (the rows are cards there). */
const STACK_GAP = 12;

/**
 * The list's rows, windowed: only the rows near the screen are in the page, each positioned on its
 * own (translateY) in a box as tall as the whole list. The box is size-contained (`contain: strict`),
 * so a row entering, leaving or changing lays out that row alone, never the page around it.
 */
function VirtualRows(props: WindowedProps) {
  const { shown } = props;
  const body = useRef<HTMLDivElement>(null);
  const stacked = !useMedia("(min-width: 768px)");
  const { margin, placed } = usePlacement(body);
  const { limit, overscan } = useReveal(placed, FIRST_ROWS, OVERSCAN);
  const { rangeExtractor, onFocus } = useKeptFocus(limit);
  const v = useWindowVirtualizer({
    count: shown.length,
    estimateSize: () => (stacked ? 250 : 78),
    gap: stacked ? STACK_GAP : 0,
    overscan,
    scrollMargin: margin,
    getItemKey: (i) => shown[i]!.productId,
    rangeExtractor,
    measureElement: observedSize,
    // Scroll updates render with React's normal batching rather than one synchronous render per event.
    useFlushSync: false,
  });
  return (
    <div
      ref={body}
      role="rowgroup"
      className="relative [contain:strict] [overflow-anchor:none]"
      style={{ height: v.getTotalSize() }}
      onFocus={onFocus}
    >
      {placed && v.getVirtualItems().map((item) => {
        const p = shown[item.index]!;
        return (
          <ProductRow key={p.productId} index={item.index} start={item.start - margin} measure={v.measureElement} {...rowPropsOf(props, p)} />
        );
      })}
    </div>
  );
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
const NOT_YET: Product[] = [];

/**
 * The offer lines for the chosen date, filtered (domain filterWholesale on a deferred copy of the
 * filters so typing stays responsive) and sorted. The list is windowed (@tanstack/react-virtual on
 * the page's own scroll), and so is the grid, by rows of cards.
 */
export function Catalogue({
  products,
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
  const offered = useDeferredValue(products, NOT_YET);
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
  useEffect(() => {
    if (listed.length === 0) return;
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
  }, [listed]);

  if (offered === NOT_YET) {
    return (
      <p className="mb-2 text-sm text-sage" role="status">
        Listing the flowers…
      </p>
    );
  }
  return (
    <div className={stale ? "opacity-70 transition-opacity" : "transition-opacity"}>
      <p className="mb-2 text-sm text-sage" role="status" aria-live="polite" aria-atomic="true">
        {visible.length === listed.length
          ? `${visible.length.toLocaleString("en-US")} products`
          : `${visible.length.toLocaleString("en-US")} of ${listed.length.toLocaleString("en-US")} products match`}
      </p>
      {visible.length === 0 ? (
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
          <div role="table" aria-label="Flowers offered for the chosen date" aria-rowcount={visible.length + 1} className="text-sm md:min-w-[52rem]">
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
            <VirtualRows shown={visible} lines={lines} comboIds={comboIds} favourites={favourites} onOpen={onOpen} onSave={onSave} onStar={onStar} />
          </div>
        </div>
      ) : (
        <VirtualGrid shown={visible} lines={lines} comboIds={comboIds} favourites={favourites} onOpen={onOpen} onSave={onSave} onStar={onStar} />
      )}
    </div>
  );
}
