// Job retry policy (server/modules/jobs): exponential backoff, capped, so a failing job is retried
// soon once and then ever more rarely until it gives up after its maximum attempts.

export const JOB_RETRY_BASE_MS = 30_000;
export const JOB_RETRY_MAX_MS = 60 * 60_000;

/** Delay before the next attempt after `attempts` failed ones (1 -> 30 s, 2 -> 60 s, 3 -> 2 min, ..., at most 1 h). */
export function jobRetryDelayMs(attempts: number): number {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer, got ${attempts}`);
  return Math.min(JOB_RETRY_MAX_MS, JOB_RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 20));
}

/** Whether a job that has now failed `attempts` times gives up. */
export function jobGivesUp(attempts: number, maxAttempts: number): boolean {
  return attempts >= maxAttempts;
}
