import { createContext } from "react";

/**
 * Pages served as plain HTML: the public content pages need no JavaScript (their menus are
 * <details>, their forms post to route actions), so the server leaves out the app's scripts, their
 * module preloads and the data React would hydrate with. A route opts in with
 * `export const handle = STATIC_PAGE`; the deepest matched route decides, so the public layout can
 * also hold pages that keep the app (sign-in, password reset). Links from such a page load the next
 * page in full, and the store loads its app as usual. In the browser (a public page reached by the
 * store's client-side navigation) nothing changes: the app that is running stays.
 */
export const STATIC_PAGE = { staticPage: true } as const;

interface WithHandle {
  handle?: unknown;
}

/** Whether the deepest matched route is a static page (takes React Router's matches, any kind). */
export function isStaticPage(matches: readonly WithHandle[]): boolean {
  const leaf = matches[matches.length - 1]?.handle;
  return !!leaf && typeof leaf === "object" && (leaf as { staticPage?: unknown }).staticPage === true;
}

/** A stylesheet or preload of a static page, as a route's `links()` describes it. */
export type HeadLink = Record<string, string | undefined>;

/**
 * A layout's handle naming the built style sheet its static pages carry inline in place of every
 * matched route's CSS (the public layout's site.css: only what the public pages use), and the
 * files that sheet needs for the first paint, preloaded at the top of the <head> (the heading font).
 */
export interface StaticCssHandle {
  staticCss: string;
  staticPreloads?: HeadLink[];
}

/** The innermost layout's handle that names a static style sheet. */
function staticCssHandleOf(matches: readonly WithHandle[]): StaticCssHandle | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]!.handle;
    if (h && typeof h === "object" && typeof (h as { staticCss?: unknown }).staticCss === "string") return h as StaticCssHandle;
  }
  return null;
}

/** The static style sheet a layout names for its pages, the innermost one that names one. */
export function staticCssOf(matches: readonly WithHandle[]): string | null {
  return staticCssHandleOf(matches)?.staticCss ?? null;
}

/** The preloads that go with that style sheet (none where no layout names one). */
export function staticPreloadsOf(matches: readonly WithHandle[]): HeadLink[] {
  return staticCssHandleOf(matches)?.staticPreloads ?? [];
}

/**
 * What a static page puts in its <head> instead of React Router's <Links />: its CSS inline (one
 * request less before the first paint on a slow connection) and the routes' other links. The server
 * entry fills it in; it is null where the page is not static or the CSS files cannot be read (the
 * development server), and the page then links its CSS as usual.
 */
export interface StaticHead {
  /** Preloads, written first in the <head> so the browser starts them with the first bytes. */
  preloads: HeadLink[];
  styles: string[];
  links: HeadLink[];
}
export const StaticHeadContext = createContext<StaticHead | null>(null);
