import type { LoaderFunctionArgs } from "react-router";
import { appContext } from "../../lib/context.ts";

const PRIVATE = ["/api/", "/store", "/Dashboard", "/Orders", "/Invoices", "/Administration", "/Admin", "/Account", "/MM/", "/StoreFaq", "/Wholesaler_Referrals"];

export function loader({ context }: LoaderFunctionArgs) {
  const base = appContext(context).site.publicUrl;
  const body = `User-agent: *\n${PRIVATE.map((p) => `Disallow: ${p}`).join("\n")}\n\nSitemap: ${base}/sitemap.xml\n`;
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
