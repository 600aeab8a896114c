import { data, Link, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { appContext } from "../../lib/context.ts";

/** A wholesaler's referral page: who to buy our flowers from. Unapproved wholesalers redirect. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const id = (params.Id ?? "").slice(0, 40);
  const c = await ctx.services.referralPage(id);
  if (!c) throw data({ message: `Page not found: /Wholesaler_Referrals/${id}` }, { status: 404 });
  if (!c.approved) throw redirect("/Wholesaler_Referrals/NotApproved");
  return { companyName: c.companyName, imgSrc: c.imgSrc, email: c.email, phone: c.phone, city: c.city, brand: ctx.site.brandName };
}

export const meta = ({ data: d }: { data?: { companyName: string; brand: string } }) => (d ? [{ title: `${d.companyName} — ${d.brand} flowers` }] : []);

export default function Referral() {
  const d = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-2xl px-6 py-16 text-center">
      <img src={d.imgSrc} alt={`${d.companyName} logo`} className="mx-auto h-24 w-24 rounded-2xl bg-white object-cover" />
      <h1 className="mt-6 text-4xl">{d.companyName}</h1>
      <p className="mt-3 text-lg text-sage">
        An approved wholesaler of {d.brand} lilies, gerbera, anthurium and more{d.city ? ` in ${d.city}` : ""}.
      </p>
      <ul className="mt-6 space-y-1">
        {d.email && (
          <li>
            <a href={`mailto:${d.email}`}>{d.email}</a>
          </li>
        )}
        {d.phone && <li>{d.phone}</li>}
      </ul>
      <Link to="/" className="btn btn-secondary mt-8">
        About {d.brand}
      </Link>
    </main>
  );
}
