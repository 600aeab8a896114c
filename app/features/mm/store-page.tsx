// /MM/Store (SPEC §2, §4 "MM cart", §5 MM search): the ship date first, then the bouquets of the
// date's first catalog and the cart with its fee lines.
import { useCallback, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { CartBar } from "../../components/ui/cart-bar.tsx";
import type { MmCart, MmPackage, MmProduct } from "../../../contract/mm.ts";
import { ApiError } from "../../lib/api.ts";
import { ShipDatePicker } from "../store/ship-date-picker.tsx";
import { money, shortDate } from "../../lib/format.ts";
import { bouquetLines, feeLines, mmSaveBody, withQuantity, type MmPatch } from "./cart-logic.ts";
import { BouquetList, type MmView } from "./bouquet-list.tsx";
import { FeeTable, MmPage, Totals } from "./parts.tsx";
import { useMmStoreIds } from "./customer-gate.tsx";
import { MmHoldDialogs, MmHoldStatus, useMmHold, type MmHold } from "./use-mm-hold.tsx";
import { useMmSearch } from "./use-mm-search.ts";
import { useMmCart, useMmCartSaver, useMmCatalogs, useMmPackages, useMmProducts, useMmProfile, type MmSaveOutcome, type StoreIds } from "./queries.ts";

const NO_PRODUCTS: MmProduct[] = [];

export function MmStorePage() {
  const { ids, gate } = useMmStoreIds();
  if (!ids) return gate;
  return <Store key={ids.customerId} ids={ids} />;
}

function Store({ ids }: { ids: StoreIds }) {
  const profileQ = useMmProfile(ids);
  const cartQ = useMmCart(ids);
  const cart = cartQ.data;
  const openDates = profileQ.data?.openDates;
  // A date that has closed since it was chosen counts as none: the date comes first again.
  const shipDate = cart?.shipDate && openDates?.includes(cart.shipDate) ? cart.shipDate : null;
  const catalogsQ = useMmCatalogs(ids, shipDate);
  const firstCatalog = catalogsQ.data?.[0] ?? null;
  const productsQ = useMmProducts(ids, firstCatalog?.orderId ?? null, shipDate);
  const products = productsQ.data ?? NO_PRODUCTS;
  // SPEC §3 market-side store state: the box types and the pail fee, with their sizes and prices.
  const packagesQ = useMmPackages(ids);
  const save = useMmCartSaver(ids);
  const [updating, setUpdating] = useState(false);
  const [status, setStatus] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const holdState = useMmHold(ids, cart, save);

  /** Every change saves the whole cart; SPEC §8: a failure is only logged, the updating flag cleared. */
  const update = useCallback(
    async (patch: (c: MmCart) => MmPatch, done: string): Promise<MmSaveOutcome | null> => {
      setUpdating(true);
      const outcome = await save((c) => mmSaveBody(c, patch(c)));
      setUpdating(false);
      if (outcome?.ok) {
        const removed = outcome.cart.messages?.map((m) => `${m.description}: ${m.message}`) ?? [];
        const capped = outcome.cart.items.flatMap((i) => (i.message ? [`${i.description}: ${i.message}`] : []));
        setNotice([...removed, ...capped].join(" ") || null);
        setStatus(done);
      } else if (outcome && outcome.error.status === 400) {
        setNotice(outcome.error.message);
      }
      return outcome;
    },
    [save],
  );

  if (profileQ.isError || cartQ.isError) {
    // A 403 says why (e.g. a wholesale customer chosen in the selector); anything else is a hiccup.
    const error = profileQ.error ?? cartQ.error;
    return (
      <MmPage>
        <p role="alert" className="rounded-xl border border-line bg-white p-6">
          {error instanceof ApiError && error.status === 403 ? error.message : "We could not open the store just now. Please reload the page in a moment."}
        </p>
      </MmPage>
    );
  }

  const hasLines = !!cart && bouquetLines(cart.items).length > 0;
  return (
    <MmPage wide bottomBar={!!shipDate && hasLines}>
      <h1 className="sr-only">Mass-market store</h1>
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      <p aria-live="polite" className="sr-only">
        {holdState.announcement}
      </p>
      <section aria-labelledby="mm-date-heading" className="rounded-2xl border border-line bg-white p-4">
        <h2 id="mm-date-heading" className="text-xl">
          {shipDate ? `Ship date: ${shortDate(shipDate)}` : "Choose a ship date"}
        </h2>
        {!shipDate && <p className="mb-2 text-sm text-sage">Your bouquets, prices and fees depend on the day they ship. Choose it first.</p>}
        <ShipDatePicker
          isRetailer={false}
          dates={openDates ?? []}
          selected={shipDate}
          busyDate={null}
          shipTimes={profileQ.data?.shipTimes ?? []}
          waiting={!cart || updating}
          onChoose={(date) => void update(() => ({ shipDate: date }), `Ship date set to ${shortDate(date)}.`)}
        />
      </section>

      {notice && (
        <div role="alert" className="mt-3 rounded-xl border border-pollen bg-cream px-4 py-3 text-sm">
          {notice}{" "}
          <button type="button" className="ml-2 underline" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}

      {shipDate && cart && (
        <div className="mt-4 grid gap-4 lg:grid-cols-[1fr_24rem]">
          <Catalogue
            products={products}
            loading={catalogsQ.isLoading || productsQ.isLoading}
            noCatalog={catalogsQ.isSuccess && !firstCatalog}
            cart={cart}
            busy={updating}
            onQuantity={(p, q) => update((c) => ({ items: withQuantity(c, p.productId, q) }), q > 0 ? `${p.description}: ${q} in your cart.` : `${p.description} removed.`)}
          />
          <CartPanel cart={cart} busy={updating} update={update} hold={holdState} packages={packagesQ.data} />
        </div>
      )}
      {shipDate && cart && hasLines && <PhoneCartBar cart={cart} hold={holdState} />}
      <MmHoldDialogs state={holdState} cart={cart} />
    </MmPage>
  );
}

function Catalogue({
  products,
  loading,
  noCatalog,
  cart,
  busy,
  onQuantity,
}: {
  products: MmProduct[];
  loading: boolean;
  noCatalog: boolean;
  cart: MmCart;
  busy: boolean;
  onQuantity: (p: MmProduct, quantity: number) => unknown;
}) {
  const [text, setText] = useState("");
  const [category, setCategory] = useState("all");
  const [colour, setColour] = useState("all");
  const [view, setView] = useState<MmView>("list");
  const categories = useMemo(() => [...new Set(products.map((p) => p.category))].sort(), [products]);
  const colours = useMemo(() => [...new Set(products.map((p) => p.colour))].sort(), [products]);
  const { matches, searching } = useMmSearch(products, text, category, colour);
  const inCart = useMemo(() => new Map(bouquetLines(cart.items).map((l) => [l.productId, l.quantity])), [cart.items]);

  if (noCatalog) return <p className="rounded-xl border border-line bg-white p-6">There are no bouquets on offer for this ship date. Please choose another date.</p>;
  return (
    <section aria-labelledby="mm-products-heading" className="min-w-0">
      <div className="flex flex-wrap items-end gap-3 rounded-2xl border border-line bg-white p-3">
        <h2 id="mm-products-heading" className="sr-only">
          Bouquets
        </h2>
        <div className="min-w-[12rem] flex-1">
          <label htmlFor="mm-search" className="field-label">
            Search bouquets
          </label>
          <input id="mm-search" type="search" className="field-input" value={text} placeholder="Name or item number" onChange={(e) => { setText(e.target.value) }} />
        </div>
        <div>
          <label htmlFor="mm-category" className="field-label">
            Category
          </label>
          <select id="mm-category" className="field-input" value={category} onChange={(e) => { setCategory(e.target.value || "all") }}>
            <option value="all">All</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="mm-colour" className="field-label">
            Colour
          </label>
          <select id="mm-colour" className="field-input" value={colour} onChange={(e) => { setColour(e.target.value || "all") }}>
            <option value="all">All</option>
            {colours.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div role="group" aria-label="Layout" className="flex gap-1">
          {(["list", "grid"] as const).map((v) => (
            <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)} className={`btn ${view === v ? "btn-primary" : "btn-secondary"}`}>
              {v === "list" ? "List" : "Grid"}
            </button>
          ))}
        </div>
      </div>
      <p className="mt-2 text-sm text-sage" role="status">
        {loading ? "Loading bouquets…" : searching ? "Searching…" : `${matches.length} of ${products.length} bouquets`}
      </p>
      <BouquetList products={matches} view={view} inCart={inCart} busy={busy} shipDate={cart.shipDate} onQuantity={onQuantity} />
    </section>
  );
}

/**
 * Below lg the cart sits under a list of up to thousands of bouquets: after adding, this bar keeps the
 * countdown, the total and the way to check out on screen, as the wholesale store's does.
 */
function PhoneCartBar({ cart, hold }: { cart: MmCart; hold: MmHold }) {
  return (
    <CartBar
      hiddenFrom="lg:hidden"
      label="Cart summary"
      hold={<MmHoldStatus state={hold} compact />}
      count={`${cart.itemCount} ${cart.itemCount === 1 ? "bouquet" : "bouquets"}`}
      total={money(cart.total)}
      cartHref="#mm-cart"
      checkoutTo="/MM/Store/checkout"
      checkoutLabel="Checkout"
    />
  );
}

function CartPanel({
  cart,
  busy,
  update,
  hold,
  packages,
}: {
  cart: MmCart;
  busy: boolean;
  update: (patch: (c: MmCart) => MmPatch, done: string) => Promise<MmSaveOutcome | null>;
  hold: MmHold;
  packages: readonly MmPackage[] | undefined;
}) {
  const lines = bouquetLines(cart.items);
  const fees = feeLines(cart.items);
  // Boxed answers the click at once; the save follows, and a failed one puts the box back and says so.
  const [boxedShown, setBoxedShown] = useState<boolean | null>(null);
  const [boxedError, setBoxedError] = useState<string | null>(null);
  const boxedSaves = useRef(0);
  async function toggleBoxed(boxed: boolean) {
    setBoxedShown(boxed);
    setBoxedError(null);
    boxedSaves.current += 1;
    const outcome = await update(() => ({ boxed }), boxed ? "Boxed: prices and box fees updated." : "Not boxed: prices and pail fees updated.");
    boxedSaves.current -= 1;
    if (!outcome?.ok) {
      const why = outcome && outcome.error.status > 0 && outcome.error.status < 500 && outcome.error.message ? ` ${outcome.error.message}` : "";
      setBoxedError(`We could not ${boxed ? "box" : "unbox"} your order, so it stays ${boxed ? "not boxed" : "boxed"}.${why} Please try again.`);
    }
    if (boxedSaves.current === 0) setBoxedShown(null);
  }
  const boxes = (packages ?? []).filter((p) => p.category.toLowerCase() === "boxes");
  const pail = (packages ?? []).find((p) => p.category.toLowerCase() === "pails");
  return (
    <aside id="mm-cart" aria-labelledby="mm-cart-heading" className="h-fit scroll-mt-4 rounded-2xl border border-line bg-white p-4 lg:sticky lg:top-16">
      <h2 id="mm-cart-heading" className="text-xl">
        Your cart
      </h2>
      <div className="mt-2 empty:hidden">
        <MmHoldStatus state={hold} compact />
      </div>
      <label className="mt-2 flex items-center gap-2">
        <input type="checkbox" className="h-5 w-5 accent-leaf" checked={boxedShown ?? cart.boxed} onChange={(e) => void toggleBoxed(e.target.checked)} />
        <span>Boxed</span>
      </label>
      {boxedError && (
        <p role="alert" className="field-error mt-1 text-sm">
          {boxedError}
        </p>
      )}
      <p className="text-xs text-sage">Boxed bouquets pay the boxed price and a box fee per box type; unboxed pail items pay the pail fee.</p>
      {(boxes.length > 0 || pail) && (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer text-leaf underline">Box and pail fees</summary>
          <ul className="mt-1 flex flex-col gap-0.5 text-sage" aria-label="Box and pail fees">
            {[...boxes, ...(pail ? [pail] : [])].map((p) => (
              <li key={p.type} className="flex justify-between gap-2">
                <span>
                  {p.description} ({p.type}) · {p.size}
                </span>
                <span className="tabular">{money(p.price)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {lines.length === 0 ? (
        <p className="mt-3 text-sage">Your cart is empty.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2" aria-label="Bouquets in your cart">
          {lines.map((l) => (
            <li key={l.productId} className="flex items-start justify-between gap-2 border-t border-line pt-2 text-sm" data-line={l.productId}>
              <span>
                {l.description}
                <span className="block text-sage">
                  {l.quantity} × <span className="tabular">{money(l.price)}</span>
                </span>
                {l.message && <span className="block text-amber-text">{l.message}</span>}
              </span>
              <span className="tabular">{money(l.lineTotal)}</span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-base font-semibold">Packaging fees</h3>
      <FeeTable items={fees} packages={packages} />
      <div className="mt-4 border-t border-line pt-3">
        <Totals cart={cart} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to="/MM/Store/checkout" className={`btn btn-primary ${lines.length ? "" : "pointer-events-none opacity-60"}`} aria-disabled={lines.length ? undefined : true} tabIndex={lines.length ? undefined : -1}>
          Checkout
        </Link>
        <button type="button" className="btn btn-secondary" disabled={busy || lines.length === 0} onClick={() => void update(() => ({ items: [] }), "Cart cleared.")}>
          Clear cart
        </button>
      </div>
    </aside>
  );
}
