import { memo, startTransition, useDeferredValue, useEffect, useMemo, useState } from "react";
import type { CartItem, Product } from "../../../contract/store.ts";
import { filterWholesale } from "../../../domain/search.ts";
import { formatMoney } from "../../../domain/money.ts";
import { AvailabilityBadge, canOrder } from "./availability-badge.tsx";
import { offerPricesOf, priceTiers } from "./cart-logic.ts";
import { toWholesaleFilters, type FilterState } from "./filters.ts";
import { ProductPicture } from "./product-picture.tsx";
import { QuantityEntry, type SaveLine } from "./quantity-entry.tsx";
import type { CatalogueView } from "./preferences.ts";
import { responsiveTable as rt, smallButton } from "./ui.ts";

/**
 * The products the catalogue lists: those offered for the date, those the server lists as Not
 * Available with the date they are next offered, and anything already in the cart.
 */
export function listedProducts(products: readonly Product[], lines: ReadonlyMap<string, CartItem>): Product[] {
  return products.filter((p) => p.showStore || !!p.nextAvailableDate || lines.has(p.productId));
}

/** Rows rendered at once; more on request. Keeps typing and filtering smooth with 5,000 offer lines. */
export const PAGE_SIZE = { list: 50, grid: 36 } as const;
const FIRST_PAINT = 16;

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

interface RowProps {
  product: Product;
  line: CartItem | undefined;
  combo: boolean;
  onOpen: (productId: string) => void;
  onSave: SaveLine;
}

const ProductRow = memo(function ProductRow({ product, line, combo, onOpen, onSave }: RowProps) {
  const prices = offerPricesOf(product);
  const pailCents = product.special ? prices.priceCents : prices.standardPriceCents;
  const looseCents = product.special ? prices.priceNoPailCents : prices.standardPriceNoPailCents;
  const orderable = canOrder(product);
  const pack = `${product.unitOfMeasureQty > 0 ? `${product.unitOfMeasureQty} bunches/pail` : "By the bunch"} · ${product.stemsPerBunch} stems`;
  return (
    <tr className={`${rt.tr} ${line ? "bg-leaf-light/40" : ""}`}>
      <td className={`${rt.td} max-md:!block md:w-full md:min-w-[16rem]`} data-label="">
        <button type="button" className="text-left font-semibold leading-snug text-ink underline-offset-2 hover:text-leaf hover:underline" onClick={() => onOpen(product.productId)}>
          {product.description}
        </button>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-sage">
          <ColourChip hex={product.colourHex} name={product.colour} />
          <span className="whitespace-nowrap">{pack}</span>
          <span className="tabular">{product.productId}</span>
          <Badges product={product} combo={combo} />
        </div>
      </td>
      <td className={`${rt.td} md:whitespace-nowrap`} data-label="Availability">
        <AvailabilityBadge product={product} />
      </td>
      <td className={`${rt.td} md:text-right`} data-label="Bunch in pail">
        <span className="inline-flex flex-col items-end">
          <PriceCell cents={pailCents} standardCents={prices.standardPriceCents} />
          <TierNote product={product} />
        </span>
      </td>
      <td className={`${rt.td} md:text-right`} data-label="Loose bunch">
        <PriceCell cents={looseCents} standardCents={prices.standardPriceNoPailCents} />
      </td>
      <td className={`${rt.td} max-md:!block md:whitespace-nowrap`} data-label="">
        {orderable ? (
          <QuantityEntry product={product} line={line} onSave={onSave} />
        ) : (
          <span className="text-sm text-sage">Cannot be ordered for this date</span>
        )}
      </td>
    </tr>
  );
});

const ProductCard = memo(function ProductCard({ product, line, combo, onOpen, onSave }: RowProps) {
  const prices = offerPricesOf(product);
  const pailCents = product.special ? prices.priceCents : prices.standardPriceCents;
  const looseCents = product.special ? prices.priceNoPailCents : prices.standardPriceNoPailCents;
  const orderable = canOrder(product);
  return (
    <li className={`flex flex-col overflow-hidden rounded-xl border bg-white ${line ? "border-leaf" : "border-line"}`}>
      <div className="relative bg-gradient-to-b from-paper to-mist">
        <ProductPicture image={product.image} colourHex={product.colourHex} className="mx-auto h-40 w-auto" />
        {product.special && <span className="absolute top-2 left-2 rounded bg-petal px-2 py-0.5 text-xs font-semibold text-white">Special</span>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <button type="button" className="text-left font-semibold leading-snug text-ink hover:text-leaf hover:underline" onClick={() => onOpen(product.productId)}>
          {product.description}
        </button>
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
    </li>
  );
});

/**
 * The offer lines for the chosen date, filtered (domain filterWholesale on a deferred copy of the
 * filters so typing stays responsive) and rendered a page at a time.
 */
export function Catalogue({
  products,
  filters,
  comboIds,
  lines,
  view,
  onOpen,
  onSave,
}: {
  products: Product[];
  filters: FilterState;
  comboIds: ReadonlySet<string>;
  lines: ReadonlyMap<string, CartItem>;
  view: CatalogueView;
  onOpen: (productId: string) => void;
  onSave: SaveLine;
}) {
  const deferred = useDeferredValue(filters);
  const listed = useMemo(() => listedProducts(products, lines), [products, lines]);
  const visible = useMemo(() => filterWholesale(listed, toWholesaleFilters(deferred, comboIds)), [listed, deferred, comboIds]);
  const page = PAGE_SIZE[view];
  // A new list (filters, view or offer changed) first paints FIRST_PAINT rows, then grows to a page
  // in a transition on the next frame: two small commits instead of one large one, so typing in the
  // search box never waits on laying out a whole page of rows. A cart change keeps the length shown.
  const [grown, setGrown] = useState<{ filters: FilterState; products: Product[]; view: CatalogueView; limit: number }>({
    filters: deferred,
    products,
    view,
    limit: page,
  });
  const settled = grown.filters === deferred && grown.products === products && grown.view === view;
  const limit = settled ? grown.limit : Math.min(FIRST_PAINT, page);
  useEffect(() => {
    if (settled) return;
    const frame = requestAnimationFrame(() => startTransition(() => setGrown({ filters: deferred, products, view, limit: page })));
    return () => cancelAnimationFrame(frame);
  }, [settled, deferred, products, view, page]);
  const showMore = () => setGrown({ filters: deferred, products, view, limit: limit + page });
  const stale = deferred !== filters;
  const shown = visible.slice(0, limit);

  return (
    <div className={stale ? "opacity-70 transition-opacity" : "transition-opacity"}>
      <p className="mb-2 text-sm text-sage" role="status" aria-live="polite" aria-atomic="true">
        {visible.length === listed.length
          ? `${visible.length.toLocaleString("en-US")} products`
          : `${visible.length.toLocaleString("en-US")} of ${listed.length.toLocaleString("en-US")} products match`}
      </p>
      {visible.length === 0 ? (
        <div className="rounded-xl border border-dashed border-line bg-white p-8 text-center">
          <p className="font-semibold">No flowers match these filters.</p>
          <p className="mt-1 text-sm text-sage">Clear a filter or try a shorter search word.</p>
        </div>
      ) : view === "list" ? (
        <div role="region" aria-label="Flowers" tabIndex={0} className="md:overflow-x-auto md:rounded-xl md:border md:border-line md:bg-white">
        <table className={rt.table}>
          <caption className="sr-only">Flowers offered for the chosen date</caption>
          <thead className={rt.thead}>
            <tr className="border-b-2 border-line">
              <th scope="col" className={rt.th}>
                Product
              </th>
              <th scope="col" className={rt.th}>
                Availability
              </th>
              <th scope="col" className={`${rt.th} text-right whitespace-nowrap`}>
                Bunch in pail
              </th>
              <th scope="col" className={`${rt.th} text-right whitespace-nowrap`}>
                Loose bunch
              </th>
              <th scope="col" className={rt.th}>
                Quantity <span className="font-normal normal-case">(pails · bunches)</span>
              </th>
            </tr>
          </thead>
          <tbody className={rt.tbody}>
            {shown.map((p) => (
              <ProductRow key={p.productId} product={p} line={lines.get(p.productId)} combo={comboIds.has(p.productId)} onOpen={onOpen} onSave={onSave} />
            ))}
          </tbody>
        </table>
        </div>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(220px,1fr))] gap-3">
          {shown.map((p) => (
            <ProductCard key={p.productId} product={p} line={lines.get(p.productId)} combo={comboIds.has(p.productId)} onOpen={onOpen} onSave={onSave} />
          ))}
        </ul>
      )}
      {settled && visible.length > shown.length && (
        <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
          <p className="text-sm text-sage">
            Showing {shown.length.toLocaleString("en-US")} of {visible.length.toLocaleString("en-US")}
          </p>
          <button type="button" className={smallButton} onClick={showMore}>
            Show {Math.min(page, visible.length - shown.length)} more
          </button>
        </div>
      )}
    </div>
  );
}
