import { isDatabaseUnavailable } from "../db/client.ts";

/**
 * Wraps the load context's services so that a lost database seen by a loader or action is remembered.
 * React Router catches the loader's error and renders the error page with 500; the SSR handler asks
 * `lost()` afterwards and answers 503 with Retry-After instead (the page may simply be loaded again),
 * as every API call does.
 */
export function watchUnavailable<T extends object>(services: T): { services: T; lost(): unknown } {
  let lost: unknown;
  const watched = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(services)) {
    watched[key] =
      typeof value === "function"
        ? (...args: unknown[]) => {
            try {
              const result = (value as (...a: unknown[]) => unknown)(...args);
              if (result instanceof Promise) {
                return result.catch((err: unknown) => {
                  if (isDatabaseUnavailable(err)) lost ??= err;
                  throw err;
                });
              }
              return result;
            } catch (err) {
              if (isDatabaseUnavailable(err)) lost ??= err;
              throw err;
            }
          }
        : value;
  }
  return { services: watched as T, lost: () => lost };
}
