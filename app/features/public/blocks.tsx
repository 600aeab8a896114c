import type { CSSProperties, ReactNode } from "react";
import { Link } from "react-router";
import { Art, ArchArt } from "./art.tsx";
import type { HtmlSection } from "./sections.ts";
import { formatDate, Prose, TagList } from "./ui.tsx";
import { isScene, type ArtKey } from "./varieties.ts";

/* Blocks that several public pages show the same way: one component each. */

/** A row of journal articles as cards, the whole card one link (home page, an article's "Read next"). */
export function ArticleCards({
  articles,
  wash,
  large = false,
}: {
  articles: { slug: string; title: string; date: string; art: ArtKey; summary?: string; tags?: string[] }[];
  /** The colour behind each picture. */
  wash: string;
  /** Larger titles, for a section of its own on a wide page. */
  large?: boolean;
}) {
  return (
    <ul className="mt-10 grid gap-8 md:grid-cols-3">
      {articles.map((a) => (
        <li key={a.slug} className="card-link group flex flex-col">
          <div className="wash flex aspect-[16/10] items-center justify-center overflow-hidden rounded-[1.5rem]" style={{ "--wash": wash } as CSSProperties}>
            <Art name={a.art} className={isScene(a.art) ? "h-full w-full object-cover" : "h-[85%] w-auto"} />
          </div>
          <p className="mt-4 text-sm text-sage">
            <time dateTime={a.date}>{formatDate(a.date)}</time>
          </p>
          <h3 className={`mt-1 font-serif text-xl leading-snug ${large ? "md:text-2xl" : ""}`}>
            <Link to={`/Blog/${a.slug}`} className="stretch text-ink no-underline group-hover:text-leaf-dark">
              {a.title}
            </Link>
          </h3>
          {a.summary && <p className="mt-2 line-clamp-3 leading-relaxed text-sage">{a.summary}</p>}
          {a.tags && <TagList tags={a.tags} className="mt-4" />}
        </li>
      ))}
    </ul>
  );
}

/** Our other flowers, each its picture in the arch over its name, the whole card one link (a variety's and a care guide's "read next"). */
export function FlowerLinks({ flowers, className = "" }: { flowers: { to: string; label: string; art: ArtKey; colour: string }[]; className?: string }) {
  return (
    <ul className={`grid grid-cols-3 gap-4 sm:grid-cols-6 ${className}`}>
      {flowers.map((f) => (
        <li key={f.to} className="card-link group text-center">
          <ArchArt wash={f.colour} className="px-3 pt-6 pb-1 transition-transform group-hover:-translate-y-1" name={f.art} color={f.colour} artClassName="mx-auto h-auto w-full" />
          <Link to={f.to} className="stretch mt-3 block font-semibold text-ink no-underline group-hover:text-leaf-dark">
            {f.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A few facts as label and value, each on its own card (a care guide's top, a variety's care band). */
export function FactList({ facts, className = "", cardClassName = "" }: { facts: { label: string; value: string }[]; className?: string; cardClassName?: string }) {
  return (
    <dl className={`grid ${className}`}>
      {facts.map((f) => (
        <div key={f.label} className={`rounded-2xl ${cardClassName}`}>
          <dt className="text-xs font-semibold tracking-[0.12em] text-sage uppercase">{f.label}</dt>
          <dd className="mt-1 font-serif text-lg leading-snug">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The packing of a crop or a grade: stem length, stems a bunch, bunches a pail, colours. */
export interface PackingRow {
  key: string;
  /** The row's heading cell (a crop with its picture and link, or a grade). */
  head: ReactNode;
  stemLength: string;
  stemsPerBunch: string;
  bunchesPerPail: string;
  colours: string;
}

/** The packing table (the seasons page's crops, a variety's grades); it scrolls sideways on a phone, and can be scrolled by keyboard. */
export function PackingTable({ label, caption, first, rows, minWidth }: { label: string; caption: string; first: string; rows: PackingRow[]; minWidth: string }) {
  return (
    <div tabIndex={0} role="region" aria-label={label} className="overflow-x-auto rounded-[1.25rem] border border-line bg-white">
      <table className={`tabular w-full text-left ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line text-xs tracking-[0.1em] text-sage uppercase">
            {[first, "Stem length", "Stems a bunch", "Bunches a pail", "Colours"].map((h, i) => (
              <th key={h} scope="col" className={`px-5 py-3.5 font-semibold ${i ? "text-right" : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-line/70 last:border-0">
              <th scope="row" className="px-5 py-3.5 font-semibold">
                {r.head}
              </th>
              {[r.stemLength, r.stemsPerBunch, r.bunchesPerPail, r.colours].map((v, i) => (
                <td key={i} className="px-5 py-3.5 text-right">
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "On this page": links to a long page's sections, shown from three sections on. */
export function Toc({ sections, title, className = "" }: { sections: HtmlSection[]; title: string; className?: string }) {
  if (sections.length < 3) return null;
  return (
    <nav aria-labelledby="toc-title" className={`rounded-[1.25rem] border border-line bg-white/70 p-5 ${className}`}>
      <h2 id="toc-title" className="font-sans text-xs font-semibold tracking-[0.14em] text-sage uppercase">
        {title}
      </h2>
      <ol className="mt-3 space-y-1.5 text-[0.95rem]">
        {sections.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`} className="text-ink no-underline hover:text-leaf hover:underline">
              {s.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** A long page's sections, each under its h2, ruled apart (articles, care guides). */
export function Sections({ sections, html = (h) => h }: { sections: HtmlSection[]; html?: (html: string) => string }) {
  return (
    <>
      {sections.map((s) => (
        <section key={s.id} aria-labelledby={s.id} className="scroll-mt-28 border-t border-line pt-10 first:border-0 first:pt-0 [&+&]:mt-12">
          <h2 id={s.id} className="display text-[1.75rem] md:text-[2.1rem]">
            {s.title}
          </h2>
          <Prose html={html(s.html)} className="mt-5" />
        </section>
      ))}
    </>
  );
}
