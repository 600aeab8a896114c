import type { CSSProperties } from "react";
import { data, Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { Art } from "./art.tsx";
import { splitSections } from "./sections.ts";
import { Band, Breadcrumbs, CtaBand, PageHero, Prose } from "./ui.tsx";
import { varietyByCareGuide, VARIETIES } from "./varieties.ts";

export function loader({ params, context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const doc = ctx.services.content.careGuide(params.slug ?? "");
  if (!doc) throw data({ message: `Page not found: /FlowerCare/${params.slug}` }, { status: 404 });
  const { intro, sections } = splitSections(doc.html);
  const v = varietyByCareGuide(doc.slug);
  return {
    slug: doc.slug,
    title: String(doc.meta.title),
    flower: String(doc.meta.flower ?? doc.meta.title),
    summary: String(doc.meta.summary ?? ""),
    vaseLifeDays: String(doc.meta.vaseLifeDays ?? ""),
    storageTemperature: String(doc.meta.storageTemperature ?? ""),
    ethyleneSensitive: doc.meta.ethyleneSensitive === true,
    intro,
    sections,
    variety: v ? { label: v.label, path: v.path, art: v.art, colour: v.colour, hasPage: !v.path.startsWith("/FlowerCare") } : null,
    others: VARIETIES.filter((o) => o.careGuide.toLowerCase() !== doc.slug.toLowerCase()).map((o) => ({ slug: o.careGuide, label: o.label, art: o.art, colour: o.colour })),
    site: ctx.site,
  };
}

export function meta({ data: d }: MetaArgs<typeof loader>) {
  return d ? seo({
        title: d.title,
        description: d.summary,
        path: `/FlowerCare/${d.slug}`,
        site: d.site,
        type: "article",
        image: { art: d.variety?.art ?? "bunch", color: d.variety?.colour, alt: d.flower },
      }) : [];
}

export function CareGuide() {
  const d = useLoaderData<typeof loader>();
  const facts = [
    { label: "Vase life", value: d.vaseLifeDays ? `${d.vaseLifeDays} days` : "—" },
    { label: "Store at", value: d.storageTemperature || "—" },
    { label: "Ethylene", value: d.ethyleneSensitive ? "Sensitive: keep away" : "Not sensitive" },
  ];
  return (
    <>
      <PageHero
        breadcrumbs={<Breadcrumbs trail={[{ to: "/FlowerCare", label: "Flower care" }]} current={d.flower} />}
        eyebrow="Care guide"
        title={d.title}
        lead={<p>{d.summary}</p>}
        art={d.variety?.art ?? "bunch"}
        artColor={d.variety?.colour}
        artAlt={d.flower}
        wash={d.variety?.colour ?? "#e6efe9"}
      >
        <dl className="mt-10 grid max-w-2xl gap-3 sm:grid-cols-3">
          {facts.map((f) => (
            <div key={f.label} className="rounded-2xl border border-line bg-white/80 px-4 py-3">
              <dt className="text-xs font-semibold tracking-[0.12em] text-sage uppercase">{f.label}</dt>
              <dd className="mt-1 font-serif text-lg leading-snug">{f.value}</dd>
            </div>
          ))}
        </dl>
      </PageHero>
      <Band className="!pt-4">
        <div className="grid gap-12 lg:grid-cols-12">
          <div className="lg:col-span-4 xl:col-span-3">
            <div className="space-y-5 lg:sticky lg:top-24">
              {d.sections.length > 2 && (
                <nav aria-labelledby="toc-title" className="rounded-[1.25rem] border border-line bg-white/70 p-5">
                  <h2 id="toc-title" className="font-sans text-xs font-semibold tracking-[0.14em] text-sage uppercase">
                    In this guide
                  </h2>
                  <ol className="mt-3 space-y-1.5 text-[0.95rem]">
                    {d.sections.map((s) => (
                      <li key={s.id}>
                        <a href={`#${s.id}`} className="text-ink no-underline hover:text-leaf hover:underline">
                          {s.title}
                        </a>
                      </li>
                    ))}
                  </ol>
                </nav>
              )}
              {d.variety?.hasPage && (
                <Link to={d.variety.path} className="block rounded-[1.25rem] bg-leaf-light p-5 no-underline hover:bg-[#d8e7dd]">
                  <span className="block font-serif text-lg text-ink">The {d.variety.label.toLowerCase()} we grow</span>
                  <span className="mt-1 block text-sm text-sage">Colours, grades and packing</span>
                </Link>
              )}
            </div>
          </div>
          <div className="min-w-0 lg:col-span-8 xl:col-start-5">
            {d.intro && <Prose html={d.intro} className="lead-first mb-12" />}
            {d.sections.map((s) => (
              <section key={s.id} aria-labelledby={s.id} className="scroll-mt-28 border-t border-line pt-10 first:border-0 first:pt-0 [&+&]:mt-12">
                <h2 id={s.id} className="display text-[1.75rem] md:text-[2.1rem]">
                  {s.title}
                </h2>
                <Prose html={s.html} className="mt-5" />
              </section>
            ))}
          </div>
        </div>
      </Band>
      <Band labelledBy="others-title" tone="mist">
        <h2 id="others-title" className="display text-3xl">
          Other care guides
        </h2>
        <ul className="mt-8 grid grid-cols-3 gap-4 sm:grid-cols-6">
          {d.others.map((o) => (
            <li key={o.slug} className="card-link group text-center">
              <div className="arch wash px-3 pt-6 pb-1 transition-transform group-hover:-translate-y-1" style={{ "--wash": o.colour } as CSSProperties}>
                <Art name={o.art} color={o.colour} className="mx-auto h-auto w-full" />
              </div>
              <Link to={`/FlowerCare/${o.slug}`} className="stretch mt-3 block font-semibold text-ink no-underline group-hover:text-leaf-dark">
                {o.label}
              </Link>
            </li>
          ))}
        </ul>
      </Band>
      <CtaBand art={d.variety?.art} color={d.variety?.colour} />
    </>
  );
}
