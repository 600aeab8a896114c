import { useState } from "react";
import { data, Link, redirect, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { ReferralBody } from "../../../contract/administration.ts";
import { appContext } from "../../lib/context.ts";
import { FormField, SubmitButton } from "../../components/ui/form.tsx";
import { FormMessage, Honeypot, usePublicForm, type SentForm } from "../../features/public/forms.tsx";

/** A wholesaler's referral page: who to buy our flowers from. Unapproved wholesalers redirect. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const id = (params.Id ?? "").slice(0, 40);
  const c = await ctx.services.referralPage(id);
  if (!c) throw data({ message: `Page not found: /Wholesaler_Referrals/${id}` }, { status: 404 });
  if (!c.approved) throw redirect("/Wholesaler_Referrals/NotApproved");
  return { customerId: id, companyName: c.companyName, imgSrc: c.imgSrc, email: c.email, phone: c.phone, city: c.city, brand: ctx.site.brandName };
}

export const meta = ({ data: d }: { data?: { companyName: string; brand: string } }) => (d ? [{ title: `${d.companyName} — ${d.brand} flowers` }] : []);

const Schema = ReferralBody.omit({ website: true, formToken: true });

function RequestForm({ customerId, companyName, onSent }: { customerId: string; companyName: string; onSent: (sent: SentForm) => void }) {
  const f = usePublicForm({ form: "referral", schema: Schema, post: (body) => ({ url: `/api/Referrals/${encodeURIComponent(customerId)}`, body }), onSent, asTyped: true });
  const { fields, errorOf } = f;
  return (
    <form ref={f.formRef} id={f.form.id} noValidate className="mt-8 space-y-3 rounded-2xl border border-line bg-white p-6 text-left" onSubmit={f.onSubmit}>
      <h2 className="text-2xl">Buy through {companyName}</h2>
      <p className="text-sage">Run a flower shop? Ask to order our flowers through {companyName}.</p>
      <FormMessage message={f.message} />
      <FormField field={fields.shopName!} label="Shop name" required autoComplete="organization" error={errorOf("shopName")} />
      <FormField field={fields.contactName!} label="Your name" required autoComplete="name" error={errorOf("contactName")} />
      <FormField field={fields.email!} label="E-mail" type="email" required autoComplete="email" error={errorOf("email")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField field={fields.phone!} label="Phone" autoComplete="tel" error={errorOf("phone")} />
        <FormField field={fields.city!} label="City" autoComplete="address-level2" error={errorOf("city")} />
      </div>
      <FormField field={fields.message!} label="Anything we should know?" error={errorOf("message")} />
      <Honeypot value={f.honeypot} onChange={f.setHoneypot} />
      <SubmitButton busy={f.busy} busyText="Sending…">
        Send request
      </SubmitButton>
    </form>
  );
}

/** The request form, then the thanks with its reference in its place. */
function Request({ customerId, companyName }: { customerId: string; companyName: string }) {
  const [sent, setSent] = useState<SentForm | null>(null);
  if (sent)
    return (
      <div role="status" className="mt-8 rounded-2xl bg-leaf-light p-6 text-left">
        <p className="font-serif text-2xl">Thank you</p>
        <p className="mt-2">
          {companyName} will look at your request and write to you. Your reference is <strong>{sent.reference}</strong>.
        </p>
      </div>
    );
  return <RequestForm customerId={customerId} companyName={companyName} onSent={setSent} />;
}

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
      <Request customerId={d.customerId} companyName={d.companyName} />
      <Link to="/" className="btn btn-secondary mt-8">
        About {d.brand}
      </Link>
    </main>
  );
}
