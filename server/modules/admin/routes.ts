import { z } from "zod";
import { ADMIN_ONLY } from "../../../domain/access.ts";
import type { ApiRoutes } from "../../deps.ts";
import { mailOutbox } from "./service.ts";

const OutboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/** Staff tools: the mail outbox (what the site sent or holds). The audit log is the staff module's. */
export const adminRoutes: ApiRoutes = async (app, { db }) => {
  app.get(
    "/Admin/MailOutbox",
    {
      schema: {
        tags: ["admin"],
        querystring: z.object({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(OutboxMessage) },
      },
      config: { access: { roles: ADMIN_ONLY } },
    },
    async (request) => mailOutbox(db, request.query.to, request.query.limit),
  );
};
