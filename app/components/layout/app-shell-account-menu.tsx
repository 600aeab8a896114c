import { useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { Ok } from "../../../contract/common.ts";
import { ActableRetailer } from "../../../contract/staff.ts";
import { hasAnyRole } from "../../../domain/access.ts";
import { SELECTED_CUSTOMER_KEY, userInitials } from "../../../domain/customer-selection.ts";
import { useImpersonation } from "../../features/staff/impersonation.ts";
import { api } from "../../lib/api.ts";
import { useRootData } from "../../lib/session.ts";

async function logout() {
  await api.post("/api/Auth/logout/", undefined, undefined, undefined, Ok).catch(() => {});
  try {
    localStorage.removeItem(SELECTED_CUSTOMER_KEY);
  } catch {
    // storage may be unavailable; nothing to clear then
  }
  window.location.assign("/");
}

/** The avatar's menu: who is signed in, staff's links, a wholesaler's retailers to act for, and "Sign out". */
export function AccountMenu() {
  const { session } = useRootData();
  const user = session.user!;
  const impersonation = useImpersonation();
  // A wholesaler user's menu lists the retailers it may act for (read when first opened).
  const [actFor, setActFor] = useState<ActableRetailer[] | null>(null);
  const wholesaler = !session.originalUser && hasAnyRole(user.roles, ["wholesaler"]);
  function menuToggled(open: boolean) {
    if (!open || !wholesaler || actFor) return;
    api
      .get("/api/Retailer/ActFor", undefined, z.array(ActableRetailer))
      .then(setActFor)
      .catch(() => setActFor([]));
  }
  const initials = userInitials(user.firstName, user.lastName);
  return (
    <details className="relative" onToggle={(e) => menuToggled(e.currentTarget.open)}>
      <summary
        className="grid h-9 w-9 cursor-pointer list-none place-items-center rounded-full bg-pollen font-semibold text-ink"
        aria-label={`${initials}: account menu for ${user.firstName} ${user.lastName}`}
      >
        <span aria-hidden="true">{initials}</span>
      </summary>
      <div className="absolute right-0 mt-2 w-64 rounded-xl bg-white p-3 text-ink shadow-xl">
        <p className="font-semibold">
          {user.firstName} {user.lastName}
        </p>
        <p className="truncate text-sm text-sage">{user.email}</p>
        {hasAnyRole(user.roles, ["Administrator", "SalesPerson"]) && (
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link to="/Account">Your account</Link>
            </li>
            <li>
              <Link to="/Administration">Administration</Link>
            </li>
          </ul>
        )}
        {wholesaler && (
          <div className="mt-3 border-t border-line pt-2">
            <p className="text-sm font-semibold">Act for a retailer</p>
            {actFor === null ? (
              <p className="text-sm text-sage" role="status">
                Loading…
              </p>
            ) : actFor.length === 0 ? (
              <p className="text-sm text-sage">None of your retailers has a user yet.</p>
            ) : (
              <ul className="mt-1 max-h-56 space-y-1 overflow-y-auto">
                {actFor.map((r) => (
                  <li key={`${r.customerId}-${r.retailerId}`}>
                    <button
                      type="button"
                      className="w-full rounded-lg px-2 py-1.5 text-left text-sm hover:bg-mist"
                      onClick={() => void impersonation.actForRetailer(user.id, r.customerId, r.retailerId)}
                    >
                      {r.name}
                      {user.customers.length > 1 && <span className="block text-sage">via {r.companyName}</span>}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <button type="button" className="btn btn-secondary mt-3 w-full !min-h-9 !py-1.5 text-sm" onClick={() => void logout()}>
          Sign out
        </button>
      </div>
    </details>
  );
}
