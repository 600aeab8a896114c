// The audit log is storage only: one insert, in the caller's transaction when it passes one.
import type { DbOrTx } from "../../../db/client.ts";
import { auditLog } from "../../../db/schema/index.ts";

export async function audit(
  db: DbOrTx,
  entry: { actorUserId: string | null; action: string; targetUserId?: string | null; detail?: Record<string, unknown>; ip?: string },
) {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}
