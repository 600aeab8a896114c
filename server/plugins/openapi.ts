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

type Media = { schema?: { description?: string; anyOf?: { description?: string }[]; oneOf?: { description?: string }[] } };
type Operation = { responses?: Record<string, { description?: string; content?: Record<string, Media> }> };

/** Response bodies that are not JSON name their media type as their schema's description (`.describe("text/csv")`). */
const MEDIA_TYPE = /^(text\/csv|text\/event-stream|application\/pdf|image\/svg\+xml|image\/png)\b/;
const BINARY = new Set(["application/pdf", "image/png"]);

function mediaTypesOf(description: string | undefined, media: Media | undefined): string[] {
  const schema = media?.schema;
  const described = [description, schema?.description, ...(schema?.anyOf ?? schema?.oneOf ?? []).map((s) => s.description)];
  return [...new Set(described.map((d) => MEDIA_TYPE.exec(d ?? "")?.[1]).filter((t): t is string => !!t))];
}

/**
 * The document as the server answers (issue 23 item 13): a success that is a file or a stream is
 * listed under its own media type (text/csv, application/pdf, image/*, text/event-stream) rather than
 * application/json, every error under application/json (the error handler's body, whatever the
 * route produces), and a 304 with no body. Registered as @fastify/swagger's transformObject.
 */
export function documentMediaTypes<T>(document: T): T {
  admitNullInNullableEnums(document);
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const entries = Object.values(response.content ?? {});
        if (status === "304") {
          delete response.content;
          continue;
        }
        if (!entries.length) continue;
        if (Number(status) >= 400) {
          response.content = { "application/json": entries[0]! };
          continue;
        }
        const types = mediaTypesOf(response.description, entries[0]);
        if (!types.length) continue;
        response.content = Object.fromEntries(types.map((type) => [type, { schema: { type: "string", ...(BINARY.has(type) ? { format: "binary" } : {}) } } as Media]));
        if (response.description === "Default Response") response.description = types.join(" or ");
      }
    }
  }
  return document;
}

/**
 * OpenAPI 3.0: `nullable: true` admits null only where `enum` lists it too, so a nullable enum (a Zod
 * `enum().nullable()`) is written with null among its values; validators then accept the null the
 * server sends.
 */
function admitNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) admitNullInNullableEnums(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const schema = node as { nullable?: unknown; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  for (const value of Object.values(node)) admitNullInNullableEnums(value);
}
