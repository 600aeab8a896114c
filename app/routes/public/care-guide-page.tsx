import { data, Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { splitSections } from "../../features/public/sections.ts";
import { FactList, FlowerLinks, Sections, Toc } from "../../features/public/blocks.tsx";
import { Band, Breadcrumbs, CtaBand, PageHero, Prose } from "../../features/public/ui.tsx";
import { varietyByCareGuide, VARIETIES } from "../../features/public/varieties.ts";
import { STATIC_PAGE } from "../../lib/static-page.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

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

export default function CareGuide() {
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
        <FactList facts={facts} className="mt-10 max-w-2xl gap-3 sm:grid-cols-3" cardClassName="border border-line bg-white/80 px-4 py-3" />
      </PageHero>
      <Band className="!pt-4">
        <div className="grid gap-12 lg:grid-cols-12">
          <div className="lg:col-span-4 xl:col-span-3">
            <div className="space-y-5 lg:sticky lg:top-24">
              <Toc sections={d.sections} title="In this guide" />
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
            <Sections sections={d.sections} />
          </div>
        </div>
      </Band>
      <Band labelledBy="others-title" tone="mist">
        <h2 id="others-title" className="display text-3xl">
          Other care guides
        </h2>
        <FlowerLinks flowers={d.others.map((o) => ({ to: `/FlowerCare/${o.slug}`, label: o.label, art: o.art, colour: o.colour }))} className="mt-8" />
      </Band>
      <CtaBand art={d.variety?.art} color={d.variety?.colour} />
    </>
  );
}
