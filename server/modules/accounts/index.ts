// The accounts module's public face: users, their roles and claims, sessions and impersonation. It owns
// the tables users, user_roles, user_claims and sessions (server/modules/table-owners.ts); every other
// module and plugin reads and writes them through the functions here.
export { actingUser, endLapsedActingSessions, findUserWithRoles, loadSessionUser, openSession, sessionUserOf } from "./service.ts";
export {
  deleteSession,
  deleteSessionsOf,
  emailTaken,
  grantRole,
  insertSession,
  insertUser,
  isInScope,
  lockSession,
  lockUser,
  replaceClaims,
  replaceRoles,
  retailerUserIds,
  rolesAndClaimsOf,
  scopeCondition,
  setPasswordHash,
  setSessionCustomer,
  setSessionIdentity,
  updateUserRow,
  userActive,
  userById,
  userByEmail,
  userIdentity,
  userIdsByClaim,
  usersIn,
  type SessionRow,
  type UserRow,
  type UserScope,
  type UserWithRoles,
} from "./repo.ts";
