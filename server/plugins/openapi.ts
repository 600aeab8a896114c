import type { FastifyInstance, RouteOptions } from "fastify";
import { z } from "zod";
import { ErrorResponse } from "../../contract/common.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Statuses the shared request pipeline itself can answer, whatever the handler does: 400 (a path,
 * query or body that fails its schema, an unknown query property, a NUL character, malformed JSON);
 * for writes also 403 (the cross-site check), 413 (body over the limit) and 415 (a content type we do
 * not read); 503 for every route (the database went away under the request: send it again; see
 * server/plugins/errors.ts); 401 and 403 for every route whose declared access needs a session. Handlers declare
 * their own (404, 409, 429, 304) in their route's `response`.
 */
export function pipelineStatuses(method: string): number[] {
  return UNSAFE.has(method) ? [400, 403, 413, 415, 503] : [400, 503];
}

type Schema = { hide?: boolean; querystring?: unknown; response?: Record<string | number, unknown> };

/**
 * Completes every /api route's schema before it is compiled and documented, so the OpenAPI document
 * says what the server does: a query accepts only its declared properties (an unknown one is a 400,
 * as any other invalid input), and every status the pipeline can answer is listed with the error body.
 */
export function completeApiSchemas(app: FastifyInstance) {
  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.url.startsWith("/api/")) return;
    const schema = (route.schema ??= {}) as Schema;
    if (schema.hide) return;
    const query = schema.querystring;
    schema.querystring = query instanceof z.ZodObject ? z.strictObject(query.shape) : z.strictObject({});
    const response = (schema.response ??= {});
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) for (const status of pipelineStatuses(method)) response[status] ??= ErrorResponse;
    // A route that needs a session (server/plugins/guard.ts) answers 401 without one and 403 to a
    // caller without the role or the ids it names.
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (access !== undefined && access !== "public") for (const status of [401, 403]) response[status] ??= ErrorResponse;
  });
}
