// Small pieces shared by the MM screens.
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MmCart, MmCartItem, MmPackage } from "../../../contract/mm.ts";
import { formatPailTotal } from "../../../domain/mm-fees.ts";
import { artUrl } from "../../../art/art-url.ts";
import { money } from "../../lib/format.ts";
import { feeLines } from "./cart-logic.ts";

/**
 * A bouquet drawn in its colours, as the public site draws its flowers: the same illustration as a
 * cached SVG file in an <img>, so a list of two thousand bouquets adds one element per row, not the
 * drawing's dozens (restyling those was the long task on each keystroke of the search).
 */
export function BouquetPicture({ imageName, colourHex, className = "h-16 w-16" }: { imageName: string; colourHex: string; className?: string }) {
  return (
    <span className={`inline-block shrink-0 overflow-hidden rounded-xl bg-gradient-to-b from-cream to-leaf-light ${className}`}>
      <img src={artUrl(imageName || "bouquet", colourHex)} alt="" width={128} height={128} loading="lazy" decoding="async" className="h-full w-full object-contain" />
    </span>
  );
}

/** bottomBar: room below the content for a phone's fixed cart bar (hidden from lg up). */
export function MmPage({ children, wide = false, bottomBar = false }: { children: ReactNode; wide?: boolean; bottomBar?: boolean }) {
  return <section className={`mx-auto px-3 py-6 sm:px-4 md:px-6 ${wide ? "max-w-[1600px]" : "max-w-6xl"} ${bottomBar ? "max-lg:pb-28" : ""}`}>{children}</section>;
}

export function NeedsMmCustomer() {
  return (
    <MmPage>
      <div className="rounded-2xl border border-line bg-white px-6 py-12 text-center">
        <h1 className="text-3xl">Choose a customer</h1>
        <p className="mt-3 text-sage">Pick the mass-market customer you are ordering for, and the store opens with their ship dates and prices.</p>
      </div>
    </MmPage>
  );
}

/** Box and pail charges of a cart or order, apart from the bouquets. */
type FeeItem = Pick<MmCartItem, "productId" | "description" | "category" | "quantity" | "price" | "lineTotal"> & { packSize?: MmCartItem["packSize"] };

/** A fee line's package size: the line's own (a cart's box line carries it), else the package's. */
function feeSize(item: FeeItem, packages: readonly MmPackage[] | undefined): string | null {
  if (typeof item.packSize === "string" && item.packSize) return item.packSize;
  return packages?.find((p) => p.type.toUpperCase() === item.productId.toUpperCase())?.size ?? null;
}

export function FeeTable({ items, caption = "Packaging fees", packages }: { items: readonly FeeItem[]; caption?: string; packages?: readonly MmPackage[] }) {
  if (!items.length) return <p className="text-sm text-sage">No packaging fees.</p>;
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-sage">
          <th scope="col" className="py-1 font-semibold">
            Fee
          </th>
          {["Qty", "Each", "Total"].map((h) => (
            <th key={h} scope="col" className="py-1 pl-2 text-right font-semibold">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((f) => (
          <tr key={f.productId} className="border-t border-line" data-fee={f.productId}>
            <td className="py-1">
              {f.description} <span className="text-sage">({f.productId}, {f.category})</span>
              {feeSize(f, packages) && <span className="block text-xs text-sage" data-testid="fee-size">{feeSize(f, packages)}</span>}
            </td>
            <td className="py-1 pl-2 text-right whitespace-nowrap tabular">{f.quantity}</td>
            <td className="py-1 pl-2 text-right whitespace-nowrap tabular">{money(f.price)}</td>
            <td className="py-1 pl-2 text-right whitespace-nowrap tabular">{money(f.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** SPEC §9 totals: items (fee lines and 'Eco Fee' left out), pails (0 decimals), total (2 decimals). */
export function Totals({ cart }: { cart: Pick<MmCart, "itemCount" | "pailTotal" | "total"> }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" aria-label="Cart totals">
      <dt className="text-sage">Bouquets</dt>
      <dd className="text-right tabular" data-testid="mm-item-count">
        {cart.itemCount}
      </dd>
      <dt className="text-sage">Pails</dt>
      <dd className="text-right tabular" data-testid="mm-pail-total">
        {formatPailTotal(cart.pailTotal)}
      </dd>
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold tabular" data-testid="mm-total">
        {money(cart.total)}
      </dd>
    </dl>
  );
}

export { feeLines };

export function BackToStore() {
  return (
    <Link to="/MM/Store" className="btn btn-secondary">
      Back to the store
    </Link>
  );
}
