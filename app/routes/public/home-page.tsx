import type { CSSProperties } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { Art } from "../../features/public/art.tsx";
import { findSection, leadOf, listItems, splitSections, withoutFirstList } from "../../features/public/sections.ts";
import { ArticleCards } from "../../features/public/blocks.tsx";
import { Band, CtaBand, Prose, SectionHeading } from "../../features/public/ui.tsx";
import { artForImage, VARIETIES } from "../../features/public/varieties.ts";
import { STATIC_PAGE } from "../../lib/static-page.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export function loader({ context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const content = ctx.services.content;
  const doc = content.page("home");
  const { sections } = splitSections(doc?.html ?? "");
  const section = (title: string) => findSection(sections, title);
  const grow = section("What we grow");
  const audiences = section("Who we sell to");
  const ordering = section("How ordering works");
  const fresh = section("Keeping flowers fresh");
  const contact = content.page("contact")?.meta ?? {};
  return {
    site: ctx.site,
    heroTitle: String(doc?.meta.heroTitle ?? ctx.site.brandName),
    heroText: String(doc?.meta.heroText ?? ""),
    description: String(doc?.meta.description ?? ""),
    growIntro: grow ? withoutFirstList(grow.html) : "",
    varieties: VARIETIES.map((v) => {
      const c = content.variety(v.slug);
      return { ...v, name: String(c?.meta.name ?? v.label), tagline: String(c?.meta.tagline ?? "") };
    }),
    audiences: (audiences ? listItems(audiences.html) : []).map(leadOf),
    ordering: (ordering ? listItems(ordering.html) : []).map(leadOf),
    orderingAfter: ordering ? withoutFirstList(ordering.html) : "",
    freshHtml: fresh?.html ?? "",
    guides: content.careGuides().map((g) => ({
      slug: g.slug,
      flower: String(g.meta.flower ?? g.meta.title),
      vaseLifeDays: String(g.meta.vaseLifeDays ?? ""),
      art: artForImage(g.meta.image),
    })),
    articles: content
      .blog()
      .slice(0, 3)
      .map((a) => ({
        slug: a.slug,
        title: String(a.meta.title),
        date: String(a.meta.date),
        summary: String(a.meta.summary ?? ""),
        tags: (a.meta.tags as string[] | undefined) ?? [],
        art: artForImage(a.meta.image),
      })),
    phone: String(contact.phone ?? ""),
    sameAs: [] as string[],
  };
}

export function meta({ data: d }: MetaArgs<typeof loader>) {
  if (!d) return [];
  return seo({
    title: `${d.site.brandName}: lilies, gerbera and more, grown under glass`,
    description: d.description,
    path: "/",
    site: d.site,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: d.site.brandName,
      url: `${d.site.publicUrl}/`,
      logo: `${d.site.publicUrl}/favicon.svg`,
      description: d.description,
      ...(d.phone ? { contactPoint: { "@type": "ContactPoint", telephone: d.phone, contactType: "sales", areaServed: "US" } } : {}),
    },
  });
}

const AUDIENCE_ART = ["pail", "bouquet", "bunch", "packing"] as const;

export default function Home() {
  const d = useLoaderData<typeof loader>();
  const [lily, gerbera, , anthurium] = d.varieties;
  return (
    <>
      {/* Hero: the headline beside three greenhouse windows, each with a flower in it. */}
      <section aria-labelledby="home-title" className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-10"
          style={{
            background:
              "radial-gradient(55% 60% at 80% 30%, rgb(251 233 239 / 0.9), transparent 70%), radial-gradient(45% 50% at 60% 90%, rgb(230 239 233 / 0.9), transparent 70%)",
          }}
        />
        <div className="pub-container grid items-center gap-12 pt-10 pb-16 md:grid-cols-12 md:pt-16 md:pb-24">
          <div className="md:col-span-6 lg:col-span-6">
            <p className="eyebrow">Grown under glass · cut to order</p>
            <h1 id="home-title" className="display mt-5 text-[2.65rem] text-balance sm:text-6xl lg:text-[4.6rem]">
              {d.heroTitle}
            </h1>
            <p className="mt-7 max-w-xl text-lg leading-relaxed text-ink/85 md:text-xl">{d.heroText}</p>
            <div className="mt-9 flex flex-wrap gap-3">
              <Link to="/assortment" className="btn btn-primary">
                See what we grow
              </Link>
              <Link to="/Contact" className="btn btn-secondary">
                Open an account
              </Link>
            </div>
          </div>
          <div className="md:col-span-6">
            <div className="mx-auto grid max-w-[40rem] grid-cols-3 items-end gap-3 sm:gap-5">
              {[
                { v: gerbera!, lift: "mb-12", color: "#F29A45", wash: "#F6C08A" },
                { v: lily!, lift: "mb-0", color: "#F4B6C8", wash: "#EE9FB9" },
                { v: anthurium!, lift: "mb-20", color: "#C81E3A", wash: "#A9CDB4" },
              ].map(({ v, lift, color, wash }) => (
                <Link
                  key={v.slug}
                  to={v.path}
                  className={`arch wash group block px-2 pt-10 pb-4 no-underline shadow-[0_30px_50px_-35px_rgb(31_42_36/0.55)] transition-transform hover:-translate-y-1 sm:px-4 sm:pt-16 ${lift}`}
                  style={{ "--wash": wash } as CSSProperties}
                >
                  <Art name={v.art} color={color} priority="low" alt="" className="h-auto w-full" />
                  <span className="mt-2 block text-center text-sm font-semibold text-ink group-hover:text-leaf-dark">{v.label}</span>
                </Link>
              ))}
            </div>
          </div>
        </div>
      </section>

      {/* What we grow: the seven crops. */}
      <Band labelledBy="grow-title" tone="white" className="border-y border-line/60">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <SectionHeading id="grow-title" eyebrow="Our flowers" title="What we grow" intro={<Prose html={d.growIntro.replace(/:\s*<\/p>/, ".</p>")} className="!text-lg !text-sage" />} />
          <Link to="/InteractiveCatalogue" className="btn btn-secondary">
            Explore the range
          </Link>
        </div>
        <ul className="mt-12 grid grid-cols-2 gap-x-5 gap-y-10 sm:grid-cols-3 lg:grid-cols-4">
          {d.varieties.map((v) => (
            <li key={v.slug} className="card-link group">
              <div className="arch wash px-5 pt-10 pb-3 transition-transform duration-300 group-hover:-translate-y-1" style={{ "--wash": v.colour } as CSSProperties}>
                <Art name={v.art} color={v.colour} className="mx-auto h-auto w-full max-w-[11rem]" />
              </div>
              <h3 className="mt-4 font-serif text-xl font-medium md:text-2xl">
                <Link to={v.path} className="stretch text-ink no-underline group-hover:text-leaf-dark">
                  {v.name}
                </Link>
              </h3>
              <p className="mt-1.5 text-[0.95rem] leading-relaxed text-sage">{v.tagline}</p>
            </li>
          ))}
          <li className="flex flex-col justify-center rounded-[1.5rem] border border-dashed border-leaf/40 p-6">
            <p className="font-serif text-xl">Through the year</p>
            <p className="mt-2 text-[0.95rem] text-sage">Which colours are strongest in each season, and how each crop is packed.</p>
            <Link to="/assortment" className="mt-4 font-semibold text-leaf">
              Plan your buying <span aria-hidden="true">→</span>
            </Link>
          </li>
        </ul>
      </Band>

      {/* The range itself. */}
      <section aria-labelledby="range-title" className="py-16 md:py-24">
        <div className="pub-container grid items-center gap-10 md:grid-cols-12">
          <div className="md:col-span-7">
            <div className="overflow-hidden rounded-[2rem] shadow-[0_40px_80px_-50px_rgb(31_42_36/0.6)]">
              <Art name="greenhouse" alt="Our greenhouse range from above: long glass houses with rows of flowers in bloom" className="h-auto w-full" />
            </div>
          </div>
          <div className="md:col-span-5">
            <p className="eyebrow">From bulb to cooler</p>
            <h2 id="range-title" className="display mt-3 text-3xl md:text-[2.75rem]">
              Every stem graded, bunched and hydrated before it ships
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-ink/85">
              Lilies go in as bulbs every week; gerbera and anthurium stay in production for years. Everything is cut at the right stage, cooled at once and packed in our
              own hall, so it reaches you with its whole vase life ahead.
            </p>
            <div className="mt-8 flex flex-wrap gap-x-6 gap-y-3">
              <Link to="/OurProcess" className="font-semibold text-leaf">
                How we grow and pack <span aria-hidden="true">→</span>
              </Link>
              <Link to="/GrowingGreener" className="font-semibold text-leaf">
                Growing greener <span aria-hidden="true">→</span>
              </Link>
            </div>
          </div>
        </div>
      </section>

      {/* Who we sell to. */}
      {d.audiences.length > 0 && (
        <Band labelledBy="who-title" tone="mist">
          <SectionHeading id="who-title" eyebrow="Who we sell to" title="Flowers for the whole trade" />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {d.audiences.map((a, i) => (
              <li key={i} className="flex flex-col overflow-hidden rounded-[1.5rem] bg-white shadow-[0_1px_0_rgb(31_42_36/0.06)]">
                <div className="wash flex h-36 items-end justify-center pt-4" style={{ "--wash": ["#F6C08A", "#EE9FB9", "#A9CDB4", "#B9C4E0"][i % 4] } as CSSProperties}>
                  <Art name={AUDIENCE_ART[i % 4]!} className="h-32 w-auto" />
                </div>
                <div className="p-6">
                  {a.lead && <h3 className="font-serif text-xl">{a.lead}</h3>}
                  <div className="mt-2 text-[0.975rem] leading-relaxed text-sage" dangerouslySetInnerHTML={{ __html: a.rest }} />
                </div>
              </li>
            ))}
          </ul>
        </Band>
      )}

      {/* How ordering works. */}
      {d.ordering.length > 0 && (
        <Band labelledBy="order-title">
          <div className="grid gap-12 lg:grid-cols-12">
            <div className="lg:col-span-4">
              <SectionHeading id="order-title" eyebrow="Ordering" title="How ordering works" intro={<Prose html={d.orderingAfter} className="!text-lg !text-sage" />} />
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to="/login" className="btn btn-primary">
                  Sign in to the store
                </Link>
                <Link to="/faq" className="btn btn-secondary">
                  Questions and answers
                </Link>
              </div>
            </div>
            <ol className="grid gap-5 sm:grid-cols-2 lg:col-span-8">
              {d.ordering.map((s, i) => (
                <li key={i} className="relative rounded-[1.5rem] border border-line bg-white p-6 pt-7">
                  <span aria-hidden="true" className="display absolute -top-5 left-6 grid h-11 w-11 place-items-center rounded-full bg-pollen text-xl text-ink">
                    {i + 1}
                  </span>
                  {s.lead && <h3 className="mt-2 font-serif text-xl">{s.lead}</h3>}
                  <div className="mt-2 leading-relaxed text-sage" dangerouslySetInnerHTML={{ __html: s.rest }} />
                </li>
              ))}
            </ol>
          </div>
        </Band>
      )}

      {/* Care guides. */}
      <Band labelledBy="care-title" tone="leaf">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <SectionHeading id="care-title" eyebrow="Flower care" title="Keeping flowers fresh" intro={<Prose html={d.freshHtml} className="!text-lg !text-ink/80" />} />
          <Link to="/FlowerCare" className="btn btn-secondary">
            All care guides
          </Link>
        </div>
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {d.guides.map((g) => (
            <li key={g.slug}>
              <Link
                to={`/FlowerCare/${g.slug}`}
                className="group flex h-full flex-col items-center rounded-[1.25rem] bg-white px-3 pt-4 pb-4 text-center no-underline shadow-[0_1px_2px_rgb(31_42_36/0.08)] transition-shadow hover:shadow-md"
              >
                <Art name={g.art} className="h-24 w-auto" />
                <span className="mt-3 block font-semibold text-ink group-hover:text-leaf-dark">{g.flower.replace(/\s*\(.*\)$/, "")}</span>
                {g.vaseLifeDays && <span className="mt-0.5 block text-sm text-sage">{g.vaseLifeDays} days in the vase</span>}
              </Link>
            </li>
          ))}
        </ul>
      </Band>

      {/* Journal. */}
      {d.articles.length > 0 && (
        <Band labelledBy="journal-title">
          <div className="flex flex-wrap items-end justify-between gap-6">
            <SectionHeading id="journal-title" eyebrow="Journal" title="From our greenhouses" />
            <Link to="/Blog" className="font-semibold text-leaf">
              All articles <span aria-hidden="true">→</span>
            </Link>
          </div>
          <ArticleCards articles={d.articles} wash="#f3efe7" large />
        </Band>
      )}

      <CtaBand />
    </>
  );
}
