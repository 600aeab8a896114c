import { Link } from "react-router";
import type { Lead } from "./sections.ts";
import { Band, Prose, SectionHeading } from "./ui.tsx";

/** The home page's "How ordering works": the steps, numbered. */
export function HomeOrdering({ steps, after }: { steps: Lead[]; after: string }) {
  return (
    <Band labelledBy="order-title">
      <div className="grid gap-12 lg:grid-cols-12">
        <div className="lg:col-span-4">
          <SectionHeading id="order-title" eyebrow="Ordering" title="How ordering works" intro={<Prose html={after} className="!text-lg !text-sage" />} />
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/login" className="btn btn-primary">
              Sign in to the store
            </Link>
            <Link to="/faq" className="btn btn-secondary">
              Questions and answers
            </Link>
          </div>
        </div>
        <ol className="grid gap-5 sm:grid-cols-2 lg:col-span-8">
          {steps.map((s, i) => (
            <li key={i} className="relative rounded-[1.5rem] border border-line bg-white p-6 pt-7">
              <span aria-hidden="true" className="display absolute -top-5 left-6 grid h-11 w-11 place-items-center rounded-full bg-pollen text-xl text-ink">
                {i + 1}
              </span>
              {s.lead && <h3 className="mt-2 font-serif text-xl">{s.lead}</h3>}
              <div className="mt-2 leading-relaxed text-sage" dangerouslySetInnerHTML={{ __html: s.rest }} />
            </li>
          ))}
        </ol>
      </div>
    </Band>
  );
}
