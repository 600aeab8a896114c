import type { Db } from "../../../db/client.ts";
import type { Config } from "../../config.ts";
import { tooManyRequests, unauthorized } from "../../errors.ts";
import type { AuthContext } from "../../plugins/auth-context.ts";
import { hashToken, newToken } from "../../plugins/session.ts";
import { audit } from "../audit/index.ts";
import { enqueueMail } from "../mail/index.ts";
import * as limits from "../rate-limit/index.ts";
import type { CheckTokenResponse } from "../../../contract/user.ts";
import { userPayload } from "../users/index.ts";
import { assertOwnership, ownCustomers } from "../buyers/index.ts";
import { chooseCustomer } from "../../../domain/customer-selection.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import * as accounts from "../accounts/index.ts";
import * as repo from "./repo.ts";

export const LOGIN_FAILED = "The e-mail address or password is incorrect.";
/** How long repeated locks of one account for one address are remembered, and the longest lock. */
export const LOCK_MEMORY_MS = 24 * 60 * 60 * 1000;
export const LOGIN_LOCKED = "Too many failed sign-in attempts. Please wait a few minutes and try again.";

export const findUserByEmail = (db: Db, email: string) => accounts.userByEmail(db, email);

export async function createSession(db: Db, config: Config, userId: string, meta: { ip?: string; userAgent?: string }) {
  const token = newToken();
  await accounts.insertSession(db, {
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + config.sessionMaxMs),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return token;
}

/**
 * Failed sign-ins are counted per account *and address* and per address (docs/security.md "Sign-in
 * lockout"): LOGIN_MAX_FAILURES wrong passwords for one account from one address refuse that address for
 * that account for a window, twice as long at each new lock within a day, while the owner signing in
 * from anywhere else is not affected; an address gets five times as many failures across all accounts.
 * The answer never says which e-mails exist.
 */
export async function login(db: Db, config: Config, email: string, password: string, meta: { ip: string; userAgent?: string }) {
  const pairKey = `login:acct-ip:${email.trim().toLowerCase()}|${meta.ip}`;
  const ipKey = `login:ip:${meta.ip}`;
  // Count the attempt before checking the password: the increment is atomic, so parallel guesses
  // cannot all slip under the limit. A successful sign-in takes its own count back.
  const [pair, ip] = await Promise.all([limits.hit(db, pairKey, config.loginWindowMs), limits.hit(db, ipKey, config.loginWindowMs)]);
  if (pair > config.loginMaxFailures || ip > config.loginMaxFailures * 5) throw tooManyRequests(LOGIN_LOCKED);

  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.active ? user.passwordHash : null, password);
  if (!user || !ok) {
    if (pair === config.loginMaxFailures) {
      // This failure locks the address out of the account: each lock within a day lasts twice as long
      // as the one before (one window, two, four, … at most a day).
      const strikes = await limits.hit(db, `login:acct-ip-locks:${email.trim().toLowerCase()}|${meta.ip}`, LOCK_MEMORY_MS);
      const lockMs = Math.min(config.loginWindowMs * 2 ** (strikes - 1), LOCK_MEMORY_MS);
      await limits.holdUntil(db, pairKey, new Date(Date.now() + lockMs));
    }
    throw unauthorized(LOGIN_FAILED);
  }
  await Promise.all([limits.reset(db, pairKey), limits.takeBack(db, ipKey)]);
  const token = await createSession(db, config, user.id, meta);
  return { token, userId: user.id };
}

export async function logout(db: Db, auth: AuthContext | null) {
  if (auth) await accounts.deleteSession(db, auth.sessionId);
}

const RESET_TTL_MS = 60 * 60 * 1000;
const WELCOME_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Creates a single-use token (stored hashed) and mails the link. Returns the link for the operator's
 * command line only; API routes never pass it on.
 */
export async function sendResetMail(
  db: Db,
  config: Config,
  userId: string,
  kind: "reset" | "welcome",
  sentBy?: { actorUserId: string; actingAs?: string; ip?: string },
): Promise<string | null> {
  return writeResetMail(db, config, await accounts.userById(db, userId), kind, sentBy);
}

type MailedUser = { id: string; email: string; firstName: string | null; active: boolean };

/**
 * A reset (or welcome) link and its mail, for an active user. For no user, or an inactive one, the
 * same work is done (a token drawn and hashed, the mail written out, one transaction with the same
 * two inserts) and the inserts write nothing: a request for an unknown address cannot be told from
 * one for a known address by the time it takes (issue 23 item 14).
 */
async function writeResetMail(db: Db, config: Config, user: MailedUser | null, kind: "reset" | "welcome", sentBy?: { actorUserId: string; actingAs?: string; ip?: string }) {
  const send = !!user?.active;
  const u = user ?? { id: "", email: "", firstName: null };
  const token = newToken();
  const link = `${config.publicUrl}/Account/ResetPassword?token=${encodeURIComponent(token)}`;
  const brand = config.brandName;
  const mail =
    kind === "welcome"
      ? {
          subject: `Welcome to the ${brand} wholesale store`,
          text: `Hello ${u.firstName || u.email},\n\nAn account has been opened for you on the ${brand} wholesale store.\nChoose your password here (the link works for 7 days):\n\n${link}\n\nYour sign-in e-mail is ${u.email}.\n`,
        }
      : {
          subject: `Reset your ${brand} password`,
          text: `Hello ${u.firstName || u.email},\n\nWe received a request to reset the password of your ${brand} account.\nChoose a new password here (the link works for one hour and only once):\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail; your password stays as it is.\n`,
        };
  await db.transaction(async (tx) => {
    await repo.insertResetToken(
      tx,
      { userId: u.id, tokenHash: hashToken(token), kind, expiresAt: new Date(Date.now() + (kind === "welcome" ? WELCOME_TTL_MS : RESET_TTL_MS)) },
      send,
    );
    await enqueueMail(tx, config, { to: u.email, ...mail, kind: `password-${kind}` }, send);
    // A reset sent by someone else is an account change worth a trace (who sent it, to which address).
    if (send && sentBy) await audit(tx, { actorUserId: sentBy.actorUserId, action: `user.${kind}-mail`, targetUserId: u.id, detail: { to: u.email, ...(sentBy.actingAs ? { actingAs: sentBy.actingAs } : {}) }, ip: sentBy.ip });
  });
  return send ? link : null;
}

/**
 * {id} may be a user id or an e-mail address (the sign-in page knows only the e-mail). Known or not,
 * the same statements run (writeResetMail) and the answer is the same.
 */
export async function requestPasswordReset(db: Db, config: Config, idOrEmail: string, ip: string) {
  // Quietly drop floods: the response is the same either way.
  const [byTarget, byIp] = await Promise.all([
    limits.hit(db, `reset:target:${idOrEmail.toLowerCase()}`, 60 * 60 * 1000),
    limits.hit(db, `reset:ip:${ip}`, 60 * 60 * 1000),
  ]);
  if (byTarget > 5 || byIp > 30) return;
  const user = idOrEmail.includes("@") ? await findUserByEmail(db, idOrEmail) : await accounts.userById(db, idOrEmail);
  await writeResetMail(db, config, user, "reset");
}

async function findValidToken(db: Db, token: string) {
  return repo.openResetToken(db, hashToken(token));
}

export async function validateResetToken(db: Db, token: string) {
  return (await findValidToken(db, token)) !== null;
}

/** Sets the password, spends the token (and every other open token), and ends the user's other sessions. */
export async function updatePasswordWithToken(db: Db, token: string, password: string, keepSessionId?: string) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const t = await repo.spendResetToken(tx, hashToken(token));
    if (!t) return false;
    await accounts.setPasswordHash(tx, t.userId, passwordHash);
    await audit(tx, { actorUserId: t.userId, action: "user.password", targetUserId: t.userId, detail: { kind: t.kind } });
    await repo.spendOpenTokensOf(tx, t.userId);
    await accounts.deleteSessionsOf(tx, t.userId, keepSessionId);
    return true;
  });
}

export async function setCurrentCustomer(db: Db, auth: AuthContext, customerId: string) {
  await accounts.setSessionCustomer(db, auth.sessionId, customerId);
  auth.currentCustomerId = customerId;
}

/**
 * SPEC §4 "Customer selection" for a page the server renders: a session with no current customer
 * whose choice needs nothing from the browser (exactly one customer, or staff's default customer)
 * gets it here, as the page would set it at once after loading (issue 30: sign-in to the dashboard's
 * content without a SetCustomer call and a reload of the page's data after hydration). Several
 * customers (the browser's remembered choice, or the selector) stay the page's to choose. Never fails
 * the page: a choice it cannot set is left to the browser, as before.
 */
export async function chooseSessionCustomer(db: Db, auth: AuthContext | null, defaultCustomerCode: string | null): Promise<void> {
  if (!auth || auth.currentCustomerId) return;
  try {
    const customers = await ownCustomers(db, auth.user);
    const choice = chooseCustomer({ customers, current: null, remembered: null, roles: auth.user.roles, defaultCustomerCode });
    if ((choice.kind !== "auto" && choice.kind !== "default") || !choice.customerId) return;
    // The same check as POST /api/Auth/SetCustomer/{customerId}.
    await assertOwnership(db, auth, { customerId: choice.customerId });
    await setCurrentCustomer(db, auth, choice.customerId);
  } catch {
    // Left to the browser (app-shell-customer.tsx), which asks the API and says when it cannot.
  }
}

/** GET /api/Auth/CheckToken/ (and the same answer for server rendering): the user, and the staff member behind an impersonation. */
export async function sessionAnswer(db: Db, auth: AuthContext | null): Promise<CheckTokenResponse> {
  if (!auth) return { user: null, originalUser: null };
  const originalUser = auth.originalUserId ? await accounts.userIdentity(db, auth.originalUserId) : null;
  return { user: await userPayload(db, auth.user, auth.currentCustomerId), originalUser };
}
