import type { CSSProperties } from "react";
import { Link } from "react-router";
import { Art } from "./art.tsx";
import type { HomeVariety } from "./home-grow.tsx";

/** The home page's hero: the headline beside three greenhouse windows, each with a flower in it. */
export function HomeHero({ title, text, varieties }: { title: string; text: string; varieties: HomeVariety[] }) {
  const [lily, gerbera, , anthurium] = varieties;
  return (
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
            {title}
          </h1>
          <p className="mt-7 max-w-xl text-lg leading-relaxed text-ink/85 md:text-xl">{text}</p>
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
  );
}
