import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { Product } from "../../../contract/store.ts";
import { isShipDateOpen } from "../../../domain/ship-dates.ts";
import { InlineAlert, useAlert } from "../../components/ui/alert.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { useSessionUser } from "../../lib/session.ts";
import { CartPanel } from "./cart-panel.tsx";
import { Catalogue, CatalogueWarmUp } from "./catalogue.tsx";
import { cartCounts, dateChangeQuestion, merchandiseLines, partitionForDate, saveBody, withLineQuantity, type CartPatch } from "./cart-logic.ts";
import { CheckoutReminder, HoldExpiredNotice, LeaveReminder } from "./checkout-reminder.tsx";
import { activeFilterCount, filtersFromSearch, searchForFilters, type FilterState } from "./filters.ts";
import { FiltersPanel, SearchBox, SortSelect } from "./filters-panel.tsx";
import { useFavourites } from "./buyer-queries.ts";
import { QuickOrder } from "./quick-order.tsx";
import { quickOrderItems, type QuickRow } from "./quick-order-logic.ts";
import { reportPageView } from "../../lib/page-views.ts";
import { money, shortDate } from "../../lib/format.ts";
import { HoldStatus } from "./hold-status.tsx";
import { ADD_TO_CART_FAILED, CART_FETCH_ERROR_DEFAULT, CART_FETCH_ERROR_TITLE, cartUpdateErrorAlert, serverMessage } from "./messages.ts";
import { savedView, saveView, type CatalogueView } from "./preferences.ts";
import { ProductModal } from "./product-modal.tsx";
import {
  fetchRetailerShipDate,
  loadProductsFor,
  storeKeys,
  useCart,
  useCartSaver,
  useCatalog,
  useComboSpecials,
  useEarliestDate,
  useProducts,
  useProfile,
  useRemoveHold,
  useStoreIds,
  type SaveOutcome,
  type StoreIds,
} from "./queries.ts";
import { ShipDatePicker } from "./ship-date-picker.tsx";
import { useHoldCountdown } from "./use-hold-countdown.ts";
import { useMedia, useNow } from "../../lib/use-media.ts";

const NO_PRODUCTS: Product[] = [];

/** Shown until the layout's customer choice is made: nothing customer-specific before that. */
export function NeedsCustomer() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl">Choose a customer</h1>
      <p className="mt-3 text-sage">Pick the customer you are ordering for, and the store opens with their dates and prices.</p>
    </section>
  );
}

export function StorePage() {
  const ids = useStoreIds();
  if (!ids) return <NeedsCustomer />;
  return <Store key={`${ids.customerId}:${ids.retailerId}`} ids={ids} />;
}

function Store({ ids }: { ids: StoreIds }) {
  const user = useSessionUser();
  const client = useQueryClient();
  const showAlert = useAlert();
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const wide = useMedia("(min-width: 1600px)");
  const now = useNow(60_000);

  const profileQ = useProfile(ids);
  const earliestQ = useEarliestDate(ids);
  const cartQ = useCart(ids);
  const cart = cartQ.data;
  const shipDate = cart?.shipDate ?? null;
  const selectedDate = (ids.isRetailer ? cart?.receivingDate : cart?.shipDate) ?? null;
  const catalogQ = useCatalog(ids, shipDate);
  const productsQ = useProducts(ids, catalogQ.data?.orderId ?? null, shipDate);
  const combosQ = useComboSpecials(ids);
  const products = productsQ.data ?? NO_PRODUCTS;

  const [filters, setFilters] = useState<FilterState>(() => filtersFromSearch(searchParams));
  const [view, setView] = useState<CatalogueView>("list");
  useEffect(() => setView(savedView()), []);
  const [openId, setOpenId] = useState<string | null>(() => searchParams.get("product"));
  const [busyDate, setBusyDate] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [holdReminder, setHoldReminder] = useState<false | "hold" | "expired">(false);
  const [holdingAgain, setHoldingAgain] = useState(false);
  const [quickOpen, setQuickOpen] = useState(false);
  const fav = useFavourites(ids);

  // The filters and the order live in the address too (?q=, ?sort=, …), so a link or a reload shows the
  // same list. Written with replaceState, not a navigation: no history entry and no page view per key.
  useEffect(() => {
    const t = setTimeout(() => {
      const next = searchForFilters(filters, new URLSearchParams(window.location.search)).toString();
      if (next !== window.location.search.replace(/^\?/, "")) {
        window.history.replaceState(window.history.state, "", `${window.location.pathname}${next ? `?${next}` : ""}${window.location.hash}`);
      }
    }, 300);
    return () => clearTimeout(t);
  }, [filters]);

  // A product opened in the store counts as a view of that product (SPEC §7 page views).
  useEffect(() => {
    if (openId) reportPageView("/store", openId);
  }, [openId]);

  const starProduct = useCallback(
    (productId: string, star: boolean) => {
      fav.toggle(productId, star).then(
        () => setAnnouncement(star ? "Added to your favourites." : "Removed from your favourites."),
        () => toast("Your favourites could not be saved. Please try again.", { type: "error", title: "Favourites" }),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fav.toggle],
  );

  const save = useCartSaver(ids);
  const removeHold = useRemoveHold(ids);

  const hold = useHoldCountdown(cart?.holdTime ?? null, {
    onWarning: (threshold) => {
      if (threshold === 60) {
        setAnnouncement("Product hold expires in 1 minute. Check out to keep your held flowers.");
        setHoldReminder("hold");
      } else {
        setAnnouncement("Product hold is ending now.");
        toast("Your product hold is ending now. Held stock goes back on sale.", { type: "warning", title: "Product Hold Expires" });
      }
    },
    onExpire: () => {
      setAnnouncement("Product Hold Expired. Held stock was released; your lines are pending requests until you hold them again.");
      // The reminder must not go on saying the hold ends in under a minute: it says what happened.
      setHoldReminder((open) => (open ? "expired" : false));
      removeHold.mutate();
    },
  });

  /** Saves the same lines again: the server holds what is still available and leaves the rest pending. */
  const holdAgain = useCallback(async () => {
    setHoldingAgain(true);
    const outcome = await save((c) => saveBody(c));
    setHoldingAgain(false);
    setHoldReminder(false);
    if (!outcome) return;
    if (outcome.ok) {
      const merchandise = merchandiseLines(outcome.cart.items);
      const held = merchandise.filter((i) => i.quantityConfirmed > 0).length;
      const pending = merchandise.filter((i) => i.quantityPending > 0 || i.quantityConfirmed === 0).length;
      const text =
        held === 0
          ? "Nothing could be held again: none of your flowers is available now. Your lines stay as pending requests."
          : `Held again: ${held} ${held === 1 ? "line" : "lines"}${pending > 0 ? `; ${pending} still pending (not enough available)` : ""}.`;
      setAnnouncement(text);
      toast(text, { type: held === 0 ? "warning" : "success", title: "Product hold" });
      refreshStockSoon();
      return;
    }
    if (outcome.conflict) void showAlert(cartUpdateErrorAlert(outcome.error));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [save]);

  // Other buyers' stock changes after our saves; refresh availability shortly after, not on every click.
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshStockSoon = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => void client.invalidateQueries({ queryKey: storeKeys.productsAll(ids) }), 1500);
  }, [client, ids]);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  /**
   * Add or change one line. SPEC §8: a failure is the browser alert 'There was an issue adding items
   * to your cart…'; a 409 (the cart changed in another window) is reported as the cart save failure
   * it is, with the server's message, and the server's current cart is already shown.
   */
  const saveLine = useCallback(
    async (productId: string, quantity: number) => {
      const outcome = await save((c) => saveBody(c, { items: withLineQuantity(c.items, productId, quantity) }));
      if (!outcome) return false;
      if (outcome.ok) {
        refreshStockSoon();
        // A line the save dropped (e.g. nothing left of a final product) comes back as a message.
        return outcome.cart.messages?.find((m) => m.productId === productId)?.message ?? true;
      }
      if (outcome.conflict) void showAlert(cartUpdateErrorAlert(outcome.error));
      else window.alert(ADD_TO_CART_FAILED);
      return false;
    },
    [save, refreshStockSoon, showAlert],
  );

  /**
   * Any other cart change. SPEC §8: 'Cart Update Error' with the server's message. `holdsChanged`
   * false: the save held or released no stock (a date chosen with an empty cart), so the list is not
   * read again for it (the new date's list is read as any list is, and live availability follows it).
   */
  const updateCart = useCallback(
    async (patch: CartPatch, holdsChanged = true): Promise<SaveOutcome | null> => {
      setBusy(true);
      const outcome = await save((c) => saveBody(c, patch));
      setBusy(false);
      if (outcome && !outcome.ok) void showAlert(cartUpdateErrorAlert(outcome.error));
      else if (outcome?.ok && holdsChanged) refreshStockSoon();
      return outcome;
    },
    [save, showAlert, refreshStockSoon],
  );

  const removeLine = useCallback(
    (productId: string, description: string) => {
      void updateCart({ items: withLineQuantity(cart?.items ?? [], productId, 0) }).then((o) => {
        if (o?.ok) setAnnouncement(`${description} removed from the cart.`);
      });
    },
    [cart?.items, updateCart],
  );

  async function clearCart() {
    const yes = await showAlert({ type: "question", title: "Clear the cart?", message: "Every line will be removed and held stock released." });
    if (!yes) return;
    const o = await updateCart({ items: [] });
    if (o?.ok) setAnnouncement("Cart cleared.");
  }

  /** SPEC §4 "Changing the ship date (wholesale)". */
  async function chooseDate(date: string) {
    if (!cart || busyDate || date === selectedDate) return;
    setBusyDate(date);
    setDateError(null);
    try {
      let nextShip = date;
      let nextReceiving: string | null = null;
      if (ids.isRetailer) {
        const mapped = await fetchRetailerShipDate(ids, date);
        if (!mapped) {
          setDateError(`We could not find a ship date for a pickup on ${shortDate(date)}. Please choose another pickup date.`);
          return;
        }
        nextShip = mapped;
        nextReceiving = date;
      }
      let items: CartPatch["items"];
      let removed: string[] = [];
      let moved = 0;
      if (merchandiseLines(cart.items).length > 0) {
        const nextProducts = await loadProductsFor(client, ids, nextShip);
        const { kept, dropped } = partitionForDate(cart.items, nextProducts);
        const question = dateChangeQuestion(dropped, kept.length, shortDate(date));
        if (question) {
          const yes = await showAlert({ type: "question", ...question });
          if (!yes) {
            setAnnouncement(selectedDate ? `Date not changed. Your cart stays on ${shortDate(selectedDate)}.` : "Date not changed.");
            return;
          }
        }
        // The lines the new date offers move with the cart; the server prices and holds them for it.
        items = kept.map((i) => ({ productId: i.productId, quantity: i.quantity }));
        removed = dropped.map((d) => d.description);
        moved = kept.length;
      }
      // Without lines the save holds and releases nothing: no second read of thousands of products.
      const outcome = await updateCart({ shipDate: nextShip, receivingDate: nextReceiving, items }, items !== undefined);
      if (outcome?.ok) {
        const set = ids.isRetailer ? `Pickup date set to ${shortDate(date)}, shipping ${shortDate(nextShip)}.` : `Ship date set to ${shortDate(date)}.`;
        const kept = moved > 0 ? ` ${moved} ${moved === 1 ? "line" : "lines"} moved with the cart, priced for the new date.` : "";
        const gone = removed.length > 0 ? ` Removed (not available that day): ${removed.join(", ")}.` : "";
        setAnnouncement(`${set}${kept}${gone}`);
        if (removed.length > 0 || moved > 0) toast(`${kept.trim()}${gone}`.trim(), { type: "success", title: "Date changed" });
      }
    } finally {
      setBusyDate(null);
    }
  }

  const profile = profileQ.data;
  const dateOptions = useMemo(() => {
    const open = profile?.openDates ?? [];
    if (ids.isRetailer) {
      const earliest = earliestQ.data;
      return earliest ? open.filter((d) => d >= earliest) : open;
    }
    const at = new Date(now);
    return open.filter((d) => isShipDateOpen(d, profile?.shipTimes ?? [], at));
  }, [profile, ids.isRetailer, earliestQ.data, now]);

  const comboIds = useMemo(() => new Set((combosQ.data ?? []).flatMap((c) => c.products.map((p) => p.strProductId))), [combosQ.data]);
  const lines = useMemo(() => new Map((cart?.items ?? []).map((i) => [i.productId, i])), [cart?.items]);
  const hasLines = cart ? merchandiseLines(cart.items).length > 0 : false;
  const counts = cart ? cartCounts(cart.items) : { lines: 0, bunches: 0 };

  const openProduct = useCallback((productId: string) => setOpenId(productId), []);
  const openProductData = openId ? products.find((p) => p.productId === openId) : undefined;

  /** Quick order: every checked line in one cart save (holds, pending and caps as for any change). */
  async function addQuickOrder(rows: QuickRow[]): Promise<boolean> {
    if (!cart) return false;
    const outcome = await updateCart({ items: quickOrderItems(rows, merchandiseLines(cart.items).map((i) => ({ productId: i.productId, quantity: i.quantity }))) });
    if (!outcome?.ok) return false;
    const dropped = outcome.cart.messages ?? [];
    const text = `Added ${rows.length} ${rows.length === 1 ? "line" : "lines"} to the cart.${dropped.length ? ` Not added: ${dropped.map((m) => `${m.description} (${m.message})`).join(", ")}.` : ""}`;
    setAnnouncement(text);
    toast(text, { type: dropped.length ? "warning" : "success", title: "Quick order" });
    return true;
  }

  function changeView(v: CatalogueView) {
    setView(v);
    saveView(v);
  }

  const closedDate = selectedDate && dateOptions.length > 0 && !dateOptions.includes(selectedDate) && profileQ.isSuccess;
  const company = user?.currentCustomer?.companyName;

  return (
    <div className="mx-auto max-w-[2200px] px-3 pt-3 pb-28 sm:px-4 sm:pt-4 md:px-6 md:pb-10">
      <div className="sr-only" role="alert" aria-live="assertive">
        {announcement}
      </div>

      {/* Below sm the card is compact (title and customer on one line, smaller type, less padding), so
          the first flowers show on a phone's first screen. */}
      <div className="mb-3 flex flex-col gap-2 rounded-xl border border-line bg-white px-3 pt-2 pb-1.5 sm:mb-4 sm:gap-3 sm:p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 sm:gap-x-4 sm:gap-y-1">
          <h1 className="text-xl sm:text-3xl">Store</h1>
          <p className="text-xs text-sage sm:text-sm">
            Ordering for <strong className="text-ink">{company}</strong>
            {ids.isRetailer ? " · pickup dates from your wholesaler" : ""}
          </p>
        </div>
        <div>
          <h2 className="text-xs font-semibold text-sage sm:mb-1 sm:text-sm" id="date-heading">
            {ids.isRetailer ? "Choose your pickup date" : "Choose a ship date"}
            {ids.isRetailer && earliestQ.data ? <span className="font-normal"> · earliest {shortDate(earliestQ.data)}</span> : null}
          </h2>
          {profileQ.isPending ? (
            <p className="text-sm text-sage">Loading dates…</p>
          ) : profileQ.isError ? (
            <InlineAlert alert={{ type: "error", title: "Dates unavailable", message: "We could not load your ship dates. Please reload the page." }} />
          ) : (
            <ShipDatePicker
              isRetailer={ids.isRetailer}
              dates={dateOptions}
              selected={selectedDate}
              busyDate={busyDate}
              shipTimes={profile?.shipTimes ?? []}
              onChoose={(d) => void chooseDate(d)}
              waiting={!cart}
            />
          )}
          {ids.isRetailer && cart?.shipDate && cart.receivingDate && (
            <p className="text-sm text-sage">
              Pickup {shortDate(cart.receivingDate)} · your wholesaler ships these flowers on <strong className="text-ink">{shortDate(cart.shipDate)}</strong>
            </p>
          )}
          {dateError && (
            <div className="mt-2">
              <InlineAlert alert={{ type: "error", title: "", message: dateError }} />
            </div>
          )}
          {closedDate && (
            <div className="mt-2">
              <InlineAlert alert={{ type: "warning", title: "This date has closed", message: `Orders for ${shortDate(selectedDate)} are closed. Choose another date to keep ordering.` }} />
            </div>
          )}
        </div>
      </div>

      {cartQ.isError && (
        <div className="mb-4">
          <InlineAlert
            alert={{
              type: "error",
              title: CART_FETCH_ERROR_TITLE,
              message: serverMessage(cartQ.error, CART_FETCH_ERROR_DEFAULT),
              options: { primaryText: "Try again", showSecondary: false },
            }}
            onClose={() => void cartQ.refetch()}
          />
        </div>
      )}

      {cartQ.isPending ? (
        <p className="py-10 text-center text-sage">Loading your cart…</p>
      ) : !cart ? null : !shipDate ? (
        <div className="rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center">
          <p className="font-serif text-2xl">{ids.isRetailer ? "When would you like to pick up?" : "When should we ship?"}</p>
          <p className="mx-auto mt-2 max-w-prose text-sage">
            Choose a date above. The flowers, prices and stock you see are the ones offered for that date; stock you add is held for you while you shop.
          </p>
        </div>
      ) : (
        <div className="grid items-start gap-5 md:grid-cols-[minmax(0,1fr)_300px] lg:grid-cols-[minmax(0,1fr)_340px] min-[1600px]:grid-cols-[240px_minmax(0,1fr)_340px] 2xl:grid-cols-[280px_minmax(0,1fr)_400px]">
          {wide && (
            <aside aria-label="Filters" className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto rounded-xl border border-line bg-white p-4">
              <FiltersPanel products={products} filters={filters} onChange={setFilters} comboAvailable={comboIds.size > 0} />
            </aside>
          )}
          <section aria-labelledby="catalogue-heading" className="min-w-0">
            <div className="mb-3 flex flex-col gap-2">
              <div className="flex flex-wrap items-center gap-2">
                <h2 id="catalogue-heading" className="mr-auto text-lg sm:text-xl">
                  {ids.isRetailer && cart?.receivingDate ? `Flowers for pickup ${shortDate(cart.receivingDate)}` : `Flowers for ${shortDate(shipDate)}`}
                </h2>
                <button type="button" className="min-h-9 rounded-full border-[1.5px] border-leaf bg-white px-3 text-sm font-semibold text-leaf hover:bg-leaf-light" onClick={() => setQuickOpen(true)} disabled={!productsQ.isSuccess}>
                  Quick order
                </button>
                <SortSelect value={filters.sort} onChange={(sort) => setFilters((f) => ({ ...f, sort }))} />
                <div role="group" aria-label="Show as" className="inline-flex rounded-full border border-line bg-white p-0.5">
                  {(["list", "grid"] as const).map((v) => (
                    <button
                      key={v}
                      type="button"
                      aria-pressed={view === v}
                      onClick={() => changeView(v)}
                      className={`min-h-9 rounded-full px-3 text-sm font-semibold ${view === v ? "bg-leaf text-white" : "text-leaf hover:bg-leaf-light"}`}
                    >
                      {v === "list" ? "List" : "Grid"}
                    </button>
                  ))}
                </div>
              </div>
              <SearchBox value={filters.text} onChange={(text) => setFilters((f) => ({ ...f, text }))} />
              {!wide && (
                <details className="rounded-xl border border-line bg-white">
                  <summary className="cursor-pointer px-4 py-2 font-semibold sm:py-2.5">
                    Filters{activeFilterCount({ ...filters, text: "" }) > 0 ? ` (${activeFilterCount({ ...filters, text: "" })} on)` : ""}
                  </summary>
                  <div className="border-t border-line p-4">
                    <FiltersPanel products={products} filters={filters} onChange={setFilters} comboAvailable={comboIds.size > 0} />
                  </div>
                </details>
              )}
            </div>
            {catalogQ.isError ? (
              <InlineAlert alert={{ type: "error", title: "Offer unavailable", message: "We could not load the offer for this date. Please try again in a moment." }} />
            ) : catalogQ.isSuccess && !catalogQ.data ? (
              <div className="rounded-xl border border-dashed border-line bg-white p-8 text-center">
                <p className="font-semibold">No flowers are offered for {shortDate(shipDate)} yet.</p>
                <p className="mt-1 text-sm text-sage">Choose another date, or check back later this week.</p>
              </div>
            ) : catalogQ.isPending || productsQ.isPending ? (
              // The products query waits (disabled, so pending) until the catalog is known.
              <>
                <p className="py-10 text-center text-sage" role="status">
                  Loading the flowers for {shortDate(shipDate)}…
                </p>
                <CatalogueWarmUp view={view} />
              </>
            ) : (
              <Catalogue
                products={products}
                filters={filters}
                comboIds={comboIds}
                lines={lines}
                view={view}
                favourites={fav.favourites}
                onOpen={openProduct}
                onSave={saveLine}
                onStar={starProduct}
              />
            )}
          </section>
          <aside aria-label="Cart" className="md:sticky md:top-20">
            <CartPanel cart={cart} hold={hold} isRetailer={ids.isRetailer} onRemove={removeLine} onClear={() => void clearCart()} onOpen={openProduct} busy={busy} onHoldAgain={() => void holdAgain()} holdingAgain={holdingAgain} />
          </aside>
        </div>
      )}

      {cart && hasLines && (
        <div className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-white/95 px-3 py-2 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur md:hidden">
          <div className="flex items-center gap-2">
            <div className="min-w-0 flex-1">
              {hold.state !== "none" && <HoldStatus hold={hold} compact onHoldAgain={hasLines ? () => void holdAgain() : undefined} busy={holdingAgain} />}
              <p className="mt-0.5 text-sm tabular">
                {counts.lines} {counts.lines === 1 ? "line" : "lines"} · <strong>{money(cart.subtotal)}</strong>{" "}
                <a href="#cart" className="ml-1 underline">
                  View cart
                </a>
              </p>
            </div>
            <Link to="/store/checkout" className="btn btn-primary !min-h-10 !px-4 text-sm">
              Check out
            </Link>
          </div>
        </div>
      )}

      {quickOpen && shipDate && (
        <QuickOrder products={products} lines={lines} dateText={shortDate(shipDate)} onAdd={addQuickOrder} onClose={() => setQuickOpen(false)} />
      )}

      {openId && openProductData && <ProductModal product={openProductData} line={lines.get(openId)} onSave={saveLine} onClose={() => setOpenId(null)} />}

      <LeaveReminder active={hasLines} lines={counts.lines} dateText={selectedDate ? shortDate(selectedDate) : ""} />
      {holdReminder === "expired" && (
        <HoldExpiredNotice
          lines={counts.lines}
          dateText={selectedDate ? shortDate(selectedDate) : ""}
          busy={holdingAgain}
          onHoldAgain={() => void holdAgain()}
          onClose={() => setHoldReminder(false)}
        />
      )}
      {holdReminder === "hold" && (
        <CheckoutReminder
          reason="hold"
          lines={counts.lines}
          dateText={selectedDate ? shortDate(selectedDate) : ""}
          onCheckout={() => {
            setHoldReminder(false);
            navigate("/store/checkout");
          }}
          onStay={() => setHoldReminder(false)}
        />
      )}
    </div>
  );
}
