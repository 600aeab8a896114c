import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Ok } from "../../../contract/common.ts";
import { CheckTokenResponse, LoginBody, ResetKind, UpdatePasswordBody, User, ValidateResetBody } from "../../../contract/user.ts";
import { users } from "../../../db/schema/index.ts";
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps.ts";
import { badRequest, notFound } from "../../errors.ts";
import { requireAuth, requireRoles } from "../../plugins/guards.ts";
import { clearSessionCookie, setSessionCookie } from "../../plugins/session.ts";
import { assertCustomer } from "../access/service.ts";
import { userPayload, listUsers } from "../users/service.ts";
import * as auth from "./service.ts";
import { loadSessionUser } from "../../plugins/session.ts";

export const authRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, config }) => {
  app.post(
    "/Auth/login/",
    { schema: { tags: ["auth"], body: LoginBody, response: { 200: User } } },
    async (request, reply) => {
      const { token, userId } = await auth.login(db, config, request.body.email, request.body.password, {
        ip: request.ip,
        userAgent: request.headers["user-agent"],
      });
      setSessionCookie(reply, config, token);
      const user = await loadSessionUser(db, userId);
      return userPayload(db, user!, null);
    },
  );

  app.get("/Auth/CheckToken/", { schema: { tags: ["auth"], response: { 200: CheckTokenResponse } } }, async (request) => {
    const a = request.auth;
    if (!a) return { user: null, originalUser: null };
    let originalUser = null;
    if (a.originalUserId) {
      const [o] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, a.originalUserId));
      originalUser = o ?? null;
    }
    return { user: await userPayload(db, a.user, a.currentCustomerId), originalUser };
  });

  app.post("/Auth/logout/", { schema: { tags: ["auth"], response: { 200: Ok } } }, async (request, reply) => {
    await auth.logout(db, request.auth);
    clearSessionCookie(reply, config);
    return { ok: true as const };
  });

  app.post(
    "/Auth/RequestPasswordReset/:id",
    { schema: { tags: ["auth"], params: z.object({ id: z.string().min(1).max(254) }), response: { 200: Ok } } },
    async (request) => {
      await auth.requestPasswordReset(db, config, request.params.id, request.ip);
      return { ok: true as const };
    },
  );

  app.post("/Auth/Validate/Reset", { schema: { tags: ["auth"], body: ValidateResetBody, response: { 200: z.boolean() } } }, async (request) =>
    auth.validateResetToken(db, request.body.token),
  );

  // {kind} is optional (default reset): two routes, so the OpenAPI document lists both forms.
  const resend = async (request: FastifyRequest, id: string, kind: "reset" | "welcome") => {
    const a = requireRoles(request, "Administrator", "SalesPerson", "wholesaler");
    const visible = await listUsers(db, a);
    if (!visible.some((u) => u.id === id)) throw notFound("User not found.");
    await auth.sendResetMail(db, config, id, kind);
    return { ok: true as const };
  };
  const ResendParams = z.object({ id: z.string().min(1).max(100) });
  app.post("/Auth/ResendPasswordReset/:id", { schema: { tags: ["auth"], params: ResendParams, response: { 200: Ok } } }, (request) =>
    resend(request, request.params.id, "reset"),
  );
  app.post(
    "/Auth/ResendPasswordReset/:id/:kind",
    { schema: { tags: ["auth"], params: ResendParams.extend({ kind: ResetKind }), response: { 200: Ok } } },
    (request) => resend(request, request.params.id, request.params.kind),
  );

  app.post("/Auth/UpdatePassword", { schema: { tags: ["auth"], body: UpdatePasswordBody, response: { 200: Ok } } }, async (request) => {
    const ok = await auth.updatePasswordWithToken(db, request.body.token, request.body.password, request.auth?.sessionId);
    if (!ok) throw badRequest("This reset link has expired or was already used. Please request a new one.", { token: "This reset link has expired or was already used." });
    return { ok: true as const };
  });

  app.post(
    "/Auth/SetCustomer/:customerId",
    { schema: { tags: ["auth"], params: z.object({ customerId: z.string().min(1).max(40) }), response: { 200: User } } },
    async (request) => {
      const a = requireAuth(request);
      await assertCustomer(db, a, request.params.customerId);
      await auth.setCurrentCustomer(db, a, request.params.customerId);
      return userPayload(db, a.user, request.params.customerId);
    },
  );

};
