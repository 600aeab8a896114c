import type { CSSProperties } from "react";
import type { ContentPageSetup } from "../../../contract/content.ts";
import { data, Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { Art, ArchArt } from "../../features/public/art.tsx";
import { findSection, leadOf, listItems, splitSections, textOf } from "../../features/public/sections.ts";
import { PackingTable, Sections, Toc } from "../../features/public/blocks.tsx";
import { Band, CtaBand, PageHero, Prose, SectionHeading, IntroBand } from "../../features/public/ui.tsx";
import { ART_ALT, VARIETIES, type ArtKey } from "../../features/public/varieties.ts";
import { STATIC_PAGE } from "../../lib/static-page.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

/** A content page's setup: its `page:` front matter (contract/content.ts), validated when content is read. */
type PageSetup = ContentPageSetup;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const requested = new URL(request.url).pathname.replace(/\/$/, "");
  const found = ctx.services.content.contentPage(requested);
  if (!found) throw data({ message: `Page not found: ${requested}` }, { status: 404 });
  const { doc, setup } = found;
  const { intro, sections } = splitSections(doc.html);
  const faq = setup.layout === "faq" ? splitSections(doc.html, 3).sections.map((s) => ({ ...s, text: textOf(s.html) })) : [];
  const ranges = setup.layout === "seasons" ? await ctx.services.allRanges(VARIETIES.map((v) => v.slug)) : null;
  return {
    // The canonical path is the one SPEC §2 spells, whatever case was typed.
    path: setup.path,
    setup,
    title: String(doc.meta.title),
    description: String(doc.meta.description ?? ""),
    intro,
    sections,
    faq,
    ranges,
    site: ctx.site,
  };
}

export function meta({ data: d }: MetaArgs<typeof loader>) {
  if (!d) return [];
  return seo({
    title: d.title,
    description: d.description,
    path: d.path,
    site: d.site,
    image: d.setup.art ? { art: d.setup.art, color: d.setup.artColor, alt: d.setup.artAlt ?? ART_ALT[d.setup.art] } : undefined,
    jsonLd:
      d.faq.length > 0
        ? {
            "@context": "https://schema.org",
            "@type": "FAQPage",
            mainEntity: d.faq.map((q) => ({ "@type": "Question", name: q.title, acceptedAnswer: { "@type": "Answer", text: q.text } })),
          }
        : undefined,
  });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** "3. Yield" → { n: "3", title: "Yield" }. */
const numbered = (title: string) => {
  const m = /^(\d+)\.\s+(.*)$/.exec(title);
  return m ? { n: m[1]!, title: m[2]! } : null;
};

/** Numbered h3 steps ("### 1. Planting") get a number badge. */
const withStepBadges = (html: string) =>
  html.replace(/<h3>(\d+)\.\s+([\s\S]*?)<\/h3>/g, '<h3 class="flex items-baseline gap-3"><span class="step-badge">$1</span><span>$2</span></h3>');

function NextLinks({ next }: { next?: PageSetup["next"] }) {
  if (!next?.length) return null;
  return (
    <Band labelledBy="next-title" tone="mist">
      <h2 id="next-title" className="display text-3xl">
        Read next
      </h2>
      <ul className="mt-8 grid gap-5 md:grid-cols-2">
        {next.map((n) => (
          <li key={n.to} className="card-link group rounded-[1.5rem] bg-white p-6 md:p-8">
            <Link to={n.to} className="stretch font-serif text-2xl text-ink no-underline group-hover:text-leaf-dark">
              {n.label} <span aria-hidden="true">→</span>
            </Link>
            <p className="mt-2 text-sage">{n.text}</p>
          </li>
        ))}
      </ul>
    </Band>
  );
}

function ArticleLayout({ d }: { d: Data }) {
  return (
    <>
      <Band className="!pt-4">
        <div className="grid gap-12 lg:grid-cols-12">
          <div className="lg:col-span-4 xl:col-span-3">
            <Toc sections={d.sections} title="On this page" className="lg:sticky lg:top-24" />
          </div>
          <div className="min-w-0 lg:col-span-8 xl:col-span-8 xl:col-start-5">
            {d.intro && <Prose html={d.intro} className="lead-first mb-14" />}
            <Sections sections={d.sections} html={withStepBadges} />
          </div>
        </div>
      </Band>
      <NextLinks next={d.setup.next} />
    </>
  );
}

function FaqLayout({ d }: { d: Data }) {
  return (
    <Band className="!pt-4">
      <div className="grid gap-12 lg:grid-cols-12">
        <div className="lg:col-span-4">
          <div className="rounded-[1.5rem] bg-leaf-light p-6 lg:sticky lg:top-24">
            <h2 className="display text-2xl">Still wondering?</h2>
            <p className="mt-3 text-ink/80">Our customer service team answers the phone early, while the trucks are loading, and reads every message the same day.</p>
            <Link to="/Contact" className="btn btn-primary mt-6">
              Ask us
            </Link>
          </div>
        </div>
        <div className="min-w-0 lg:col-span-8">
          {d.faq.map((q, i) => (
            <details key={q.id} className="faq-item" open={i === 0}>
              <summary>
                <h2 className="font-serif text-[1.2rem] font-normal md:text-[1.3rem]">{q.title}</h2>
              </summary>
              <Prose html={q.html} className="pb-7" />
            </details>
          ))}
        </div>
      </div>
    </Band>
  );
}

const SEASON_WASH: Record<string, string> = { spring: "#F4C7D6", summer: "#F9D27A", fall: "#F0A878", winter: "#C7D7E8", "year-round": "#A9CDB4" };

function SeasonsLayout({ d }: { d: Data }) {
  const yearRound = findSection(d.sections, "Year-round");
  const seasons = d.sections.filter((s) => /^(spring|summer|fall|autumn|winter)/i.test(s.title));
  const planning = findSection(d.sections, "Planning ahead");
  const ranges = d.ranges ?? {};
  const variety = (lead: string | null) => VARIETIES.find((v) => lead && lead.toLowerCase().replace(/^large /, "").startsWith(v.label.toLowerCase().slice(0, 5)));
  return (
    <>
      <IntroBand html={d.intro} />
      {yearRound && (
        <Band labelledBy={yearRound.id}>
          <SectionHeading id={yearRound.id} eyebrow="Every week of the year" title={yearRound.title} />
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {listItems(yearRound.html).map((item, i) => {
              const { lead, rest } = leadOf(item);
              const v = variety(lead);
              return (
                <li key={i} className="flex flex-col rounded-[1.5rem] bg-white p-5 shadow-[0_1px_2px_rgb(31_42_36/0.08)]">
                  {v && (
                    <ArchArt wash={v.colour} className="mb-4 px-6 pt-6" name={v.art} color={v.colour} artClassName="mx-auto h-28 w-auto" />
                  )}
                  <h3 className="font-serif text-xl">{v ? <Link to={v.path}>{lead}</Link> : lead}</h3>
                  <div className="mt-1.5 text-[0.95rem] leading-relaxed text-sage" dangerouslySetInnerHTML={{ __html: rest }} />
                </li>
              );
            })}
          </ul>
        </Band>
      )}
      {seasons.length > 0 && (
        <Band labelledBy="seasons-title" tone="white" className="border-y border-line/60">
          <SectionHeading id="seasons-title" eyebrow="Season by season" title="When each colour is at its best" />
          <div className="mt-10 grid gap-5 md:grid-cols-2">
            {seasons.map((s) => {
              const keyDates = /<p><strong>Key dates:<\/strong>\s*([\s\S]*?)<\/p>/i.exec(s.html);
              const [name, months] = s.title.split(/\s*\(/);
              return (
                <section
                  key={s.id}
                  aria-labelledby={s.id}
                  className="wash rounded-[1.75rem] p-7 md:p-9"
                  style={{ "--wash": SEASON_WASH[(name ?? "").toLowerCase()] ?? "#e6efe9" } as CSSProperties}
                >
                  <h3 id={s.id} className="display text-3xl">
                    {name}
                    {months && <span className="mt-1 block font-sans text-sm font-semibold tracking-[0.12em] text-ink/70 uppercase">{months.replace(/\)$/, "")}</span>}
                  </h3>
                  <Prose html={listItems(s.html).length ? `<ul>${listItems(s.html).map((l) => `<li>${l}</li>`).join("")}</ul>` : s.html} className="mt-5 !text-base" />
                  {keyDates && (
                    <p className="mt-6 rounded-xl bg-white/75 px-4 py-3 text-[0.95rem]">
                      <span className="font-semibold">Key dates: </span>
                      <span dangerouslySetInnerHTML={{ __html: keyDates[1]! }} />
                    </p>
                  )}
                </section>
              );
            })}
          </div>
        </Band>
      )}
      <Band labelledBy="packing-title">
        <div className="grid gap-10 lg:grid-cols-12">
          <div className="lg:col-span-4">
            <SectionHeading
              id="packing-title"
              eyebrow="From our product list"
              title="Packing at a glance"
              intro={<p>Stems a bunch and bunches a pail, as they are in the store today. Each variety page shows every grade.</p>}
            />
          </div>
          <div className="min-w-0 lg:col-span-8">
            <PackingTable
              label="Packing table, scrolls sideways on small screens"
              caption="Packing of each crop"
              first="Crop"
              minWidth="min-w-[36rem]"
              rows={VARIETIES.map((v) => {
                const r = ranges[v.slug];
                const span = (xs: number[]) => (xs.length ? (xs.length === 1 ? `${xs[0]}` : `${xs[0]}–${xs[xs.length - 1]}`) : "—");
                return {
                  key: v.slug,
                  head: (
                    <Link to={v.path} className="flex items-center gap-3">
                      <Art name={v.art} color={v.colour} className="h-10 w-auto" />
                      {v.label}
                    </Link>
                  ),
                  stemLength: r?.stemLengthCm ? `${r.stemLengthCm.min}–${r.stemLengthCm.max} cm` : "—",
                  stemsPerBunch: span(r?.stemsPerBunch ?? []),
                  bunchesPerPail: span(r?.bunchesPerPail ?? []),
                  colours: String(r?.colours.length || "—"),
                };
              })}
            />
          </div>
        </div>
      </Band>
      {planning && (
        <Band labelledBy={planning.id} tone="leaf">
          <div className="flex flex-wrap items-center justify-between gap-8">
            <div className="max-w-2xl">
              <h2 id={planning.id} className="display text-3xl md:text-4xl">
                {planning.title}
              </h2>
              <Prose html={planning.html} className="mt-3 !text-lg" />
            </div>
            <div className="flex flex-wrap gap-3">
              <Link to="/Contact" className="btn btn-primary">
                Talk to sales
              </Link>
              <Link to="/InteractiveCatalogue" className="btn btn-secondary">
                Explore the range
              </Link>
            </div>
          </div>
        </Band>
      )}
    </>
  );
}

function ProcessLayout({ d }: { d: Data }) {
  const steps = d.sections.filter((s) => numbered(s.title));
  const rest = d.sections.filter((s) => !numbered(s.title));
  return (
    <>
      <IntroBand html={d.intro} />
      <Band labelledBy="steps-title">
        <h2 id="steps-title" className="sr-only">
          Step by step
        </h2>
        <ol className="relative mx-auto max-w-4xl">
          <span aria-hidden="true" className="absolute top-2 bottom-2 left-[1.35rem] w-px bg-line md:left-[1.85rem]" />
          {steps.map((s) => {
            const n = numbered(s.title)!;
            return (
              <li key={s.id} className="relative grid grid-cols-[2.75rem_1fr] gap-5 pb-12 last:pb-0 md:grid-cols-[3.75rem_1fr] md:gap-8">
                <span aria-hidden="true" className="display relative z-10 grid h-11 w-11 place-items-center rounded-full bg-leaf text-lg text-white md:h-[3.75rem] md:w-[3.75rem] md:text-2xl">
                  {n.n}
                </span>
                <section aria-labelledby={s.id} className="min-w-0 pt-1.5 md:pt-3">
                  <h3 id={s.id} className="display text-2xl md:text-[1.9rem]">
                    <span className="sr-only">Step {n.n}: </span>
                    {n.title}
                  </h3>
                  <Prose html={s.html} className="mt-4" />
                  {n.n === "2" && (
                    <div className="mt-8 overflow-hidden rounded-[1.5rem]">
                      <Art name="greenhouse" alt="Long glass houses with rows of flowers under cultivation" className="h-auto w-full" />
                    </div>
                  )}
                </section>
              </li>
            );
          })}
        </ol>
      </Band>
      {rest.length > 0 && (
        <Band>
          <div className="mx-auto max-w-3xl">
            <Sections sections={rest} html={withStepBadges} />
          </div>
        </Band>
      )}
      <NextLinks next={d.setup.next} />
    </>
  );
}

function ArchiveLayout({ d }: { d: Data }) {
  return (
    <>
      <Band className="!pt-2">
        <article className="relative mx-auto max-w-3xl rounded-[2rem] border border-[#e4d6bd] bg-[#fffaf0] px-6 py-10 shadow-[0_30px_60px_-45px_rgb(80_60_20/0.5)] sm:px-12 md:py-14">
          <p aria-hidden="true" className="absolute -top-4 left-8 rotate-[-3deg] rounded-md border border-[#c9a27a] bg-[#fff4de] px-3 py-1 font-serif text-sm text-[#6b4a1f] italic">
            Kept as it was written
          </p>
          {d.intro && <Prose html={d.intro} className="mb-10 border-b border-[#e4d6bd] pb-8" />}
          {d.sections.map((s) => (
            <section key={s.id} aria-labelledby={s.id} className="[&+&]:mt-10">
              <h2 id={s.id} className="font-serif text-2xl italic">
                {s.title}
              </h2>
              <Prose html={s.html} className="mt-3 !text-[1.1rem] [&_p]:font-serif" />
            </section>
          ))}
        </article>
      </Band>
      <NextLinks next={[{ to: "/OurProcess", label: "Our process today", text: "How we grow, grade, pack and ship now, step by step." }]} />
    </>
  );
}

const ABOUT_ART: Record<string, { art: ArtKey; color?: string; alt: string }> = {
  "what we do": { art: "lily", color: "#F6A04D", alt: "An orange Asiatic lily, the crop we started with" },
  "our greenhouses": { art: "greenhouse", alt: "The greenhouse range from above" },
  "our people": { art: "packing", alt: "Our packing hall with bunches on the grading table" },
  "how we grow more responsibly": { art: "lisianthus", color: "#B5D67A", alt: "A green lisianthus" },
};

function AboutLayout({ d }: { d: Data }) {
  const how = findSection(d.sections, "How we work");
  const story = d.sections.filter((s) => s !== how && s.title.toLowerCase() !== "working with us");
  const links: Record<string, { to: string; label: string }> = {
    "our people": { to: "/OurTeam", label: "Meet our team" },
    "how we grow more responsibly": { to: "/GrowingGreener", label: "Growing greener" },
    "our greenhouses": { to: "/OurProcess", label: "Our process" },
  };
  return (
    <>
      <IntroBand html={d.intro} tall className="[&>p:first-child]:!text-[1.45rem]" />
      {story.map((s, i) => {
        const art = ABOUT_ART[s.title.toLowerCase()];
        const wide = art && (art.art === "greenhouse" || art.art === "packing");
        const link = links[s.title.toLowerCase()];
        return (
          <Band key={s.id} labelledBy={s.id} tone={i % 2 ? "mist" : "none"}>
            <div className={`grid items-center gap-10 md:grid-cols-12 ${i % 2 ? "" : ""}`}>
              <div className={`md:col-span-6 ${i % 2 ? "md:order-2" : ""}`}>
                <h2 id={s.id} className="display text-3xl md:text-[2.6rem]">
                  {s.title}
                </h2>
                <Prose html={s.html} className="mt-5" />
                {link && (
                  <Link to={link.to} className="mt-6 inline-block font-semibold text-leaf">
                    {link.label} <span aria-hidden="true">→</span>
                  </Link>
                )}
              </div>
              {art && (
                <div className={`md:col-span-6 ${i % 2 ? "md:order-1" : ""}`}>
                  {wide ? (
                    <div className="overflow-hidden rounded-[1.75rem] shadow-[0_30px_60px_-45px_rgb(31_42_36/0.6)]">
                      <Art name={art.art} alt={art.alt} className="h-auto w-full" />
                    </div>
                  ) : (
                    <ArchArt wash={art.color ?? "#e6efe9"} className="mx-auto max-w-[20rem] px-8 pt-12 pb-4" name={art.art} color={art.color} alt={art.alt} artClassName="h-auto w-full" />
                  )}
                </div>
              )}
            </div>
          </Band>
        );
      })}
      {how && (
        <Band labelledBy={how.id} tone="leaf">
          <SectionHeading id={how.id} eyebrow="Our habits" title={how.title} />
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {listItems(how.html).map((item, i) => {
              const { lead, rest } = leadOf(item);
              return (
                <li key={i} className="rounded-[1.5rem] bg-white p-6">
                  <span aria-hidden="true" className="display text-4xl text-leaf">
                    {String(i + 1).padStart(2, "0")}
                  </span>
                  {lead && <h3 className="mt-2 font-serif text-xl">{lead}</h3>}
                  <div className="mt-2 leading-relaxed text-sage" dangerouslySetInnerHTML={{ __html: rest }} />
                </li>
              );
            })}
          </ul>
        </Band>
      )}
    </>
  );
}

export default function ContentPage() {
  const d = useLoaderData<typeof loader>();
  const { setup } = d;
  return (
    <>
      <PageHero eyebrow={setup.eyebrow} title={d.title} lead={d.description ? <p>{d.description}</p> : undefined} art={setup.art} artColor={setup.artColor} artAlt={setup.artAlt} wash={setup.wash} />
      {setup.layout === "article" && <ArticleLayout d={d} />}
      {setup.layout === "faq" && <FaqLayout d={d} />}
      {setup.layout === "seasons" && <SeasonsLayout d={d} />}
      {setup.layout === "process" && <ProcessLayout d={d} />}
      {setup.layout === "archive" && <ArchiveLayout d={d} />}
      {setup.layout === "about" && <AboutLayout d={d} />}
      {(setup.layout === "about" || setup.layout === "seasons" || setup.layout === "faq") && <CtaBand />}
    </>
  );
}
