import { useCallback, useState } from "react";
import { InlineAlert, useAlert } from "../../components/ui/alert.tsx";
import { useSessionUser } from "../../lib/session.ts";
import { shortDate } from "../../lib/format.ts";
import { cartCounts, merchandiseLines, saveBody, type CartPatch } from "./cart-logic.ts";
import { useBoxedToggle } from "./checkout-boxed.tsx";
import { Confirmation } from "./checkout-confirmation.tsx";
import { CheckoutHeader, EmptyCheckout } from "./checkout-header.tsx";
import { CheckoutLines } from "./checkout-lines.tsx";
import { useOrderFields } from "./checkout-order-fields.tsx";
import { CheckoutReminder, LeaveReminder } from "./checkout-reminder.tsx";
import { CheckoutSummary } from "./checkout-summary.tsx";
import { useVoucherEntry } from "./checkout-voucher.tsx";
import { HoldStatus } from "./hold-status.tsx";
import { CART_FETCH_ERROR_DEFAULT, CART_FETCH_ERROR_TITLE, cartUpdateErrorAlert, serverMessage } from "./messages.ts";
import { useCart, useCartSaver, useProfile, useRemoveHold, useStoreIds, type SaveOutcome, type StoreIds } from "./queries.ts";
import { NeedsCustomer } from "./store-page.tsx";
import { useHoldCountdown } from "./use-hold-countdown.ts";
import { usePlaceOrder } from "./use-place-order.ts";

export function CheckoutPage() {
  const ids = useStoreIds();
  if (!ids) return <NeedsCustomer />;
  return <Checkout key={`${ids.customerId}:${ids.retailerId}`} ids={ids} />;
}

function Checkout({ ids }: { ids: StoreIds }) {
  const user = useSessionUser();
  const showAlert = useAlert();
  const cartQ = useCart(ids);
  const profileQ = useProfile(ids);
  const save = useCartSaver(ids);
  const removeHold = useRemoveHold(ids);
  const cart = cartQ.data;
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [holdReminder, setHoldReminder] = useState(false);
  const voucher = useVoucherEntry(ids);
  const fields = useOrderFields();
  const alwaysBoxed = !!(user?.storeProfile?.alwaysBoxed || profileQ.data?.alwaysBoxed);

  const reportSaveFailure = useCallback(
    (outcome: SaveOutcome | null) => {
      // SPEC §8: 'Cart Update Error' with the server's message; after a 409 the current cart shows.
      if (!outcome || outcome.ok) return;
      void showAlert(cartUpdateErrorAlert(outcome.error));
    },
    [showAlert],
  );
  const order = usePlaceOrder({ ids, save, reportSaveFailure, alwaysBoxed, voucher, fields });
  const { placed, placing } = order;

  const hold = useHoldCountdown(placed ? null : (cart?.holdTime ?? null), {
    onWarning: (t) => {
      setAnnouncement(t === 60 ? "Product hold expires in 1 minute. Place the order to keep your held flowers." : "Product hold is ending now.");
      if (t === 60) setHoldReminder(true);
    },
    onExpire: () => {
      setAnnouncement("Product Hold Expired. Held stock was released.");
      removeHold.mutate();
    },
  });

  async function update(patch: CartPatch) {
    setBusy(true);
    const outcome = await save((c) => saveBody(c, patch));
    setBusy(false);
    reportSaveFailure(outcome);
    return outcome;
  }
  const boxedToggle = useBoxedToggle(!!cart?.boxed, (boxed) => update({ boxed }));

  if (placed) return <Confirmation result={placed.result} pickupDate={placed.pickupDate} />;

  const lines = cart ? merchandiseLines(cart.items) : [];
  const fees = cart ? cart.items.filter((i) => !lines.includes(i)) : [];
  const counts = cart ? cartCounts(cart.items) : { lines: 0, bunches: 0 };
  const dateText = cart?.receivingDate && ids.isRetailer ? shortDate(cart.receivingDate) : shortDate(cart?.shipDate);

  return (
    <section className="mx-auto max-w-6xl px-3 py-6 sm:px-4 md:px-6">
      <div className="sr-only" role="alert" aria-live="assertive">
        {announcement}
      </div>
      <CheckoutHeader cart={cart} isRetailer={ids.isRetailer} />

      {cartQ.isError && (
        <InlineAlert alert={{ type: "error", title: CART_FETCH_ERROR_TITLE, message: serverMessage(cartQ.error, CART_FETCH_ERROR_DEFAULT), options: { primaryText: "Try again", showSecondary: false } }} onClose={() => void cartQ.refetch()} />
      )}
      {cartQ.isPending && <p className="py-10 text-center text-sage">Loading your cart…</p>}
      {cart && lines.length === 0 && <EmptyCheckout />}

      {cart && lines.length > 0 && (
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_340px]">
          <div className="flex min-w-0 flex-col gap-3">
            {hold.state !== "none" && <HoldStatus hold={hold} />}
            <CheckoutLines lines={lines} fees={fees} holdActive={hold.state !== "expired"} />
            <p className="text-sm text-sage">
              <strong className="text-ink">Confirmed</strong> bunches are held for you and ship as ordered. <strong className="text-ink">Pending</strong> bunches are a
              request: we confirm them before the ship date.
            </p>
          </div>
          <CheckoutSummary
            cart={cart}
            lines={lines}
            isRetailer={ids.isRetailer}
            dateText={dateText}
            counts={counts}
            boxed={alwaysBoxed || boxedToggle.boxed}
            alwaysBoxed={alwaysBoxed}
            onToggleBoxed={(next) => void boxedToggle.toggle(next)}
            fields={fields}
            voucher={voucher}
            placing={placing}
            busy={busy}
            error={order.error}
            onPlace={() => void order.place()}
          />
        </div>
      )}
      <LeaveReminder active={!placed && lines.length > 0} lines={counts.lines} dateText={dateText} />
      {holdReminder && (
        <CheckoutReminder
          reason="hold"
          lines={counts.lines}
          dateText={dateText}
          onCheckout={() => {
            setHoldReminder(false);
            document.getElementById("place-order")?.focus();
          }}
          onStay={() => setHoldReminder(false)}
        />
      )}
    </section>
  );
}
