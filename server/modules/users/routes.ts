import { z } from "zod";
import { User, UserSummary, UserUpdateBody } from "../../../contract/user.ts";
import type { ApiRoutes } from "../../deps.ts";
import { signedIn } from "../../plugins/access.ts";
import { listUsers, updateUser, userDetails } from "./service.ts";

const Id = z.string().min(1).max(100);

export const userRoutes: ApiRoutes = async (app, { db }) => {
  /** {id} is the caller: the users that caller may manage. */
  app.get(
    "/User/Index/:id",
    { schema: { tags: ["users"], params: z.object({ id: Id }), response: { 200: z.array(UserSummary) } }, config: { access: { ids: { userId: "params.id" } } } },
    async (request) => listUsers(db, signedIn(request)),
  );

  /** {id} is the caller, {id2} the user to show. */
  app.get(
    "/User/Details/:id/:id2",
    { schema: { tags: ["users"], params: z.object({ id: Id, id2: Id }), response: { 200: User } }, config: { access: { ids: { userId: "params.id" } } } },
    async (request) => userDetails(db, signedIn(request), request.params.id2),
  );

  /** {id} is the user to update: who may update whom is the service's rule (manageable users). */
  app.put(
    "/User/Update/:id",
    { schema: { tags: ["users"], params: z.object({ id: Id }), body: UserUpdateBody, response: { 200: UserSummary } }, config: { access: {} } },
    async (request) => updateUser(db, signedIn(request), request.params.id, request.body),
  );
};
