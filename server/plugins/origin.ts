import type { FastifyRequest } from "fastify";

/**
 * Where an unsafe request comes from, by the headers a browser sets and page script cannot:
 * `same-origin` when `Sec-Fetch-Site: same-origin` or `Origin` names this site (the Host the request
 * came to, or PUBLIC_URL's origin behind a proxy); `cross-site` when either names another site (or the
 * opaque `Origin: null` of sandboxed frames and data: pages); `unknown` when neither is sent, as by
 * non-browser clients.
 */
export function writeOrigin(request: FastifyRequest, publicUrl: string): "same-origin" | "cross-site" | "unknown" {
  const site = request.headers["sec-fetch-site"];
  const origin = request.headers.origin;
  if (site === "same-origin") return "same-origin";
  if (site === "cross-site" || site === "same-site") return "cross-site";
  if (origin === undefined || origin === "") return "unknown";
  if (origin === "null") return "cross-site";
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return "cross-site";
  }
  if (url.host === request.host) return "same-origin";
  try {
    if (url.origin === new URL(publicUrl).origin) return "same-origin";
  } catch {
    // An unparsable PUBLIC_URL is refused by the configuration loader; nothing to compare with here.
  }
  return "cross-site";
}
