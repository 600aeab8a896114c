import { ErrorResponse } from "../../../contract/common.ts";
import { RunJobsResponse } from "../../../contract/jobs.ts";
import { ADMIN_ONLY } from "../../../domain/access.ts";
import type { ApiRoutes } from "../../deps.ts";
import { runDueJobs, type JobHandlers } from "./service.ts";

/**
 * The jobs module's one call: an administrator runs the due jobs now instead of waiting for the next
 * poll (an operations tool; browser tests use it to run a standing order at a known moment).
 */
export function jobRoutesWith(handlers: JobHandlers): ApiRoutes {
  return async (app, { db, config }) => {
    app.post(
      "/Jobs/RunDue",
      {
        schema: {
          tags: ["jobs"],
          summary: "Runs the jobs that are due now (standing orders, reminders) in this instance",
          response: { 200: RunJobsResponse, 401: ErrorResponse, 403: ErrorResponse },
        },
        config: { access: { roles: ADMIN_ONLY } },
      },
      async () => runDueJobs(db, config, handlers),
    );
  };
}
