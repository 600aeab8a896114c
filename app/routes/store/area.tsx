import { Link, useLocation } from "react-router";
import type { PageHandle } from "../../components/layout/app-shell.tsx";

/**
 * Administration and invoice screens whose own issue has not been built yet. Access to them is
 * already enforced (SPEC §6) by the store layout and by the API; this page says so plainly.
 */
export const handle: PageHandle = {};

export default function Area() {
  const { pathname } = useLocation();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl">This screen is not open yet</h1>
      <p className="mt-3 text-sage">
        {pathname} is part of the store, but its screen has not been released. Your account has access to it; please ask your sales
        representative if you need something from it today.
      </p>
      <Link className="btn btn-primary mt-6" to="/Dashboard">
        Back to the dashboard
      </Link>
    </section>
  );
}
