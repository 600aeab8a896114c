// The bearer token check of /api/v1 (issue 28; docs/integration-api.md "Tokens"). The guard
// (server/plugins/guard.ts) calls it for a route declaring `config.access: { scope }`:
//   - no `Authorization: Bearer` → 401; a bearer token sent with a session cookie → 401 (a token
//     never rides along a browser session, and a session never works under /api/v1);
//   - unknown or revoked → 401: the token's row is read on every request (one indexed lookup), so a
//     revocation holds at once on every instance, with no cache to drop;
//   - without the route's scope → 403;
//   - over its own rate limit (a fixed window in rate_limits, shared by every instance) → 429 with
//     Retry-After.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../../db/client.ts";
import { TOKEN_PREFIX } from "../../../contract/integrations.ts";
import { forbidden, HttpError, unauthorized } from "../../errors.ts";
import type { CheckedAccess } from "../../plugins/access.ts";
import { hashToken, SESSION_COOKIE, type AuthContext } from "../../plugins/session.ts";
import { hitWindow } from "../rate-limit/index.ts";
import * as repo from "./repo.ts";
import type { TokenCaller } from "./service.ts";

declare module "fastify" {
  interface FastifyRequest {
    apiToken?: TokenCaller;
  }
}

export const NO_TOKEN = "Send an API token: Authorization: Bearer <token>.";
export const TOKEN_WITH_SESSION = "Send the API token alone: /api/v1 does not take a session cookie.";
export const BAD_TOKEN = "This API token is unknown or was revoked.";
export const scopeMissing = (scope: string) => `This API token does not have the ${scope} scope.`;

/** Requests per token and minute (API_TOKEN_REQUESTS_PER_MINUTE). */
export function tokenRateLimit(): number {
  const n = Number(process.env.API_TOKEN_REQUESTS_PER_MINUTE);
  return Number.isInteger(n) && n > 0 ? n : 600;
}
const WINDOW_MS = 60_000;

export async function tokenAccess(db: Db, request: FastifyRequest, reply: FastifyReply, scope: string): Promise<CheckedAccess> {
  const header = request.headers.authorization;
  const bearer = typeof header === "string" ? /^Bearer +(\S{1,200})$/i.exec(header.trim())?.[1] : undefined;
  if (request.cookies[SESSION_COOKIE] !== undefined || request.auth) throw unauthorized(bearer ? TOKEN_WITH_SESSION : NO_TOKEN);
  if (!bearer) throw unauthorized(NO_TOKEN);
  if (!bearer.startsWith(TOKEN_PREFIX)) throw unauthorized(BAD_TOKEN);
  const row = await repo.liveTokenByHash(db, hashToken(bearer));
  if (!row) throw unauthorized(BAD_TOKEN);
  if (!row.scopes.includes(scope)) throw forbidden(scopeMissing(scope));
  const limit = tokenRateLimit();
  const { count, resetAt } = await hitWindow(db, `api-token:${row.id}`, WINDOW_MS);
  if (count > limit) {
    reply.header("retry-after", String(Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))));
    throw new HttpError(429, `Too many requests with this API token: at most ${limit} a minute. Try again shortly.`);
  }
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) await repo.touchToken(db, row.id);
  request.apiToken = { id: row.id, name: row.name, scopes: row.scopes };
  const auth: AuthContext = {
    sessionId: `api-token:${row.id}`,
    user: { id: row.createdBy ?? "", email: "", firstName: row.name, lastName: "", roles: [], claims: [] },
    originalUserId: null,
    currentCustomerId: null,
  };
  return { auth };
}
