// The cart's bar at the bottom of a phone's screen, the wholesale store's and the MM store's.
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * Below a breakpoint (`hiddenFrom`) the cart sits under a long list: this bar keeps the hold, the
 * cart's count and total with a link down to it, and the way to check out on screen. `label`: the
 * bar as a named region.
 */
export function CartBar({
  hiddenFrom,
  label,
  hold,
  count,
  total,
  cartHref,
  checkoutTo,
  checkoutLabel,
}: {
  hiddenFrom: "md:hidden" | "lg:hidden";
  label?: string;
  hold: ReactNode;
  /** What the cart holds, e.g. "3 lines". */
  count: string;
  total: string;
  cartHref: string;
  checkoutTo: string;
  checkoutLabel: string;
}) {
  return (
    <div
      className={`fixed inset-x-0 bottom-0 z-20 border-t border-line bg-white/95 px-3 py-2 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur ${hiddenFrom}`}
      role={label ? "region" : undefined}
      aria-label={label}
    >
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          {hold}
          <p className="mt-0.5 text-sm tabular">
            {count} · <strong>{total}</strong>{" "}
            <a href={cartHref} className="ml-1 underline">
              View cart
            </a>
          </p>
        </div>
        <Link to={checkoutTo} className="btn btn-primary !min-h-10 !px-4 text-sm">
          {checkoutLabel}
        </Link>
      </div>
    </div>
  );
}
