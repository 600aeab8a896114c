import type { FastifyRequest } from "fastify";
import { forbidden, unauthorized } from "../errors.ts";
import type { AuthContext } from "./session.ts";
import { hasRole } from "../modules/access/service.ts";

/** The signed-in (or impersonated) user, or a 401. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** Role check, case-insensitive; an empty list allows any signed-in user. */
export function requireRoles(request: FastifyRequest, ...roles: string[]): AuthContext {
  const auth = requireAuth(request);
  if (roles.length && !hasRole(auth.user, ...roles)) throw forbidden();
  return auth;
}
