import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { ContactFields, FORM_LIMITS } from "../../../contract/public.ts";
import { FormField } from "../../components/ui/form.tsx";
import { FormTextArea } from "../../components/ui/form-text-area.tsx";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { fieldToFocus, formPageHeaders, OnceSent, plainFormAction, PublicFormFrame, PublicThanks, usePublicForm, type PostedForm, type SentForm } from "../../features/public/forms.tsx";
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

/** What the schema refuses, top to bottom: the field the browser focuses after a refused plain post. */
const ORDER = ["name", "email", "phone", "company", "subject", "message"] as const;

function ContactForm({ token, posted, onSent }: { token: string; posted: PostedForm | undefined; onSent: (sent: SentForm) => void }) {
  const f = usePublicForm({ form: "contact", schema: ContactFields, post: (body) => ({ url: "/api/Public/Contact", body }), onSent, posted, defaultValue: { subject: TOPICS[0] } });
  const { fields, errorOf } = f;
  const focus = fieldToFocus(posted, ORDER);
  const subject = fields.subject!;
  return (
    <PublicFormFrame form={f} posted={posted} focus={focus} action="/Contact" labelledBy="form-title" token={token} submitLabel="Send message" submitClassName="min-w-40" beside="We only use your details to answer you.">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField field={fields.name!} label="Your name" autoFocus={focus === "name"} autoComplete="name" required maxLength={FORM_LIMITS.name + 20} error={errorOf("name")} />
        <FormField field={fields.email!} label="E-mail" autoFocus={focus === "email"} type="email" autoComplete="email" required error={errorOf("email")} />
        <FormField field={fields.phone!} label="Phone (optional)" autoFocus={focus === "phone"} type="tel" autoComplete="tel" error={errorOf("phone")} />
        <FormField field={fields.company!} label="Business (optional)" autoFocus={focus === "company"} autoComplete="organization" error={errorOf("company")} />
      </div>
      <div>
        <label htmlFor={subject.id} className="field-label">
          What is it about?
        </label>
        <select
          key={subject.key}
          id={subject.id}
          name={subject.name}
          autoFocus={focus === "subject"}
          className="field-input"
          defaultValue={typeof subject.initialValue === "string" ? subject.initialValue : TOPICS[0]}
          aria-invalid={errorOf("subject") ? true : undefined}
        >
          {TOPICS.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
        {errorOf("subject") && <p className="field-error">{errorOf("subject")}</p>}
      </div>
      <FormTextArea field={fields.message!} label="Your message" autoFocus={focus === "message"} required rows={7} className="min-h-40" error={errorOf("message")} maxChars={FORM_LIMITS.message} />
    </PublicFormFrame>
  );
}

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default function Contact() {
  const d = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
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
            <OnceSent
              posted={posted}
              thanks={(sent, again) => (
                <PublicThanks sent={sent} again={again} againLabel="Send another message" againHref="/Contact">
                  <p>Your message is with our team. We answer on business days, usually the same day, at {sent.values.email}.</p>
                </PublicThanks>
              )}
            >
              {(p, onSent) => <ContactForm token={d.formToken} posted={p} onSent={onSent} />}
            </OnceSent>
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
