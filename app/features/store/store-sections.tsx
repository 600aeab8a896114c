// The store page's sections: the date card, the toolbar above the list, the list itself with its
// loading and empty states, the phone's cart bar and the hold reminders. Split out of store-page.tsx.
import type { Dispatch, SetStateAction } from "react";
import { useNavigate } from "react-router";
import { CartBar } from "../../components/ui/cart-bar.tsx";
import type { Cart, CartItem, Product, Profile } from "../../../contract/store.ts";
import { InlineAlert } from "../../components/ui/alert.tsx";
import { Loading } from "../../components/ui/status.tsx";
import { Catalogue, CatalogueWarmUp } from "./catalogue.tsx";
import { CheckoutReminder, HoldExpiredNotice } from "./checkout-reminder.tsx";
import { activeFilterCount, type FilterState } from "./filters.ts";
import { FiltersPanel, SearchBox, SortSelect } from "./filters-panel.tsx";
import { money, shortDate } from "../../lib/format.ts";
import { HoldStatus } from "./hold-status.tsx";
import type { CatalogueView } from "./preferences.ts";
import type { SaveLine } from "./quantity-entry.tsx";
import { ShipDatePicker } from "./ship-date-picker.tsx";
import type { HoldReminder } from "./use-store-cart.ts";
import type { HoldView } from "./use-hold-countdown.ts";

/** The store's title, customer and date choice with its errors. */
export function DateCard(props: {
  isRetailer: boolean;
  company: string | undefined;
  earliest: string | null | undefined;
  datesState: "pending" | "error" | "ready";
  dates: string[];
  selected: string | null;
  busyDate: string | null;
  shipTimes: Profile["shipTimes"];
  onChoose: (date: string) => void;
  /** A date the buyer's pointer or focus rests on (read ahead of the click). */
  onIntent?: (date: string) => void;
  cart: Cart | undefined;
  dateError: string | null;
  closedDate: boolean;
}) {
  const { isRetailer, cart } = props;
  return (
    // Below sm the card is compact (title and customer on one line, smaller type, less padding), so
    // the first flowers show on a phone's first screen.
    <div className="mb-3 flex flex-col gap-2 rounded-xl border border-line bg-white px-3 pt-2 pb-1.5 sm:mb-4 sm:gap-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 sm:gap-x-4 sm:gap-y-1">
        <h1 className="text-xl sm:text-3xl">Store</h1>
        <p className="text-xs text-sage sm:text-sm">
          Ordering for <strong className="text-ink">{props.company}</strong>
          {isRetailer ? " · pickup dates from your wholesaler" : ""}
        </p>
      </div>
      <div>
        <h2 className="text-xs font-semibold text-sage sm:mb-1 sm:text-sm" id="date-heading">
          {isRetailer ? "Choose your pickup date" : "Choose a ship date"}
          {isRetailer && props.earliest ? <span className="font-normal"> · earliest {shortDate(props.earliest)}</span> : null}
        </h2>
        {props.datesState === "pending" ? (
          <p className="text-sm text-sage">Loading dates…</p>
        ) : props.datesState === "error" ? (
          <InlineAlert alert={{ type: "error", title: "Dates unavailable", message: "We could not load your ship dates. Please reload the page." }} />
        ) : (
          <ShipDatePicker
            isRetailer={isRetailer}
            dates={props.dates}
            selected={props.selected}
            busyDate={props.busyDate}
            shipTimes={props.shipTimes}
            onChoose={props.onChoose}
            onIntent={props.onIntent}
            waiting={!cart}
          />
        )}
        {isRetailer && cart?.shipDate && cart.receivingDate && (
          <p className="text-sm text-sage">
            Pickup {shortDate(cart.receivingDate)} · your wholesaler ships these flowers on <strong className="text-ink">{shortDate(cart.shipDate)}</strong>
          </p>
        )}
        {props.dateError && (
          <div className="mt-2">
            <InlineAlert alert={{ type: "error", title: "", message: props.dateError }} />
          </div>
        )}
        {props.closedDate && props.selected && (
          <div className="mt-2">
            <InlineAlert alert={{ type: "warning", title: "This date has closed", message: `Orders for ${shortDate(props.selected)} are closed. Choose another date to keep ordering.` }} />
          </div>
        )}
      </div>
    </div>
  );
}

/** Before a date is chosen. */
export function NoDateYet({ isRetailer }: { isRetailer: boolean }) {
  return (
    <div className="rounded-xl border border-dashed border-line bg-white px-6 py-12 text-center">
      <p className="font-serif text-2xl">{isRetailer ? "When would you like to pick up?" : "When should we ship?"}</p>
      <p className="mx-auto mt-2 max-w-prose text-sage">
        Choose a date above. The flowers, prices and stock you see are the ones offered for that date; stock you add is held for you while you shop.
      </p>
    </div>
  );
}

/** The list's heading, quick order, sort, list or grid, search and (below 1600 px) the filters. */
export function CatalogueToolbar(props: {
  heading: string;
  quickOrderReady: boolean;
  onQuickOrder: () => void;
  filters: FilterState;
  setFilters: Dispatch<SetStateAction<FilterState>>;
  view: CatalogueView;
  onView: (view: CatalogueView) => void;
  wide: boolean;
  products: Product[];
  comboAvailable: boolean;
}) {
  const { filters, setFilters, view } = props;
  const on = activeFilterCount({ ...filters, text: "" });
  return (
    <div className="mb-3 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="catalogue-heading" className="mr-auto text-lg sm:text-xl">
          {props.heading}
        </h2>
        <button type="button" className="min-h-9 rounded-full border-[1.5px] border-leaf bg-white px-3 text-sm font-semibold text-leaf hover:bg-leaf-light" onClick={props.onQuickOrder} disabled={!props.quickOrderReady}>
          Quick order
        </button>
        <SortSelect value={filters.sort} onChange={(sort) => setFilters((f) => ({ ...f, sort }))} />
        <div role="group" aria-label="Show as" className="inline-flex rounded-full border border-line bg-white p-0.5">
          {(["list", "grid"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => props.onView(v)}
              className={`min-h-9 rounded-full px-3 text-sm font-semibold ${view === v ? "bg-leaf text-white" : "text-leaf hover:bg-leaf-light"}`}
            >
              {v === "list" ? "List" : "Grid"}
            </button>
          ))}
        </div>
      </div>
      <SearchBox value={filters.text} onChange={(text) => setFilters((f) => ({ ...f, text }))} />
      {!props.wide && (
        <details className="rounded-xl border border-line bg-white">
          <summary className="cursor-pointer px-4 py-2 font-semibold sm:py-2.5">Filters{on > 0 ? ` (${on} on)` : ""}</summary>
          <div className="border-t border-line p-4">
            <FiltersPanel products={props.products} filters={filters} onChange={setFilters} comboAvailable={props.comboAvailable} />
          </div>
        </details>
      )}
    </div>
  );
}

/** The list for the date, or why it is not there yet. */
export function CatalogueBody(props: {
  catalogState: "error" | "none" | "loading" | "ready";
  /** While loading: the first rows already parsed, listed until the rest are (null: none yet). */
  firstRows?: Product[] | null;
  /** While loading without first rows: the last whole offer's rows, listed as updating (use-held-rows.ts). */
  held?: Product[] | null;
  /** The date the list is updating for (its text), while its own rows are not in: the rows shown are pending. */
  pendingFor?: string | null;
  shipDate: string;
  view: CatalogueView;
  products: Product[];
  filters: FilterState;
  comboIds: ReadonlySet<string>;
  lines: ReadonlyMap<string, CartItem>;
  favourites: ReadonlySet<string>;
  onOpen: (productId: string) => void;
  onSave: SaveLine;
  onStar: (productId: string, star: boolean) => void;
}) {
  if (props.catalogState === "error") {
    return <InlineAlert alert={{ type: "error", title: "Offer unavailable", message: "We could not load the offer for this date. Please try again in a moment." }} />;
  }
  if (props.catalogState === "none") {
    return (
      <div className="rounded-xl border border-dashed border-line bg-white p-8 text-center">
        <p className="font-semibold">No flowers are offered for {shortDate(props.shipDate)} yet.</p>
        <p className="mt-1 text-sm text-sage">Choose another date, or check back later this week.</p>
      </div>
    );
  }
  const loading = props.catalogState === "loading";
  // Held rows only ever as pending ones.
  const rows = loading ? (props.firstRows ?? (props.pendingFor ? props.held : null) ?? null) : props.products;
  if (!rows) {
    // The products query waits (disabled, so pending) until the catalog is known.
    return (
      <>
        <Loading what={`the flowers for ${shortDate(props.shipDate)}`} />
        <CatalogueWarmUp view={props.view} />
      </>
    );
  }
  return (
    <Catalogue
      products={rows}
      complete={!loading}
      pendingFor={loading && props.firstRows ? null : (props.pendingFor ?? null)}
      filters={props.filters}
      comboIds={props.comboIds}
      lines={props.lines}
      view={props.view}
      favourites={props.favourites}
      onOpen={props.onOpen}
      onSave={props.onSave}
      onStar={props.onStar}
    />
  );
}

/** Below md: the hold, the cart's count and total, and Check out, always within reach. */
export function MobileCartBar({ cart, lines, hold, onHoldAgain, holdingAgain }: { cart: Cart; lines: number; hold: HoldView; onHoldAgain: () => void; holdingAgain: boolean }) {
  return (
    <CartBar
      hiddenFrom="md:hidden"
      hold={hold.state !== "none" && <HoldStatus hold={hold} compact onHoldAgain={onHoldAgain} busy={holdingAgain} />}
      count={`${lines} ${lines === 1 ? "line" : "lines"}`}
      total={money(cart.subtotal)}
      cartHref="#cart"
      checkoutTo="/store/checkout"
      checkoutLabel="Check out"
    />
  );
}

/** The reminder a minute before the hold ends, and what happened when it did. */
export function HoldReminders(props: { reminder: HoldReminder; lines: number; dateText: string; holdingAgain: boolean; onHoldAgain: () => void; onClose: () => void }) {
  const navigate = useNavigate();
  if (props.reminder === "expired") {
    return <HoldExpiredNotice lines={props.lines} dateText={props.dateText} busy={props.holdingAgain} onHoldAgain={props.onHoldAgain} onClose={props.onClose} />;
  }
  if (props.reminder === "hold") {
    return (
      <CheckoutReminder
        reason="hold"
        lines={props.lines}
        dateText={props.dateText}
        onCheckout={() => {
          props.onClose();
          navigate("/store/checkout");
        }}
        onStay={props.onClose}
      />
    );
  }
  return null;
}
