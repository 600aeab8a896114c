import { randomUUID } from "node:crypto";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { isDatabaseBusy, isDatabaseUnavailable, pgCode as sqlState } from "../../db/client.ts";
import { HttpError } from "../errors.ts";
import { STATUS_TEXT } from "../../contract/http-status.ts";
import { isDiskFull } from "../disk-guard.ts";


/** What a request that lost its database answers; the client may send it again (Retry-After). */
export const UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";
/** What a write answers while the embedded database's disk is full (server/disk-guard.ts). */
export const DISK_FULL_MESSAGE = "The store cannot save changes right now: its database disk is full. Nothing was saved; please try again later.";
/** What a request answers when the database gave way to other work (deadlock, lock or statement timeout). */
export const BUSY_MESSAGE = "The store is busy with other changes to the same records. Nothing was saved; please try again in a moment.";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page for a browser while the database is away: no scripts, nothing that needs the database. */
function unavailablePage(requestId: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Briefly unavailable</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#f6f8f3;color:#1f2a1c}main{max-width:32rem;margin:18vh auto;padding:0 1.5rem}
h1{font-size:1.6rem;font-weight:600;margin:0 0 .75rem}p{line-height:1.5}a{color:#2f5d2a}small{color:#4d5a49}</style></head>
<body><main><h1>Briefly unavailable</h1><p>${UNAVAILABLE_MESSAGE}</p><p><a href="">Try again</a></p>
<p><small>Request id: ${escapeHtml(requestId)}</small></p></main></body></html>`;
}

/**
 * A request Node's HTTP parser refused before Fastify saw it (a malformed header line or request
 * line, headers too large, a request that took too long to arrive) is answered with the API's error
 * body and a request id (also in X-Request-Id, and in the log line), not Fastify's bare
 * {"message":"Client Error"}. Fastify's `clientErrorHandler` option; `this` is the instance.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Duplex) {
  // A connection reset: nobody is left to answer.
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [statusCode, message] =
    err.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "The request took too long to arrive."]
      : err.code === "HPE_HEADER_OVERFLOW"
        ? [431, "The request's headers are too large."]
        : [400, "The request could not be read: a header, the request line or the body's framing is malformed."];
  const requestId = randomUUID();
  const error = STATUS_TEXT[statusCode] ?? "Error";
  this.log.info({ reqId: requestId, err: { code: err.code, message: err.message } }, `malformed request refused with ${statusCode}`);
  if (socket.writable) {
    const body = JSON.stringify({ statusCode, error, message, requestId });
    socket.write(
      `HTTP/1.1 ${statusCode} ${error}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

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
    // The database went away under the request (failover, restart, lost connection): nothing was
    // committed unless the commit itself answered, so the request may be sent again. An
    // Idempotency-Key makes that safe for orders.
    // The database's disk is full (53100, ENOSPC): nothing of the transaction was kept.
    if (isDiskFull(err)) {
      request.log.error({ err: { message: err.message, code: sqlState(err) } }, "database disk full: the write failed");
      reply.status(503).header("retry-after", "30");
      return reply.send(body(503, DISK_FULL_MESSAGE));
    }
    // A deadlock, a lock not granted within lock_timeout or a statement past statement_timeout: the
    // transaction was rolled back whole, so the same request may be sent again.
    if (isDatabaseUnavailable(err)) {
      const busy = isDatabaseBusy(err);
      request.log.warn({ err: { message: err.message, code: sqlState(err) } }, busy ? "database busy: deadlock, lock or statement timeout" : "database unavailable");
      reply.status(503).header("retry-after", busy ? "1" : "2");
      // A page (a signed-in user's session is looked up before any page renders): a page, not JSON.
      if (!request.url.startsWith("/api/") && (request.headers.accept ?? "").includes("text/html")) {
        return reply.type("text/html; charset=utf-8").send(unavailablePage(request.id));
      }
      return reply.send(body(503, busy ? BUSY_MESSAGE : UNAVAILABLE_MESSAGE));
    }
    // A database constraint we did not foresee is still the client's conflict, never a crash.
    const pgCode = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (pgCode === "23505") return reply.status(409).send(body(409, "That already exists."));
    if (pgCode === "23503" || pgCode === "23514" || pgCode === "22P02" || pgCode === "22003" || pgCode === "22007" || pgCode === "22008" || pgCode === "22021" || pgCode === "22P05")
      return reply.status(400).send(body(400, "The request contains a value that is not allowed."));
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send(body(500, "Something went wrong on our side. Please try again."));
  });
}
