import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { mailOutbox } from "../../../db/schema/index.ts";
import type { Deps } from "../../app.ts";
import { requireRoles } from "../../plugins/guards.ts";

const OutboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/** Staff tools: the mail outbox (what the site sent or holds). The audit log is in the staff module. */
export const adminRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  app.get(
    "/Admin/MailOutbox",
    {
      schema: {
        tags: ["admin"],
        querystring: z.object({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(OutboxMessage) },
      },
    },
    async (request) => {
      requireRoles(request, "Administrator");
      const { to, limit } = request.query;
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
      return rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, kind: m.kind, status: m.status, createdAt: m.createdAt.toISOString() }));
    },
  );
};
