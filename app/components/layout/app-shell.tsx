import { useRef } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { useRootData } from "../../lib/session.ts";
import { AccountMenu } from "./app-shell-account-menu.tsx";
import { ImpersonationBanner, useRecheckFromBackForwardCache } from "./app-shell-banner.tsx";
import { CustomerButton, useCustomerSelection } from "./app-shell-customer.tsx";
import { AppNav } from "./app-shell-nav.tsx";
import { PageHeaderBar } from "./app-shell-page-header.tsx";
import { BrandMark } from "./brand-mark.tsx";

export type { PageHandle } from "./app-shell-page-header.tsx";

/** The signed-in frame of the store and the MM store: header, customer choice, impersonation banner. */
export function AppShell({ variant }: { variant: "store" | "mm" }) {
  const { session, site } = useRootData();
  const user = session.user;
  const location = useLocation();
  const customers = useCustomerSelection();
  useRecheckFromBackForwardCache();
  const header = useRef<HTMLElement>(null);

  if (!user) return null;
  const storePath = variant === "mm" ? "/mm/store" : "/store";
  const hideFooter = location.pathname.toLowerCase().replace(/\/$/, "") === storePath;

  return (
    <div className="flex min-h-screen flex-col bg-mist">
      <ImpersonationBanner />
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
          <AppNav variant={variant} roles={user.roles} header={header} />
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <CustomerButton onOpen={customers.open} />
            <AccountMenu />
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <PageHeaderBar />
        <Outlet />
      </main>
      {!hideFooter && (
        <footer className="border-t border-line bg-white py-4 text-center text-sm text-sage">
          {site.brandName} wholesale · <Link to="/StoreFaq">Store help</Link> · <Link to="/">Public site</Link>
        </footer>
      )}
      {customers.dialog}
    </div>
  );
}
