import { Link } from "react-router";
import type { Cart } from "../../../contract/store.ts";
import { shortDate } from "../../lib/format.ts";

/** The checkout's heading, with the cart's ship (or a retailer's pickup) date and a way back to change it. */
export function CheckoutHeader({ cart, isRetailer }: { cart: Cart | undefined; isRetailer: boolean }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <p className="text-sm">
          <Link to="/store" className="underline">← Continue shopping</Link>
        </p>
        <h1 className="mt-1 text-3xl">Review and check out</h1>
      </div>
      {cart?.shipDate && (
        <p className="text-sage">
          {isRetailer && cart.receivingDate ? (
            <>
              Pickup <strong className="text-ink">{shortDate(cart.receivingDate)}</strong> · ships {shortDate(cart.shipDate)}
            </>
          ) : (
            <>
              Ships <strong className="text-ink">{shortDate(cart.shipDate)}</strong>
            </>
          )}{" "}
          · <Link to="/store" className="underline">change</Link>
        </p>
      )}
    </div>
  );
}

/** What the checkout shows for a cart with no flower lines. */
export function EmptyCheckout() {
  return (
    <div className="rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center">
      <p className="font-serif text-2xl">Your cart is empty</p>
      <p className="mt-2 text-sage">Choose a date in the store and add flowers by the pail or by the bunch.</p>
      <Link to="/store" className="btn btn-primary mt-5">
        Go to the store
      </Link>
    </div>
  );
}
