import { data, Link, useLocation, type Params } from "react-router";
import type { PageHandle } from "../../components/layout/app-shell.tsx";
import { parseOrderNumber } from "../store/order-number.ts";

/**
 * SPEC §2 headers and back links of the store and MM screens whose own work is still to come, keyed by
 * route id (routes.ts), so the header bar is right from the first release of each route.
 */
export const AREA_HANDLES: Record<string, PageHandle> = {
  account: { header: "Administration", back: true },
  "administration-retailer": { header: "Retailers List", back: "/Administration/Retailers" },
  "admin-wholesaler": { header: "Wholesalers", back: "/Admin/Wholesalers" },
  "mm-checkout": { header: "Continue Shopping", back: "/MM/store" },
  "mm-order": { header: "Order History", back: "/MM/Orders" },
  "mm-user": { header: "User List", back: "/MM/Users" },
  "mm-customer": { header: "Customers", back: "/MM/Customer" },
};

const CODE = /^[A-Za-z0-9_-]{1,40}$/;
const WHOLE = /^[1-9]\d{0,9}$/;

/** SPEC §2 "A route validator failure is a fatal error, status 404 by default": bad route parameters. */
export function validateAreaParams(params: Params): void {
  const bad = (name: string) => {
    throw data(`Invalid ${name}: ${params[name]}`, { status: 404 });
  };
  if (params.orderNumber !== undefined && parseOrderNumber(params.orderNumber) === null) bad("orderNumber");
  if (params.retailerId !== undefined && !WHOLE.test(params.retailerId)) bad("retailerId");
  if (params.customerId !== undefined && !CODE.test(params.customerId)) bad("customerId");
  if (params.userID !== undefined && !CODE.test(params.userID)) bad("userID");
}

/** The page shown for a screen that is routed and guarded but whose work has not been released yet. */
export function PendingArea({ home }: { home: string }) {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl">This screen is not open yet</h1>
      <p className="mt-3 text-sage">
        {pathname} is part of the store, but its screen has not been released. Your account has access to it; please ask your sales
        representative if you need something from it today.
      </p>
      <Link className="btn btn-primary mt-6" to={home}>
        Back to the dashboard
      </Link>
    </section>
  );
}
