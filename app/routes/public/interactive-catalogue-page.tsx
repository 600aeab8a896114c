import { useState } from "react";
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { Art, ArchArt } from "../../features/public/art.tsx";
import { Band, CtaBand, PageHero } from "../../features/public/ui.tsx";
import { ART_ALT, hotspotLabel, varietyBySlug, VARIETIES } from "../../features/public/varieties.ts";
import { STATIC_PAGE } from "../../lib/static-page.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

const DESCRIPTION = "Our whole range in one picture: choose a flower to see the colours and grades we grow, how we pack it and how to care for it.";

/** Where each flower stands when no picture is set up in the database. */
const FALLBACK_SPOTS: Record<string, [number, number]> = {
  lilies: [10, 45],
  gerbera: [24, 55],
  "mini-gerbera": [37, 60],
  anthurium: [50, 40],
  lisianthus: [63, 52],
  snapdragons: [76, 35],
  "garden-roses": [89, 50],
};

export async function loader({ context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const picture = await ctx.services.interactivePicture("catalogue");
  const content = ctx.services.content;
  const spots = (
    picture?.hotspots.length
      ? picture.hotspots
      : VARIETIES.map((v) => ({ label: v.label, variety: v.slug, href: v.path, xPct: FALLBACK_SPOTS[v.slug]![0], yPct: FALLBACK_SPOTS[v.slug]![1] }))
  ).map((h) => {
    const v = varietyBySlug(h.variety);
    const doc = v ? content.variety(v.slug) : null;
    const href = h.href || v?.path || "/assortment";
    return {
      label: h.label,
      href,
      /** Names where the link goes: garden roses lead to their care guide, not to colours and grades. */
      name: hotspotLabel(h.label, href),
      x: Math.min(95, Math.max(5, h.xPct)),
      y: Math.min(80, Math.max(20, h.yPct)),
      art: v?.art ?? "bunch",
      colour: v?.colour ?? "#E98FA6",
      tagline: String(doc?.meta.tagline ?? ""),
    };
  });
  return {
    title: picture?.title ?? "Our range",
    alt: picture?.alt ?? "Our seven crops side by side, each in a glass vase on the bench.",
    spots,
    site: ctx.site,
  };
}

export function meta({ data: d }: MetaArgs<typeof loader>) {
  return d ? seo({ title: "Interactive catalogue", description: DESCRIPTION, path: "/InteractiveCatalogue", site: d.site, image: { art: "bouquet", alt: ART_ALT.bouquet } }) : [];
}

/** Flower width as a share of the picture's width; the flower's head sits about 36 % down its drawing. */
const FLOWER_W = 14;
const STAGE_RATIO = 16 / 9;
const FLOWER_H = FLOWER_W * 1.2 * STAGE_RATIO;
const HEAD_AT = 0.36;
const BENCH_Y = 86;

export default function InteractiveCatalogue() {
  const d = useLoaderData<typeof loader>();
  const [active, setActive] = useState<number | null>(null);
  return (
    <>
      <PageHero eyebrow="Interactive catalogue" title={d.title} lead={<p>{DESCRIPTION}</p>} />
      <section aria-labelledby="picture-title" className="pb-6">
        <div className="pub-container">
          <h2 id="picture-title" className="sr-only">
            The picture
          </h2>
          <p id="picture-desc" className="sr-only">
            {d.alt} Each flower in the picture is a link to its page.
          </p>
          <div className="-mx-5 overflow-x-auto px-5 pb-4 sm:mx-0 sm:px-0">
            <div
              aria-describedby="picture-desc"
              role="group"
              aria-label={d.title}
              className="relative aspect-[16/9] min-w-[40rem] overflow-hidden rounded-[2rem] border border-line"
              style={{
                background:
                  "radial-gradient(60% 55% at 50% 30%, #ffffff, transparent 70%), linear-gradient(180deg, #eef4ef 0%, #f6efe6 70%, #efe3d0 100%)",
              }}
            >
              {/* Greenhouse glazing bars behind the display. */}
              <div
                aria-hidden="true"
                className="absolute inset-x-0 top-0 h-[70%] opacity-60"
                style={{
                  backgroundImage: "linear-gradient(90deg, rgb(92 107 98 / 0.14) 1px, transparent 1px), linear-gradient(180deg, rgb(92 107 98 / 0.12) 1px, transparent 1px)",
                  backgroundSize: "12.5% 100%, 100% 34%",
                }}
              />
              {/* The bench. */}
              <div aria-hidden="true" className="absolute inset-x-0" style={{ top: `${BENCH_Y}%`, bottom: 0, background: "linear-gradient(180deg, #c9a27a 0%, #b48a62 18%, #a07a55 100%)" }} />
              <div aria-hidden="true" className="absolute inset-x-0 h-[1.5%] bg-[#d9b891]" style={{ top: `${BENCH_Y}%` }} />
              {d.spots.map((s, i) => {
                const top = s.y - FLOWER_H * HEAD_AT;
                const bottom = top + FLOWER_H;
                return (
                  <div key={`f${i}`} aria-hidden="true">
                    {/* A tall glass vase from the stems down to the bench. */}
                    <div
                      className="absolute rounded-b-[0.6rem] border border-white/80"
                      style={{
                        left: `${s.x - 2.2}%`,
                        width: "4.4%",
                        top: `${bottom - 1.5}%`,
                        height: `${BENCH_Y - bottom + 1.5}%`,
                        background: "linear-gradient(90deg, rgb(255 255 255 / 0.75), rgb(220 235 238 / 0.45) 40%, rgb(255 255 255 / 0.7))",
                        boxShadow: "inset 0 -40px 30px -20px rgb(150 195 205 / 0.35)",
                      }}
                    />
                    <Art
                      name={s.art}
                      color={s.colour}
                      priority
                      className={`absolute h-auto transition-transform duration-300 ${active === i ? "-translate-y-[2%] scale-[1.04]" : ""}`}
                      // The flower's head lands on the hotspot.
                      style={{ left: `${s.x - FLOWER_W / 2}%`, top: `${top}%`, width: `${FLOWER_W}%` }}
                    />
                  </div>
                );
              })}
              {d.spots.map((s, i) => (
                <Link
                  key={`h${i}`}
                  to={s.href}
                  className="hotspot"
                  data-active={active === i}
                  style={{ left: `${s.x}%`, top: `${s.y}%` }}
                  onMouseEnter={() => setActive(i)}
                  onMouseLeave={() => setActive(null)}
                  onFocus={() => setActive(i)}
                  onBlur={() => setActive(null)}
                  aria-label={s.name}
                >
                  <span className="dot" aria-hidden="true" />
                  <span className="tip" aria-hidden="true">
                    {s.label}
                  </span>
                </Link>
              ))}
            </div>
          </div>
          <p className="mt-2 text-sm text-sage sm:hidden">Swipe the picture sideways to see the whole range.</p>
        </div>
      </section>
      <Band labelledBy="legend-title" className="!pt-10">
        <h2 id="legend-title" className="display text-3xl">
          In the picture
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {d.spots.map((s, i) => (
            <li
              key={s.label}
              className={`card-link group flex items-center gap-4 rounded-[1.25rem] border bg-white p-4 transition-colors ${active === i ? "border-leaf" : "border-line"}`}
              onMouseEnter={() => setActive(i)}
              onMouseLeave={() => setActive(null)}
            >
              <ArchArt wash={s.colour} className="w-16 shrink-0 px-1 pt-3" name={s.art} color={s.colour} artClassName="h-auto w-full" />
              <div className="min-w-0">
                <h3 className="font-serif text-lg">
                  <Link to={s.href} className="stretch text-ink no-underline group-hover:text-leaf-dark" onFocus={() => setActive(i)} onBlur={() => setActive(null)}>
                    {s.label}
                  </Link>
                </h3>
                {s.tagline && <p className="mt-0.5 line-clamp-2 text-sm text-sage">{s.tagline}</p>}
              </div>
            </li>
          ))}
        </ul>
      </Band>
      <CtaBand />
    </>
  );
}
