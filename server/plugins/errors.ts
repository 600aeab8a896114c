import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { HttpError } from "../errors.ts";
import { STATUS_TEXT } from "../../contract/http-status.ts";


function fieldPath(parts: readonly PropertyKey[]): string {
  return parts.map(String).join(".") || "body";
}

/** One error handler for the whole API: 4xx with field messages, 5xx logged and shown generically. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    const body = (statusCode: number, message: string, fields?: Record<string, string>, extra?: unknown) => ({
      statusCode,
      error: STATUS_TEXT[statusCode] ?? "Error",
      message,
      ...(fields && Object.keys(fields).length ? { fields } : {}),
      ...(extra !== undefined ? { data: extra } : {}),
      requestId: request.id,
    });

    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send(body(err.statusCode, err.message, err.fields, err.data));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || (err as FastifyError).validationContext || "body";
        fields[path] ??= issue.message ?? "Invalid value";
      }
      const first = Object.entries(fields)[0];
      return reply.status(400).send(body(400, first ? `${first[0]}: ${first[1]}` : "Invalid request", fields));
    }
    if (err instanceof ZodError) {
      const fields: Record<string, string> = {};
      for (const issue of err.issues) fields[fieldPath(issue.path)] ??= issue.message;
      const first = Object.entries(fields)[0];
      return reply.status(400).send(body(400, first ? `${first[0]}: ${first[1]}` : "Invalid request", fields));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, "response did not match its schema");
      return reply.status(500).send(body(500, "Something went wrong on our side. Please try again."));
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, too large, wrong content type.
      return reply.status(status).send(body(status, err.message));
    }
    // A database constraint we did not foresee is still the client's conflict, never a crash.
    const pgCode = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (pgCode === "23505") return reply.status(409).send(body(409, "That already exists."));
    if (pgCode === "23503" || pgCode === "23514" || pgCode === "22P02" || pgCode === "22003" || pgCode === "22007" || pgCode === "22008")
      return reply.status(400).send(body(400, "The request contains a value that is not allowed."));
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send(body(500, "Something went wrong on our side. Please try again."));
  });
}
