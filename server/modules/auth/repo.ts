// All SQL of the auth module: users by e-mail or id, sessions, password-reset tokens.
import { and, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { passwordResetTokens, sessions, users } from "../../../db/schema/index.ts";

export type UserRow = typeof users.$inferSelect;

/** The id and e-mail of a user (the staff member behind an impersonation). */
export async function userIdentity(db: DbOrTx, userId: string): Promise<{ id: string; email: string } | null> {
  const [o] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  return o ?? null;
}

export async function userByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return u ?? null;
}

export async function userById(db: DbOrTx, userId: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return u ?? null;
}

export async function insertSession(db: DbOrTx, session: { id: string; userId: string; expiresAt: Date; ip?: string; userAgent?: string }) {
  await db.insert(sessions).values(session);
}

export async function deleteSession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends a user's sessions (its own, and those in which it acts for someone), except `keepSessionId` when given. */
export async function deleteSessionsOf(db: DbOrTx, userId: string, keepSessionId?: string) {
  const its = or(eq(sessions.userId, userId), eq(sessions.originalUserId, userId));
  await db.delete(sessions).where(keepSessionId ? and(its, ne(sessions.id, keepSessionId)) : its);
}

export async function setSessionCustomer(db: DbOrTx, sessionId: string, customerId: string) {
  await db.update(sessions).set({ currentCustomerId: customerId }).where(eq(sessions.id, sessionId));
}

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

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}
