import { z } from "zod";

/** POST /api/Jobs/RunDue: how many due jobs the call did, and how many failed (and were rescheduled or gave up). */
export const RunJobsResponse = z.object({ done: z.number().int(), failed: z.number().int() });
export type RunJobsResponse = z.infer<typeof RunJobsResponse>;
