import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { DELIVERY_NOTES_MAX, PO_NUMBER_MAX, type PlaceOrderResponse } from "../../../contract/store.ts";
import { boxFill } from "../../../domain/box-fill.ts";
import { dollarsToCents } from "../../../domain/money.ts";
import { voucherDiscountCents, voucherSavingText } from "../../../domain/voucher.ts";
import { InlineAlert, useAlert } from "../../components/ui/alert.tsx";
import { TextAreaField, TextField } from "../../components/ui/field.tsx";
import { ApiError } from "../../lib/api.ts";
import { useSessionUser } from "../../lib/session.ts";
import { cartCounts, emptiedCart, merchandiseLines, saveBody, type CartPatch } from "./cart-logic.ts";
import { CheckoutReminder, LeaveReminder } from "./checkout-reminder.tsx";
import { count, money, shortDate } from "../../lib/format.ts";
import { HoldStatus } from "./hold-status.tsx";
import { newIdempotencyKey } from "./idempotency.ts";
import { LineStatusBadge } from "./line-status.tsx";
import { CART_FETCH_ERROR_DEFAULT, CART_FETCH_ERROR_TITLE, cartUpdateErrorAlert, PLACE_ORDER_FAILED, serverMessage } from "./messages.ts";
import { placeOrder, storeKeys, useBlitzVoucher, useCart, useCartSaver, useProfile, useRemoveHold, useStoreIds, useVoucherQuote, type StoreIds } from "./queries.ts";
import { NeedsCustomer } from "./store-page.tsx";
import { responsiveTable as rt } from "../../components/ui/classes.ts";
import { useHoldCountdown } from "./use-hold-countdown.ts";

export function CheckoutPage() {
  const ids = useStoreIds();
  if (!ids) return <NeedsCustomer />;
  return <Checkout key={`${ids.customerId}:${ids.retailerId}`} ids={ids} />;
}

/** `pickupDate`: a retailer's pickup date, said instead of the wholesaler's ship date. */
function Confirmation({ result, pickupDate }: { result: PlaceOrderResponse; pickupDate: string | null }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <div className="rounded-2xl border border-leaf/40 bg-white p-6 text-center shadow-sm sm:p-10" role="status">
        <p aria-hidden="true" className="mx-auto mb-3 grid h-14 w-14 place-items-center rounded-full bg-leaf-light text-2xl text-leaf">
          ✓
        </p>
        <h1 className="text-3xl">Order {result.orderNumber} is placed</h1>
        <p className="mt-3 text-sage">
          {pickupDate ? `Pickup ${shortDate(pickupDate)}` : `Shipping ${shortDate(result.shipDate)}`}
          {result.discount !== undefined && result.subtotal !== undefined && (
            <>
              {" "}
              · subtotal <span className="tabular">{money(result.subtotal)}</span> · voucher {result.voucherCode} saves{" "}
              <strong className="text-ink tabular">{money(result.discount)}</strong>
            </>
          )}{" "}
          · total <strong className="text-ink tabular">{money(result.total)}</strong>
        </p>
        {result.pendingLines > 0 && (
          <p className="mx-auto mt-3 max-w-prose rounded-lg bg-cream px-4 py-2 text-sm text-amber-text">
            {result.pendingLines} {result.pendingLines === 1 ? "line is" : "lines are"} pending: we confirm {result.pendingLines === 1 ? "it" : "them"} before shipping and let you
            know if anything changes.
          </p>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={`/Orders/${result.orderNumber}`} className="btn btn-primary">
            View order {result.orderNumber}
          </Link>
          <Link to="/store" className="btn btn-secondary">
            Start another order
          </Link>
        </div>
      </div>
    </section>
  );
}

function Checkout({ ids }: { ids: StoreIds }) {
  const user = useSessionUser();
  const client = useQueryClient();
  const showAlert = useAlert();
  const cartQ = useCart(ids);
  const profileQ = useProfile(ids);
  const save = useCartSaver(ids);
  const removeHold = useRemoveHold(ids);
  const cart = cartQ.data;
  const boxedId = useId();
  const [placed, setPlaced] = useState<{ result: PlaceOrderResponse; pickupDate: string | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [holdReminder, setHoldReminder] = useState(false);
  const [voucherCode, setVoucherCode] = useState("");
  const [voucherError, setVoucherError] = useState<string | undefined>(undefined);
  const blitzQ = useBlitzVoucher(ids);
  const voucherId = useId();
  // The code as typed settles for 400 ms before it is checked; the saving shows before the order is placed.
  const [quotedCode, setQuotedCode] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuotedCode(voucherCode.trim()), 400);
    return () => clearTimeout(timer);
  }, [voucherCode]);
  const quoteQ = useVoucherQuote(ids, quotedCode);
  const quote = quotedCode && quotedCode === voucherCode.trim() ? quoteQ.data : undefined;
  const quoteError = quotedCode && quotedCode === voucherCode.trim() && quoteQ.error instanceof ApiError ? quoteQ.error.fields.voucherCode : undefined;
  const [poNumber, setPoNumber] = useState("");
  const [deliveryNotes, setDeliveryNotes] = useState("");
  const [orderFieldErrors, setOrderFieldErrors] = useState<{ poNumber?: string; deliveryNotes?: string }>({});
  const poId = useId();
  const notesId = useId();
  // One key per checkout attempt: a retry after a failure sends the same key, so the server never
  // places the order twice; a success starts a new attempt.
  const attemptKey = useRef<string | null>(null);

  const alwaysBoxed = !!(user?.storeProfile?.alwaysBoxed || profileQ.data?.alwaysBoxed);

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

  const reportSaveFailure = useCallback(
    (outcome: Awaited<ReturnType<typeof save>>) => {
      // SPEC §8: 'Cart Update Error' with the server's message; after a 409 the current cart shows.
      if (!outcome || outcome.ok) return;
      void showAlert(cartUpdateErrorAlert(outcome.error));
    },
    [showAlert],
  );

  async function update(patch: CartPatch) {
    setBusy(true);
    const outcome = await save((c) => saveBody(c, patch));
    setBusy(false);
    reportSaveFailure(outcome);
    return outcome;
  }

  // "Pack in boxes" answers the click at once; the save follows (saves run one after another), and a
  // failed one puts the box back, with the 'Cart Update Error' alert saying why (issue 27).
  const [boxedShown, setBoxedShown] = useState<boolean | null>(null);
  const boxedSaves = useRef(0);
  async function toggleBoxed(next: boolean) {
    setBoxedShown(next);
    boxedSaves.current += 1;
    await update({ boxed: next });
    boxedSaves.current -= 1;
    if (boxedSaves.current === 0) setBoxedShown(null);
  }

  /** SPEC §4 "Placing an order": save the cart, post the order, then empty the cart and dates. */
  async function place() {
    if (placing) return;
    setPlacing(true);
    setError(null);
    attemptKey.current ??= newIdempotencyKey();
    try {
      const saved = await save((c) => saveBody(c, { boxed: alwaysBoxed || c.boxed }));
      if (!saved || !saved.ok) {
        reportSaveFailure(saved);
        return;
      }
      try {
        const result = await placeOrder(ids, attemptKey.current, voucherCode, { poNumber, deliveryNotes });
        attemptKey.current = null;
        client.setQueryData(storeKeys.cart(ids), emptiedCart(saved.cart));
        setPlaced({ result, pickupDate: ids.isRetailer ? saved.cart.receivingDate : null });
        void client.invalidateQueries({ queryKey: storeKeys.cart(ids) });
        void client.invalidateQueries({ queryKey: storeKeys.productsAll(ids) });
        void client.invalidateQueries({ queryKey: storeKeys.orders(ids) });
        void client.invalidateQueries({ queryKey: storeKeys.recentOrders(ids) });
      } catch (err) {
        // A refused voucher: say why at the field (nothing was written; the buyer may fix or clear it).
        const voucherProblem = err instanceof ApiError ? err.fields.voucherCode : undefined;
        const poProblem = err instanceof ApiError ? err.fields.poNumber : undefined;
        const notesProblem = err instanceof ApiError ? err.fields.deliveryNotes : undefined;
        if (voucherProblem) {
          setVoucherError(voucherProblem);
          document.getElementById(voucherId)?.focus();
        } else if (poProblem || notesProblem) {
          setOrderFieldErrors({ poNumber: poProblem, deliveryNotes: notesProblem });
          document.getElementById(poProblem ? poId : notesId)?.focus();
        } else setError(serverMessage(err, PLACE_ORDER_FAILED));
      }
    } finally {
      setPlacing(false);
    }
  }

  if (placed) return <Confirmation result={placed.result} pickupDate={placed.pickupDate} />;

  const lines = cart ? merchandiseLines(cart.items) : [];
  const fees = cart ? cart.items.filter((i) => !lines.includes(i)) : [];
  const counts = cart ? cartCounts(cart.items) : { lines: 0, bunches: 0 };
  const pendingCount = lines.filter((l) => l.quantityPending > 0 || l.quantityConfirmed === 0 || l.ysnPending).length;
  const boxed = alwaysBoxed || (boxedShown ?? !!cart?.boxed);
  const fill = boxFill(lines);
  const dateText = cart?.receivingDate && ids.isRetailer ? shortDate(cart.receivingDate) : shortDate(cart?.shipDate);

  return (
    <section className="mx-auto max-w-6xl px-3 py-6 sm:px-4 md:px-6">
      <div className="sr-only" role="alert" aria-live="assertive">
        {announcement}
      </div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm">
            <Link to="/store" className="underline">← Continue shopping</Link>
          </p>
          <h1 className="mt-1 text-3xl">Review and check out</h1>
        </div>
        {cart?.shipDate && (
          <p className="text-sage">
            {ids.isRetailer && cart.receivingDate ? (
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

      {cartQ.isError && (
        <InlineAlert alert={{ type: "error", title: CART_FETCH_ERROR_TITLE, message: serverMessage(cartQ.error, CART_FETCH_ERROR_DEFAULT), options: { primaryText: "Try again", showSecondary: false } }} onClose={() => void cartQ.refetch()} />
      )}
      {cartQ.isPending && <p className="py-10 text-center text-sage">Loading your cart…</p>}

      {cart && lines.length === 0 && (
        <div className="rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center">
          <p className="font-serif text-2xl">Your cart is empty</p>
          <p className="mt-2 text-sage">Choose a date in the store and add flowers by the pail or by the bunch.</p>
          <Link to="/store" className="btn btn-primary mt-5">
            Go to the store
          </Link>
        </div>
      )}

      {cart && lines.length > 0 && (
        <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_340px]">
          <div className="flex min-w-0 flex-col gap-3">
            {hold.state !== "none" && <HoldStatus hold={hold} />}
            <div className="rounded-xl border border-line bg-white p-2 sm:p-3 max-md:border-0 max-md:bg-transparent max-md:p-0">
              <table className={rt.table}>
                <caption className="sr-only">Lines in your cart</caption>
                <thead className={rt.thead}>
                  <tr className="border-b-2 border-line">
                    <th scope="col" className={rt.th}>Product</th>
                    <th scope="col" className={`${rt.th} text-right`}>Pails</th>
                    <th scope="col" className={`${rt.th} text-right`}>Bunches</th>
                    <th scope="col" className={rt.th}>Status</th>
                    <th scope="col" className={`${rt.th} text-right`}>Bunch in pail</th>
                    <th scope="col" className={`${rt.th} text-right`}>Loose bunch</th>
                    <th scope="col" className={`${rt.th} text-right`}>Line total</th>
                  </tr>
                </thead>
                <tbody className={rt.tbody}>
                  {lines.map((item) => (
                    <tr key={item.productId} className={rt.tr}>
                      <td className={`${rt.td} max-md:!block`} data-label="">
                        <span className="font-semibold">{item.description}</span>
                        <span className="block text-xs text-sage tabular">
                          {item.productId} · {item.quantity} {item.quantity === 1 ? "bunch" : "bunches"}
                        </span>
                        {item.message && <span className="block text-xs text-[#b42318]">{item.message}</span>}
                      </td>
                      <td className={`${rt.td} md:text-right tabular`} data-label="Pails">
                        {item.pails}
                        {item.pails > 0 && <span className="text-xs text-sage"> × {item.unitOfMeasureQty}</span>}
                      </td>
                      <td className={`${rt.td} md:text-right tabular`} data-label="Loose bunches">
                        {item.looseBunches}
                      </td>
                      <td className={rt.td} data-label="Status">
                        <span className="flex flex-col items-end gap-0.5 md:items-start">
                          <LineStatusBadge item={item} holdActive={hold.state !== "expired"} />
                          <span className="text-xs whitespace-nowrap text-sage">
                            {item.quantityConfirmed > 0 ? `${item.quantityConfirmed} confirmed` : ""}
                            {item.quantityConfirmed > 0 && item.quantityPending > 0 ? " · " : ""}
                            {item.quantityPending > 0 ? `${item.quantityPending} pending` : ""}
                          </span>
                        </span>
                      </td>
                      <td className={`${rt.td} md:text-right tabular`} data-label="Bunch in pail">
                        {item.pails > 0 ? money(item.pailPrice) : "—"}
                      </td>
                      <td className={`${rt.td} md:text-right tabular`} data-label="Loose bunch">
                        {item.looseBunches > 0 ? money(item.bunchPrice) : "—"}
                      </td>
                      <td className={`${rt.td} font-semibold md:text-right tabular`} data-label="Line total">
                        {money(item.lineTotal)}
                      </td>
                    </tr>
                  ))}
                  {fees.map((item) => (
                    <tr key={`fee-${item.id}`} className={`${rt.tr} text-sage`}>
                      <td className={`${rt.td} max-md:!block`} data-label="" colSpan={6}>
                        {item.description}
                      </td>
                      <td className={`${rt.td} md:text-right tabular`} data-label="Line total">
                        {money(item.lineTotal)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="text-sm text-sage">
              <strong className="text-ink">Confirmed</strong> bunches are held for you and ship as ordered. <strong className="text-ink">Pending</strong> bunches are a
              request: we confirm them before the ship date.
            </p>
          </div>

          <aside aria-label="Order summary" className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4 lg:sticky lg:top-20">
            <h2 className="text-xl">Order summary</h2>
            <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
              <dt className="text-sage">{ids.isRetailer ? "Pickup date" : "Ship date"}</dt>
              <dd className="text-right font-semibold">{dateText}</dd>
              <dt className="text-sage">Lines</dt>
              <dd className="text-right tabular">{count(counts.lines)}</dd>
              <dt className="text-sage">Bunches</dt>
              <dd className="text-right tabular">{count(counts.bunches)}</dd>
              <dt className="text-sage">Pending lines</dt>
              <dd className="text-right tabular">{count(pendingCount)}</dd>
            </dl>
            <div className="rounded-lg border border-line p-3">
              <div className="flex items-start gap-3">
                <input
                  id={boxedId}
                  type="checkbox"
                  role="switch"
                  className="mt-1 h-5 w-5 accent-leaf"
                  checked={boxed}
                  disabled={alwaysBoxed || placing}
                  aria-describedby={`${boxedId}-hint`}
                  onChange={(e) => void toggleBoxed(e.target.checked)}
                />
                <div>
                  <label htmlFor={boxedId} className="font-semibold">
                    Pack in boxes
                  </label>
                  <p id={`${boxedId}-hint`} className="text-sm text-sage">
                    {alwaysBoxed ? "Your account always ships boxed." : boxed ? "Boxed: packed in shipping boxes." : "Not boxed: shipped in our pails."}
                  </p>
                  {boxed && fill && (
                    // Polite: the fill changes as lines change; a screen reader hears it once settled.
                    <p className="mt-1 text-sm" aria-live="polite">
                      <span className="font-semibold text-ink">Box fill: {fill.text}.</span>
                      {fill.hint && <span className="block text-sage">{fill.hint}</span>}
                    </p>
                  )}
                </div>
              </div>
            </div>
            <TextField
              id={poId}
              label="PO number (optional)"
              name="poNumber"
              autoComplete="off"
              maxLength={PO_NUMBER_MAX}
              value={poNumber}
              error={orderFieldErrors.poNumber}
              readOnly={placing}
              onChange={(e) => {
                setPoNumber(e.target.value);
                setOrderFieldErrors((f) => ({ ...f, poNumber: undefined }));
              }}
            />
            <TextAreaField
              id={notesId}
              label="Delivery notes (optional)"
              name="deliveryNotes"
              className="min-h-20"
              maxLength={DELIVERY_NOTES_MAX}
              maxChars={DELIVERY_NOTES_MAX}
              value={deliveryNotes}
              error={orderFieldErrors.deliveryNotes}
              readOnly={placing}
              onChange={(e) => {
                setDeliveryNotes(e.target.value);
                setOrderFieldErrors((f) => ({ ...f, deliveryNotes: undefined }));
              }}
            />
            <div>
              <TextField
                id={voucherId}
                label="Voucher code"
                name="voucherCode"
                autoComplete="off"
                maxLength={40}
                value={voucherCode}
                error={voucherError ?? quoteError}
                hint="The saving is taken off when the order is placed."
                readOnly={placing}
                onChange={(e) => {
                  setVoucherCode(e.target.value);
                  setVoucherError(undefined);
                }}
              />
              {blitzQ.data && voucherCode.trim().toUpperCase() !== blitzQ.data.code.toUpperCase() && (
                <button
                  type="button"
                  className="mt-2 text-sm font-semibold underline"
                  onClick={() => {
                    setVoucherCode(blitzQ.data!.code);
                    setVoucherError(undefined);
                  }}
                >
                  Use your blitz voucher {blitzQ.data.code}
                </button>
              )}
            </div>
            <div className="flex items-baseline justify-between border-t border-line pt-3">
              <span className="font-semibold">{voucherCode.trim() ? "Total before voucher" : "Total"}</span>
              <span className="text-2xl font-semibold tabular">{money(cart.subtotal)}</span>
            </div>
            {/* The same rule PlaceOrder applies (domain/voucher.ts), on the cart's subtotal. */}
            <div role="status" aria-live="polite">
              {quote && !voucherError && (
                <div className="rounded-lg bg-leaf-light px-3 py-2">
                  <p id="voucher-saving" className="font-semibold text-ink">
                    {voucherSavingText(quote.code, dollarsToCents(cart.subtotal), quote)}
                  </p>
                  <p className="flex items-baseline justify-between text-sm">
                    <span>Total after voucher</span>
                    <span className="font-semibold tabular">{money((dollarsToCents(cart.subtotal) - voucherDiscountCents(dollarsToCents(cart.subtotal), quote)) / 100)}</span>
                  </p>
                </div>
              )}
            </div>
            {error && <InlineAlert alert={{ type: "error", title: "Order not placed", message: error }} />}
            <button id="place-order" type="button" className="btn btn-primary w-full" onClick={() => void place()} disabled={placing || busy || !cart.shipDate}>
              {placing ? "Placing the order…" : error ? "Try again" : "Place order"}
            </button>
            <p className="text-xs text-sage">Placing the order confirms the held stock. You can see it any time under Orders.</p>
          </aside>
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
