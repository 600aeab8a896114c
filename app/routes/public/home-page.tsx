import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { findSection, leadOf, listItems, splitSections, withoutFirstList } from "../../features/public/sections.ts";
import { ArticleCards } from "../../features/public/blocks.tsx";
import { Band, CtaBand, SectionHeading } from "../../features/public/ui.tsx";
import { HomeAudiences } from "../../features/public/home-audiences.tsx";
import { HomeCare } from "../../features/public/home-care.tsx";
import { HomeGrow } from "../../features/public/home-grow.tsx";
import { HomeHero } from "../../features/public/home-hero.tsx";
import { HomeOrdering } from "../../features/public/home-ordering.tsx";
import { HomeRange } from "../../features/public/home-range.tsx";
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

export default function Home() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <HomeHero title={d.heroTitle} text={d.heroText} varieties={d.varieties} />
      <HomeGrow intro={d.growIntro} varieties={d.varieties} />
      <HomeRange />
      {d.audiences.length > 0 && <HomeAudiences audiences={d.audiences} />}
      {d.ordering.length > 0 && <HomeOrdering steps={d.ordering} after={d.orderingAfter} />}
      <HomeCare freshHtml={d.freshHtml} guides={d.guides} />

      {/* Journal. */}
      {d.articles.length > 0 && (
        <Band labelledBy="journal-title">
          <SectionHeading id="journal-title" eyebrow="Journal" title="From our greenhouses" action={<Link to="/Blog" className="font-semibold text-leaf">All articles <span aria-hidden="true">→</span></Link>} />
          <ArticleCards articles={d.articles} wash="#f3efe7" large />
        </Band>
      )}

      <CtaBand />
    </>
  );
}
