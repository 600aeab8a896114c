// All SQL of the mail module: the outbox table.
import { desc, eq, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { mailOutbox } from "../../../db/schema/index.ts";

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMail = typeof mailOutbox.$inferInsert;

export async function insertMail(db: DbOrTx, mail: NewMail) {
  await db.insert(mailOutbox).values(mail);
}

/**
 * Writes a message when `when` holds; otherwise the same statement runs and writes nothing, so a
 * caller that must not show whether it sent (a password reset for an unknown address) does the same work.
 */
export async function insertMailWhen(db: DbOrTx, mail: NewMail, when: boolean) {
  await db.execute(sql`
    insert into ${mailOutbox} ("to", subject, text, html, attachments, kind, status)
    select ${mail.to}::text, ${mail.subject}::text, ${mail.text}::text, ${mail.html ?? null}::text,
      ${mail.attachments ? JSON.stringify(mail.attachments) : null}::jsonb, ${mail.kind}::text, ${mail.status ?? "pending"}::text
    where ${when}::boolean`);
}

/** The oldest pending message under MAX attempts, locked for the caller's transaction; others skip it. */
export async function claimPendingMail(tx: DbOrTx, maxAttempts: number): Promise<MailRow | null> {
  const rows = await tx.execute<{ id: number }>(
    sql`select id from mail_outbox where status = 'pending' and attempts < ${maxAttempts} order by id limit 1 for update skip locked`,
  );
  const id = rowsOf<{ id: number }>(rows)[0]?.id;
  if (id === undefined) return null;
  const [m] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return m ?? null;
}

export async function markMailSent(tx: DbOrTx, id: number, attempts: number) {
  await tx.update(mailOutbox).set({ status: "sent", sentAt: new Date(), attempts }).where(eq(mailOutbox.id, id));
}

export async function markMailAttemptFailed(tx: DbOrTx, id: number, attempts: number, error: string, gaveUp: boolean) {
  await tx
    .update(mailOutbox)
    .set({ attempts, lastError: error.slice(0, 500), status: gaveUp ? "failed" : "pending" })
    .where(eq(mailOutbox.id, id));
}

/** The newest messages to an address (case-insensitive). */
export async function mailTo(db: DbOrTx, to: string, limit: number): Promise<MailRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.to})`, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
