import type { CSSProperties } from "react";
import { Art } from "./art.tsx";
import type { Lead } from "./sections.ts";
import { Band, SectionHeading } from "./ui.tsx";

const AUDIENCE_ART = ["pail", "bouquet", "bunch", "packing"] as const;

/** The home page's "Who we sell to": one card per kind of buyer. */
export function HomeAudiences({ audiences }: { audiences: Lead[] }) {
  return (
    <Band labelledBy="who-title" tone="mist">
      <SectionHeading id="who-title" eyebrow="Who we sell to" title="Flowers for the whole trade" />
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {audiences.map((a, i) => (
          <li key={i} className="flex flex-col overflow-hidden rounded-[1.5rem] bg-white shadow-[0_1px_0_rgb(31_42_36/0.06)]">
            <div className="wash flex h-36 items-end justify-center pt-4" style={{ "--wash": ["#F6C08A", "#EE9FB9", "#A9CDB4", "#B9C4E0"][i % 4] } as CSSProperties}>
              <Art name={AUDIENCE_ART[i % 4]!} className="h-32 w-auto" />
            </div>
            <div className="p-6">
              {a.lead && <h3 className="font-serif text-xl">{a.lead}</h3>}
              <div className="mt-2 text-[0.975rem] leading-relaxed text-sage" dangerouslySetInnerHTML={{ __html: a.rest }} />
            </div>
          </li>
        ))}
      </ul>
    </Band>
  );
}
