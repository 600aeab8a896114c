// The fresh list's public face (docs/fresh-list.md): its routes and its job.
export { freshListRoutes as routes } from "./routes.ts";
export { buildFreshList, freshListCsv, FRESH_LIST_JOB, nextSendAt, sendFreshList } from "./service.ts";
import { FRESH_LIST_JOB, freshListJob } from "./service.ts";
/** The fresh list's background job, collected by server/modules/index.ts. */
export const jobHandlers = { [FRESH_LIST_JOB]: freshListJob };
