import { Link } from "react-router";
import { Art } from "./art.tsx";

/** The home page's picture of the range itself, from bulb to cooler. */
export function HomeRange() {
  return (
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
  );
}
