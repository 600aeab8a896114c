// All SQL of the staff tools: the mail outbox, newest first.
import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { mailOutboxRead } from "../../../db/schema/index.ts";

export async function outbox(db: DbOrTx, to: string | undefined, limit: number) {
  return db
    .select()
    .from(mailOutboxRead)
    .where(to ? eq(sql`lower(${mailOutboxRead.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutboxRead.id))
    .limit(limit);
}
