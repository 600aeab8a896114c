// Every /api module, registered in this order by server/app.ts. A new module adds its index.ts's
// `routes` here (see docs/architecture.md "Adding a module").
import type { ApiRoutes } from "../deps.ts";
import * as admin from "./admin/index.ts";
import * as analytics from "./analytics/index.ts";
import * as administration from "./administration/index.ts";
import * as auth from "./auth/index.ts";
import * as buyers from "./buyers/index.ts";
import * as claims from "./claims/index.ts";
import * as calendar from "./calendar/index.ts";
import * as dashboard from "./dashboard/index.ts";
import * as freshList from "./fresh-list/index.ts";
import * as integrations from "./integrations/index.ts";
import * as invoices from "./invoices/index.ts";
import * as jobs from "./jobs/index.ts";
import * as live from "./live/index.ts";
import * as orderDesk from "./order-desk/index.ts";
import * as mm from "./mm/index.ts";
import * as orders from "./orders/index.ts";
import * as promotions from "./promotions/index.ts";
import * as publicSite from "./public/index.ts";
import * as store from "./store/index.ts";
import * as staff from "./staff/index.ts";
import * as standingOrders from "./standing-orders/index.ts";
import * as supply from "./supply/index.ts";
import * as users from "./users/index.ts";
import * as webhooks from "./webhooks/index.ts";

/** Every module's background jobs by kind: what the job runner (server/main.ts) and /api/Jobs/RunDue do. */
export const jobHandlers: jobs.JobHandlers = { ...store.jobHandlers, ...standingOrders.jobHandlers, ...freshList.jobHandlers };

export const apiModules: ApiRoutes[] = [
  auth.routes,
  users.routes,
  buyers.routes,
  admin.routes,
  publicSite.routes,
  store.routes,
  dashboard.routes,
  orders.routes,
  mm.routes,
  live.routes,
  orderDesk.routes,
  orderDesk.pickListRoutes,
  invoices.routes,
  staff.routes,
  administration.routes,
  standingOrders.routes,
  jobs.jobRoutesWith(jobHandlers),
  analytics.routes,
  supply.routes,
  claims.routes,
  promotions.routes,
  integrations.routes,
  webhooks.routes,
  supply.mmRoutes,
  calendar.routes,
  buyers.calendarDeskRoutes,
  freshList.routes,
];
