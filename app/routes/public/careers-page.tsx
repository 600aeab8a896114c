import { useId, useRef, useState } from "react";
import { useActionData, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { ApplicationFields, FORM_LIMITS } from "../../../contract/public.ts";
import { TextAreaField, TextField } from "../../components/ui/field.tsx";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { formPageHeaders, plainFormAction, PublicFormFrame, usePostedForm } from "../../features/public/forms.tsx";
import { findSection, leadOf, listItems, splitSections } from "../../features/public/sections.ts";
import { Band, PageHero, Prose, SectionHeading, IntroBand } from "../../features/public/ui.tsx";
import { STATIC_PAGE } from "../../lib/static-page.ts";
import { REQUIRED_MESSAGE } from "../../../domain/constants.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export function loader({ context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const content = ctx.services.content;
  const doc = content.page("careers");
  const { intro, sections } = splitSections(doc?.html ?? "");
  const life = findSection(sections, "What it is like to work here");
  const offer = findSection(sections, "What we offer");
  const apply = findSection(sections, "How to apply");
  return {
    title: String(doc?.meta.title ?? "Careers"),
    description: String(doc?.meta.description ?? ""),
    intro,
    life: life ? listItems(life.html).map(leadOf) : [],
    offer: offer ? listItems(offer.html) : [],
    applyHtml: apply?.html ?? "",
    openings: ctx.services.openings(),
    /** For a post made before the page's JavaScript runs; with it, the form fetches its own. */
    formToken: ctx.services.formToken("apply"),
    site: ctx.site,
  };
}

/** The form posted without JavaScript (forms.tsx). */
export const action = ({ request, context }: ActionFunctionArgs) => plainFormAction(request, appContext(context).services.postApplication);

export const headers = formPageHeaders;

export function meta({ data: d }: MetaArgs<typeof loader>) {
  return d ? seo({ title: d.title, description: d.description, path: "/Careers", site: d.site, image: { art: "greenhouse", alt: "Our greenhouse range, where most of our jobs are" } }) : [];
}

type Opening = ReturnType<typeof useLoaderData<typeof loader>>["openings"][number];

const EMPTY = { name: "", email: "", phone: "", coverLetter: "" };

function ApplicationForm({ openings, openingId, onOpening, token }: { openings: Opening[]; openingId: string; onOpening: (id: string) => void; token: string }) {
  const f = usePostedForm({
    form: "apply",
    schema: ApplicationFields,
    url: () => `/api/Public/Apply/${encodeURIComponent(openingId)}`,
    empty: EMPTY,
    posted: useActionData<typeof action>(),
    order: ["opening", "name", "email", "phone", "coverLetter"],
  });
  const ids = { opening: useId() };
  const { values, errors, focus, set } = f;
  const opening = openings.find((o) => o.id === openingId);
  return (
    <PublicFormFrame
      form={f}
      action="/Careers"
      labelledBy="apply-title"
      token={token}
      extraErrors={(): Record<string, string> => (opening ? {} : { opening: REQUIRED_MESSAGE })}
      sent={
        <p>
          Your application{opening ? ` for ${opening.title}` : ""} is with our team. Someone who works in that part of the range reads every one and will write to you at {values.email}.
        </p>
      }
      againLabel="Apply for another job"
      againHref="/Careers#openings"
      submitLabel="Send application"
      submitClassName="min-w-44"
    >
      <div>
        <label htmlFor={ids.opening} className="field-label">
          The job<span aria-hidden="true" className="text-petal"> *</span>
        </label>
        <select
          id={ids.opening}
          name="opening"
          autoFocus={focus === "opening"}
          required
          className="field-input"
          value={openingId}
          onChange={(e) => onOpening(e.target.value)}
          aria-invalid={errors.opening ? true : undefined}
          aria-describedby={errors.opening ? `${ids.opening}-error` : undefined}
        >
          <option value="">Choose an opening</option>
          {openings.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title} ({o.type.toLowerCase()})
            </option>
          ))}
        </select>
        {errors.opening && (
          <p id={`${ids.opening}-error`} className="field-error">
            {errors.opening}
          </p>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Your name" name="name" autoFocus={focus === "name"} autoComplete="name" required value={values.name} onChange={set("name")} error={errors.name} />
        <TextField label="E-mail" name="email" autoFocus={focus === "email"} type="email" autoComplete="email" required value={values.email} onChange={set("email")} error={errors.email} />
        <TextField label="Phone (optional)" name="phone" autoFocus={focus === "phone"} type="tel" autoComplete="tel" value={values.phone} onChange={set("phone")} error={errors.phone} />
      </div>
      <TextAreaField
        label="About you"
        hint="Where you have worked, what you would like to learn, and when you could start. No CV needed."
        name="coverLetter"
        autoFocus={focus === "coverLetter"}
        required
        rows={8}
        className="min-h-44"
        value={values.coverLetter}
        onChange={set("coverLetter")}
        error={errors.coverLetter}
        maxChars={FORM_LIMITS.coverLetter}
      />
    </PublicFormFrame>
  );
}

export default function Careers() {
  const d = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const [params] = useSearchParams();
  const [openingId, setOpeningId] = useState(() => {
    const asked = posted?.values.opening ?? params.get("opening") ?? "";
    return d.openings.some((o) => o.id === asked) ? asked : "";
  });
  const formHeading = useRef<HTMLHeadingElement>(null);

  const choose = (id: string) => {
    setOpeningId(id);
    formHeading.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    formHeading.current?.focus({ preventScroll: true });
  };

  return (
    <>
      <PageHero
        eyebrow="Careers"
        title="Work on the range"
        lead={<p>{d.description}</p>}
        art="greenhouse"
        artAlt="Our greenhouse range, where most of our jobs are"
        wash="#e6efe9"
        actions={
          <a href="#openings" className="btn btn-primary">
            See the openings
          </a>
        }
      />
      <IntroBand html={d.intro} />

      {d.life.length > 0 && (
        <Band labelledBy="life-title">
          <SectionHeading id="life-title" eyebrow="The work" title="What it is like to work here" />
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {d.life.map((l, i) => (
              <li key={i} className="rounded-[1.5rem] bg-white p-6 shadow-[0_1px_2px_rgb(31_42_36/0.08)]">
                {l.lead && <h3 className="font-serif text-xl">{l.lead}</h3>}
                <div className="mt-2 leading-relaxed text-sage" dangerouslySetInnerHTML={{ __html: l.rest }} />
              </li>
            ))}
          </ul>
          {d.offer.length > 0 && (
            <div className="mt-10 rounded-[1.5rem] bg-leaf-light p-6 md:p-8">
              <h3 className="font-serif text-2xl">What we offer</h3>
              <ul className="mt-4 grid gap-3 md:grid-cols-3">
                {d.offer.map((o, i) => (
                  <li key={i} className="flex gap-3">
                    <span aria-hidden="true" className="mt-1 grid h-5 w-5 shrink-0 place-items-center rounded-full bg-leaf text-xs text-white">
                      ✓
                    </span>
                    <span dangerouslySetInnerHTML={{ __html: o }} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Band>
      )}

      <Band labelledBy="openings-title" id="openings" tone="mist">
        <SectionHeading
          id="openings-title"
          eyebrow={`${d.openings.length} ${d.openings.length === 1 ? "opening" : "openings"}`}
          title="Open jobs"
          intro={<p>Full-time and seasonal roles on the range. If none fits, write to us anyway: we hire seasonal help before every big holiday.</p>}
        />
        <ul className="mt-10 grid gap-5 lg:grid-cols-2">
          {d.openings.map((o) => (
            <li key={o.id} className="flex flex-col rounded-[1.5rem] bg-white p-6 md:p-8">
              <p className="flex flex-wrap gap-2 text-sm">
                <span className="rounded-full bg-leaf-light px-3 py-0.5 font-semibold text-leaf-dark">{o.department}</span>
                <span className="rounded-full bg-cream px-3 py-0.5 font-semibold text-amber-text">{o.type}</span>
                <span className="rounded-full border border-line px-3 py-0.5 text-sage">{o.location}</span>
              </p>
              <h3 className="display mt-4 text-2xl md:text-[1.75rem]">{o.title}</h3>
              <p className="mt-2 leading-relaxed text-ink/85">{o.summary}</p>
              {o.responsibilities.length > 0 && (
                <details className="group mt-4">
                  <summary className="cursor-pointer font-semibold text-leaf">What you will do</summary>
                  <ul className="prose-public mt-3 !text-base">
                    {o.responsibilities.map((r, i) => (
                      <li key={i}>{r}</li>
                    ))}
                  </ul>
                </details>
              )}
              <div className="mt-auto pt-6">
                <a
                  href={`?opening=${o.id}#apply`}
                  className="btn btn-secondary"
                  onClick={(e) => {
                    e.preventDefault();
                    choose(o.id);
                  }}
                >
                  Apply<span className="sr-only"> for {o.title}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      </Band>

      <Band labelledBy="apply-title" id="apply">
        <div className="grid gap-10 lg:grid-cols-12">
          <div className="lg:col-span-4">
            <p className="eyebrow">Apply</p>
            <h2 id="apply-title" ref={formHeading} tabIndex={-1} className="display mt-3 scroll-mt-28 text-3xl outline-none md:text-[2.6rem]">
              Tell us about yourself
            </h2>
            <Prose html={d.applyHtml} className="mt-4 !text-base !text-sage" />
          </div>
          <div className="rounded-[2rem] border border-line bg-white p-6 sm:p-10 lg:col-span-8">
            <ApplicationForm openings={d.openings} openingId={openingId} onOpening={setOpeningId} token={d.formToken} />
          </div>
        </div>
      </Band>
    </>
  );
}
