import { AsyncLocalStorage } from "node:async_hooks";
import fp from "fastify-plugin";
import type { Db } from "../../../db/client.ts";
import { setActingContext } from "./repo.ts";

/** Who is acting for whom during one impersonated request. */
export interface ActingContext {
  /** The staff member (or wholesaler user) behind the impersonation. */
  actor: string;
  /** The user being acted as. */
  as: string;
  /** What: the route that made the write, e.g. "POST /api/Store/PlaceOrder/:userId/:customerId". */
  route: string;
  /** From where. */
  ip: string;
}

const acting = new AsyncLocalStorage<ActingContext>();

export const currentActing = () => acting.getStore() ?? null;

/** Runs `fn` as if inside a request acting for someone (scripts and tests). */
export const runActing = <T>(ctx: ActingContext, fn: () => T) => acting.run(ctx, fn);

/**
 * The database handle every module receives. While a request acts for someone, each transaction it
 * opens first stores the acting context in a transaction-local setting; triggers on carts, orders and
 * the user tables (migration 0008) then append the audit row inside that same transaction. So a write
 * made while acting commits together with its audit row or not at all, whichever module makes it.
 */
export function actingAware(db: Db): Db {
  const transaction: Db["transaction"] = (fn, config) =>
    db.transaction(async (tx) => {
      const ctx = acting.getStore();
      if (ctx) await setActingContext(tx, ctx);
      return fn(tx);
    }, config);
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "transaction") return transaction;
      return Reflect.get(target, prop, receiver);
    },
  });
}

/** Puts each impersonated request's handler inside its acting context. */
export const actingContextPlugin = fp(async (app) => {
  app.addHook("preHandler", (request, _reply, done) => {
    const auth = request.auth;
    if (!auth?.originalUserId) return done();
    const route = `${request.method} ${request.routeOptions.url ?? request.url.split("?")[0]}`;
    acting.run({ actor: auth.originalUserId, as: auth.user.id, route, ip: request.ip }, done);
  });
});
