import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link, NavLink, Outlet, useLocation, useMatches, useRevalidator } from "react-router";
import { hasAnyRole } from "../../../domain/access.ts";
import { chooseCustomer, SELECTED_CUSTOMER_KEY, userInitials } from "../../../domain/customer-selection.ts";
import { CheckTokenResponse, User, type CustomerHeader } from "../../../contract/user.ts";
import { api } from "../../lib/api.ts";
import { useRootData } from "../../lib/session.ts";
import { BrandMark } from "./brand-mark.tsx";
import { CustomerSelector } from "./customer-selector.tsx";
import { useToast } from "../ui/toast.tsx";
import type { ActableRetailer } from "../../../contract/staff.ts";
import { useImpersonation } from "../../features/staff/impersonation.ts";

export interface PageHandle {
  /** Header bar text (SPEC §2), e.g. 'Order History'. */
  header?: string;
  /** Where the header's back link goes; true = browser back. */
  back?: string | true;
  /** One module serving several routes: the handle of each route, by route id. */
  byRoute?: Record<string, PageHandle>;
}

interface NavItem {
  to: string;
  label: string;
  roles?: string[];
}

const STORE_NAV: NavItem[] = [
  { to: "/Dashboard", label: "Dashboard" },
  { to: "/store", label: "Store" },
  { to: "/Orders", label: "Orders" },
  { to: "/store/StandingOrders", label: "Standing orders" },
  { to: "/Invoices", label: "Invoices", roles: ["Administrator", "SalesPerson", "wholesaler"] },
  { to: "/Administration", label: "Administration", roles: ["Administrator", "SalesPerson", "wholesaler"] },
  { to: "/Administration/Orders", label: "Order desk", roles: ["Administrator", "SalesPerson"] },
  { to: "/Supply", label: "Supply", roles: ["Administrator", "SalesPerson"] },
  { to: "/StoreFaq", label: "Help" },
];
const MM_NAV: NavItem[] = [
  { to: "/MM/Dashboard", label: "Dashboard" },
  { to: "/MM/Store", label: "Store" },
  { to: "/MM/Orders", label: "Orders" },
  { to: "/MM/Programs", label: "Standing programs" },
  { to: "/MM/Customer", label: "Customers", roles: ["Administrator", "SalesPerson"] },
  { to: "/MM/Users", label: "Users", roles: ["Administrator"] },
  // Staff keep their way back to the rest of the desk from the MM screens (issue 27).
  { to: "/Administration", label: "Administration", roles: ["Administrator", "SalesPerson"] },
  { to: "/Administration/Orders", label: "Order desk", roles: ["Administrator", "SalesPerson"] },
];

/** Three bars, or a cross while the menu is open; decorative (the button says "Menu"). */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      {open ? <path d="M5 5l10 10M15 5L5 15" /> : <path d="M3 5.5h14M3 10h14M3 14.5h14" />}
    </svg>
  );
}

function rememberedCustomer(): string | null {
  try {
    return localStorage.getItem(SELECTED_CUSTOMER_KEY);
  } catch {
    return null;
  }
}

/** The signed-in frame of the store and the MM store: header, customer choice, impersonation banner. */
export function AppShell({ variant }: { variant: "store" | "mm" }) {
  const { session, site } = useRootData();
  const user = session.user;
  const location = useLocation();
  const matches = useMatches();
  const revalidator = useRevalidator();
  const toast = useToast();
  const [selector, setSelector] = useState<"forced" | "optional" | null>(null);
  // Staff may act for any customer, not only their linked ones: the selector lists them all.
  const [staffCustomers, setStaffCustomers] = useState<CustomerHeader[] | null>(null);
  const staff = !!user && hasAnyRole(user.roles, ["Administrator", "SalesPerson"]);
  useEffect(() => {
    if (!selector || !staff || !user || staffCustomers) return;
    api
      .get<CustomerHeader[]>(`/api/User/Customers/${encodeURIComponent(user.id)}`)
      .then(setStaffCustomers)
      .catch(() => setStaffCustomers(user.customers));
  }, [selector, staff, user, staffCustomers]);
  const handle = [...matches]
    .reverse()
    .map((m) => {
      const h = m.handle as PageHandle | undefined;
      return h?.byRoute ? h.byRoute[m.id] : h;
    })
    .find((h) => h?.header);

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

  // SPEC §4 "Customer selection", run whenever the user has no current customer.
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

  // Back after signing out: the browser may show this page from its back/forward cache, as it was
  // while signed in (issue 29). Ask the server again; signed out, go to sign-in (and back here after),
  // as loading the page anew would; still signed in, refresh what the page shows.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      const toSignIn = () => window.location.replace(`/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      api.get("/api/Auth/CheckToken/", undefined, CheckTokenResponse).then(
        (s) => (s.user?.id ? void revalidator.revalidate() : toSignIn()),
        toSignIn,
      );
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [revalidator]);

  async function logout() {
    await api.post("/api/Auth/logout/").catch(() => {});
    try {
      localStorage.removeItem(SELECTED_CUSTOMER_KEY);
    } catch {
      // storage may be unavailable; nothing to clear then
    }
    window.location.assign("/");
  }

  // The phone-width menu (below md): open or closed, closed again by a link, Escape, a new page or a tap outside.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  // A tap or click anywhere outside the header closes it too, as a phone's menus do.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const closeOutside = (e: PointerEvent) => {
      if (!header.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [menuOpen]);
  function closeMenuOnEscape(e: KeyboardEvent) {
    if (e.key !== "Escape" || !menuOpen) return;
    e.preventDefault();
    setMenuOpen(false);
    menuButton.current?.focus();
  }

  const impersonation = useImpersonation();
  // The avatar menu of a wholesaler user lists the retailers it may act for (read when first opened).
  const [actFor, setActFor] = useState<ActableRetailer[] | null>(null);
  const wholesaler = !!user && !session.originalUser && hasAnyRole(user.roles, ["wholesaler"]);
  function menuToggled(open: boolean) {
    if (!open || !wholesaler || actFor) return;
    api
      .get<ActableRetailer[]>("/api/Retailer/ActFor")
      .then(setActFor)
      .catch(() => setActFor([]));
  }

  if (!user) return null;
  const nav = (variant === "mm" ? MM_NAV : STORE_NAV).filter((n) => !n.roles || hasAnyRole(user.roles, n.roles));
  const storePath = variant === "mm" ? "/mm/store" : "/store";
  const hideFooter = location.pathname.toLowerCase().replace(/\/$/, "") === storePath;
  const current = user.currentCustomer;

  return (
    <div className="flex min-h-screen flex-col bg-mist">
      {session.originalUser && (
        <div className="bg-pollen px-4 py-2 text-center text-ink" role="region" aria-label="Acting for another user">
          <span data-testid="impersonation-banner">
            <strong>{session.originalUser.email}</strong> is acting as{" "}
            <strong>
              {`${user.firstName} ${user.lastName}`.trim() || user.email}
            </strong>{" "}
            ({user.email}).
          </span>
          <button type="button" className="btn btn-secondary ml-3 !min-h-8 !px-3 !py-1 text-sm" onClick={() => void impersonation.stop()}>
            Stop
          </button>
        </div>
      )}
      {/* Below md the header scrolls away with the page, and its nav folds into the "Menu" button: the
          brand row alone stays, and the links open under it as a list. From md up the links sit in the
          row and the header stays at the top. The links are in the server's HTML either way (the list is
          only hidden with CSS below md), so nothing moves when the page hydrates. */}
      <header ref={header} className="z-30 bg-leaf text-white shadow md:sticky md:top-0">
        <div className="mx-auto flex max-w-[1800px] flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:gap-x-4 md:px-6">
          <Link to={variant === "mm" ? "/MM/Dashboard" : "/Dashboard"} className="flex items-center gap-2 text-white no-underline">
            <BrandMark className="h-8 w-8" />
            <span className="font-serif text-xl">{site.brandName}</span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            className="flex min-h-9 items-center gap-1.5 rounded-full px-2.5 text-sm font-medium text-white hover:bg-white/15 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="app-nav"
            onClick={() => setMenuOpen((open) => !open)}
            onKeyDown={closeMenuOnEscape}
          >
            <MenuIcon open={menuOpen} />
            Menu
          </button>
          <nav
            id="app-nav"
            aria-label="Store"
            className={`order-3 w-full md:order-none md:block md:w-auto ${menuOpen ? "block" : "hidden"}`}
            onKeyDown={closeMenuOnEscape}
          >
            <ul className="-mx-1 flex flex-col gap-0.5 border-t border-white/20 pt-2 pb-1 md:mx-0 md:flex-row md:flex-wrap md:gap-1 md:border-0 md:p-0">
              {nav.map((n) => (
                <li key={n.to}>
                  <NavLink
                    to={n.to}
                    // SPEC §9 route-change prefetch: React Router fetches the page's code and data
                    // after the pointer or focus rests on the link for 100 ms (ROUTE_PREFETCH_DELAY_MS).
                    prefetch="intent"
                    end={n.to === "/store" || n.to === "/MM/Store"}
                    onClick={() => setMenuOpen(false)}
                    className={({ isActive }) =>
                      `block rounded-lg px-3 py-2.5 font-medium whitespace-nowrap text-white no-underline hover:bg-white/15 md:rounded-full md:py-1.5 md:text-sm ${isActive ? "bg-white/20" : ""}`
                    }
                  >
                    {n.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            {current ? (
              <button
                type="button"
                className="flex items-center gap-2 rounded-full bg-white/10 p-1 text-sm hover:bg-white/20 min-[420px]:pr-3"
                onClick={() => setSelector("optional")}
                aria-label={`Customer: ${current.companyName}. Change customer`}
                disabled={user.customers.length < 2 && !hasAnyRole(user.roles, ["Administrator", "SalesPerson"])}
              >
                <img src={current.imgSrc} alt="" className="h-7 w-7 rounded-full bg-white object-cover" />
                {/* Narrower than 420 px the brand row holds the customer's picture only (the button's label
                    names the customer; the store and dashboard say it in words). */}
                <span className="hidden max-w-[9ch] truncate min-[420px]:block sm:max-w-[16ch]">{current.companyName}</span>
              </button>
            ) : (
              <span className="text-sm">{site.brandName}</span>
            )}
            <details className="relative" onToggle={(e) => menuToggled(e.currentTarget.open)}>
              <summary
                className="grid h-9 w-9 cursor-pointer list-none place-items-center rounded-full bg-pollen font-semibold text-ink"
                aria-label={`${userInitials(user.firstName, user.lastName)}: account menu for ${user.firstName} ${user.lastName}`}
              >
                <span aria-hidden="true">{userInitials(user.firstName, user.lastName)}</span>
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
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        {handle?.header && (
          <div className="border-b border-line bg-white">
            <div className="mx-auto flex max-w-[1800px] items-center gap-3 px-4 py-2 md:px-6">
              {handle.back &&
                (handle.back === true ? (
                  <button type="button" className="text-leaf underline" onClick={() => window.history.back()}>
                    ← Back
                  </button>
                ) : (
                  <Link to={handle.back}>← Back</Link>
                ))}
              <p className="font-serif text-lg">{handle.header}</p>
            </div>
          </div>
        )}
        <Outlet />
      </main>
      {!hideFooter && (
        <footer className="border-t border-line bg-white py-4 text-center text-sm text-sage">
          {site.brandName} wholesale · <Link to="/StoreFaq">Store help</Link> · <Link to="/">Public site</Link>
        </footer>
      )}
      {selector && (
        <CustomerSelector
          customers={staff ? (staffCustomers ?? []) : user.customers}
          loading={staff && !staffCustomers}
          onChoose={(id) => void setCustomer(id)}
          onClose={selector === "optional" ? () => setSelector(null) : undefined}
        />
      )}
    </div>
  );
}
