import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { NavLink, useLocation } from "react-router";
import { hasAnyRole } from "../../../domain/access.ts";

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

/**
 * The header's links and, below md, the "Menu" button that folds them: open or closed, closed again by
 * a link, Escape, a new page or a tap outside the header (`header`), as a phone's menus do.
 */
export function AppNav({ variant, roles, header }: { variant: "store" | "mm"; roles: string[]; header: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const closeOutside = (e: PointerEvent) => {
      if (!header.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [menuOpen, header]);
  function closeMenuOnEscape(e: KeyboardEvent) {
    if (e.key !== "Escape" || !menuOpen) return;
    e.preventDefault();
    setMenuOpen(false);
    menuButton.current?.focus();
  }
  const nav = (variant === "mm" ? MM_NAV : STORE_NAV).filter((n) => !n.roles || hasAnyRole(roles, n.roles));
  return (
    <>
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
      <nav id="app-nav" aria-label="Store" className={`order-3 w-full md:order-none md:block md:w-auto ${menuOpen ? "block" : "hidden"}`} onKeyDown={closeMenuOnEscape}>
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
    </>
  );
}
