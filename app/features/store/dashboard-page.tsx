import type { ReactNode } from "react";
import { FreshListPanel } from "./fresh-list-panel.tsx";
import { Link } from "react-router";
import type { BlitzVoucher, FutureSpecial, Product } from "../../../contract/store.ts";
import type { AppServices } from "../../../server/context.ts";
import { useRootData } from "../../lib/session.ts";
import { awaitingCustomer } from "../../../domain/customer-selection.ts";
import { ColourChip } from "./catalogue-rows.tsx";
import { offerPricesOf } from "./cart-logic.ts";
import { dateRange, instant, money } from "../../lib/format.ts";
import { InteractiveScene } from "./interactive-scene.tsx";
import { OrdersTable } from "./order-parts.tsx";
import { ProductPicture } from "./product-picture.tsx";
import {
  useBlitzVoucher,
  useComboSpecials,
  useFutureSpecials,
  useInteractiveImage,
  useRecentOrders,
  useRecommended,
  useSpecials,
  useStoreIds,
} from "./queries.ts";
import { formatMoney } from "../../../domain/money.ts";
import { DASHBOARD_SPECIALS } from "../../../domain/dashboard.ts";

/** A dashboard card: its heading, the link to the whole list beside it (`more`), and what it shows. */
function Panel({ title, id, more, children }: { title: string; id: string; more?: { to: string; label: string }; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-xl">
          {title}
        </h2>
        {more && (
          <Link to={more.to} className="text-sm">
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

function Quiet({ children }: { children: ReactNode }) {
  return <p className="text-sm text-sage">{children}</p>;
}

function basePriceCents(p: Product) {
  const prices = offerPricesOf(p);
  return { now: p.special ? prices.priceCents : prices.standardPriceCents, was: prices.standardPriceCents };
}

function SpecialsList({ products, future = false }: { products: (Product | FutureSpecial)[]; future?: boolean }) {
  return (
    <ul className="divide-y divide-line">
      {products.map((p) => {
        const { now, was } = basePriceCents(p);
        return (
          <li key={`${p.productId}-${"shipDateFrom" in p ? p.shipDateFrom : ""}`} className="flex items-center gap-3 py-2">
            <ProductPicture image={p.image} colourHex={p.colourHex} className="h-12 w-10 shrink-0" />
            <div className="min-w-0 flex-1">
              {future ? (
                <p className="text-sm leading-snug font-semibold">{p.description}</p>
              ) : (
                <Link to={`/store?product=${encodeURIComponent(p.productId)}`} className="text-sm leading-snug font-semibold text-ink hover:text-leaf">
                  {p.description}
                </Link>
              )}
              <p className="text-xs text-sage">
                <ColourChip hex={p.colourHex} name={p.colour} />
                {"shipDateFrom" in p && (
                  <span className="ml-2">ships {dateRange(p.shipDateFrom, p.shipDateTo)}</span>
                )}
              </p>
            </div>
            <p className="text-right text-sm tabular">
              <span className="block font-semibold text-petal">{formatMoney(now)}</span>
              {now < was && (
                <span className="block text-xs text-sage line-through">
                  <span className="sr-only">was </span>
                  {formatMoney(was)}
                </span>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

function Voucher({ voucher }: { voucher: NonNullable<BlitzVoucher> }) {
  return (
    <section aria-labelledby="blitz-heading" className="relative overflow-hidden rounded-2xl border-2 border-petal bg-petal-light p-5">
      <p className="text-xs font-semibold tracking-widest text-petal uppercase">Blitz voucher</p>
      <h2 id="blitz-heading" className="mt-1 text-2xl">
        {voucher.percentOff > 0 ? `${voucher.percentOff}% off` : `${money(voucher.amountOff)} off`}
      </h2>
      <p className="mt-1 text-sm">{voucher.description}</p>
      <p className="mt-3 inline-block rounded-lg border border-dashed border-petal bg-white px-3 py-1 font-mono text-lg tracking-wider">{voucher.code}</p>
      <p className="mt-2 text-xs text-sage">Valid until {instant(voucher.expiresAt)}</p>
      <p className="mt-2 text-sm">
        Enter the code at{" "}
        <Link to="/store/checkout" className="underline">
          checkout
        </Link>
        : the saving comes off your order.
      </p>
    </section>
  );
}

/**
 * The panels' answers the page came with (the dashboard's loader, for the session's current
 * customer): each seeds its query when they are for the buyer the page shows, so the panels render
 * with the page instead of after seven calls; a panel without one asks the API as before.
 */
export type DashboardPanels = Awaited<ReturnType<AppServices["dashboard"]>>;

export function DashboardPage({ panels }: { panels?: DashboardPanels }) {
  const { session, site } = useRootData();
  const user = session.user;
  const ids = useStoreIds();
  const same = !!ids && !!panels && panels.ids.userId === ids.userId && panels.ids.customerId === ids.customerId && panels.ids.retailerId === ids.retailerId;
  const given = same ? panels : undefined;
  const image = useInteractiveImage(!!ids, given?.image);
  const specials = useSpecials(ids, given?.specials);
  const future = useFutureSpecials(ids, given?.futureSpecials);
  const recent = useRecentOrders(ids, given?.recentOrders);
  const combos = useComboSpecials(ids, given?.comboSpecials);
  const recommended = useRecommended(ids, given?.recommended);
  const voucher = useBlitzVoucher(ids, given?.blitz);

  if (!user) return null;
  if (!ids) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl">Good to see you, {user.firstName}</h1>
        <p role="status" className="mt-2 text-sage">
          {awaitingCustomer(user, site.defaultCustomerCode)}
        </p>
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-[1800px] px-3 py-6 sm:px-4 md:px-6">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl sm:text-4xl">Good to see you, {user.firstName}</h1>
          <p className="mt-1 text-sage">
            Ordering for <strong className="text-ink">{user.currentCustomer?.companyName}</strong>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/store" className="btn btn-primary">
            Start an order
          </Link>
          <Link to="/Orders" className="btn btn-secondary">
            Order history
          </Link>
        </div>
      </div>

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_380px] 2xl:grid-cols-[minmax(0,1fr)_460px]">
        <div className="grid min-w-0 items-start gap-5 min-[1800px]:grid-cols-2">
          {image.data && <InteractiveScene image={image.data} />}

          <Panel
            title="Specials this week"
            id="specials-heading"
            more={{ to: "/store?specials=1", label: "All discounted flowers" }}
          >
            {specials.isPending ? (
              <Quiet>Loading specials…</Quiet>
            ) : !specials.data?.length ? (
              <Quiet>No specials for the next ship date yet.</Quiet>
            ) : (
              <div className="grid gap-x-6 md:grid-cols-2 min-[1800px]:grid-cols-1">
                <SpecialsList products={specials.data.slice(0, Math.ceil(Math.min(specials.data.length, DASHBOARD_SPECIALS) / 2))} />
                <SpecialsList products={specials.data.slice(Math.ceil(Math.min(specials.data.length, DASHBOARD_SPECIALS) / 2), DASHBOARD_SPECIALS)} />
              </div>
            )}
          </Panel>

          <div className="min-[1800px]:col-span-2">
          <Panel title="Recommended for you" id="recommended-heading">
            {recommended.isPending ? (
              <Quiet>Loading…</Quiet>
            ) : !recommended.data?.length ? (
              <Quiet>Once you have ordered a few times, the flowers you buy most show here when they are available.</Quiet>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4 min-[1800px]:grid-cols-6">
                {recommended.data.slice(0, 8).map((p) => {
                  const { now } = basePriceCents(p);
                  return (
                    <li key={p.productId} className="flex flex-col rounded-xl border border-line bg-paper p-2">
                      <ProductPicture image={p.image} colourHex={p.colourHex} className="mx-auto h-28 w-auto" />
                      <Link to={`/store?product=${encodeURIComponent(p.productId)}`} className="mt-1 text-sm leading-snug font-semibold text-ink hover:text-leaf">
                        {p.description}
                      </Link>
                      <span className="mt-auto pt-1 text-sm tabular">
                        {formatMoney(now)} <span className="text-xs text-sage">/ bunch in pail</span>
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </Panel>
          </div>
        </div>

        <div className="flex min-w-0 flex-col gap-5">
          {voucher.data && <Voucher voucher={voucher.data} />}

          {!ids.isRetailer && <FreshListPanel ids={ids} />}

          <Panel
            title="Recent orders"
            id="recent-heading"
            more={{ to: "/Orders", label: "All orders" }}
          >
            {recent.isPending ? (
              <Quiet>Loading…</Quiet>
            ) : recent.isError ? (
              <Quiet>We could not load your recent orders.</Quiet>
            ) : !recent.data?.length ? (
              <Quiet>No orders yet. Your first one is a few clicks away.</Quiet>
            ) : (
              <OrdersTable orders={recent.data.slice(0, 6)} caption="Recent orders" compact />
            )}
          </Panel>

          <Panel
            title="Combo specials"
            id="combo-heading"
            more={{ to: "/store?combo=1", label: "Shop combos" }}
          >
            {combos.isPending ? (
              <Quiet>Loading…</Quiet>
            ) : !combos.data?.length ? (
              <Quiet>No combo specials running today.</Quiet>
            ) : (
              <ul className="flex flex-col gap-3">
                {combos.data.map((c) => (
                  <li key={c.id} className="rounded-xl border border-line p-3">
                    <p className="flex items-baseline justify-between gap-2">
                      <span className="font-semibold">{c.title}</span>
                      <span className="rounded bg-petal px-1.5 text-xs font-semibold text-white">{c.discountPercent}% off together</span>
                    </p>
                    <p className="mt-1 text-sm text-sage">{c.description}</p>
                    <ul className="mt-1 list-disc pl-5 text-sm">
                      {c.products.map((p) => (
                        <li key={p.strProductId}>{p.description}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            )}
          </Panel>

          <Panel title="Coming specials" id="future-heading">
            {future.isPending ? (
              <Quiet>Loading…</Quiet>
            ) : !future.data?.length ? (
              <Quiet>Nothing announced for later weeks yet.</Quiet>
            ) : (
              <SpecialsList products={future.data.slice(0, 8)} future />
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}
