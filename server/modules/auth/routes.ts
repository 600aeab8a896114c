import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { ErrorResponse, Ok } from "../../../contract/common.ts";
import { CheckTokenResponse, LoginBody, ResetKind, UpdatePasswordBody, User, ValidateResetBody } from "../../../contract/user.ts";
import { STAFF_AND_WHOLESALER } from "../../../domain/access.ts";
import type { ApiRoutes } from "../../deps.ts";
import { badRequest, notFound } from "../../errors.ts";
import { signedIn } from "../../plugins/access.ts";
import { clearSessionCookie, setSessionCookie } from "../../plugins/session.ts";
import { loadSessionUser } from "../accounts/index.ts";
import { canManage, userPayload } from "../users/index.ts";
import * as auth from "./service.ts";
import { hotFor, sendJson, type Json, type MemoryRead } from "../../hot/index.ts";

const open = { access: "public" } as const;

export const authRoutes: ApiRoutes = async (app, { db, config }) => {
  app.post(
    "/Auth/login/",
    { schema: { tags: ["auth"], body: LoginBody, response: { 200: User, 401: ErrorResponse, 429: ErrorResponse } }, config: open },
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

  // CheckToken answers from this instance's memory while the change feed reports nothing it was read
  // from: the session itself (a sign-out drops it on every instance) and the accounts tables.
  const hot = hotFor(db);
  const answers = hot.cache<Json<CheckTokenResponse>>(50_000);
  app.addHook("onClose", () => hot.close());
  const checkToken = { ...open, memoryAnswer: ({ auth: a }: MemoryRead) => answers.get(a.sessionId) };
  app.get("/Auth/CheckToken/", { schema: { tags: ["auth"], response: { 200: CheckTokenResponse } }, config: checkToken }, async (request, reply) => {
    const a = request.auth;
    if (!a) return auth.sessionAnswer(db, a);
    const fill = answers.begin();
    let json = answers.get(a.sessionId);
    if (!json) {
      // Serialised as the response schema would (parse, then stringify), once.
      json = JSON.stringify(CheckTokenResponse.parse(await auth.sessionAnswer(db, a))) as Json<CheckTokenResponse>;
      answers.set(a.sessionId, json, [`session:${a.sessionId}`, "accounts"], fill);
    }
    return sendJson(reply, json);
  });

  app.post("/Auth/logout/", { schema: { tags: ["auth"], response: { 200: Ok } }, config: open }, async (request, reply) => {
    await auth.logout(db, request.auth);
    clearSessionCookie(reply, config);
    return { ok: true as const };
  });

  app.post(
    "/Auth/RequestPasswordReset/:id",
    { schema: { tags: ["auth"], params: z.object({ id: z.string().min(1).max(254) }), response: { 200: Ok } }, config: open },
    async (request) => {
      await auth.requestPasswordReset(db, config, request.params.id, request.ip);
      return { ok: true as const };
    },
  );

  app.post("/Auth/Validate/Reset", { schema: { tags: ["auth"], body: ValidateResetBody, response: { 200: z.boolean() } }, config: open }, async (request) =>
    auth.validateResetToken(db, request.body.token),
  );

  // {kind} is optional (default reset): two routes, so the OpenAPI document lists both forms.
  const resend = async (request: FastifyRequest, id: string, kind: "reset" | "welcome") => {
    const a = signedIn(request);
    // A user the caller may not manage (a staff user, for a wholesaler) is "not found": the answer
    // does not confirm that it exists.
    if (!(await canManage(db, a.user, id))) throw notFound("User not found.");
    // Sent while acting (an Administrator as a SalesPerson): the Administrator sent it, as the SalesPerson.
    await auth.sendResetMail(db, config, id, kind, { actorUserId: a.originalUserId ?? a.user.id, actingAs: a.originalUserId ? a.user.id : undefined, ip: request.ip });
    return { ok: true as const };
  };
  const ResendParams = z.object({ id: z.string().min(1).max(100) });
  const staffOrWholesaler = { access: { roles: STAFF_AND_WHOLESALER } };
  app.post("/Auth/ResendPasswordReset/:id", { schema: { tags: ["auth"], params: ResendParams, response: { 200: Ok, 404: ErrorResponse } }, config: staffOrWholesaler }, (request) =>
    resend(request, request.params.id, "reset"),
  );
  app.post(
    "/Auth/ResendPasswordReset/:id/:kind",
    { schema: { tags: ["auth"], params: ResendParams.extend({ kind: ResetKind }), response: { 200: Ok, 404: ErrorResponse } }, config: staffOrWholesaler },
    (request) => resend(request, request.params.id, request.params.kind),
  );

  app.post("/Auth/UpdatePassword", { schema: { tags: ["auth"], body: UpdatePasswordBody, response: { 200: Ok } }, config: open }, async (request) => {
    const ok = await auth.updatePasswordWithToken(db, request.body.token, request.body.password, request.auth?.sessionId);
    if (!ok) throw badRequest("This reset link has expired or was already used. Please request a new one.", { token: "This reset link has expired or was already used." });
    return { ok: true as const };
  });

  app.post(
    "/Auth/SetCustomer/:customerId",
    {
      schema: { tags: ["auth"], params: z.object({ customerId: z.string().min(1).max(40) }), response: { 200: User } },
      config: { access: { ids: { customerId: "params" } } },
    },
    async (request) => {
      const a = signedIn(request);
      await auth.setCurrentCustomer(db, a, request.params.customerId);
      return userPayload(db, a.user, request.params.customerId);
    },
  );

};
