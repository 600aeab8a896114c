// All SQL of the auth module: password-reset tokens (users and sessions are the accounts module's).
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { passwordResetTokens } from "../../../db/schema/index.ts";

/**
 * Stores a reset token when `when` holds; otherwise the same statement runs and inserts nothing (a
 * request for an unknown address does the same work as one for a known address).
 */
export async function insertResetToken(db: DbOrTx, token: { userId: string; tokenHash: string; kind: "reset" | "welcome"; expiresAt: Date }, when = true) {
  await db.execute(sql`
    insert into ${passwordResetTokens} (user_id, token_hash, kind, expires_at)
    select ${token.userId}::text, ${token.tokenHash}::text, ${token.kind}::text, ${token.expiresAt.toISOString()}::timestamptz
    where ${when}::boolean`);
}

const open = (tokenHash: string) => and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date()));

export async function openResetToken(db: DbOrTx, tokenHash: string) {
  const [t] = await db.select().from(passwordResetTokens).where(open(tokenHash));
  return t ?? null;
}

/** Marks an open token used, atomically; null when it was not open (expired, used, unknown). */
export async function spendResetToken(db: DbOrTx, tokenHash: string) {
  const [t] = await db.update(passwordResetTokens).set({ usedAt: new Date() }).where(open(tokenHash)).returning();
  return t ?? null;
}

export async function spendOpenTokensOf(db: DbOrTx, userId: string) {
  await db.update(passwordResetTokens).set({ usedAt: new Date() }).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
