// SPEC §7: the client reports a page view on each navigation, to the site's own endpoint
// (POST /api/Analytics/PageView; what is kept is in docs/analytics.md). Fire and forget: the report
// never delays a navigation and a failure is never shown; one retry after ANALYTICS_RETRY_MS (§9).
import { useEffect } from "react";
import { useLocation } from "react-router";
import { RETRY_STATUSES } from "../../domain/constants.ts";
import { ANALYTICS_RETRY_MS } from "./ui-constants.ts";

const ENDPOINT = "/api/Analytics/PageView";

async function send(body: string): Promise<boolean> {
  try {
    // keepalive: the report survives the page being left straight away.
    const res = await fetch(ENDPOINT, { method: "POST", body, keepalive: true, credentials: "same-origin", headers: { "content-type": "application/json" } });
    return res.ok || !(RETRY_STATUSES as readonly number[]).includes(res.status);
  } catch {
    return false;
  }
}

/** Reports one view of `path` (only the path is sent: no query, no hash), or of a product opened in the store. */
export function reportPageView(path: string, productId?: string): void {
  if (typeof window === "undefined") return;
  const body = JSON.stringify(productId ? { path, productId } : { path });
  void send(body).then((done) => {
    if (!done) setTimeout(() => void send(body), ANALYTICS_RETRY_MS);
  });
}

/** Mounted once at the root: a view for the first page and each navigation after it. */
export function usePageViews(): void {
  const location = useLocation();
  useEffect(() => {
    reportPageView(location.pathname);
    // Each navigation has its own key, even to the same path; query-only changes the store makes
    // with history.replaceState are not navigations.
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps
}
