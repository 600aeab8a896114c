import { useEffect } from "react";
import { isRouteErrorResponse, useNavigate } from "react-router";
import { api, ApiError } from "../../lib/api.ts";
import { CheckTokenResponse } from "../../../contract/user.ts";
import { isChunkLoadError, reloadAfterChunkError } from "../../lib/chunk-reload.ts";
import { STATUS_TEXT as STATUS_MESSAGE } from "../../../contract/http-status.ts";


interface Described {
  status: number;
  statusMessage: string;
  detail: string | null;
  data: unknown;
}

export function describeError(error: unknown): Described {
  if (isRouteErrorResponse(error)) {
    const statusMessage = STATUS_MESSAGE[error.status] ?? (error.status >= 500 ? "Server Error" : "Error");
    const raw = typeof error.data === "string" ? error.data : (error.data as { message?: string } | null)?.message;
    const detail = raw ?? (error.statusText || null);
    const data = typeof error.data === "object" && error.data !== null && "redirect" in error.data ? error.data : null;
    return { status: error.status, statusMessage, detail: detail && detail !== statusMessage ? detail : null, data };
  }
  // An /api error rethrown to the screen (SPEC §8: the catalogue's 510 is fatal) keeps its status.
  if (error instanceof ApiError && error.status >= 400) {
    const statusMessage = STATUS_MESSAGE[error.status] ?? (error.status >= 500 ? "Server Error" : "Error");
    const detail = error.fromServer && error.message !== statusMessage ? error.message : null;
    return { status: error.status, statusMessage, detail, data: null };
  }
  const message = error instanceof Error ? error.message : null;
  return { status: 500, statusMessage: STATUS_MESSAGE[500]!, detail: message && message !== STATUS_MESSAGE[500] ? message : null, data: null };
}

/**
 * SPEC §2 "Error screen": status, status message, a detail when it differs; 'Back to Home' on page not
 * found (re-checks the session, then /dashboard or /), otherwise 'Back' (/dashboard, or the error's redirect).
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const d = describeError(error);
  // Only SPEC §2's page not found ('Page not found: {path}') gets 'Back to Home'; a 404 for a malformed
  // route parameter or a missing record is an error like any other and gets 'Back'.
  const notFound = d.status === 404 && (d.detail ?? "").startsWith("Page not found");

  useEffect(() => {
    // A new build removed the chunk this page wanted: reload once per 10 s per path.
    if (isChunkLoadError(error)) reloadAfterChunkError();
  }, [error]);

  async function back() {
    if (notFound) {
      let signedIn = false;
      try {
        const s = await api.get("/api/Auth/CheckToken/", undefined, CheckTokenResponse);
        signedIn = !!s.user?.id;
      } catch {
        signedIn = false;
      }
      navigate(signedIn ? "/dashboard" : "/");
      return;
    }
    const target = (d.data as { redirect?: unknown } | null)?.redirect;
    navigate(typeof target === "string" && target.startsWith("/") ? target : "/dashboard");
  }

  return (
    <section aria-labelledby="error-title" className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <svg viewBox="0 0 120 120" className="h-28 w-28" aria-hidden="true" focusable="false">
        <circle cx="60" cy="60" r="56" fill="#e6efe9" />
        <path d="M60 100 C58 80 60 64 64 48" stroke="#1e5a3c" strokeWidth="4" fill="none" strokeLinecap="round" />
        <path d="M62 74 C48 70 42 60 40 52 C52 54 60 62 62 74Z" fill="#3f7d57" />
        <path d="M64 48 C54 30 70 18 76 30 C86 26 88 42 76 46 C72 56 62 56 64 48Z" fill="#b3365f" opacity="0.85" />
      </svg>
      <p className="mt-6 font-serif text-6xl text-leaf tabular">{d.status}</p>
      <h1 id="error-title" className="mt-2 text-3xl">
        {d.statusMessage}
      </h1>
      {d.detail && <p className="mt-3 text-lg text-sage">{d.detail}</p>}
      <button type="button" className="btn btn-primary mt-8" onClick={() => void back()}>
        {notFound ? "Back to Home" : "Back"}
      </button>
    </section>
  );
}
