import type { LoaderFunctionArgs } from "react-router";
import { appContext } from "../../lib/context.ts";
import { robotsTxt } from "../../lib/seo.ts";

export function loader({ context }: LoaderFunctionArgs) {
  const body = robotsTxt(appContext(context).site.publicUrl);
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}
