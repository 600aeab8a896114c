import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { Band, CtaBand, IntroBand, PageHero } from "../../features/public/ui.tsx";
import { Initials } from "../../features/public/people.tsx";
import { STATIC_PAGE } from "../../lib/static-page.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export function loader({ context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const doc = ctx.services.content.team();
  const members = Array.isArray(doc?.meta.members) ? (doc.meta.members as Record<string, unknown>[]) : [];
  return {
    title: String(doc?.meta.title ?? "Our team"),
    description: String(doc?.meta.description ?? ""),
    html: doc?.html ?? "",
    members: members.map((m) => ({
      name: String(m.name ?? ""),
      role: String(m.role ?? ""),
      bio: String(m.bio ?? ""),
      initials: String(m.initials ?? ""),
    })),
    site: ctx.site,
  };
}

export function meta({ data: d }: MetaArgs<typeof loader>) {
  return d ? seo({ title: d.title, description: d.description, path: "/OurTeam", site: d.site, image: { art: "packing", alt: "Our packing hall, where bunches are graded, sleeved and packed" } }) : [];
}

export default function OurTeam() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Our team"
        title="The people behind the flowers"
        lead={<p>{d.description}</p>}
        art="packing"
        artAlt="Our packing hall, where bunches are graded, sleeved and packed"
        wash="#fff1dc"
      />
      <IntroBand html={d.html} tall />
      <Band labelledBy="team-title">
        <h2 id="team-title" className="sr-only">
          Who we are
        </h2>
        <ul className="grid gap-x-8 gap-y-14 sm:grid-cols-2 lg:grid-cols-4">
          {d.members.map((m, i) => (
            <li key={m.name} className="flex flex-col">
              <Initials initials={m.initials} index={i} />
              <h3 className="display mt-5 text-2xl">{m.name}</h3>
              <p className="eyebrow mt-1.5">{m.role}</p>
              <p className="mt-3 leading-relaxed text-ink/85">{m.bio}</p>
            </li>
          ))}
        </ul>
      </Band>
      <Band labelledBy="join-title" tone="leaf">
        <div className="flex flex-wrap items-center justify-between gap-8">
          <div className="max-w-2xl">
            <h2 id="join-title" className="display text-3xl md:text-4xl">
              Most of us started on the harvest crew
            </h2>
            <p className="mt-3 text-lg text-ink/80">We train on the job and promote from within. Seasonal work before the big holidays is often the first step.</p>
          </div>
          <Link to="/Careers" className="btn btn-primary">
            See the openings
          </Link>
        </div>
      </Band>
      <CtaBand />
    </>
  );
}
