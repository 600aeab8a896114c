// One product of the catalogue: its row in the list, its card in the grid, and their cells. Split out
// of catalogue.tsx.
import { memo } from "react";
import type { CartItem, Product } from "../../../contract/store.ts";
import { formatMoney } from "../../../domain/money.ts";
import { AvailabilityBadge, canOrder } from "./availability-badge.tsx";
import { offerPricesOf, priceTiers } from "./cart-logic.ts";
import { ProductPicture } from "./product-picture.tsx";
import { QuantityEntry, type SaveLine } from "./quantity-entry.tsx";
import { responsiveTable as rt } from "../../components/ui/classes.ts";

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

export interface RowProps {
  product: Product;
  line: CartItem | undefined;
  combo: boolean;
  starred: boolean;
  onOpen: (productId: string) => void;
  onSave: SaveLine;
  onStar: (productId: string, star: boolean) => void;
  /**
   * A held row of the date shown before, while the chosen date's offer is read (use-held-rows.ts): the
   * product itself, but none of its availability, prices, badges or quantity entry, which are that
   * other date's. It cannot be ordered until the chosen date's own row replaces it.
   */
  pending?: boolean;
}

/** What a held row shows in place of a figure of the chosen date not read yet. */
function Updating({ what }: { what: string }) {
  return (
    <span className="text-sm text-sage italic">
      Updating<span className="sr-only"> {what}</span>…
    </span>
  );
}

/** A held row's quantity cell: no entry until the chosen date's stock is in. */
const NOT_YET_ORDERABLE = <span className="text-sm text-sage">Can be ordered once updated</span>;

/**
 * The list's columns, one template for the header and every row (rows are positioned on their own,
 * so they cannot share a table's column widths): the product takes what the others leave.
 */
export const LIST_COLUMNS = "md:grid md:grid-cols-[minmax(16rem,1fr)_8.5rem_7rem_6.5rem_14rem]";
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

export const ProductRow = memo(function ProductRow({
  product,
  line,
  combo,
  starred,
  onOpen,
  onSave,
  onStar,
  pending,
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
              {!pending && <Badges product={product} combo={combo} />}
            </div>
          </div>
          <FavouriteStar product={product} starred={starred} onStar={onStar} />
        </div>
      </div>
      <div role="cell" className={`${rt.td} ${cardFigure} md:whitespace-nowrap`} data-label="Availability">
        {pending ? <Updating what="availability" /> : <AvailabilityBadge product={product} />}
      </div>
      <div role="cell" className={`${rt.td} ${cardFigure} md:text-right`} data-label="Bunch in pail">
        {pending ? (
          <Updating what="price" />
        ) : (
          <span className="inline-flex flex-col md:items-end">
            <PriceCell cents={pailCents} standardCents={prices.standardPriceCents} />
            <TierNote product={product} />
          </span>
        )}
      </div>
      <div role="cell" className={`${rt.td} ${cardFigure} md:text-right`} data-label="Loose bunch">
        {pending ? <Updating what="price" /> : <PriceCell cents={looseCents} standardCents={prices.standardPriceNoPailCents} />}
      </div>
      <div role="cell" className={`${rt.td} ${cardWhole} max-md:!block max-md:pt-1.5 md:whitespace-nowrap`} data-label="">
        {pending ? (
          NOT_YET_ORDERABLE
        ) : orderable ? (
          <QuantityEntry product={product} line={line} onSave={onSave} />
        ) : (
          <span className="text-sm text-sage">Cannot be ordered for this date</span>
        )}
      </div>
    </div>
  );
});

export const ProductCard = memo(function ProductCard({ product, line, combo, starred, onOpen, onSave, onStar, pending, index, count }: RowProps & { index: number; count: number }) {
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
        {product.special && !pending && <span className="absolute top-2 left-2 rounded bg-petal px-2 py-0.5 text-xs font-semibold text-white">Special</span>}
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
        {pending ? <Updating what="availability" /> : <AvailabilityBadge product={product} />}
        <dl className="grid grid-cols-2 gap-x-2 text-sm">
          <dt className="text-sage">Bunch in pail</dt>
          <dd className="text-right">
            {pending ? (
              <Updating what="price" />
            ) : (
              <PriceCell cents={pailCents} standardCents={prices.standardPriceCents} per={product.unitOfMeasureQty > 0 ? `${product.unitOfMeasureQty} / pail` : undefined} />
            )}
          </dd>
          <dt className="text-sage">Loose bunch</dt>
          <dd className="text-right">{pending ? <Updating what="price" /> : <PriceCell cents={looseCents} standardCents={prices.standardPriceNoPailCents} />}</dd>
        </dl>
        <div className="mt-auto pt-1">
          {pending ? (
            NOT_YET_ORDERABLE
          ) : orderable ? (
            <QuantityEntry product={product} line={line} onSave={onSave} layout="card" />
          ) : (
            <span className="text-sm text-sage">Cannot be ordered for this date</span>
          )}
        </div>
      </div>
    </div>
  );
});
