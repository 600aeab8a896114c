// The jobs module's public face: scheduling (in the caller's transaction) and the runner main.ts
// starts. Modules offer their handlers through their own index (`jobHandlers`); server/modules/index.ts
// collects them.
export { jobRoutesWith } from "./routes.ts";
export {
  createJobRunner,
  jobsOfKind,
  pruneFinishedJobs,
  runDueJobs,
  runOneJob,
  scheduleJob,
  scheduleJobSql,
  type JobContext,
  type JobHandler,
  type JobHandlers,
  type JobRunner,
  type NewJobSql,
  type RunSummary,
} from "./service.ts";
