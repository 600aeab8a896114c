import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ErrorResponse, ErrorResponsesWithConflict as Errors } from "../../../contract/common.ts";
import { CheckTokenResponse } from "../../../contract/user.ts";
import { ActableRetailer, AuditPage, AuditQuery, ImpersonateParams, RetailerImpersonateParams } from "../../../contract/staff.ts";
import type { Db } from "../../../db/client.ts";
import type { Config } from "../../config.ts";
import { unauthorized } from "../../errors.ts";
import { signedIn as requireAuth } from "../../plugins/access.ts";
import { STAFF_ROLES } from "../../../domain/access.ts";
import { findUserWithRoles, sessionUserOf } from "../accounts/index.ts";
import { userPayload } from "../users/index.ts";
import * as staff from "./service.ts";

const tags = ["staff"];
const origin = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"]?.slice(0, 300) });

/** The CheckToken answer for a session that now belongs to `userId`, acting for it when `originalUserId`. */
async function sessionAnswer(db: Db, userId: string, originalUserId: string | null, currentCustomerId: string | null) {
  // Acting: answered as the session's next request will be, within the customers both people share.
  const user = await sessionUserOf(db, userId, originalUserId);
  if (!user) throw unauthorized("Your session has ended. Please sign in again.");
  const original = originalUserId ? await findUserWithRoles(db, originalUserId) : null;
  return {
    user: await userPayload(db, user, currentCustomerId),
    originalUser: original ? { id: original.id, email: original.email } : null,
  };
}

/** Staff impersonation (SPEC §7, DOMAIN "Staff impersonation") and the audit log. */
export const staffRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.post(
    "/Admin/:userId/Impersonate",
    {
      schema: {
        tags,
        summary: "Act as another user (Administrator: any non-administrator; SalesPerson: customer-side users). No nesting.",
        params: ImpersonateParams,
        response: { 200: CheckTokenResponse, ...Errors },
      },
      config: { access: { roles: STAFF_ROLES } },
    },
    async (request) => {
      const auth = requireAuth(request);
      await staff.impersonateUser(db, auth, request.params.userId, origin(request));
      return sessionAnswer(db, request.params.userId, auth.user.id, null);
    },
  );

  app.post(
    "/Retailer/Impersonate/:a/:b/:c",
    {
      schema: {
        tags,
        summary: "Act for a retailer: a = your own user id, b = the wholesaler's customerID, c = the retailerId buying through it",
        params: RetailerImpersonateParams,
        response: { 200: CheckTokenResponse, ...Errors },
      },
      config: { access: {} },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { a, b, c } = request.params;
      const actingAs = await staff.impersonateRetailer(db, auth, { userId: a, customerId: b, retailerId: c }, origin(request));
      return sessionAnswer(db, actingAs, auth.user.id, b);
    },
  );

  app.post(
    "/Retailer/Unimpersonate",
    { schema: { tags, summary: "Stop acting for someone: the session is the original user's again", response: { 200: CheckTokenResponse, ...Errors } }, config: { access: {} } },
    async (request) => {
      const auth = requireAuth(request);
      const original = await staff.stopImpersonating(db, auth, origin(request));
      return sessionAnswer(db, original, null, null);
    },
  );

  app.get(
    "/Retailer/ActFor",
    { schema: { tags, summary: "The retailers the signed-in wholesaler user may act for", response: { 200: z.array(ActableRetailer), 401: ErrorResponse } }, config: { access: {} } },
    async (request) => staff.retailersToActFor(db, requireAuth(request)),
  );

  app.get(
    "/Admin/AuditLog",
    {
      schema: {
        tags,
        summary: "The audit log, newest first, filtered and paged (Administrator, SalesPerson)",
        querystring: AuditQuery,
        response: { 200: AuditPage, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
      config: { access: { roles: STAFF_ROLES } },
    },
    async (request) => staff.auditLogPage(db, requireAuth(request), request.query),
  );
};
