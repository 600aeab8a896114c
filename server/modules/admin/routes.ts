import { z } from "zod";
import { ADMIN_ONLY, STAFF_ROLES } from "../../../domain/access.ts";
import type { ApiRoutes } from "../../deps.ts";
import { auditLog, mailOutbox } from "./service.ts";

const OutboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.string().nullable(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  ip: z.string().nullable(),
});

/** Staff tools: the mail outbox (what the site sent or holds) and the audit log. */
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

  app.get(
    "/Admin/AuditLog",
    {
      schema: {
        tags: ["admin"],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(AuditEntry) },
      },
      config: { access: { roles: STAFF_ROLES } },
    },
    async (request) => auditLog(db, request.query.limit),
  );
};
