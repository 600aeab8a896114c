import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CustomerHeader, User, UserSummary, UserUpdateBody } from "../../../contract/user.ts";
import type { Deps } from "../../deps.ts";
import { requireAuth } from "../../plugins/guards.ts";
import { assertSelf, visibleCustomers } from "../access/service.ts";
import { listUsers, updateUser, userDetails } from "./service.ts";

const Id = z.string().min(1).max(100);

export const userRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  /** {id} is the caller: the users that caller may manage. */
  app.get("/User/Index/:id", { schema: { tags: ["users"], params: z.object({ id: Id }), response: { 200: z.array(UserSummary) } } }, async (request) => {
    const a = requireAuth(request);
    assertSelf(a, request.params.id);
    return listUsers(db, a);
  });

  /** {id} is the caller, {id2} the user to show. */
  app.get(
    "/User/Details/:id/:id2",
    { schema: { tags: ["users"], params: z.object({ id: Id, id2: Id }), response: { 200: User } } },
    async (request) => {
      const a = requireAuth(request);
      assertSelf(a, request.params.id);
      return userDetails(db, a, request.params.id2);
    },
  );

  app.put(
    "/User/Update/:id",
    { schema: { tags: ["users"], params: z.object({ id: Id }), body: UserUpdateBody, response: { 200: UserSummary } } },
    async (request) => updateUser(db, requireAuth(request), request.params.id, request.body),
  );

  app.get(
    "/User/Customers/:userId",
    { schema: { tags: ["users"], params: z.object({ userId: Id }), response: { 200: z.array(CustomerHeader) } } },
    async (request) => {
      const a = requireAuth(request);
      assertSelf(a, request.params.userId);
      return visibleCustomers(db, a.user);
    },
  );
};
