import { Link } from "react-router";
import { ArchArt } from "./art.tsx";
import { Band, Prose, SectionHeading } from "./ui.tsx";
import type { VarietyInfo } from "./varieties.ts";

/** A crop as the home page shows it: its name and tagline from its content page. */
export type HomeVariety = VarietyInfo & { name: string; tagline: string };

/** The home page's "What we grow": the seven crops. */
export function HomeGrow({ intro, varieties }: { intro: string; varieties: HomeVariety[] }) {
  return (
    <Band labelledBy="grow-title" tone="white" className="border-y border-line/60">
      <SectionHeading id="grow-title" eyebrow="Our flowers" title="What we grow" intro={<Prose html={intro.replace(/:\s*<\/p>/, ".</p>")} className="!text-lg !text-sage" />} action={<Link to="/InteractiveCatalogue" className="btn btn-secondary">Explore the range</Link>} />
      <ul className="mt-12 grid grid-cols-2 gap-x-5 gap-y-10 sm:grid-cols-3 lg:grid-cols-4">
        {varieties.map((v) => (
          <li key={v.slug} className="card-link group">
            <ArchArt wash={v.colour} className="px-5 pt-10 pb-3 transition-transform duration-300 group-hover:-translate-y-1" name={v.art} color={v.colour} artClassName="mx-auto h-auto w-full max-w-[11rem]" />
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
  );
}
