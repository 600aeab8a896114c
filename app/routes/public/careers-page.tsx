import { useRef, useState } from "react";
import { useActionData, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { ApplicationFields, FORM_LIMITS, OpeningIdParam } from "../../../contract/public.ts";
import { FormField } from "../../components/ui/form.tsx";
import { FormTextArea } from "../../components/ui/form-text-area.tsx";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { fieldToFocus, formPageHeaders, OnceSent, plainFormAction, PublicFormFrame, PublicThanks, usePublicForm, type PostedForm, type SentForm } from "../../features/public/forms.tsx";
import { findSection, leadOf, listItems, splitSections } from "../../features/public/sections.ts";
import { Band, PageHero, Prose, SectionHeading, IntroBand } from "../../features/public/ui.tsx";
import { STATIC_PAGE } from "../../lib/static-page.ts";

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

/** The application with the job it is for: an opening is needed too (the one the address names). */
const ApplicationForm = ApplicationFields.extend({ opening: OpeningIdParam.shape.openingId });

/** What the schema refuses, top to bottom: the field the browser focuses after a refused plain post. */
const ORDER = ["opening", "name", "email", "phone", "coverLetter"] as const;

function ApplyForm({
  openings,
  openingId,
  onOpening,
  token,
  posted,
  onSent,
}: {
  openings: Opening[];
  openingId: string;
  onOpening: (id: string) => void;
  token: string;
  posted: PostedForm | undefined;
  onSent: (sent: SentForm) => void;
}) {
  const f = usePublicForm({
    form: "apply",
    schema: ApplicationForm,
    post: ({ opening, ...body }) => ({ url: `/api/Public/Apply/${encodeURIComponent(opening)}`, body }),
    onSent,
    posted,
  });
  const { fields, errorOf } = f;
  const focus = fieldToFocus(posted, ORDER);
  const opening = fields.opening!;
  const openingError = errorOf("opening");
  return (
    <PublicFormFrame form={f} posted={posted} focus={focus} action="/Careers" labelledBy="apply-title" token={token} submitLabel="Send application" submitClassName="min-w-44">
      <div>
        <label htmlFor={opening.id} className="field-label">
          The job<span aria-hidden="true" className="text-petal"> *</span>
        </label>
        <select
          id={opening.id}
          name={opening.name}
          autoFocus={focus === "opening"}
          required
          className="field-input"
          value={openingId}
          onChange={(e) => onOpening(e.target.value)}
          aria-invalid={openingError ? true : undefined}
          aria-describedby={openingError ? `${opening.id}-error` : undefined}
        >
          <option value="">Choose an opening</option>
          {openings.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title} ({o.type.toLowerCase()})
            </option>
          ))}
        </select>
        {openingError && (
          <p id={`${opening.id}-error`} className="field-error">
            {openingError}
          </p>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField field={fields.name!} label="Your name" autoFocus={focus === "name"} autoComplete="name" required error={errorOf("name")} />
        <FormField field={fields.email!} label="E-mail" autoFocus={focus === "email"} type="email" autoComplete="email" required error={errorOf("email")} />
        <FormField field={fields.phone!} label="Phone (optional)" autoFocus={focus === "phone"} type="tel" autoComplete="tel" error={errorOf("phone")} />
      </div>
      <FormTextArea
        field={fields.coverLetter!}
        label="About you"
        hint="Where you have worked, what you would like to learn, and when you could start. No CV needed."
        autoFocus={focus === "coverLetter"}
        required
        rows={8}
        className="min-h-44"
        error={errorOf("coverLetter")}
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
  const opening = d.openings.find((o) => o.id === openingId);

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
            <OnceSent
              posted={posted}
              thanks={(sent, again) => (
                <PublicThanks sent={sent} again={again} againLabel="Apply for another job" againHref="/Careers#openings">
                  <p>
                    Your application{opening ? ` for ${opening.title}` : ""} is with our team. Someone who works in that part of the range reads every one and will write to you at {sent.values.email}.
                  </p>
                </PublicThanks>
              )}
            >
              {(p, onSent) => <ApplyForm openings={d.openings} openingId={openingId} onOpening={setOpeningId} token={d.formToken} posted={p} onSent={onSent} />}
            </OnceSent>
          </div>
        </div>
      </Band>
    </>
  );
}
