import { ErrorResponse, Ok } from "../../../contract/common.ts";
import { PageViewBody, PageViewReport, PageViewsQuery } from "../../../contract/analytics.ts";
import { STAFF_ROLES } from "../../../domain/access.ts";
import type { ApiRoutes } from "../../deps.ts";
import { pageViewReport, recordPageView } from "./service.ts";

const tags = ["analytics"];

/** SPEC §7's page-view report, sent to the site itself, and the staff view of the counts. */
export const analyticsRoutes: ApiRoutes = async (app, { db }) => {
  app.post(
    "/Analytics/PageView",
    {
      schema: {
        tags,
        summary: "Counts a page view: the route pattern of `path`, the caller's role, the day; nothing personal",
        body: PageViewBody,
        response: { 200: Ok, 400: ErrorResponse, 429: ErrorResponse },
      },
      config: { access: "public" },
    },
    async (request) => {
      await recordPageView(db, request.body, { roles: request.auth?.user.roles ?? null, ip: request.ip });
      return { ok: true as const };
    },
  );

  app.get(
    "/Analytics/PageViews",
    {
      schema: {
        tags,
        summary: "Views per page and per product over the last 30 days (or `days`), staff only",
        querystring: PageViewsQuery,
        response: { 200: PageViewReport, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
      config: { access: { roles: STAFF_ROLES } },
    },
    async (request) => pageViewReport(db, request.query.days),
  );
};
