import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { CheckTokenResponse } from "../../../contract/user.ts";
import { useImpersonation } from "../../features/staff/impersonation.ts";
import { api } from "../../lib/api.ts";
import { useRootData } from "../../lib/session.ts";

/** Staff acting as another user see who they act as, and a way to stop, above every screen. */
export function ImpersonationBanner() {
  const { session } = useRootData();
  const impersonation = useImpersonation();
  const user = session.user;
  if (!session.originalUser || !user) return null;
  return (
    <div className="bg-pollen px-4 py-2 text-center text-ink" role="region" aria-label="Acting for another user">
      <span data-testid="impersonation-banner">
        <strong>{session.originalUser.email}</strong> is acting as{" "}
        <strong>
          {`${user.firstName} ${user.lastName}`.trim() || user.email}
        </strong>{" "}
        ({user.email}).
      </span>
      <button type="button" className="btn btn-secondary ml-3 !min-h-8 !px-3 !py-1 text-sm" onClick={() => void impersonation.stop()}>
        Stop
      </button>
    </div>
  );
}

/**
 * Back after signing out: the browser may show this page from its back/forward cache, as it was
 * while signed in (issue 29). Ask the server again; signed out, go to sign-in (and back here after),
 * as loading the page anew would; still signed in, refresh what the page shows.
 */
export function useRecheckFromBackForwardCache() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      const toSignIn = () => window.location.replace(`/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      api.get("/api/Auth/CheckToken/", undefined, CheckTokenResponse).then(
        (s) => (s.user?.id ? void revalidator.revalidate() : toSignIn()),
        toSignIn,
      );
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [revalidator]);
}
