// The MM store's bouquets, windowed: with 2,000 bouquets only the rows near the viewport are in the
// page (@tanstack/react-virtual, scrolled by the window), so a keystroke in the search box renders a
// screenful, not the whole list. One <li> per bouquet, each saying where it is in the whole list
// (aria-posinset / aria-setsize). Keyboard: Tab moves through the rendered rows; focusing a row near
// the edge scrolls it into view, which renders the next ones (overscan), so every row is reachable.
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import type { MmProduct } from "../../../contract/mm.ts";
import { quantityRemainingMessage } from "../../../domain/cart-flags.ts";
import { isoDateAt } from "../../../domain/dates.ts";
import { money } from "../../lib/format.ts";
import { useMedia } from "../../lib/use-media.ts";
import { BouquetPicture } from "./parts.tsx";
import { QuantityField } from "../../components/ui/quantity-field.tsx";

export type MmView = "list" | "grid";

/** Rows drawn beyond the viewport on each side (in rows of the grid's columns). */
const OVERSCAN = 6;
const GAP = 12;

/** Grid columns as the grid's CSS would lay them out: 1, 2 from 640 px (sm), 3 from 1280 px (xl). */
function useColumns(view: MmView): number {
  const sm = useMedia("(min-width: 640px)");
  const xl = useMedia("(min-width: 1280px)");
  if (view === "list") return 1;
  return xl ? 3 : sm ? 2 : 1;
}

export function BouquetList({
  products,
  view,
  inCart,
  busy,
  shipDate,
  onQuantity,
}: {
  products: readonly MmProduct[];
  view: MmView;
  inCart: ReadonlyMap<string, number>;
  busy: boolean;
  /** The cart's ship date, for the quantity message. */
  shipDate: string | null;
  onQuantity: (p: MmProduct, quantity: number) => unknown;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  const columns = useColumns(view);
  // Where the list starts on the page: the virtualizer counts window scroll from there. Read when the
  // view changes, the list first fills and the window is resized; not on every keystroke, where the
  // read would force a layout in the middle of React's work.
  const filled = products.length > 0;
  useLayoutEffect(() => {
    const read = () => {
      const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setOffset((old) => (Math.abs(top - old) > 1 ? top : old));
    };
    read();
    window.addEventListener("resize", read);
    return () => window.removeEventListener("resize", read);
  }, [view, filled]);
  const estimate = view === "grid" ? 380 : 112;
  // The same key function while the list and view are the same: a new one makes the virtualizer work
  // out every row's position again on each render (as the store's and the supply grid's lists avoid).
  const getItemKey = useCallback((i: number) => `${view}:${products[i]!.productId}`, [view, products]);
  const virtualizer = useWindowVirtualizer({
    count: products.length,
    estimateSize: () => estimate,
    // Sizes come from the ResizeObserver after layout; a row just drawn keeps its known size (or the
    // estimate) until then, rather than forcing a layout per row while React commits.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize?.[0];
      if (box) return Math.round(box.blockSize);
      return instance.measurementsCache[Number(element.getAttribute("data-index"))]?.size ?? estimate;
    },
    overscan: OVERSCAN,
    lanes: columns,
    gap: GAP,
    scrollMargin: offset,
    getItemKey,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <ul ref={listRef} aria-label="Bouquets on offer" className="relative mt-2" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((row) => {
        const p = products[row.index]!;
        return (
          <li
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            aria-setsize={products.length}
            aria-posinset={row.index + 1}
            className="absolute top-0"
            style={{
              left: `calc(${(row.lane * 100) / columns}% + ${(row.lane * GAP) / columns}px)`,
              width: `calc(${100 / columns}% - ${((columns - 1) * GAP) / columns}px)`,
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <ProductItem product={p} grid={view === "grid"} inCart={inCart.get(p.productId) ?? 0} busy={busy} shipDate={shipDate} onQuantity={onQuantity} />
          </li>
        );
      })}
    </ul>
  );
}

/** Memoised: typing in the search box re-renders the list, not every row. */
const ProductItem = memo(function ProductItem({
  product: p,
  grid,
  inCart,
  busy,
  shipDate,
  onQuantity,
}: {
  product: MmProduct;
  grid: boolean;
  inCart: number;
  busy: boolean;
  shipDate: string | null;
  onQuantity: (p: MmProduct, q: number) => unknown;
}) {
  const id = useId();
  const [value, setValue] = useState(String(inCart || p.packSize));
  const [error, setError] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const q = Number(value);
    if (!/^\d+$/.test(value.trim()) || q < 1) return setError("Invalid Quantity: Please enter a valid quantity");
    if (q > p.available) return setError(quantityRemainingMessage(p.available, shipDate, isoDateAt(), "bouquet"));
    setError(null);
    onQuantity(p, q);
  }
  const soldOut = p.available === 0;
  return (
    <div className={`rounded-2xl border border-line bg-white p-3 ${grid ? "flex min-h-[23rem] flex-col gap-2" : "flex flex-wrap items-center gap-3"}`} data-product={p.productId}>
      <BouquetPicture imageName={p.imageName} colourHex={p.colourHex} className={grid ? "h-32 w-full" : "h-16 w-16"} />
      <div className="min-w-[12rem] flex-1">
        <h3 className="font-serif text-lg leading-snug">{p.description}</h3>
        <p className="text-sm text-sage">
          {p.productId} · {p.category} · {p.colour} · pack of {p.packSize} · box {p.boxType ?? "none"}
        </p>
        <p className="text-sm">
          <span className="tabular">{money(p.pricePerBouquet)}</span> boxed · <span className="tabular">{money(p.pricePerBouquetNoBox)}</span> not boxed
          <span className="text-sage"> · {soldOut ? "sold out" : `${p.available} available`}</span>
        </p>
      </div>
      <form onSubmit={submit} className={`flex items-end gap-2 ${grid ? "mt-auto" : ""}`} noValidate>
        <QuantityField id={`${id}-q`} label={`Quantity of ${p.description}`} labelClassName="sr-only" inputClassName="field-input w-20 tabular" errorId={error ? `${id}-e` : undefined} value={value} disabled={soldOut} onValue={setValue} />
        <button type="submit" className="btn btn-primary" disabled={soldOut || busy}>
          {inCart ? "Update" : "Add"}
          <span className="sr-only"> {p.description}</span>
        </button>
        {inCart > 0 && (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onQuantity(p, 0)}>
            Remove<span className="sr-only"> {p.description}</span>
          </button>
        )}
      </form>
      {error && (
        <p id={`${id}-e`} role="alert" className="field-error w-full">
          {error}
        </p>
      )}
    </div>
  );
});
