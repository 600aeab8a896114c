// The windowed list and grid of the catalogue: only the rows near the screen are drawn, placed by the
// window's scroll; focus and the first frame are kept steady. Split out of catalogue.tsx.
import { defaultRangeExtractor, useWindowVirtualizer, type Range, type Virtualizer } from "@tanstack/react-virtual";
import { startTransition, useCallback, useEffect, useRef, useState, type FocusEvent, type RefObject } from "react";
import type { CartItem, Product } from "../../../contract/store.ts";
import type { SaveLine } from "./quantity-entry.tsx";
import { useMedia } from "../../lib/use-media.ts";
import { ProductCard, ProductRow, type RowProps } from "./catalogue-rows.tsx";

/** Rows rendered beyond the screen's edges, so Tab and arrow scrolling never reach an empty edge. */
const OVERSCAN = 6;
/** The list's rows shown in the first frame of a date's offer (useReveal); the rest of the screen follows. */
const FIRST_ROWS = 5;

/** The narrowest a card may be; the grid fits as many columns of at least this width as it can. */
const CARD_MIN_WIDTH = 220;
const GRID_GAP = 12;
/** What the windowed list and the windowed grid are given. */
export interface WindowedProps {
  shown: readonly Product[];
  lines: ReadonlyMap<string, CartItem>;
  comboIds: ReadonlySet<string>;
  favourites: ReadonlySet<string>;
  onOpen: (productId: string) => void;
  onSave: SaveLine;
  onStar: (productId: string, star: boolean) => void;
  /** Held rows of another date, updating: nothing of their stock or prices is shown (RowProps.pending). */
  pending?: boolean;
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
    pending: props.pending,
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
export function VirtualGrid(props: WindowedProps) {
  const { shown } = props;
  const box = useRef<HTMLDivElement>(null);
  const { margin, width, placed } = usePlacement(box);
  const columns = width ? Math.max(1, Math.floor((width + GRID_GAP) / (CARD_MIN_WIDTH + GRID_GAP))) : 4;
  const { limit, overscan } = useReveal(placed, 1, 2);
  const { rangeExtractor, onFocus } = useKeptFocus(limit);
  // Kept while the list and columns are the same: a new key function makes the virtualizer place
  // every row of thousands again (its measurements are kept by it), on each render, scrolling too.
  const getItemKey = useCallback((i: number) => `${columns}:${shown[i * columns]!.productId}`, [shown, columns]);
  const v = useWindowVirtualizer({
    count: Math.ceil(shown.length / columns),
    estimateSize: () => CARD_ROW_ESTIMATE,
    overscan,
    scrollMargin: margin,
    getItemKey,
    rangeExtractor,
    measureElement: observedSize,
    useFlushSync: false,
  });
  return (
    <div role="region" aria-label="Flowers">
      <div ref={box} role="list" aria-label="Flowers, as cards" aria-busy={props.pending ? true : undefined} className="relative [contain:strict] [overflow-anchor:none]" style={{ height: v.getTotalSize() }} onFocus={onFocus}>
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
export function VirtualRows(props: WindowedProps) {
  const { shown } = props;
  const body = useRef<HTMLDivElement>(null);
  const stacked = !useMedia("(min-width: 768px)");
  const { margin, placed } = usePlacement(body);
  const { limit, overscan } = useReveal(placed, FIRST_ROWS, OVERSCAN);
  const { rangeExtractor, onFocus } = useKeptFocus(limit);
  // Kept while the list is the same (see VirtualGrid).
  const getItemKey = useCallback((i: number) => shown[i]!.productId, [shown]);
  const v = useWindowVirtualizer({
    count: shown.length,
    estimateSize: () => (stacked ? 250 : 78),
    gap: stacked ? STACK_GAP : 0,
    overscan,
    scrollMargin: margin,
    getItemKey,
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
