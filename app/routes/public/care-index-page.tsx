import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { ArchArt } from "../../features/public/art.tsx";
import { Band, CtaBand, PageHero } from "../../features/public/ui.tsx";
import { varietyByCareGuide, VARIETIES } from "../../features/public/varieties.ts";
import { STATIC_PAGE } from "../../lib/static-page.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

const DESCRIPTION = "How to recut, hydrate, store and display each flower we grow, so it lasts as long in your shop and at your customer's home as it did in our cooler.";

export function loader({ context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const order = VARIETIES.map((v) => v.careGuide.toLowerCase());
  return {
    guides: ctx.services.content
      .careGuides()
      .map((g) => {
        const v = varietyByCareGuide(g.slug);
        return {
          slug: g.slug,
          flower: String(g.meta.flower ?? g.meta.title),
          summary: String(g.meta.summary ?? ""),
          vaseLifeDays: String(g.meta.vaseLifeDays ?? ""),
          storageTemperature: String(g.meta.storageTemperature ?? ""),
          ethyleneSensitive: g.meta.ethyleneSensitive === true,
          art: v?.art ?? "bunch",
          colour: v?.colour ?? "#E98FA6",
        };
      })
      .sort((a, b) => order.indexOf(a.slug.toLowerCase()) - order.indexOf(b.slug.toLowerCase())),
    site: ctx.site,
  };
}

export function meta({ data: d }: MetaArgs<typeof loader>) {
  return d ? seo({ title: "Flower care guides", description: DESCRIPTION, path: "/FlowerCare", site: d.site, image: { art: "bunch", color: "#F3A6BE", alt: "A sleeved bunch of pink garden roses" } }) : [];
}

const BASICS = [
  { title: "Into the cold at once", text: "Move pails and boxes into the cooler as soon as they arrive, and unpack them there." },
  { title: "A clean, sharp cut", text: "Recut every stem with a sharp knife and put it straight into solution." },
  { title: "Clean buckets, flower food", text: "Bacteria end more vase lives than age does. Scrub buckets and dose the food correctly." },
  { title: "Away from ethylene", text: "Keep flowers away from fruit, exhaust and wilting stems, especially the sensitive ones." },
];

export default function CareIndex() {
  const { guides } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow="Flower care" title="Keep them fresh for longer" lead={<p>{DESCRIPTION}</p>} art="bunch" artColor="#F3A6BE" artAlt="A sleeved bunch of pink garden roses" wash="#EE9FB9" />
      <Band labelledBy="basics-title" tone="white" className="border-y border-line/60 !py-14">
        <h2 id="basics-title" className="display text-3xl">
          Four habits for every flower
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BASICS.map((b, i) => (
            <li key={b.title} className="flex gap-4">
              <span aria-hidden="true" className="display grid h-10 w-10 shrink-0 place-items-center rounded-full bg-pollen text-lg">
                {i + 1}
              </span>
              <div>
                <h3 className="font-serif text-lg">{b.title}</h3>
                <p className="mt-1 text-[0.975rem] leading-relaxed text-sage">{b.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Band>
      <Band labelledBy="guides-title">
        <h2 id="guides-title" className="display text-3xl md:text-4xl">
          A guide for each crop
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {guides.map((g) => (
            <li key={g.slug} className="card-link group flex gap-5 rounded-[1.5rem] bg-white p-5 shadow-[0_1px_2px_rgb(31_42_36/0.08)] transition-shadow hover:shadow-md sm:p-6">
              <ArchArt wash={g.colour} className="w-28 shrink-0 self-start px-3 pt-6 pb-1 sm:w-32" name={g.art} color={g.colour} artClassName="h-auto w-full" />
              <div className="min-w-0">
                <h3 className="font-serif text-2xl">
                  <Link to={`/FlowerCare/${g.slug}`} className="stretch text-ink no-underline group-hover:text-leaf-dark">
                    {g.flower}
                  </Link>
                </h3>
                <p className="mt-2 line-clamp-3 text-[0.95rem] leading-relaxed text-sage">{g.summary}</p>
                <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
                  <div>
                    <dt className="text-xs font-semibold tracking-[0.1em] text-sage uppercase">Vase life</dt>
                    <dd className="font-semibold">{g.vaseLifeDays} days</dd>
                  </div>
                  <div>
                    <dt className="text-xs font-semibold tracking-[0.1em] text-sage uppercase">Store at</dt>
                    <dd className="font-semibold">{g.storageTemperature.replace(/\s*\(.*\)$/, "")}</dd>
                  </div>
                </dl>
                {g.ethyleneSensitive && <p className="mt-3 inline-block rounded-full bg-cream px-2.5 py-0.5 text-xs font-semibold text-amber-text">Sensitive to ethylene</p>}
              </div>
            </li>
          ))}
        </ul>
      </Band>
      <CtaBand />
    </>
  );
}
