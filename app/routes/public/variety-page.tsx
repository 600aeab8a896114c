import { data, Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { ArchArt } from "../../features/public/art.tsx";
import { findSection, splitSections } from "../../features/public/sections.ts";
import { FactList, FlowerLinks, PackingTable } from "../../features/public/blocks.tsx";
import { Band, Breadcrumbs, CtaBand, PageHero, Prose, SectionHeading, IntroBand } from "../../features/public/ui.tsx";
import { VARIETIES, VARIETY_BY_PATH } from "../../features/public/varieties.ts";
import { STATIC_PAGE } from "../../lib/static-page.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const path = new URL(request.url).pathname.replace(/\/$/, "");
  const info = VARIETY_BY_PATH[path.toLowerCase()];
  const doc = info ? ctx.services.content.variety(info.slug) : null;
  if (!info || !doc) throw data({ message: `Page not found: ${path}` }, { status: 404 });
  const range = await ctx.services.varietyRange(info.slug);
  const care = ctx.services.content.careGuide(info.careGuide);
  const { intro, sections } = splitSections(doc.html);
  // The grades and packing come from the product list (the table), so the prose about them is left out.
  const prose = sections.filter((s) => !/^grades/i.test(s.title) && s.title.toLowerCase() !== "colors");
  return {
    info,
    path: info.path,
    name: String(doc.meta.name ?? doc.meta.title),
    title: String(doc.meta.title),
    tagline: String(doc.meta.tagline ?? ""),
    summary: String(doc.meta.summary ?? ""),
    season: String(doc.meta.season ?? ""),
    intro,
    coloursText: findSection(sections, "Colors")?.html ?? "",
    prose,
    range,
    care: care
      ? {
          slug: care.slug,
          title: String(care.meta.title),
          summary: String(care.meta.summary ?? ""),
          vaseLifeDays: String(care.meta.vaseLifeDays ?? ""),
          storageTemperature: String(care.meta.storageTemperature ?? ""),
          ethyleneSensitive: care.meta.ethyleneSensitive === true,
        }
      : null,
    site: ctx.site,
  };
}

export function meta({ data: d }: MetaArgs<typeof loader>) {
  if (!d) return [];
  const colours = d.range.colours.length;
  return seo({
    title: `${d.title}: colours, grades and packing`,
    description: colours ? `${d.summary} ${colours} colours in stock lines.`.slice(0, 300) : d.summary,
    path: d.path,
    site: d.site,
    image: { art: d.info.art, color: d.info.colour, alt: `${d.info.label}, drawn in one of the colours we grow` },
  });
}

const span = (xs: number[]) => (xs.length === 0 ? "" : xs.length === 1 ? String(xs[0]) : `${xs[0]}–${xs[xs.length - 1]}`);

/** A white or cream swatch needs an outline to be seen on paper. */
const needsRing = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 225;
};

export default function VarietyPage() {
  const d = useLoaderData<typeof loader>();
  const { range, info } = d;
  // Every colour's picture from one sheet: one file instead of a dozen (Art's sheet).
  const sheet = range.colours.map((c) => c.shades[0]!);
  const others = VARIETIES.filter((v) => v.slug !== info.slug);
  const facts = [
    range.stemLengthCm && { label: "Stem length", value: `${range.stemLengthCm.min}–${range.stemLengthCm.max} cm` },
    range.stemsPerBunch.length > 0 && { label: "Stems a bunch", value: span(range.stemsPerBunch) },
    range.bunchesPerPail.length > 0 && { label: "Bunches a pail", value: span(range.bunchesPerPail) },
    range.colours.length > 0 && { label: "Colours", value: String(range.colours.length) },
    d.season && { label: "Season", value: d.season },
  ].filter((f): f is { label: string; value: string } => !!f);

  return (
    <>
      <PageHero
        breadcrumbs={<Breadcrumbs trail={[{ to: "/assortment", label: "Our flowers" }]} current={info.label} />}
        eyebrow={d.tagline}
        title={d.name}
        lead={<p>{d.summary}</p>}
        art={info.art}
        artColor={info.colour}
        artAlt={`${info.label}, drawn in one of the colours we grow`}
        wash={info.colour}
        actions={
          <>
            <a href="#colours" className="btn btn-primary">
              See the colours
            </a>
            {d.care && (
              <Link to={`/FlowerCare/${d.care.slug}`} className="btn btn-secondary">
                Care guide
              </Link>
            )}
          </>
        }
      >
        {facts.length > 0 && (
          <dl className="mt-10 grid max-w-2xl grid-cols-2 gap-x-8 gap-y-5 border-t border-line pt-6 sm:grid-cols-3">
            {facts.map((f) => (
              <div key={f.label}>
                <dt className="text-xs font-semibold tracking-[0.12em] text-sage uppercase">{f.label}</dt>
                <dd className="tabular mt-1 font-serif text-xl">{f.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </PageHero>

      <IntroBand html={d.intro} tall className="[&>p:first-child]:!text-[1.4rem]" />

      <Band labelledBy="colours-title" id="colours">
        <SectionHeading
          id="colours-title"
          eyebrow="From our product list"
          title="Colours we grow"
          intro={
            range.colours.length ? (
              <Prose html={d.coloursText} className="!text-lg !text-sage" />
            ) : (
              <p>Our sales team can tell you which colours are cutting this week.</p>
            )
          }
        />
        {range.colours.length > 0 && (
          <ul className="mt-12 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
            {range.colours.map((c) => (
              <li key={c.colour}>
                <ArchArt wash={c.shades[0]} className="px-4 pt-8 pb-2" name={info.art} color={c.shades[0]} sheet={sheet} artClassName="mx-auto h-auto w-full max-w-[9rem]" />
                <h3 className="mt-3 font-serif text-lg font-medium">{c.colour}</h3>
                <p className="mt-1 flex items-center gap-2 text-sm text-sage">
                  <span aria-hidden="true" className="flex -space-x-1">
                    {c.shades.slice(0, 6).map((h) => (
                      <span key={h} className={`inline-block h-3.5 w-3.5 rounded-full ${needsRing(h) ? "ring-1 ring-sage/50" : "ring-2 ring-paper"}`} style={{ background: h }} />
                    ))}
                  </span>
                  <span>
                    {c.shades.length} {c.shades.length === 1 ? "shade" : "shades"}
                    {c.stemLengthsCm.length > 0 && ` · ${span(c.stemLengthsCm)} cm`}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Band>

      {range.grades.length > 0 && (
        <Band labelledBy="grades-title" tone="mist">
          <div className="grid gap-10 lg:grid-cols-12">
            <div className="lg:col-span-4">
              <SectionHeading
                id="grades-title"
                eyebrow="Grades and packing"
                title="How we grade and pack them"
                intro={<p>Every stem is graded in our packing hall. These are the grades and packs in our product list today, the same ones you order from in the store.</p>}
              />
            </div>
            <div className="min-w-0 lg:col-span-8">
              <PackingTable
                label="Table of grades, scrolls sideways on small screens"
                caption={`Grades and packing of ${info.label.toLowerCase()}`}
                first="Grade"
                minWidth="min-w-[34rem]"
                rows={range.grades.map((g, i) => ({
                  key: String(i),
                  head: g.grade,
                  stemLength: g.stemLengthCm ? `${g.stemLengthCm} cm` : "—",
                  stemsPerBunch: String(g.stemsPerBunch),
                  bunchesPerPail: String(g.bunchesPerPail),
                  colours: String(g.colours),
                }))}
              />
              <p className="mt-4 text-sm text-sage">
                Prices and this week&apos;s availability are in the store.{" "}
                <Link to="/login" className="font-semibold">
                  Sign in to order
                </Link>
              </p>
            </div>
          </div>
        </Band>
      )}

      {d.prose.length > 0 && (
        <Band>
          <div className="gap-x-16 md:columns-2">
            {d.prose.map((s) => (
              <section key={s.id} aria-labelledby={`${s.id}-title`} className="mb-12 break-inside-avoid">
                <h2 id={`${s.id}-title`} className="display text-2xl md:text-3xl">
                  {s.title}
                </h2>
                <Prose html={s.html} className="mt-4" />
              </section>
            ))}
          </div>
        </Band>
      )}

      {d.care && (
        <Band labelledBy="care-title" tone="leaf">
          <div className="grid items-center gap-10 md:grid-cols-12">
            <div className="md:col-span-7">
              <SectionHeading id="care-title" eyebrow="Flower care" title={d.care.title} intro={<p className="text-ink/80">{d.care.summary}</p>} />
              <Link to={`/FlowerCare/${d.care.slug}`} className="btn btn-primary mt-8">
                Read the care guide
              </Link>
            </div>
            <FactList
              className="gap-4 sm:grid-cols-3 md:col-span-5 md:grid-cols-1"
              cardClassName="bg-white px-5 py-4"
              facts={[
                { label: "Vase life", value: d.care.vaseLifeDays ? `${d.care.vaseLifeDays} days` : "—" },
                { label: "Store at", value: d.care.storageTemperature || "—" },
                { label: "Sensitive to ethylene", value: d.care.ethyleneSensitive ? "Yes: keep away from fruit and exhaust" : "No" },
              ]}
            />
          </div>
        </Band>
      )}

      <Band labelledBy="others-title">
        <SectionHeading id="others-title" eyebrow="Our flowers" title="More from our greenhouses" />
        <FlowerLinks flowers={others.map((v) => ({ to: v.path, label: v.label, art: v.art, colour: v.colour }))} className="mt-10" />
      </Band>

      <CtaBand art={info.art} color={info.colour} title={`${info.label} for your shop or your customers?`} />
    </>
  );
}
