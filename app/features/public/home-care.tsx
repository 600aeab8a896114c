import { Link } from "react-router";
import { Art } from "./art.tsx";
import { Band, Prose, SectionHeading } from "./ui.tsx";
import type { ArtKey } from "./varieties.ts";

export interface HomeGuide {
  slug: string;
  flower: string;
  vaseLifeDays: string;
  art: ArtKey;
}

/** The home page's "Keeping flowers fresh": the care guides, one tile per flower. */
export function HomeCare({ freshHtml, guides }: { freshHtml: string; guides: HomeGuide[] }) {
  return (
    <Band labelledBy="care-title" tone="leaf">
      <SectionHeading id="care-title" eyebrow="Flower care" title="Keeping flowers fresh" intro={<Prose html={freshHtml} className="!text-lg !text-ink/80" />} action={<Link to="/FlowerCare" className="btn btn-secondary">All care guides</Link>} />
      <ul className="mt-10 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {guides.map((g) => (
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
  );
}
