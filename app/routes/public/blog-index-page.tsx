import type { CSSProperties } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { Art } from "../../features/public/art.tsx";
import { Band, CtaBand, formatDate, PageHero, TagList } from "../../features/public/ui.tsx";
import { ART_ALT, artForImage, isScene } from "../../features/public/varieties.ts";
import { STATIC_PAGE } from "../../lib/static-page.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

const DESCRIPTION = "Notes from our greenhouses: growing, flower care, packing, ordering and the flower trade, written by the people who do the work.";

export function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const all = ctx.services.content.blog().map((a) => ({
    slug: a.slug,
    title: String(a.meta.title),
    date: String(a.meta.date),
    author: String(a.meta.author ?? ""),
    summary: String(a.meta.summary ?? ""),
    tags: ((a.meta.tags as string[] | undefined) ?? []).map(String),
    art: artForImage(a.meta.image),
    minutes: Math.max(1, Math.round(a.words / 220)),
  }));
  const tagCounts = new Map<string, number>();
  for (const a of all) for (const t of a.tags) tagCounts.set(t, (tagCounts.get(t) ?? 0) + 1);
  const tags = [...tagCounts.entries()].filter(([, n]) => n > 1).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
  const asked = new URL(request.url).searchParams.get("tag")?.toLowerCase() ?? null;
  const tag = asked && tagCounts.has(asked) ? asked : null;
  return { articles: tag ? all.filter((a) => a.tags.includes(tag)) : all, total: all.length, tags, tag, site: ctx.site };
}

export function meta({ data: d }: MetaArgs<typeof loader>) {
  if (!d) return [];
  const label = d.tag?.replace(/-/g, " ");
  const tags = seo({
    title: label ? `Journal: ${label}` : "Journal",
    description: label ? `Articles about ${label} from our greenhouses. ${DESCRIPTION}` : DESCRIPTION,
    // A tag is a view of the journal, not a page of its own: its canonical URL is the journal's.
    path: "/Blog",
    site: d.site,
    image: { art: "packing", alt: ART_ALT.packing },
  });
  return d.tag ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
}

function ArticleCard({ a, big = false }: { a: ReturnType<typeof useLoaderData<typeof loader>>["articles"][number]; big?: boolean }) {
  const scene = isScene(a.art);
  return (
    <article className={`card-link group flex flex-col ${big ? "md:grid md:grid-cols-12 md:items-center md:gap-12" : ""}`}>
      <div
        className={`wash flex aspect-[16/10] items-center justify-center overflow-hidden rounded-[1.5rem] ${big ? "md:col-span-7" : ""}`}
        style={{ "--wash": scene ? "#e6efe9" : "#f3d9e0" } as CSSProperties}
      >
        <Art name={a.art} priority={big} className={scene ? "h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]" : "h-[85%] w-auto"} />
      </div>
      <div className={big ? "md:col-span-5" : ""}>
        <p className="mt-5 text-sm text-sage">
          <time dateTime={a.date}>{formatDate(a.date)}</time>
          <span aria-hidden="true"> · </span>
          {a.minutes} min read
        </p>
        {big ? (
          <h2 className="display mt-2 text-3xl md:text-[2.6rem]">
            <Link to={`/Blog/${a.slug}`} className="stretch text-ink no-underline group-hover:text-leaf-dark">
              {a.title}
            </Link>
          </h2>
        ) : (
          <h3 className="mt-1.5 font-serif text-[1.4rem] leading-snug">
            <Link to={`/Blog/${a.slug}`} className="stretch text-ink no-underline group-hover:text-leaf-dark">
              {a.title}
            </Link>
          </h3>
        )}
        <p className={`mt-3 leading-relaxed text-sage ${big ? "text-lg" : "line-clamp-3"}`}>{a.summary}</p>
        {a.author && big && <p className="mt-4 text-sm font-semibold">By {a.author}</p>}
        <TagList tags={a.tags} className="mt-4" />
      </div>
    </article>
  );
}

export default function BlogIndex() {
  const d = useLoaderData<typeof loader>();
  const [first, ...rest] = d.articles;
  return (
    <>
      <PageHero
        eyebrow="Journal"
        title={d.tag ? `Articles about ${d.tag.replace(/-/g, " ")}` : "Notes from our greenhouses"}
        lead={<p>{DESCRIPTION}</p>}
      />
      <nav aria-label="Topics" className="pub-container -mt-6 mb-4">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to="/Blog"
              aria-current={d.tag ? undefined : "page"}
              className={`inline-block rounded-full px-3.5 py-1.5 text-sm font-medium no-underline ${d.tag ? "border border-line bg-white text-ink hover:border-leaf" : "bg-leaf text-white"}`}
            >
              All {d.total}
            </Link>
          </li>
          {d.tags.map((t) => (
            <li key={t}>
              <Link
                to={`/Blog?tag=${encodeURIComponent(t)}`}
                aria-current={d.tag === t ? "page" : undefined}
                className={`inline-block rounded-full px-3.5 py-1.5 text-sm font-medium no-underline ${d.tag === t ? "bg-leaf text-white" : "border border-line bg-white text-ink hover:border-leaf"}`}
              >
                {t.replace(/-/g, " ")}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Band className="!pt-10">
        {first && <ArticleCard a={first} big />}
        {rest.length > 0 && (
          <>
            <h2 className="sr-only">More articles</h2>
            <ul className="mt-16 grid gap-x-8 gap-y-14 border-t border-line pt-14 sm:grid-cols-2 lg:grid-cols-3">
              {rest.map((a) => (
                <li key={a.slug}>
                  <ArticleCard a={a} />
                </li>
              ))}
            </ul>
          </>
        )}
      </Band>
      <CtaBand />
    </>
  );
}
