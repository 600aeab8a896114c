// HTTP of the integration API (issue 28; docs/integration-api.md): the Administrator's token
// routes (/api/Admin/ApiTokens) and /api/v1, called with `Authorization: Bearer <token>` only
// (config.access.scope: the guard calls ./tokens.ts).
import type { FastifyRequest } from "fastify";
import { ErrorResponse, Ok, ErrorResponses as Errors } from "../../../contract/common.ts";
import {
  ApiTokenCreate,
  ApiTokenCreated,
  ApiTokenList,
  ApiTokenParams,
  IDEMPOTENCY_KEY_PATTERN,
  V1AvailabilityBody,
  V1AvailabilityResult,
  V1InvoicePage,
  V1OrderPage,
  V1PageQuery,
  V1ProductBody,
  V1ProductParams,
  type ApiScope,
} from "../../../contract/integrations.ts";
import { SupplyProduct } from "../../../contract/supply.ts";
import { ADMIN_ONLY } from "../../../domain/access.ts";
import type { ApiRoutes } from "../../deps.ts";
import { badRequest } from "../../errors.ts";
import { checkedIds, signedIn, type RouteAccess } from "../../plugins/access.ts";
import { clientIp } from "../../plugins/session.ts";
import * as service from "./service.ts";

const V1Errors = { ...Errors, 409: ErrorResponse, 422: ErrorResponse, 429: ErrorResponse };
const admin: RouteAccess = { roles: ADMIN_ONLY };
const scope = (s: ApiScope): RouteAccess => ({ scope: s });
const v1 = { tags: ["integration API v1"], security: [{ apiToken: [] }] };
const IDEMPOTENCY_MESSAGE = "Idempotency-Key: 1 to 200 visible ASCII characters.";

const adminOf = (request: FastifyRequest) => ({ userId: signedIn(request).originalUserId ?? signedIn(request).user.id, ip: clientIp(request) });
const callerOf = (request: FastifyRequest) => {
  checkedIds(request);
  return request.apiToken!;
};
function idempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers["idempotency-key"];
  if (key === undefined) return undefined;
  if (typeof key !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_MESSAGE, { "idempotency-key": IDEMPOTENCY_MESSAGE });
  return key;
}

export const integrationRoutes: ApiRoutes = async (app, { db }) => {
  // ---- tokens (Administrator)
  const tags = ["integrations"];
  app.post(
    "/Admin/ApiTokens",
    { schema: { tags, summary: "Create an API token: the token is in this answer only (stored as its SHA-256)", body: ApiTokenCreate, response: { 201: ApiTokenCreated, ...Errors } }, config: { access: admin } },
    async (request, reply) => reply.status(201).send(await service.createToken(db, adminOf(request), request.body)),
  );
  app.get(
    "/Admin/ApiTokens",
    { schema: { tags, summary: "API tokens (no secrets): scopes, created by and at, last used, revoked", response: { 200: ApiTokenList, ...Errors } }, config: { access: admin } },
    async () => service.listTokens(db),
  );
  app.delete(
    "/Admin/ApiTokens/:id",
    { schema: { tags, summary: "Revoke an API token, at once on every instance", params: ApiTokenParams, response: { 200: Ok, ...Errors } }, config: { access: admin } },
    async (request) => service.revokeToken(db, adminOf(request), request.params.id),
  );

  // ---- /api/v1
  app.put(
    "/v1/products/:productId",
    {
      schema: { ...v1, summary: "Create or update a wholesale product (catalog:write), with the supply desk's fields and checks", params: V1ProductParams, body: V1ProductBody, response: { 200: SupplyProduct, ...V1Errors } },
      config: { access: scope("catalog:write") },
    },
    async (request) => {
      const caller = callerOf(request);
      const key = idempotencyKey(request);
      const actor = service.actorOf(caller, clientIp(request), signedIn(request));
      if (!key) return service.putProduct(db, actor, request.params.productId, request.body);
      return service.onceAround(db, caller, key, { method: "PUT", url: `/v1/products/${request.params.productId}`, body: request.body }, () =>
        service.putProduct(db, actor, request.params.productId, request.body),
      );
    },
  );
  app.put(
    "/v1/availability",
    {
      schema: {
        ...v1,
        summary:
          'Set or add quantities and prices on offer (availability:write), in one transaction, by the supply desk\'s rules: "set" never below sold + held (refused lines name both). Safe to retry with an Idempotency-Key header.',
        body: V1AvailabilityBody,
        response: { 200: V1AvailabilityResult, ...V1Errors },
      },
      config: { access: scope("availability:write") },
    },
    async (request) => {
      const caller = callerOf(request);
      const actor = service.actorOf(caller, clientIp(request), signedIn(request));
      return service.once(db, caller, idempotencyKey(request), { method: "PUT", url: "/v1/availability", body: request.body }, (tx) => service.putAvailability(tx, actor, request.body));
    },
  );
  app.get(
    "/v1/orders",
    {
      schema: { ...v1, summary: "Orders of both stores created or changed after the cursor, oldest change first (orders:read); `next` is the cursor for the next call", querystring: V1PageQuery, response: { 200: V1OrderPage, ...V1Errors } },
      config: { access: scope("orders:read") },
    },
    async (request) => service.ordersSince(db, request.query.since, request.query.limit),
  );
  app.get(
    "/v1/invoices",
    {
      schema: { ...v1, summary: "Invoices and credit notes issued or changed after the cursor, oldest change first (invoices:read)", querystring: V1PageQuery, response: { 200: V1InvoicePage, ...V1Errors } },
      config: { access: scope("invoices:read") },
    },
    async (request) => service.invoicesSince(db, request.query.since, request.query.limit),
  );
};
