import { Link } from "react-router";
import type { Cart } from "../../../contract/store.ts";
import { cartCounts, merchandiseLines, PENDING_EXPLANATION } from "./cart-logic.ts";
import { money, pailsAndBunches, plural, shortDate } from "../../lib/format.ts";
import { HoldStatus } from "./hold-status.tsx";
import { LineStatusBadge } from "./line-status.tsx";
import type { HoldView } from "./use-hold-countdown.ts";

/** The cart beside the catalogue: hold banner, lines in words, subtotal and the way to checkout. */
export function CartPanel({
  cart,
  hold,
  isRetailer,
  onRemove,
  onClear,
  onOpen,
  busy,
  onHoldAgain,
  holdingAgain = false,
}: {
  cart: Cart;
  hold: HoldView;
  isRetailer: boolean;
  onRemove: (productId: string, description: string) => void;
  onClear: () => void;
  onOpen: (productId: string) => void;
  busy: boolean;
  /** Saves the lines again after the hold lapsed, holding what is still available. */
  onHoldAgain?: () => void;
  holdingAgain?: boolean;
}) {
  const lines = merchandiseLines(cart.items);
  const fees = cart.items.filter((i) => !lines.includes(i));
  const counts = cartCounts(cart.items);
  return (
    <section aria-labelledby="cart-heading" id="cart" className="flex flex-col rounded-xl border border-line bg-white">
      <div className="flex items-baseline justify-between gap-2 border-b border-line px-4 pt-3 pb-2">
        <h2 id="cart-heading" className="text-xl">
          Your cart
        </h2>
        <p className="text-sm text-sage tabular">
          {counts.lines === 0 ? "Empty" : `${plural(counts.lines, "line", "lines")} · ${plural(counts.bunches, "bunch", "bunches")}`}
        </p>
      </div>
      <div className="flex flex-col gap-2 px-4 py-3">
        <HoldStatus hold={hold} compact onHoldAgain={onHoldAgain} busy={holdingAgain} />
        {cart.shipDate && (
          <p className="text-sm text-sage">
            {isRetailer && cart.receivingDate ? (
              <>
                Pickup <strong className="text-ink">{shortDate(cart.receivingDate)}</strong> · ships {shortDate(cart.shipDate)}
              </>
            ) : (
              <>
                Ships <strong className="text-ink">{shortDate(cart.shipDate)}</strong>
              </>
            )}
          </p>
        )}
      </div>
      {cart.messages && cart.messages.length > 0 && (
        <ul className="mx-4 mb-3 flex flex-col gap-1 rounded-lg border-l-4 border-[#b42318] bg-[#fdecea] px-3 py-2 text-sm" role="alert">
          {cart.messages.map((m) => (
            <li key={m.productId}>
              <strong>{m.description}</strong>: {m.message}
            </li>
          ))}
        </ul>
      )}
      {lines.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-sage">Add flowers by the pail or by the bunch. Available stock is held for you while you shop.</p>
      ) : (
        <ul className="max-h-[min(52vh,560px)] divide-y divide-line overflow-y-auto border-y border-line">
          {lines.map((item) => (
            <li key={item.productId} className="flex gap-2 px-4 py-2.5">
              <div className="min-w-0 flex-1">
                <button type="button" className="text-left text-sm leading-snug font-semibold hover:text-leaf hover:underline" onClick={() => onOpen(item.productId)}>
                  {item.description}
                </button>
                <p className="text-xs text-sage tabular">
                  {pailsAndBunches(item.pails, item.looseBunches)} · {money(item.price)} avg / bunch
                </p>
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <LineStatusBadge item={item} holdActive={hold.state !== "expired"} />
                  {item.message && (
                    <span className="text-xs text-[#b42318]" role="note">
                      {item.message}
                    </span>
                  )}
                </div>
              </div>
              <div className="flex flex-col items-end gap-1">
                <span className="text-sm font-semibold tabular">{money(item.lineTotal)}</span>
                <button
                  type="button"
                  className="rounded px-1 text-xs text-sage underline hover:text-[#b42318] disabled:opacity-50"
                  onClick={() => onRemove(item.productId, item.description)}
                  disabled={busy}
                  aria-label={`Remove ${item.description}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
          {fees.map((item) => (
            <li key={`fee-${item.id}`} className="flex justify-between gap-2 px-4 py-2 text-sm text-sage">
              <span>{item.description}</span>
              <span className="tabular">{money(item.lineTotal)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-3 px-4 py-3">
        <div className="flex items-baseline justify-between">
          <span className="font-semibold">Subtotal</span>
          <span className="text-lg font-semibold tabular">{money(cart.subtotal)}</span>
        </div>
        {lines.length > 0 && (
          <p className="text-xs text-sage">
            Prices are per bunch.{lines.some((l) => l.quantityPending > 0 || l.quantityConfirmed === 0 || l.ysnPending) ? ` ${PENDING_EXPLANATION}` : ""}
          </p>
        )}
        {lines.length > 0 ? (
          <Link to="/store/checkout" className="btn btn-primary w-full">
            Review and check out
          </Link>
        ) : (
          <span className="btn btn-primary w-full opacity-60" aria-disabled="true">
            Review and check out
          </span>
        )}
        {lines.length > 0 && (
          <button type="button" className="self-center rounded px-1 text-sm text-sage underline hover:text-[#b42318]" onClick={onClear} disabled={busy}>
            Clear cart
          </button>
        )}
      </div>
    </section>
  );
}
