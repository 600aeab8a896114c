import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorResponse } from "../../../contract/common.ts";
import { CustomerHeader, User, UserSummary, UserUpdateBody } from "../../../contract/user.ts";
import type { Deps } from "../../app.ts";
import { requireAuth, requireRoles } from "../../plugins/guards.ts";
import { assertSelf, visibleCustomers } from "../access/service.ts";
import { listUsers, updateUser, userDetails } from "./service.ts";

const Id = z.string().min(1).max(100);
const Errors = { 401: ErrorResponse, 403: ErrorResponse };
/** SPEC §6: Administration/Users is for Administrator, SalesPerson and wholesaler. */
export const USER_ADMIN_ROLES = ["Administrator", "SalesPerson", "wholesaler"] as const;

export const userRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  /** {id} is the caller: the users that caller may manage. */
  app.get("/User/Index/:id", { schema: { tags: ["users"], params: z.object({ id: Id }), response: { 200: z.array(UserSummary), ...Errors } } }, async (request) => {
    const a = requireRoles(request, ...USER_ADMIN_ROLES);
    assertSelf(a, request.params.id);
    return listUsers(db, a);
  });

  /** {id} is the caller, {id2} the user to show. */
  app.get(
    "/User/Details/:id/:id2",
    { schema: { tags: ["users"], params: z.object({ id: Id, id2: Id }), response: { 200: User, ...Errors, 404: ErrorResponse } } },
    async (request) => {
      const a = requireRoles(request, ...USER_ADMIN_ROLES);
      assertSelf(a, request.params.id);
      return userDetails(db, a, request.params.id2);
    },
  );

  app.put(
    "/User/Update/:id",
    { schema: { tags: ["users"], params: z.object({ id: Id }), body: UserUpdateBody, response: { 200: UserSummary, ...Errors, 404: ErrorResponse } } },
    async (request) => updateUser(db, requireRoles(request, ...USER_ADMIN_ROLES), request.params.id, request.body, { ip: request.ip }),
  );

  app.get(
    "/User/Customers/:userId",
    { schema: { tags: ["users"], params: z.object({ userId: Id }), response: { 200: z.array(CustomerHeader), ...Errors } } },
    async (request) => {
      const a = requireAuth(request);
      assertSelf(a, request.params.userId);
      return visibleCustomers(db, a.user);
    },
  );
};
