import { redirect } from "react-router";
import { hasAnyRole, pageAccess } from "../../domain/access.ts";
import { appContext } from "./context.ts";

/**
 * SPEC §6 on the server, for every store and MM page: signed out -> /login, wrong role -> /Unauthorized.
 * Layouts call this from a loader that revalidates on every navigation, so client navigations are checked too.
 */
export function requirePageAccess(request: Request, context: unknown) {
  const url = new URL(request.url);
  const auth = appContext(context).auth;
  const access = pageAccess(url.pathname);
  if (!auth) {
    if (access.signedIn) throw redirect(`/login?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
    return null;
  }
  if (!hasAnyRole(auth.user.roles, access.roles)) throw redirect("/Unauthorized");
  return null;
}
