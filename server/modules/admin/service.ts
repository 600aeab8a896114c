// Staff tools: what the site sent or holds for sending. (The audit log is read in the staff module.)
import type { Db } from "../../../db/client.ts";
import * as repo from "./repo.ts";

export async function mailOutbox(db: Db, to: string | undefined, limit: number) {
  const rows = await repo.outbox(db, to, limit);
  return rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, kind: m.kind, status: m.status, createdAt: m.createdAt.toISOString() }));
}
