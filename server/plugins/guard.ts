// Auth declared, not repeated: every /api route states in its options who may call it, and this
// one hook checks it before the handler runs (after the schemas have validated the request).
//
//   config: { access: "public" }                                   no sign-in
//   config: { access: {} }                                         any signed-in user
//   config: { access: { roles: STAFF_ROLES } }                     signed in with one of these roles
//   config: { access: { ids: { userId: "params", customerId: "params", retailerId: "query" } } }
//                                                                  and every id the call names is the caller's
//
// A route without `access` does not register (the server refuses to start), so none is left open by
// omission. Ownership is checked in one place: the buyers module's assertOwnership.
import fp from "fastify-plugin";
import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { changeFeedFor } from "../../db/change-feed.ts";
import { FeedCache } from "../hot/feed-cache.ts";
import { forbidden, unauthorized } from "../errors.ts";
import { assertOwnership, defaultRetailer } from "../modules/buyers/index.ts";
import { tokenAccess } from "../modules/integrations/index.ts";
import type { CheckedAccess, IdSource, RouteAccess } from "./access.ts";
import type { AuthContext } from "./session.ts";
import { hasRole } from "./roles.ts";

/** What the checks read of a request: the caller, the validated path parameters and query. */
type Checked = Pick<FastifyRequest, "auth" | "params" | "query">;

function read(request: Checked, name: string, source: IdSource): unknown {
  const [part, alias] = source.split(".") as ["params" | "query", string | undefined];
  const bag = (part === "params" ? request.params : request.query) as Record<string, unknown> | undefined;
  return bag?.[alias ?? name];
}

/** What a route's declaration names in this request, before ownership is checked; throws 401/403. Null: public. */
function declared(request: Checked, access: RouteAccess): { checked: CheckedAccess; key: string } | null {
  if (access === "public") return null;
  const auth = request.auth;
  if (!auth) throw unauthorized();
  if (access.roles?.length && !hasRole(auth.user, ...access.roles)) throw forbidden();
  const ids = access.ids ?? {};
  const checked: CheckedAccess = { auth };
  if (ids.userId) checked.userId = read(request, "userId", ids.userId) as string;
  if (ids.customerId) checked.customerId = read(request, "customerId", ids.customerId) as string;
  if (ids.retailerId) {
    const given = ids.retailerId === "caller" ? undefined : (read(request, "retailerId", ids.retailerId) as number | undefined);
    checked.retailerId = given ?? defaultRetailer(auth, access.anyRetailer ? undefined : 0);
  }
  // A passed check is remembered while the session, users, customers and retailers stay as they were.
  return { checked, key: `${auth.sessionId}|${checked.userId ?? ""}|${checked.customerId ?? ""}|${checked.retailerId ?? ""}` };
}

/** The checks of one route's declaration; throws 401/403. */
export async function checkAccess(db: Db, request: FastifyRequest, access: RouteAccess, passed?: FeedCache<true>): Promise<CheckedAccess | null> {
  const d = declared(request, access);
  if (!d) return null;
  if (passed?.get(d.key)) return d.checked;
  const fill = passed?.begin() ?? 0;
  await assertOwnership(db, d.checked.auth, d.checked);
  passed?.set(d.key, true, [`session:${d.checked.auth.sessionId}`, "accounts"], fill);
  return d.checked;
}

/** Registers the guard on an /api scope: declarations are required, then checked on every request. */
/** A route's check from memory alone: the checked ids, null for a public route, undefined when memory cannot tell. */
export type MemoryCheck = (auth: AuthContext, access: RouteAccess, params: Record<string, unknown>, query?: Record<string, unknown>) => CheckedAccess | null | undefined;

export const guardPlugin = fp<{ db: Db; shareMemoryCheck?: (check: MemoryCheck) => void }>(
  async (app, { db, shareMemoryCheck }) => {
    app.decorateRequest("checked", null);
    const feed = changeFeedFor(db);
    const passed = new FeedCache<true>(feed, 50_000);
    app.addHook("onClose", async () => {
      passed.close();
      await feed.release();
    });
    // The front door takes only a check already passed and still true in memory; a refusal is the app's to give.
    shareMemoryCheck?.((auth, access, params, query = {}) => {
      try {
        if (access !== "public" && access.scope) return undefined;
        const d = declared({ auth, params, query }, access);
        return !d ? null : passed.get(d.key) ? d.checked : undefined;
      } catch {
        return undefined;
      }
    });
    app.addHook("onRoute", (route) => {
      if (!route.config?.access) throw new Error(`${route.method} ${route.url} declares no access (config.access); see server/plugins/guard.ts`);
    });
    // In callback form: a check answered from memory (or public) passes without a promise.
    app.addHook("preHandler", (request, reply, done) => {
      const access = request.routeOptions.config.access!;
      // /api/v1: an API token with the route's scope, never a session.
      if (access !== "public" && access.scope) {
        tokenAccess(db, request, reply, access.scope).then((checked) => {
          request.checked = checked;
          done();
        }, done);
        return;
      }
      const d = declared(request, access);
      if (!d || passed.get(d.key)) {
        request.checked = d?.checked ?? null;
        return done();
      }
      checkAccess(db, request, access, passed).then((checked) => {
        request.checked = checked;
        done();
      }, done);
    });
  },
  { name: "guard", dependencies: ["session"] },
);
