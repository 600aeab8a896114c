// All SQL of the accounts module: users, their roles and claims, and sessions (impersonation included).
// The only file that reads or writes those tables (server/modules/table-owners.ts).
import { and, asc, count, desc, eq, exists, gt, ilike, inArray, isNotNull, ne, not, notExists, or, sql, type SQL } from "drizzle-orm";
import { likeContaining, rowsOf, type DbOrTx } from "../../../db/client.ts";
import { sessions, userClaims, userRoles, users } from "../../../db/schema/index.ts";
import { STAFF_ROLES, type Role } from "../../../domain/access.ts";

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** A user with its roles (and, when asked, its claims): the one read of "a user with roles". */
export interface UserWithRoles {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  active: boolean;
  roles: string[];
  claims: { claim: string; value: string }[];
}

/**
 * A user with its roles, and its claims when `withClaims`; null when there is no such user (or, with
 * `activeOnly`, when it is deactivated). One statement for the user, then roles and claims together.
 */
export async function userWithRoles(db: DbOrTx, userId: string, opts: { activeOnly?: boolean; withClaims?: boolean } = {}): Promise<UserWithRoles | null> {
  const [u] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, active: users.active })
    .from(users)
    .where(opts.activeOnly ? and(eq(users.id, userId), eq(users.active, true)) : eq(users.id, userId));
  if (!u) return null;
  const [roles, claims] = await Promise.all([
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    opts.withClaims ? db.select({ claim: userClaims.claim, value: userClaims.value }).from(userClaims).where(eq(userClaims.userId, userId)) : [],
  ]);
  return { ...u, roles: roles.map((r) => r.role), claims };
}

// ---- users

/** The id and e-mail of a user (the staff member behind an impersonation). */
export async function userIdentity(db: DbOrTx, userId: string): Promise<{ id: string; email: string } | null> {
  const [o] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  return o ?? null;
}

/** Where to mail a user, and whether it is active. */
export async function userContact(db: DbOrTx, userId: string): Promise<{ email: string; firstName: string; active: boolean } | null> {
  const [row] = await db.select({ email: users.email, firstName: users.firstName, active: users.active }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function userByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return u ?? null;
}

export async function userById(db: DbOrTx, userId: string): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return u ?? null;
}

/** Adds a user (no password yet: it chooses one through a welcome link). */
export async function insertUser(db: DbOrTx, user: { id: string; email: string; firstName: string; lastName: string }) {
  await db.insert(users).values(user);
}

/** Gives a new user its roles and claims (none held yet). */
export async function insertRoles(tx: DbOrTx, userId: string, roles: Role[]) {
  if (roles.length) await tx.insert(userRoles).values(roles.map((role) => ({ userId, role })));
}

export async function insertClaims(tx: DbOrTx, userId: string, claims: { claim: string; value: string }[]) {
  if (claims.length) await tx.insert(userClaims).values(claims.map((c) => ({ userId, ...c })));
}

/** Gives a user a role it may hold already. */
export async function grantRole(db: DbOrTx, userId: string, role: Role) {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Which users a query covers, in the users module's terms; turned into a condition here. */
export type UserScope =
  | { all: true }
  | { id: string }
  /** The user itself and every user who holds no staff role. */
  | { selfAndNonStaff: string }
  /** The user itself and those of these users who hold no staff role. */
  | { self: string; nonStaffOf: string[] }
  | { ids: string[] };

function where(db: DbOrTx, scope: UserScope): SQL | undefined {
  if ("all" in scope) return undefined;
  if ("id" in scope) return eq(users.id, scope.id);
  if ("ids" in scope) return inArray(users.id, scope.ids);
  const staffRole = db
    .select({ one: sql`1` })
    .from(userRoles)
    .where(and(eq(userRoles.userId, users.id), inArray(userRoles.role, [...STAFF_ROLES])));
  if ("nonStaffOf" in scope) {
    if (!scope.nonStaffOf.length) return eq(users.id, scope.self);
    return or(eq(users.id, scope.self), and(inArray(users.id, scope.nonStaffOf), notExists(staffRole)));
  }
  return or(eq(users.id, scope.selfAndNonStaff), notExists(staffRole));
}

/** The scope as a condition on `users`, for a query of this module (the staff desk's user page). */
export const scopeCondition = (db: DbOrTx, scope: UserScope) => where(db, scope);

/** The users in scope with their roles, by name. */
export async function usersIn(db: DbOrTx, scope: UserScope) {
  const rows = await db.select().from(users).where(where(db, scope)).orderBy(asc(users.lastName), asc(users.firstName));
  if (!rows.length) return [];
  const roles = await db.select().from(userRoles).where(inArray(userRoles.userId, rows.map((r) => r.id)));
  return rows.map((u) => ({ u, roles: roles.filter((r) => r.userId === u.id).map((r) => r.role) }));
}

export async function isInScope(db: DbOrTx, userId: string, scope: UserScope): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), where(db, scope)));
  return !!row;
}

export async function userActive(db: DbOrTx, userId: string): Promise<boolean | null> {
  const [row] = await db.select({ active: users.active }).from(users).where(eq(users.id, userId));
  return row ? row.active : null;
}

/** Users whose claim `claim` (any case) has one of these values. */
export async function userIdsByClaim(db: DbOrTx, claim: string, values: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: userClaims.userId })
    .from(userClaims)
    .where(and(sql`lower(${userClaims.claim}) = ${claim.toLowerCase()}`, inArray(userClaims.value, values)));
  return rows.map((r) => r.id);
}

/** Is the address taken (any case), by another user than `exceptId` when given? */
export async function emailTakenExcept(db: DbOrTx, email: string, exceptId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined));
  return !!row;
}

export async function passwordHashOf(db: DbOrTx, userId: string) {
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return u?.hash ?? null;
}

export async function setNames(db: DbOrTx, userId: string, firstName: string, lastName: string) {
  await db.update(users).set({ firstName, lastName, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The roles of these users. */
export async function rolesOf(db: DbOrTx, userIds: string[]): Promise<{ userId: string; role: string }[]> {
  return db.select({ userId: userRoles.userId, role: userRoles.role }).from(userRoles).where(inArray(userRoles.userId, userIds));
}

const hasRoleIn = (roles: string[]) =>
  exists(sql`(select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${inArray(userRoles.role, roles as never[])})`);

export interface UserPageQuery {
  scope?: string;
  role?: string;
  active?: string;
  q?: string;
  sort?: string;
  dir?: string;
  page: number;
  pageSize: number;
}

/** A page of the staff desk's user list: `visible` (a UserScope's condition) and the query's filters. */
export async function userPage(db: DbOrTx, visible: SQL | undefined, q: UserPageQuery) {
  const where: (SQL | undefined)[] = [visible];
  if (q.scope === "staff") where.push(hasRoleIn(["Administrator", "SalesPerson"]));
  else where.push(not(hasRoleIn(["Administrator", "SalesPerson"])));
  if (q.scope === "mm") where.push(hasRoleIn(["MassMarket"]));
  if (q.role) where.push(hasRoleIn([q.role]));
  if (q.active) where.push(eq(users.active, q.active === "true"));
  if (q.q) {
    const p = likeContaining(q.q);
    where.push(or(ilike(users.email, p), ilike(users.firstName, p), ilike(users.lastName, p), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p), eq(users.id, q.q)));
  }
  const condition = and(...where);
  const dir = q.dir === "desc" ? desc : asc;
  const order = q.sort === "email" ? [dir(sql`lower(${users.email})`)] : q.sort === "created" ? [dir(users.createdAt), dir(users.id)] : [dir(sql`lower(${users.lastName})`), dir(sql`lower(${users.firstName})`), asc(users.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, active: users.active })
      .from(users)
      .where(condition)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(users).where(condition),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Users whose retailerid claim names the retailer, by name (at most 500). */
export async function usersOfRetailer(db: DbOrTx, retailerId: number) {
  return db
    .selectDistinct({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, active: users.active })
    .from(users)
    .innerJoin(userClaims, and(eq(userClaims.userId, users.id), sql`lower(${userClaims.claim}) = 'retailerid'`, eq(userClaims.value, String(retailerId))))
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(500);
}

export async function lockUser(tx: DbOrTx, userId: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  return row ?? null;
}

export async function emailTaken(tx: DbOrTx, email: string): Promise<boolean> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return !!taken;
}

export async function updateUserRow(tx: DbOrTx, userId: string, set: Partial<Pick<UserRow, "email" | "firstName" | "lastName" | "active">>) {
  await tx
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function replaceRoles(tx: DbOrTx, userId: string, roles: Role[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roles.length) await tx.insert(userRoles).values(roles.map((role) => ({ userId, role })));
}

export async function replaceClaims(tx: DbOrTx, userId: string, claims: { claim: string; value: string }[]) {
  await tx.delete(userClaims).where(eq(userClaims.userId, userId));
  if (claims.length) await tx.insert(userClaims).values(claims.map((c) => ({ userId, ...c })));
}

/** A user's roles and claims as they are now (two statements, run together). */
export async function rolesAndClaimsOf(tx: DbOrTx, userId: string) {
  const [roles, claims] = await Promise.all([
    tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    tx.select({ claim: userClaims.claim, value: userClaims.value }).from(userClaims).where(eq(userClaims.userId, userId)),
  ]);
  return { roles: roles.map((r) => r.role as string), claims };
}

/** The retailer's own active Retailer users (claim retailerid = the retailer), oldest first. */
export async function retailerUserIds(db: DbOrTx, retailerId: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userClaims, and(eq(userClaims.userId, users.id), sql`lower(${userClaims.claim}) = 'retailerid'`, eq(userClaims.value, String(retailerId))))
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.role, "Retailer")))
    .where(eq(users.active, true))
    .orderBy(asc(users.createdAt), asc(users.id));
  return [...new Set(rows.map((r) => r.id))];
}

// ---- sessions

/** The session of `id` unless it has expired by `now`. */
export async function liveSession(db: DbOrTx, id: string, now: Date): Promise<SessionRow | null> {
  const [s] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)));
  return s ?? null;
}

/** Which of these sessions (hashed ids) are still signed in (live availability drops the streams of the others). */
export async function sessionsSignedIn(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select id from ${sessions} where id = any(${sql`ARRAY[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]`}) and expires_at > now()`),
  );
  return new Set(rows.map((r) => r.id));
}

export async function insertSession(db: DbOrTx, session: { id: string; userId: string; expiresAt: Date; ip?: string; userAgent?: string }) {
  await db.insert(sessions).values(session);
}

export async function deleteSession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Records that the session was used at `now` (idle expiry counts from here). */
export async function touchSession(db: DbOrTx, sessionId: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends a user's sessions (its own, and those in which it acts for someone), except `keepSessionId` when given. */
export async function deleteSessionsOf(db: DbOrTx, userId: string, keepSessionId?: string) {
  const its = or(eq(sessions.userId, userId), eq(sessions.originalUserId, userId));
  await db.delete(sessions).where(keepSessionId ? and(its, ne(sessions.id, keepSessionId)) : its);
}

/** Ends a user's other sessions (its own, and those in which it acts for someone); returns how many. */
export async function endOtherSessions(db: DbOrTx, userId: string, keepSessionId: string) {
  const gone = await db
    .delete(sessions)
    .where(and(or(eq(sessions.userId, userId), eq(sessions.originalUserId, userId)), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return gone.length;
}

export async function setSessionCustomer(db: DbOrTx, sessionId: string, customerId: string) {
  await db.update(sessions).set({ currentCustomerId: customerId }).where(eq(sessions.id, sessionId));
}

/** The acting sessions in which `userId` acts for someone or someone acts as it. */
export async function actingSessionsOf(tx: DbOrTx, userId: string) {
  return tx
    .select({ id: sessions.id, userId: sessions.userId, originalUserId: sessions.originalUserId })
    .from(sessions)
    .where(and(isNotNull(sessions.originalUserId), or(eq(sessions.userId, userId), eq(sessions.originalUserId, userId))));
}

/** Locks the session row for the rest of the transaction and returns who it belongs to now. */
export async function lockSession(tx: DbOrTx, sessionId: string) {
  const [s] = await tx
    .select({ userId: sessions.userId, originalUserId: sessions.originalUserId, currentCustomerId: sessions.currentCustomerId })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .for("update");
  return s ?? null;
}

export async function setSessionIdentity(tx: DbOrTx, sessionId: string, identity: { userId: string; originalUserId: string | null; currentCustomerId: string | null }) {
  await tx.update(sessions).set(identity).where(eq(sessions.id, sessionId));
}
