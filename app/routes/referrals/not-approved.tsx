import { Link } from "react-router";
import { useBrand } from "../../lib/session.ts";

export default function NotApproved() {
  const brand = useBrand();
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-20 text-center">
      <h1 className="text-3xl">This referral page is not available</h1>
      <p className="mt-3 text-sage">The wholesaler has not been approved for referrals by {brand} yet.</p>
      <Link to="/" className="btn btn-primary mt-6">
        Visit {brand}
      </Link>
    </main>
  );
}
