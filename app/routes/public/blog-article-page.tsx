import type { CSSProperties } from "react";
import { data, Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { Art, artSrc } from "../../features/public/art.tsx";
import { Initials } from "../../features/public/people.tsx";
import { ArticleCards } from "../../features/public/blocks.tsx";
import { Band, Breadcrumbs, formatDate, Prose, TagList } from "../../features/public/ui.tsx";
import { ART_ALT, artForImage, isScene } from "../../features/public/varieties.ts";
import { STATIC_PAGE } from "../../lib/static-page.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export function loader({ params, context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const content = ctx.services.content;
  const doc = content.article(params.slug ?? "");
  if (!doc) throw data({ message: `Page not found: /Blog/${params.slug}` }, { status: 404 });
  const tags = ((doc.meta.tags as string[] | undefined) ?? []).map(String);
  const author = String(doc.meta.author ?? "");
  const team = content.team();
  const members = Array.isArray(team?.meta.members) ? (team.meta.members as Record<string, unknown>[]) : [];
  const authorIndex = members.findIndex((m) => String(m.name) === author);
  const others = content.blog().filter((a) => a.slug !== doc.slug);
  // Related: most shared tags first, then the newest.
  const related = others
    .map((a) => ({ a, shared: ((a.meta.tags as string[] | undefined) ?? []).filter((t) => tags.includes(t)).length }))
    .sort((x, y) => y.shared - x.shared || String(y.a.meta.date).localeCompare(String(x.a.meta.date)))
    .slice(0, 3)
    .map(({ a }) => ({ slug: a.slug, title: String(a.meta.title), date: String(a.meta.date), art: artForImage(a.meta.image) }));
  return {
    slug: doc.slug,
    title: String(doc.meta.title),
    date: String(doc.meta.date),
    author,
    authorBio:
      authorIndex >= 0
        ? { role: String(members[authorIndex]!.role ?? ""), bio: String(members[authorIndex]!.bio ?? ""), initials: String(members[authorIndex]!.initials ?? ""), index: authorIndex }
        : null,
    summary: String(doc.meta.summary ?? ""),
    tags,
    art: artForImage(doc.meta.image),
    minutes: Math.max(1, Math.round(doc.words / 220)),
    words: doc.words,
    html: doc.html,
    related,
    site: ctx.site,
  };
}

export function meta({ data: d }: MetaArgs<typeof loader>) {
  if (!d) return [];
  const url = `${d.site.publicUrl}/Blog/${d.slug}`;
  const tags = seo({
    title: d.title,
    description: d.summary,
    path: `/Blog/${d.slug}`,
    site: d.site,
    type: "article",
    image: { art: d.art, alt: ART_ALT[d.art] },
    jsonLd: {
      "@context": "https://schema.org",
      "@graph": [
        {
          "@type": "Article",
          "@id": `${url}#article`,
          headline: d.title,
          description: d.summary,
          datePublished: d.date,
          dateModified: d.date,
          wordCount: d.words,
          keywords: d.tags.join(", "),
          image: `${d.site.publicUrl}${artSrc(d.art)}`,
          mainEntityOfPage: url,
          author: { "@type": "Person", name: d.author || d.site.brandName },
          publisher: { "@type": "Organization", name: d.site.brandName, url: `${d.site.publicUrl}/`, logo: { "@type": "ImageObject", url: `${d.site.publicUrl}/favicon.svg` } },
        },
        {
          "@type": "BreadcrumbList",
          itemListElement: [
            { "@type": "ListItem", position: 1, name: "Journal", item: `${d.site.publicUrl}/Blog` },
            { "@type": "ListItem", position: 2, name: d.title, item: url },
          ],
        },
      ],
    },
  });
  return [...tags, { property: "article:published_time", content: d.date }, ...d.tags.map((t) => ({ property: "article:tag", content: t }))];
}

export default function BlogArticle() {
  const d = useLoaderData<typeof loader>();
  const scene = isScene(d.art);
  return (
    <>
      <article>
        <header className="pub-container pt-8 md:pt-12">
          <div className="mx-auto max-w-3xl">
            <Breadcrumbs trail={[{ to: "/Blog", label: "Journal" }]} current={d.title} />
            <TagList tags={d.tags} className="mt-8" />
            <h1 className="display mt-5 text-[2.3rem] text-balance sm:text-5xl lg:text-[3.6rem]">{d.title}</h1>
            <p className="mt-6 font-serif text-xl leading-relaxed text-ink/85 md:text-2xl">{d.summary}</p>
            <p className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-sage">
              {d.author && <span className="font-semibold text-ink">{d.author}</span>}
              <span aria-hidden="true">·</span>
              <time dateTime={d.date}>{formatDate(d.date)}</time>
              <span aria-hidden="true">·</span>
              <span>{d.minutes} min read</span>
            </p>
          </div>
          <div
            className={`wash mx-auto mt-10 flex max-w-5xl items-center justify-center overflow-hidden rounded-[2rem] ${scene ? "" : "aspect-[16/8] py-6"}`}
            style={{ "--wash": scene ? "#e6efe9" : "#f3d9e0" } as CSSProperties}
          >
            <Art name={d.art} priority className={scene ? "h-auto w-full" : "h-full w-auto"} />
          </div>
        </header>
        <div className="pub-container py-12 md:py-16">
          <Prose html={d.html} className="mx-auto [&>p:first-child]:first-letter:float-left [&>p:first-child]:first-letter:mr-2 [&>p:first-child]:first-letter:font-serif [&>p:first-child]:first-letter:text-[3.6rem] [&>p:first-child]:first-letter:leading-[0.9] [&>p:first-child]:first-letter:text-leaf" />
          {d.authorBio && (
            <div role="group" aria-label="About the author" className="mx-auto mt-14 flex max-w-[68ch] gap-5 rounded-[1.5rem] bg-mist p-6">
              <Initials initials={d.authorBio.initials} index={d.authorBio.index} size="sm" />
              <div>
                <p className="font-serif text-xl">{d.author}</p>
                <p className="eyebrow mt-1">{d.authorBio.role}</p>
                <p className="mt-2 text-[0.975rem] leading-relaxed text-ink/85">{d.authorBio.bio}</p>
                <Link to="/OurTeam" className="mt-2 inline-block text-sm font-semibold">
                  Meet the team <span aria-hidden="true">→</span>
                </Link>
              </div>
            </div>
          )}
        </div>
      </article>
      {d.related.length > 0 && (
        <Band labelledBy="related-title" tone="mist">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="related-title" className="display text-3xl md:text-4xl">
              Read next
            </h2>
            <Link to="/Blog" className="font-semibold">
              All articles <span aria-hidden="true">→</span>
            </Link>
          </div>
          <ArticleCards articles={d.related} wash="#ffffff" />
        </Band>
      )}
    </>
  );
}
