import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { CustomerHeader, User } from "../../../contract/user.ts";
import { hasAnyRole } from "../../../domain/access.ts";
import { chooseCustomer, SELECTED_CUSTOMER_KEY } from "../../../domain/customer-selection.ts";
import { api } from "../../lib/api.ts";
import { useRootData } from "../../lib/session.ts";
import { useToast } from "../ui/toast.tsx";
import { CustomerSelector } from "./customer-selector.tsx";

function rememberedCustomer(): string | null {
  try {
    return localStorage.getItem(SELECTED_CUSTOMER_KEY);
  } catch {
    return null;
  }
}

/**
 * SPEC §4 "Customer selection": run whenever the user has no current customer (the selector forced
 * open when it cannot choose), and on demand from the header. Staff may act for any customer, not only
 * their linked ones: the selector lists them all.
 */
export function useCustomerSelection() {
  const { session, site } = useRootData();
  const user = session.user;
  const revalidator = useRevalidator();
  const toast = useToast();
  const [selector, setSelector] = useState<"forced" | "optional" | null>(null);
  const [staffCustomers, setStaffCustomers] = useState<CustomerHeader[] | null>(null);
  const staff = !!user && hasAnyRole(user.roles, ["Administrator", "SalesPerson"]);
  useEffect(() => {
    if (!selector || !staff || !user || staffCustomers) return;
    api
      .get(`/api/User/Customers/${encodeURIComponent(user.id)}`, undefined, z.array(CustomerHeader))
      .then(setStaffCustomers)
      .catch(() => setStaffCustomers(user.customers));
  }, [selector, staff, user, staffCustomers]);

  async function setCustomer(customerId: string) {
    try {
      await api.post(`/api/Auth/SetCustomer/${encodeURIComponent(customerId)}`, undefined, undefined, undefined, User);
      localStorage.setItem(SELECTED_CUSTOMER_KEY, customerId);
      setSelector(null);
      await revalidator.revalidate();
    } catch {
      toast("We could not switch to that customer.", { type: "error", title: "Error" });
    }
  }

  // A customer the server set itself (one customer, or staff's default: server/modules/auth
  // chooseSessionCustomer) is stored locally too, as setting it here would.
  const current = user?.currentCustomer?.customerID;
  useEffect(() => {
    if (!current) return;
    try {
      if (localStorage.getItem(SELECTED_CUSTOMER_KEY) !== current) localStorage.setItem(SELECTED_CUSTOMER_KEY, current);
    } catch {
      // storage may be unavailable; the session remembers the choice
    }
  }, [current]);

  useEffect(() => {
    if (!user || user.currentCustomer) return;
    const choice = chooseCustomer({
      customers: user.customers,
      current: null,
      remembered: rememberedCustomer(),
      roles: user.roles,
      defaultCustomerCode: site.defaultCustomerCode,
    });
    if (choice.kind === "selector") setSelector("forced");
    else if (choice.customerId) void setCustomer(choice.customerId);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id, user?.currentCustomer?.customerID]);

  const dialog =
    selector && user ? (
      <CustomerSelector
        customers={staff ? (staffCustomers ?? []) : user.customers}
        loading={staff && !staffCustomers}
        onChoose={(id) => void setCustomer(id)}
        onClose={selector === "optional" ? () => setSelector(null) : undefined}
      />
    ) : null;
  return { open: () => setSelector("optional"), dialog };
}

/** The header's current customer (its picture, and its name from 420 px up), opening the selector. */
export function CustomerButton({ onOpen }: { onOpen: () => void }) {
  const { session, site } = useRootData();
  const user = session.user!;
  const current = user.currentCustomer;
  if (!current) return <span className="text-sm">{site.brandName}</span>;
  return (
    <button
      type="button"
      className="flex items-center gap-2 rounded-full bg-white/10 p-1 text-sm hover:bg-white/20 min-[420px]:pr-3"
      onClick={onOpen}
      aria-label={`Customer: ${current.companyName}. Change customer`}
      disabled={user.customers.length < 2 && !hasAnyRole(user.roles, ["Administrator", "SalesPerson"])}
    >
      <img src={current.imgSrc} alt="" className="h-7 w-7 rounded-full bg-white object-cover" />
      {/* Narrower than 420 px the brand row holds the customer's picture only (the button's label
          names the customer; the store and dashboard say it in words). */}
      <span className="hidden max-w-[9ch] truncate min-[420px]:block sm:max-w-[16ch]">{current.companyName}</span>
    </button>
  );
}
