import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { seo } from "../../lib/seo.ts";
import { ArchArt } from "../../features/public/art.tsx";
import { Prose } from "../../features/public/ui.tsx";
import { STATIC_PAGE } from "../../lib/static-page.ts";

// Plain HTML: no app scripts (app/lib/static-page.ts).
export const handle = STATIC_PAGE;

export function loader({ context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  const doc = ctx.services.content.page("unauthorized");
  return {
    title: String(doc?.meta.title ?? "Access not allowed"),
    description: String(doc?.meta.description ?? "You do not have access to this page."),
    html: doc?.html ?? "",
    signedIn: !!ctx.auth,
    site: ctx.site,
  };
}

export function meta({ data: d }: MetaArgs<typeof loader>) {
  if (!d) return [];
  return [...seo({ title: d.title, description: d.description, path: "/Unauthorized", site: d.site }), { name: "robots", content: "noindex" }];
}

export default function Unauthorized() {
  const d = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="unauth-title" className="pub-container grid items-center gap-12 py-16 md:grid-cols-12 md:py-24">
      <div className="md:col-span-7">
        <p className="eyebrow">Wholesale store</p>
        <h1 id="unauth-title" className="display mt-4 text-4xl md:text-6xl">
          You do not have access to this page
        </h1>
        <Prose html={d.html} className="mt-6" />
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={d.signedIn ? "/Dashboard" : "/login"} className="btn btn-primary">
            {d.signedIn ? "Back to your dashboard" : "Sign in"}
          </Link>
          <Link to="/Contact" className="btn btn-secondary">
            Contact us
          </Link>
          <Link to="/" className="btn btn-secondary">
            Home page
          </Link>
        </div>
      </div>
      <div className="md:col-span-5">
        <ArchArt wash="#C7D7E8" className="mx-auto max-w-[20rem] px-8 pt-12 pb-4" name="snapdragon" color="#9F86C8" priority artClassName="h-auto w-full" />
      </div>
    </section>
  );
}
