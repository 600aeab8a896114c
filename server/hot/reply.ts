// The one way a hot read sends an answer it already holds as bytes: JSON made once (to the route's
// response schema) and the serialised, compressed answers of an AnswerCache. Fastify sends a string or
// a Buffer as it is, without its response serializer, so these answers skip checking and stringifying
// again; the route's schema still declares (and documents) what the bytes are.
import type { FastifyReply, FastifyRequest } from "fastify";
import { z, type ZodType } from "zod";
import { negotiateEncoding, type AnswerCache, type AnswerEntry } from "./answer-cache.ts";

declare const answerOf: unique symbol;
/** The JSON text of a value of T, made by `jsonOf` from the schema the route answers with. */
export type Json<T> = string & { readonly [answerOf]?: T };

/** `value` serialised as the route's response serializer would (encoded through the schema, then stringified). */
export function jsonOf<S extends ZodType>(schema: S, value: z.input<S>): Json<z.output<S>> {
  return JSON.stringify(z.encode(schema, value as z.output<S>)) as Json<z.output<S>>;
}

const JSON_TYPE = "application/json; charset=utf-8";

/** Sends JSON text already made from the route's answer. */
export function sendJson<T>(reply: FastifyReply, json: Json<T>): FastifyReply {
  return reply.type(JSON_TYPE).send(json);
}

/** 304 Not Modified: no body, no length. */
export function sendNotModified(reply: FastifyReply): FastifyReply {
  return reply.code(304).send();
}

/** A conditional answer of an AnswerCache: its ETag, and 304 or the body in the best encoding the client takes. */
export interface CachedAnswer {
  etag: string;
  notModified: boolean;
  entry?: AnswerEntry | null;
}

/**
 * Sends a cached answer: its ETag (private, revalidated each time, varying by encoding), then 304
 * when the client holds it, else its serialised bytes, compressed once per entry and encoding.
 */
export async function sendAnswer(reply: FastifyReply, request: FastifyRequest, answers: AnswerCache, result: CachedAnswer): Promise<FastifyReply> {
  reply.header("etag", result.etag).header("cache-control", "private, no-cache").header("vary", "accept-encoding");
  if (result.notModified || !result.entry) return sendNotModified(reply);
  const encoding = negotiateEncoding(request.headers["accept-encoding"]);
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  return reply.type(JSON_TYPE).send(await answers.body(result.entry, encoding));
}
