import { useId } from "react";
import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { ContactFields, FORM_LIMITS } from "../../../contract/public.ts";
import { TextAreaField, TextField } from "../../components/ui/field.tsx";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { formPageHeaders, plainFormAction, PublicFormFrame, usePostedForm } from "../../features/public/forms.tsx";
import { splitSections } from "../../features/public/sections.ts";
import { Band, PageHero, Prose } from "../../features/public/ui.tsx";
import { STATIC_PAGE } from "../../lib/static-page.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export function loader({ context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const doc = ctx.services.content.page("contact");
  const { sections } = splitSections(doc?.html ?? "");
  return {
    title: String(doc?.meta.title ?? "Contact us"),
    description: String(doc?.meta.description ?? ""),
    phone: String(doc?.meta.phone ?? ""),
    email: String(doc?.meta.email ?? ""),
    salesEmail: String(doc?.meta.salesEmail ?? ""),
    address: String(doc?.meta.address ?? ""),
    sections,
    /** For a post made before the page's JavaScript runs; with it, the form fetches its own. */
    formToken: ctx.services.formToken("contact"),
    site: ctx.site,
  };
}

/** The form posted without JavaScript (forms.tsx). */
export const action = ({ request, context }: ActionFunctionArgs) => plainFormAction(request, appContext(context).services.postContact);

export const headers = formPageHeaders;

export function meta({ data: d }: MetaArgs<typeof loader>) {
  return d ? seo({ title: d.title, description: d.description, path: "/Contact", site: d.site, image: { art: "gerbera", color: "#F6C445", alt: "A yellow gerbera" } }) : [];
}

const TOPICS = [
  "Opening a wholesale account",
  "Pricing and pre-booking",
  "An order, a delivery or a claim",
  "Weddings and events",
  "Press or a visit to the range",
  "Something else",
];

const EMPTY = { name: "", email: "", phone: "", company: "", subject: TOPICS[0]!, message: "" };

function ContactForm({ token }: { token: string }) {
  const f = usePostedForm({
    form: "contact",
    schema: ContactFields,
    url: () => "/api/Public/Contact",
    empty: EMPTY,
    posted: useActionData<typeof action>(),
    order: ["name", "email", "phone", "company", "subject", "message"],
  });
  const ids = { subject: useId() };
  const { values, errors, focus, set } = f;
  return (
    <PublicFormFrame
      form={f}
      action="/Contact"
      labelledBy="form-title"
      token={token}
      sent={<p>Your message is with our team. We answer on business days, usually the same day, at {values.email}.</p>}
      againLabel="Send another message"
      againHref="/Contact"
      submitLabel="Send message"
      submitClassName="min-w-40"
      beside="We only use your details to answer you."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Your name" name="name" autoFocus={focus === "name"} autoComplete="name" required maxLength={FORM_LIMITS.name + 20} value={values.name} onChange={set("name")} error={errors.name} />
        <TextField label="E-mail" name="email" autoFocus={focus === "email"} type="email" autoComplete="email" required value={values.email} onChange={set("email")} error={errors.email} />
        <TextField label="Phone (optional)" name="phone" autoFocus={focus === "phone"} type="tel" autoComplete="tel" value={values.phone} onChange={set("phone")} error={errors.phone} />
        <TextField label="Business (optional)" name="company" autoFocus={focus === "company"} autoComplete="organization" value={values.company} onChange={set("company")} error={errors.company} />
      </div>
      <div>
        <label htmlFor={ids.subject} className="field-label">
          What is it about?
        </label>
        <select id={ids.subject} name="subject" autoFocus={focus === "subject"} className="field-input" value={values.subject} onChange={set("subject")} aria-invalid={errors.subject ? true : undefined}>
          {TOPICS.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
        {errors.subject && <p className="field-error">{errors.subject}</p>}
      </div>
      <TextAreaField
        label="Your message"
        name="message"
        autoFocus={focus === "message"}
        required
        rows={7}
        className="min-h-40"
        value={values.message}
        onChange={set("message")}
        error={errors.message}
        maxChars={FORM_LIMITS.message}
      />
    </PublicFormFrame>
  );
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default function Contact() {
  const d = useLoaderData<typeof loader>();
  const cards = d.sections.filter((s) => s.title.toLowerCase() !== "address");
  const address = d.sections.find((s) => s.title.toLowerCase() === "address");
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title={d.title}
        lead={<p>{d.description}</p>}
        compact
        art="gerbera"
        artColor="#F6C445"
        artAlt="A yellow gerbera"
        wash="#F9D27A"
        actions={
          <>
            {d.phone && (
              <a className="btn btn-primary" href={telHref(d.phone)}>
                Call {d.phone}
              </a>
            )}
            {d.email && (
              <a className="btn btn-secondary" href={`mailto:${d.email}`}>
                {d.email}
              </a>
            )}
          </>
        }
      />
      <Band className="!pt-0">
        <div className="grid gap-10 lg:grid-cols-12">
          <section aria-labelledby="form-title" className="rounded-[2rem] border border-line bg-white p-6 shadow-[0_30px_60px_-50px_rgb(31_42_36/0.5)] sm:p-10 lg:col-span-7">
            <h2 id="form-title" className="display scroll-mt-28 text-3xl">
              Write to us
            </h2>
            <p className="mt-2 mb-8 text-sage">Fields marked * are needed. We reply by e-mail, usually the same business day.</p>
            <ContactForm token={d.formToken} />
          </section>
          <div className="space-y-5 lg:col-span-5">
            {cards.map((s) => (
              <section key={s.id} aria-labelledby={s.id} className="rounded-[1.5rem] bg-mist p-6 md:p-7">
                <h2 id={s.id} className="display text-2xl">
                  {s.title}
                </h2>
                <Prose html={s.html} className="mt-3 !text-base" />
              </section>
            ))}
            {address && (
              <section aria-labelledby={address.id} className="rounded-[1.5rem] bg-leaf p-6 text-white md:p-7">
                <h2 id={address.id} className="display text-2xl text-white">
                  Find us
                </h2>
                <Prose html={address.html} className="mt-3 !text-base !text-white [&_a]:!text-white" />
              </section>
            )}
          </div>
        </div>
      </Band>
    </>
  );
}
