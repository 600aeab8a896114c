import { recordChunkReload, shouldReloadOnChunkError } from "../../domain/retry.ts";

const RELOADS_KEY = "chunkReloads";

function readReloads(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(RELOADS_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Whether an error is a failed load of a code chunk (a new build removed the file this page wanted). */
export function isChunkLoadError(error: unknown): boolean {
  const m = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(m);
}

/**
 * SPEC §4 "Framework behaviour": reload the page after a chunk-load error, at most once per 10 s per
 * path, so a chunk that is really missing cannot loop. Returns whether it reloaded.
 */
export function reloadAfterChunkError(): boolean {
  const path = window.location.pathname;
  const reloads = readReloads();
  const now = Date.now();
  if (!shouldReloadOnChunkError(path, now, reloads)) return false;
  try {
    sessionStorage.setItem(RELOADS_KEY, JSON.stringify(recordChunkReload(path, now, reloads)));
  } catch {
    // Without storage the guard cannot hold: do not risk a reload loop.
    return false;
  }
  window.location.reload();
  return true;
}

/** Vite fires `vite:preloadError` when a chunk's preload fails; handle it with the guard above. */
export function installChunkReloadGuard(): () => void {
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    reloadAfterChunkError();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}
