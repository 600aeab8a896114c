import { useEffect, useRef } from "react";
import { Link, NavLink, Outlet, useLoaderData, useLocation, type LoaderFunctionArgs } from "react-router";
import { BrandMark } from "../../components/layout/brand-mark.tsx";
import { useRootData } from "../../lib/session.ts";
import { appContext } from "../../lib/context.ts";
import { Art } from "../../features/public/art.tsx";
import { VARIETIES } from "../../features/public/varieties.ts";
import "../../features/public/public.css";
import siteCss from "../../features/public/site.css?url";
import headingFont from "../../features/public/fonts/fraunces-basic-wght.woff2?url";
import type { HeadLink, StaticCssHandle } from "../../lib/static-page.ts";

/**
 * The heading font, preloaded: the small "basic" cut of Fraunces that site.css tries first (25 KB).
 * With font-display: optional a face must be at hand when the page first lays out or it is not used
 * on that page; preloaded, the browser fetches it with the document's first bytes instead of after
 * laying out, so a first visit shows the brand's headings. Text (Inter) is not preloaded: it has
 * matched fallback faces and would only compete with the page on a slow connection.
 */
export const HEADING_FONT_PRELOAD: HeadLink = { rel: "preload", as: "font", type: "font/woff2", href: headingFont, crossOrigin: "anonymous" };

/** Static public pages carry the public-only style sheet inline instead of the app's (site.css). */
export const handle: StaticCssHandle = { staticCss: siteCss, staticPreloads: [HEADING_FONT_PRELOAD] };

export function loader({ context }: LoaderFunctionArgs) {
  const contact = appContext(context).services.content.page("contact")?.meta ?? {};
  return {
    phone: String(contact.phone ?? ""),
    email: String(contact.email ?? ""),
    salesEmail: String(contact.salesEmail ?? ""),
    address: String(contact.address ?? ""),
  };
}

// The layout's data never changes while someone browses.
export const shouldRevalidate = () => false;

const NAV = [
  { to: "/assortment", label: "Our flowers" },
  { to: "/FlowerCare", label: "Flower care" },
  { to: "/OurProcess", label: "How we grow" },
  { to: "/Blog", label: "Journal" },
  { to: "/about", label: "About us" },
  { to: "/Contact", label: "Contact" },
];

const COMPANY = [
  { to: "/about", label: "About us" },
  { to: "/OurTeam", label: "Our team" },
  { to: "/OurProcess", label: "Our process" },
  { to: "/LineTest", label: "Trial line" },
  { to: "/Careers", label: "Careers" },
  { to: "/Contact", label: "Contact" },
];

const GREENER = [
  { to: "/GrowingGreener", label: "Growing greener" },
  { to: "/GreenEnergyInitiative", label: "Green energy" },
  { to: "/LT1-COGEN", label: "LT1 heat and power" },
  { to: "/OurProcessOld", label: "How we started" },
];

const RESOURCES = [
  { to: "/InteractiveCatalogue", label: "Interactive catalogue" },
  { to: "/assortment", label: "Through the year" },
  { to: "/FlowerCare", label: "Flower care guides" },
  { to: "/Blog", label: "Journal" },
  { to: "/faq", label: "Questions and answers" },
];

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

function FooterList({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  const id = `footer-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="font-sans text-xs font-semibold tracking-[0.14em] text-[#c9dccf] uppercase">
        {title}
      </h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((l) => (
          <li key={l.to + l.label}>
            <Link className="text-[0.95rem] text-white/90 no-underline hover:text-white hover:underline" to={l.to}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function PublicLayout() {
  const { session, site } = useRootData();
  const contact = useLoaderData<typeof loader>();
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const signedIn = !!session.user;

  // Where the app runs (a public page reached from the store), it closes the menu on navigation and
  // on Escape; on the plain pages every link is a new page anyway.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const details = menu.current;
      if (e.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const account = (
    <Link to={signedIn ? "/Dashboard" : "/login"} className="btn btn-primary !min-h-10 !px-4 !py-2 text-sm whitespace-nowrap">
      {signedIn ? "Go to the store" : "Wholesale sign in"}
    </Link>
  );

  return (
    <div className="public-site flex min-h-screen flex-col">
      <header className="sticky top-0 z-40 border-b border-line/70 bg-paper/90 backdrop-blur-md supports-[backdrop-filter]:bg-paper/80">
        <div className="pub-container flex h-[4.5rem] items-center gap-6">
          <Link to="/" className="flex shrink-0 items-center gap-2.5 text-ink no-underline">
            <BrandMark className="h-9 w-9" />
            <span className="flex flex-col leading-none">
              <span className="font-serif text-[1.6rem] font-medium tracking-tight">{site.brandName}</span>
              <span className="mt-1 hidden text-[0.68rem] font-semibold tracking-[0.16em] text-sage uppercase sm:block">Greenhouse flowers</span>
            </span>
            <span className="sr-only">, home page</span>
          </Link>
          <nav aria-label="Main" className="ml-auto hidden lg:block">
            <ul className="flex items-center gap-1">
              {NAV.map((n) => (
                <li key={n.to}>
                  <NavLink
                    to={n.to}
                    className={({ isActive }) =>
                      `relative rounded-full px-3.5 py-2 text-[0.95rem] font-medium no-underline transition-colors hover:bg-leaf-light hover:text-leaf-dark ${
                        isActive ? "bg-leaf-light text-leaf-dark" : "text-ink"
                      }`
                    }
                  >
                    {n.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto hidden sm:block lg:ml-2">{account}</div>
          {/* A <details> menu: it opens and closes by click, Enter or Space with no script at all. */}
          <details ref={menu} className="group ml-auto sm:ml-0 lg:hidden">
            <summary
              aria-controls="mobile-nav"
              className="grid h-11 w-11 cursor-pointer list-none place-items-center rounded-full border border-line bg-white text-ink [&::-webkit-details-marker]:hidden"
            >
              <span className="sr-only group-open:hidden">Menu</span>
              <span className="sr-only hidden group-open:inline">Close menu</span>
              <svg viewBox="0 0 24 24" className="h-5 w-5 group-open:hidden" aria-hidden="true" focusable="false">
                <path d="M4 7h16M4 12h16M4 17h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <svg viewBox="0 0 24 24" className="hidden h-5 w-5 group-open:block" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </summary>
            <nav
              id="mobile-nav"
              aria-label="Main"
              className="absolute inset-x-0 top-full max-h-[calc(100vh-4.5rem)] overflow-y-auto border-y border-line bg-paper shadow-[0_12px_24px_-12px_rgb(31_42_36/0.25)]"
            >
              <div className="pub-container grid gap-8 py-6 sm:grid-cols-2">
                <ul className="space-y-1">
                  {NAV.map((n) => (
                    <li key={n.to}>
                      <NavLink to={n.to} className="block py-2 font-serif text-2xl text-ink no-underline aria-[current=page]:text-leaf">
                        {n.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
                <div>
                  <p className="eyebrow">What we grow</p>
                  <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1">
                    {VARIETIES.map((v) => (
                      <li key={v.slug}>
                        <Link to={v.path} className="block py-1.5 text-ink no-underline hover:text-leaf">
                          {v.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                  <div className="mt-6 sm:hidden">{account}</div>
                </div>
              </div>
            </nav>
          </details>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>

      <footer className="mt-8 text-[#eef3ef]">
        <div aria-hidden="true" className="relative h-32 overflow-hidden sm:h-44 md:h-56">
          <Art name="field" className="absolute inset-x-0 bottom-0 h-full w-full object-cover object-bottom" />
          <div className="absolute inset-x-0 bottom-0 h-10 bg-gradient-to-b from-transparent to-leaf-dark" />
        </div>
        <div className="bg-leaf-dark">
          <div className="pub-container grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr_1fr]">
            <div>
              <p className="flex items-center gap-2.5 font-serif text-[1.75rem] text-white">
                <BrandMark className="h-9 w-9" /> {site.brandName}
              </p>
              <p className="mt-4 max-w-xs text-[0.95rem] leading-relaxed text-[#dbe7df]">
                Lilies, gerbera, anthurium, lisianthus, snapdragons and garden roses, grown under glass and cut to order for the flower trade.
              </p>
              <address className="mt-6 space-y-1.5 text-[0.95rem] not-italic">
                {contact.phone && (
                  <p>
                    <a className="text-white no-underline hover:underline" href={telHref(contact.phone)}>
                      {contact.phone}
                    </a>
                  </p>
                )}
                {contact.email && (
                  <p>
                    <a className="text-white no-underline hover:underline" href={`mailto:${contact.email}`}>
                      {contact.email}
                    </a>
                  </p>
                )}
                {contact.address && <p className="text-[#dbe7df]">{contact.address}</p>}
              </address>
            </div>
            <FooterList title="Our flowers" links={VARIETIES.map((v) => ({ to: v.path, label: v.label }))} />
            <FooterList title="Company" links={COMPANY} />
            <FooterList title="Growing greener" links={GREENER} />
            <FooterList title="For buyers" links={RESOURCES} />
          </div>
          <div className="border-t border-white/15">
            <div className="pub-container flex flex-col gap-3 py-6 text-sm text-[#dbe7df] sm:flex-row sm:items-center sm:justify-between">
              <p>
                © {new Date().getFullYear()} {site.brandName}. Grown with care.
              </p>
              <ul className="flex flex-wrap gap-x-6 gap-y-2">
                <li>
                  <Link className="text-[#dbe7df] no-underline hover:text-white hover:underline" to="/AccessibilityPolicy">
                    Accessibility
                  </Link>
                </li>
                <li>
                  <Link className="text-[#dbe7df] no-underline hover:text-white hover:underline" to="/login">
                    {signedIn ? "Store" : "Sign in"}
                  </Link>
                </li>
              </ul>
            </div>
          </div>
        </div>
      </footer>
    </div>
  );
}
