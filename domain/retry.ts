// SPEC §7 HTTP retry policy and §4 "Framework behaviour" chunk-load reloads.
import { RELOAD_GUARD_MS, RETRY_STATUSES } from "./constants.ts";

/** Reads are retried this many times; writes never, since a repeat could apply twice. */
export const MAX_READ_RETRIES = 1;

const READ_METHODS = new Set(["GET", "HEAD"]);
const RETRYABLE = new Set<number>(RETRY_STATUSES);

/**
 * `attempt` is the number of requests already sent for this call, so 1 after
 * the original request failed: a read is retried once, on the listed statuses only.
 */
export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return READ_METHODS.has(method.trim().toUpperCase()) && RETRYABLE.has(status) && attempt >= 1 && attempt <= MAX_READ_RETRIES;
}

/**
 * A chunk-load error means a new build replaced the old files; reloading fixes
 * it, but only once per RELOAD_GUARD_MS per path so a truly missing chunk cannot
 * loop. A clock that went backwards counts as inside the guard.
 */
export function shouldReloadOnChunkError(path: string, nowMs: number, lastReloads: Readonly<Record<string, number>>): boolean {
  const last = Object.hasOwn(lastReloads, path) ? lastReloads[path] : undefined;
  if (last === undefined || !Number.isFinite(last)) return true;
  const elapsed = nowMs - last;
  return elapsed >= RELOAD_GUARD_MS;
}

/** The record to store after reloading `path` at `nowMs`. */
export function recordChunkReload(path: string, nowMs: number, lastReloads: Readonly<Record<string, number>>): Record<string, number> {
  return { ...lastReloads, [path]: nowMs };
}
