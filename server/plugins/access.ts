// What a route declares about who may call it, and what the guard (server/plugins/guard.ts) hands
// the handler. Routes import this file; the guard imports the buyers module for the ownership check.
import type { FastifyRequest } from "fastify";
import type { Role } from "../../domain/access.ts";
import { unauthorized } from "../errors.ts";
import type { AuthContext } from "./auth-context.ts";

/** Where an id is read: the path parameter or query value of the same name, or `params.<name>`. */
export type IdSource = "params" | "query" | `params.${string}`;

export type RouteAccess =
  | "public"
  | {
      /** Roles allowed (case-insensitive); omitted or empty: any signed-in user. */
      roles?: readonly Role[];
      /** The ids the call names; each must belong to the caller. */
      ids?: { userId?: IdSource; customerId?: IdSource; retailerId?: IdSource | "caller" };
      /**
       * A call naming no retailer means, for a caller who is not a Retailer user, every retailer of
       * the customer (order lists) rather than the customer itself (0, the default). A Retailer user
       * always means its own shop. `retailerId: "caller"` reads nothing from the request.
       */
      anyRetailer?: boolean;
      /**
       * An /api/v1 route of the integration API: called with an API token having this scope
       * (`Authorization: Bearer`), never with a session (server/modules/integrations/tokens.ts).
       */
      scope?: string;
    };

/** What the guard established: the caller and the (checked) ids the call names. */
export interface CheckedAccess extends Partial<Record<"userId" | "customerId", string>> {
  auth: AuthContext;
  retailerId?: number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    checked: CheckedAccess | null;
  }
}

/** The caller of a route that declared it needs one (anything but "public"). */
export function signedIn(request: FastifyRequest): AuthContext {
  if (!request.checked) throw unauthorized();
  return request.checked.auth;
}

/** The checked ids of a route that declared them; `retailerId` resolved as the declaration says. */
export function checkedIds(request: FastifyRequest): CheckedAccess {
  if (!request.checked) throw unauthorized();
  return request.checked;
}

/** The client's address (Fastify's, after the trusted proxies). */
export function clientIp(request: FastifyRequest) {
  return request.ip;
}

/** Who made a desk change and from where, as the desks' services audit it. */
export function requestActor(request: FastifyRequest): { auth: AuthContext; ip: string } {
  return { auth: signedIn(request), ip: clientIp(request) };
}
