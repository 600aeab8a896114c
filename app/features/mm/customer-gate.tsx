// Which customer an MM screen is for. The MM screens need a mass-market customer: with none chosen
// they ask for one; with a wholesale customer chosen (staff acting for a wholesaler, say) they say
// so plainly and offer the mass-market customers to switch to, instead of an empty or failing page.
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { CustomerPage } from "../../../contract/administration.ts";
import { hasAnyRole } from "../../../domain/access.ts";
import { SELECTED_CUSTOMER_KEY } from "../../../domain/customer-selection.ts";
import { api } from "../../lib/api.ts";
import { useSessionUser } from "../../lib/session.ts";
import { MmPage, NeedsMmCustomer } from "./parts.tsx";
import { useStoreIds, type StoreIds } from "./queries.ts";

export const NOT_MM_CUSTOMER_TITLE = "Choose a mass-market customer";

/** The screen's ids when its customer buys in the mass-market store; otherwise what to show instead. */
export function useMmStoreIds(): { ids: StoreIds; gate: null } | { ids: null; gate: ReactNode } {
  const ids = useStoreIds();
  const user = useSessionUser();
  if (!ids) return { ids: null, gate: <NeedsMmCustomer /> };
  if (user?.storeProfile?.kind === "wholesale") return { ids: null, gate: <NotMmCustomer /> };
  return { ids, gate: null };
}

/** A wholesale customer is chosen: say so, and (for staff) list the mass-market customers to act for. */
export function NotMmCustomer() {
  const user = useSessionUser();
  const staff = !!user && hasAnyRole(user.roles, ["Administrator", "SalesPerson"]);
  const company = user?.currentCustomer?.companyName ?? "This customer";
  return (
    <MmPage>
      <div className="rounded-2xl border border-line bg-white p-6">
        <h1 className="text-3xl">{NOT_MM_CUSTOMER_TITLE}</h1>
        <p className="mt-3" data-testid="not-mm-customer">
          You are ordering for <strong>{company}</strong>, a wholesale customer. The mass-market store sells bouquets to mass-market customers only.
        </p>
        <p className="mt-1 text-sage">
          {staff ? "Choose the mass-market customer you are ordering for below, or go back to the wholesale store." : "Go back to the wholesale store, or choose another customer from the header."}
        </p>
        <div className="mt-4">
          <Link to="/Dashboard" className="btn btn-secondary">
            Wholesale store
          </Link>
        </div>
      </div>
      {staff && <MmCustomerChoice />}
    </MmPage>
  );
}

function MmCustomerChoice() {
  const revalidator = useRevalidator();
  const searchId = useId();
  const [q, setQ] = useState("");
  const [failed, setFailed] = useState(false);
  const query = q.trim();
  const list = useQuery({
    queryKey: ["mm", "customer-choice", query],
    queryFn: () => api.get("/api/Admin/Wholesalers", { kind: "massMarket", active: "true", q: query || undefined, pageSize: 25 }, CustomerPage),
    placeholderData: (previous) => previous,
  });
  async function choose(customerId: string) {
    setFailed(false);
    try {
      await api.post(`/api/Auth/SetCustomer/${encodeURIComponent(customerId)}`);
      try {
        localStorage.setItem(SELECTED_CUSTOMER_KEY, customerId);
      } catch {
        // storage may be unavailable; the session remembers the choice
      }
      await revalidator.revalidate();
    } catch {
      setFailed(true);
    }
  }
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby={`${searchId}-h`} className="mt-4 rounded-2xl border border-line bg-white p-6">
      <h2 id={`${searchId}-h`} className="text-xl">
        Mass-market customers
      </h2>
      <label htmlFor={searchId} className="field-label mt-3">
        Find a mass-market customer
      </label>
      <input id={searchId} type="search" className="field-input max-w-md" value={q} placeholder="Name, code or city" onChange={(e) => setQ(e.target.value)} />
      {failed && (
        <p role="alert" className="field-error mt-2">
          We could not switch to that customer. Please try again.
        </p>
      )}
      {list.isPending ? (
        <p role="status" className="mt-3 text-sage">
          Loading customers…
        </p>
      ) : list.isError ? (
        <p role="alert" className="mt-3">
          We could not load the mass-market customers. Please reload the page.
        </p>
      ) : items.length === 0 ? (
        <p role="status" className="mt-3 text-sage">
          No mass-market customer matches.
        </p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2" aria-label="Mass-market customers to order for">
          {items.map((c) => (
            <li key={c.customerId}>
              <button type="button" className="flex w-full items-center gap-3 rounded-xl border border-line bg-white p-3 text-left hover:border-leaf hover:bg-leaf-light" onClick={() => void choose(c.customerId)}>
                <img src={c.imgSrc} alt="" className="h-10 w-10 rounded-lg object-cover" />
                <span>
                  <span className="block font-semibold">Order for {c.companyName}</span>
                  <span className="block text-sm text-sage">
                    Customer {c.customerId}
                    {c.city ? ` · ${c.city}` : ""}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
