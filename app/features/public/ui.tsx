import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";
import { Art, ArchArt } from "./art.tsx";
import { isScene, type ArtKey } from "./varieties.ts";

export interface Crumb {
  to: string;
  label: string;
}

/** Where this page sits: a trail of links, the current page last and unlinked. */
export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-sage">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((c) => (
          <li key={c.to} className="flex items-center gap-2">
            <Link to={c.to} className="font-medium text-leaf underline-offset-4 hover:underline">
              {c.label}
            </Link>
            <span aria-hidden="true">/</span>
          </li>
        ))}
        <li aria-current="page" className="text-ink">
          {current}
        </li>
      </ol>
    </nav>
  );
}

interface HeroProps {
  eyebrow?: ReactNode;
  title: string;
  lead?: ReactNode;
  art?: ArtKey;
  artColor?: string | null;
  artAlt?: string;
  /** Colour of the wash behind the picture. */
  wash?: string;
  actions?: ReactNode;
  breadcrumbs?: ReactNode;
  children?: ReactNode;
  /** A smaller picture, for pages whose work starts just below (the contact form). */
  compact?: boolean;
}

/**
 * The top of every public page: one h1, a short lead and, beside it, one of our pictures in the
 * greenhouse-window arch (flowers) or a wide frame (scenes).
 */
export function PageHero({ eyebrow, title, lead, art, artColor, artAlt = "", wash = "#e6efe9", actions, breadcrumbs, children, compact = false }: HeroProps) {
  const scene = art ? isScene(art) : false;
  return (
    <header className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-full"
        style={{ background: `radial-gradient(70% 60% at 85% 20%, color-mix(in srgb, ${wash} 55%, transparent), transparent 70%)` }}
      />
      <div className="pub-container grid items-center gap-10 pt-8 pb-12 md:grid-cols-12 md:gap-12 md:pt-12 md:pb-20">
        <div className={art ? (scene ? "md:col-span-6" : "md:col-span-7") : "md:col-span-9"}>
          {breadcrumbs && <div className="mb-6">{breadcrumbs}</div>}
          {eyebrow && <p className="eyebrow mb-4">{eyebrow}</p>}
          <h1 className="display text-[2.5rem] text-balance sm:text-5xl lg:text-[4rem]">{title}</h1>
          {lead && <div className="mt-6 max-w-[40rem] text-lg leading-relaxed text-ink/85 md:text-xl">{lead}</div>}
          {actions && <div className="mt-8 flex flex-wrap gap-3">{actions}</div>}
          {children}
        </div>
        {art && (
          <div className={scene ? "md:col-span-6" : "md:col-span-5"}>
            {scene ? (
              <div className="wash overflow-hidden rounded-[2rem] shadow-[0_30px_60px_-40px_rgb(31_42_36/0.45)]" style={{ "--wash": wash } as CSSProperties}>
                <Art name={art} alt={artAlt} priority className="h-auto w-full" />
              </div>
            ) : (
              <div
                className={`arch wash mx-auto w-full px-8 pt-12 pb-6 shadow-[0_30px_60px_-40px_rgb(31_42_36/0.45)] ${compact ? "hidden max-w-[15rem] sm:block" : "max-w-[22rem] md:max-w-[26rem]"}`}
                style={{ "--wash": wash } as CSSProperties}
              >
                {/* On a phone the lead paragraph, not this narrow picture, is the largest content: the
                    picture loads at once but after the fonts the paragraph waits for. */}
                <Art name={art} color={artColor} alt={artAlt} priority="low" className="mx-auto h-auto w-full" />
              </div>
            )}
          </div>
        )}
      </div>
    </header>
  );
}

/** A band of the page with the site's width and rhythm. */
export function Band({
  children,
  className = "",
  tone = "none",
  labelledBy,
  id,
}: {
  children: ReactNode;
  className?: string;
  tone?: "none" | "white" | "mist" | "leaf" | "cream" | "petal" | "dark";
  labelledBy?: string;
  id?: string;
}) {
  const bg = {
    none: "",
    white: "bg-white/70",
    mist: "bg-mist",
    leaf: "bg-leaf-light",
    cream: "bg-cream",
    petal: "bg-petal-light",
    dark: "bg-leaf-dark text-[#eef3ef]",
  }[tone];
  return (
    <section id={id} aria-labelledby={labelledBy} className={`${bg} py-16 md:py-24 ${className}`}>
      <div className="pub-container">{children}</div>
    </section>
  );
}

/** A section heading with an optional eyebrow and intro. */
export function SectionHeading({ id, eyebrow, title, intro, light = false, action }: { id: string; eyebrow?: string; title: string; intro?: ReactNode; light?: boolean; action?: ReactNode }) {
  const heading = (
    <div className="max-w-3xl">
      {eyebrow && <p className={`eyebrow mb-3 ${light ? "!text-pollen" : ""}`}>{eyebrow}</p>}
      <h2 id={id} className={`display text-3xl md:text-[2.75rem] ${light ? "text-white" : ""}`}>
        {title}
      </h2>
      {intro && <div className={`mt-4 text-lg leading-relaxed ${light ? "text-[#dfe9e2]" : "text-sage"}`}>{intro}</div>}
    </div>
  );
  // A link beside the heading (to the whole list the section samples), at its foot from sm up.
  return action ? (
    <div className="flex flex-wrap items-end justify-between gap-6">
      {heading}
      {action}
    </div>
  ) : (
    heading
  );
}

/** Markdown content (ours, from content/): rendered to HTML on the server at build of the content cache. */
export function Prose({ html, className = "" }: { html: string; className?: string }) {
  return <div className={`prose-public ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * A page's introduction, centred on a white band between rules; nothing when the page has none.
 * `tall` gives it more room from md up; `className` is added to the text's (e.g. a larger first paragraph).
 */
export function IntroBand({ html, tall = false, className = "" }: { html: string | null | undefined; tall?: boolean; className?: string }) {
  if (!html) return null;
  return (
    <Band tone="white" className={tall ? "border-y border-line/60 !py-12 md:!py-16" : "border-y border-line/60 !py-12"}>
      <Prose html={html} className={className ? `lead-first mx-auto !max-w-3xl sm:text-center ${className}` : "lead-first mx-auto !max-w-3xl sm:text-center"} />
    </Band>
  );
}

/** The closing call to action most pages end with. */
export function CtaBand({
  title = "Buying for a shop, a wholesale house or a supermarket?",
  text = "Open a wholesale account and order from live availability, or ask your wholesaler about a retailer account with us.",
  art = "bunch",
  color,
}: {
  title?: string;
  text?: string;
  art?: ArtKey;
  color?: string;
}) {
  return (
    <section aria-labelledby="cta-title" className="py-16 md:py-24">
      <div className="pub-container">
        <div className="relative grid items-center gap-8 overflow-hidden rounded-[2rem] bg-leaf px-6 py-10 text-white sm:px-10 md:grid-cols-[1fr_auto] md:px-14 md:py-14">
          <div aria-hidden="true" className="pointer-events-none absolute -top-32 -right-16 h-80 w-80 rounded-full bg-white/[0.04]" />
          <div className="relative max-w-2xl">
            <h2 id="cta-title" className="display text-3xl text-white md:text-4xl">
              {title}
            </h2>
            <p className="mt-4 text-lg text-[#e3ede6]">{text}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/Contact" className="btn bg-white text-leaf-dark hover:bg-leaf-light">
                Talk to our sales team
              </Link>
              <Link to="/login" className="btn border-[1.5px] border-white/80 text-white hover:bg-white/10">
                Wholesale sign in
              </Link>
            </div>
          </div>
          <div className="relative mx-auto hidden w-48 sm:block md:w-56">
            <ArchArt wash="#A9CDB4" className="px-6 pt-12 pb-4" name={art} color={color} artClassName="h-auto w-full" />
          </div>
        </div>
      </div>
    </section>
  );
}

/** "12 March 2024" for an ISO date, the same on server and browser. */
export function formatDate(iso: string): string {
  const d = new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** A list of tags as small pills; each links to the journal filtered by it. */
export function TagList({ tags, className = "" }: { tags: string[]; className?: string }) {
  if (!tags.length) return null;
  return (
    <ul aria-label="Tags" className={`flex flex-wrap gap-2 ${className}`}>
      {tags.map((t) => (
        <li key={t}>
          <Link
            to={`/Blog?tag=${encodeURIComponent(t)}`}
            className="relative z-10 inline-block rounded-full border border-line bg-white px-2.5 py-0.5 text-xs font-medium text-ink no-underline hover:border-leaf hover:text-leaf-dark"
          >
            {t.replace(/-/g, " ")}
          </Link>
        </li>
      ))}
    </ul>
  );
}
