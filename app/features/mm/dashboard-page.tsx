// /MM/Dashboard: the way into the store, this week's specials, recent orders and the picture.
import { Link } from "react-router";
import { useSessionUser } from "../../lib/session.ts";
import { money } from "../../lib/format.ts";
import { InteractiveScene } from "../store/interactive-scene.tsx";
import { MmOrdersTable } from "./orders-pages.tsx";
import { BouquetPicture, MmPage } from "./parts.tsx";
import { useMmStoreIds } from "./customer-gate.tsx";
import { useMmInteractiveImage, useMmRecentOrders, useMmSpecials, type StoreIds } from "./queries.ts";

export function MmDashboardPage() {
  const { ids, gate } = useMmStoreIds();
  if (!ids) return gate;
  return <Dashboard key={ids.customerId} ids={ids} />;
}

function Dashboard({ ids }: { ids: StoreIds }) {
  const user = useSessionUser();
  const specials = useMmSpecials(ids);
  const recent = useMmRecentOrders(ids);
  const image = useMmInteractiveImage();
  return (
    <MmPage>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-line bg-white p-6">
        <div>
          <h1 className="text-3xl">Good to see you, {user?.firstName}</h1>
          {user?.currentCustomer && <p className="mt-1 text-sage">Ordering for {user.currentCustomer.companyName}.</p>}
        </div>
        <Link to="/MM/Store" className="btn btn-primary text-lg">
          Shop bouquets
        </Link>
      </div>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="mm-specials" className="min-w-0 rounded-2xl border border-line bg-white p-4">
          <h2 id="mm-specials" className="text-xl">This week's specials</h2>
          {specials.isLoading ? (
            <p role="status">Loading specials…</p>
          ) : (specials.data ?? []).length === 0 ? (
            <p className="text-sage">No specials for the next ship date.</p>
          ) : (
            <ul className="mt-2 flex flex-col gap-2">
              {specials.data!.map((p) => (
                <li key={p.productId} className="flex items-center gap-3 border-t border-line pt-2">
                  <BouquetPicture imageName={p.imageName} colourHex={p.colourHex} className="h-12 w-12" />
                  <span className="min-w-0 flex-1 break-words">
                    {p.description}
                    <span className="block text-sm text-sage">{p.productId} · pack of {p.packSize}</span>
                  </span>
                  <span className="shrink-0 font-semibold whitespace-nowrap text-petal tabular">{money(p.pricePerBouquet)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="mm-recent" className="min-w-0 rounded-2xl border border-line bg-white p-4">
          <h2 id="mm-recent" className="text-xl">Recent orders</h2>
          {recent.isLoading ? <p role="status">Loading orders…</p> : <MmOrdersTable orders={recent.data ?? []} caption="Recent orders" compact />}
          <Link to="/MM/Orders" className="mt-3 inline-block">
            All orders
          </Link>
        </section>
      </div>
      {image.data && (
        <div className="mt-4">
          <InteractiveScene image={image.data} />
        </div>
      )}
    </MmPage>
  );
}
