import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { Product } from "../../../contract/store.ts";
import { InlineAlert } from "../../components/ui/alert.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { reportPageView } from "../../lib/page-views.ts";
import { useSessionUser } from "../../lib/session.ts";
import { useFavourites } from "./buyer-queries.ts";
import { CartPanel } from "./cart-panel.tsx";
import { cartCounts, merchandiseLines } from "./cart-logic.ts";
import { LeaveReminder } from "./checkout-reminder.tsx";
import { filtersFromSearch, searchForFilters, type FilterState } from "./filters.ts";
import { FiltersPanel } from "./filters-panel.tsx";
import { shortDate } from "../../lib/format.ts";
import { CART_FETCH_ERROR_DEFAULT, CART_FETCH_ERROR_TITLE, serverMessage } from "./messages.ts";
import { savedView, saveView, type CatalogueView } from "./preferences.ts";
import { ProductModal } from "./product-modal.tsx";
import { useCart, useCatalog, useComboSpecials, useEarliestDate, useProducts, useProfile, useStoreIds, type StoreIds } from "./queries.ts";
import { QuickOrder } from "./quick-order.tsx";
import { CatalogueBody, CatalogueToolbar, DateCard, HoldReminders, MobileCartBar, NoDateYet } from "./store-sections.tsx";
import { useMedia, useNow } from "../../lib/use-media.ts";
import { useShipDateChange } from "./use-ship-date-change.ts";
import { useFirstRows } from "./use-first-rows.ts";
import { heldRowsFit, useHeldRows } from "./use-held-rows.ts";
import { useStoreCart } from "./use-store-cart.ts";

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
  const toast = useToast();
  const wide = useMedia("(min-width: 1600px)");
  const now = useNow(60_000);

  const profileQ = useProfile(ids);
  const earliestQ = useEarliestDate(ids);
  const cartQ = useCart(ids);
  const cart = cartQ.data;
  const shipDate = cart?.shipDate ?? null;
  const [announcement, setAnnouncement] = useState("");
  const actions = useStoreCart(ids, cart, { setAnnouncement });
  const { hold, holdAgain, holdingAgain } = actions;
  const profile = profileQ.data;
  const dates = useShipDateChange({ ids, cart, profile, earliest: earliestQ.data, now, updateCart: actions.updateCart, setAnnouncement });
  const { selectedDate, dateOptions } = dates;
  const hasLines = cart ? merchandiseLines(cart.items).length > 0 : false;
  // An empty cart moves to the date chosen without a question: its list is updating from the click.
  // A cart with lines once the date's save is on its way (its lines checked against the date's offer,
  // and the buyer asked if any would change).
  const switching = dates.busyDate !== null && (!hasLines || dates.savingDate !== null);
  // The ship date whose offer is listed: the cart's, or the one chosen while it is saved. Nothing in
  // the list depends on the save, so the date's offer is listed as soon as it is read (issue 30); a
  // line added meanwhile is saved after the date (one save after another), and only for that date
  // (saveListedLine). A pickup date waits for its save, which says the ship date serving it.
  const listDate = switching && !ids.isRetailer ? dates.busyDate : shipDate;
  const catalogQ = useCatalog(ids, listDate);
  const productsQ = useProducts(ids, catalogQ.data?.orderId ?? null, listDate);
  const combosQ = useComboSpecials(ids);
  const products = productsQ.data ?? NO_PRODUCTS;

  const [filters, setFilters] = useFiltersInAddress();
  const [view, setView] = useState<CatalogueView>("list");
  useEffect(() => setView(savedView()), []);
  const [openId, setOpenId] = useOpenProduct();
  const [quickOpen, setQuickOpen] = useState(false);
  const fav = useFavourites(ids);

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

  const comboIds = useMemo(() => new Set((combosQ.data ?? []).flatMap((c) => c.products.map((p) => p.strProductId))), [combosQ.data]);
  const lines = useMemo(() => new Map((cart?.items ?? []).map((i) => [i.productId, i])), [cart?.items]);
  const counts = cart ? cartCounts(cart.items) : { lines: 0, bunches: 0 };

  const saveLine = actions.saveLine;
  const saveListedLine = useCallback((productId: string, quantity: number) => saveLine(productId, quantity, listDate), [saveLine, listDate]);
  const openProduct = useCallback((productId: string) => setOpenId(productId), [setOpenId]);
  // The list is another date's while the date chosen is not the one listed (a pickup date being saved).
  const listedElsewhere = switching && listDate !== dates.busyDate;
  const openProductData = openId && !listedElsewhere ? products.find((p) => p.productId === openId) : undefined;

  function changeView(v: CatalogueView) {
    setView(v);
    saveView(v);
  }

  const closedDate = !!selectedDate && dateOptions.length > 0 && !dateOptions.includes(selectedDate) && profileQ.isSuccess;
  const dateText = selectedDate ? shortDate(selectedDate) : "";
  const catalogState = catalogQ.isError ? "error" : catalogQ.isSuccess && !catalogQ.data ? "none" : catalogQ.isPending || productsQ.isPending ? "loading" : "ready";
  // While a date's products are parsed, its first rows in the server's order: the first screen when
  // the list is in that order (sorted otherwise, it waits for every product).
  const firstRows = useFirstRows(ids, catalogQ.data?.orderId ?? null, listDate, catalogState === "loading" && filters.sort === "");
  // Until then, the last whole offer's rows, marked as updating for the date chosen (use-held-rows.ts).
  const held = useHeldRows(productsQ.isSuccess ? productsQ.data : undefined);
  const heldFits = heldRowsFit(filters);
  // The date the rows shown are updating for: the date chosen, until its own rows are listed.
  const pendingDate = catalogState === "loading" ? (switching ? dates.busyDate : ids.isRetailer ? cart?.receivingDate : shipDate) : listedElsewhere ? dates.busyDate : null;
  const pendingFor = heldFits && pendingDate ? `${ids.isRetailer ? "pickup " : ""}${shortDate(pendingDate)}` : null;

  return (
    <div className="mx-auto max-w-[2200px] px-3 pt-3 pb-28 sm:px-4 sm:pt-4 md:px-6 md:pb-10">
      <div className="sr-only" role="alert" aria-live="assertive">
        {announcement}
      </div>

      <DateCard
        isRetailer={ids.isRetailer}
        company={user?.currentCustomer?.companyName}
        earliest={earliestQ.data}
        datesState={profileQ.isPending ? "pending" : profileQ.isError ? "error" : "ready"}
        dates={dateOptions}
        selected={selectedDate}
        busyDate={dates.busyDate}
        shipTimes={profile?.shipTimes ?? []}
        onChoose={(d) => void dates.chooseDate(d)}
        onIntent={dates.intendDate}
        cart={cart}
        dateError={dates.dateError}
        closedDate={closedDate}
      />

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
      ) : !cart ? null : !listDate ? (
        <NoDateYet isRetailer={ids.isRetailer} />
      ) : (
        <div className="grid items-start gap-5 md:grid-cols-[minmax(0,1fr)_300px] lg:grid-cols-[minmax(0,1fr)_340px] min-[1600px]:grid-cols-[240px_minmax(0,1fr)_340px] 2xl:grid-cols-[280px_minmax(0,1fr)_400px]">
          {wide && (
            <aside aria-label="Filters" className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto rounded-xl border border-line bg-white p-4">
              <FiltersPanel products={products} filters={filters} onChange={setFilters} comboAvailable={comboIds.size > 0} />
            </aside>
          )}
          <section aria-labelledby="catalogue-heading" className="min-w-0">
            <CatalogueToolbar
              heading={ids.isRetailer && cart?.receivingDate ? `Flowers for pickup ${shortDate(cart.receivingDate)}` : `Flowers for ${shortDate(listDate)}`}
              quickOrderReady={productsQ.isSuccess && !switching}
              onQuickOrder={() => setQuickOpen(true)}
              filters={filters}
              setFilters={setFilters}
              view={view}
              onView={changeView}
              wide={wide}
              products={products}
              comboAvailable={comboIds.size > 0}
            />
            <CatalogueBody
              catalogState={catalogState}
              firstRows={firstRows}
              held={heldFits ? held : null}
              pendingFor={pendingFor}
              shipDate={listDate}
              view={view}
              products={products}
              filters={filters}
              comboIds={comboIds}
              lines={lines}
              favourites={fav.favourites}
              onOpen={openProduct}
              onSave={saveListedLine}
              onStar={starProduct}
            />
          </section>
          <aside aria-label="Cart" className="md:sticky md:top-20">
            <CartPanel
              cart={cart}
              hold={hold}
              isRetailer={ids.isRetailer}
              onRemove={actions.removeLine}
              onClear={() => void actions.clearCart()}
              onOpen={openProduct}
              busy={actions.busy}
              onHoldAgain={() => void holdAgain()}
              holdingAgain={holdingAgain}
            />
          </aside>
        </div>
      )}

      {cart && hasLines && <MobileCartBar cart={cart} lines={counts.lines} hold={hold} onHoldAgain={() => void holdAgain()} holdingAgain={holdingAgain} />}

      {quickOpen && shipDate && (
        <QuickOrder products={products} lines={lines} dateText={shortDate(shipDate)} shipDate={shipDate} onAdd={actions.addQuickOrder} onClose={() => setQuickOpen(false)} />
      )}

      {openId && openProductData && <ProductModal product={openProductData} line={lines.get(openId)} onSave={saveListedLine} onClose={() => setOpenId(null)} />}

      <LeaveReminder active={hasLines} lines={counts.lines} dateText={dateText} />
      <HoldReminders
        reminder={actions.holdReminder}
        lines={counts.lines}
        dateText={dateText}
        holdingAgain={holdingAgain}
        onHoldAgain={() => void holdAgain()}
        onClose={() => actions.setHoldReminder(false)}
      />
    </div>
  );
}

/**
 * The filters and the order live in the address too (?q=, ?sort=, …), so a link or a reload shows the
 * same list. Written with replaceState, not a navigation: no history entry and no page view per key.
 */
function useFiltersInAddress() {
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<FilterState>(() => filtersFromSearch(searchParams));
  useEffect(() => {
    const t = setTimeout(() => {
      const next = searchForFilters(filters, new URLSearchParams(window.location.search)).toString();
      if (next !== window.location.search.replace(/^\?/, "")) {
        window.history.replaceState(window.history.state, "", `${window.location.pathname}${next ? `?${next}` : ""}${window.location.hash}`);
      }
    }, 300);
    return () => clearTimeout(t);
  }, [filters]);
  return [filters, setFilters] as const;
}

/** The product whose details are open (?product= on arrival); opening one counts as a view of it (SPEC §7 page views). */
function useOpenProduct() {
  const [searchParams] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => searchParams.get("product"));
  useEffect(() => {
    if (openId) reportPageView("/store", openId);
  }, [openId]);
  return [openId, setOpenId] as const;
}
