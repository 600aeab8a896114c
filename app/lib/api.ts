import type { z } from "zod";
import { shouldRetry } from "../../domain/retry.ts";
import { jsonArrayBatches } from "./json-array-stream.ts";

/**
 * An /api error with the server's message and field messages. `fromServer` is false when the answer
 * carried no message of its own (a proxy's 502, a body that is not JSON): the message is then only
 * the HTTP status text, and screens show their own fallback text instead (SPEC §8).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly data?: unknown,
    readonly fromServer = true,
  ) {
    super(message);
  }
}

/** What to tell the user about a failed call: the server's own message, or the screen's fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError ? err.message : fallback;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Builds a query string, leaving out empty and missing values (SPEC §7). */
export function withQuery(path: string, query?: Query) {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

/** A request body: JSON (any value), or a file sent as it is (its own type) or as multipart form data. */
type Body = { json: unknown } | { file: Blob; type?: string } | { form: FormData } | undefined;

function encode(body: Body): { headers: Record<string, string>; body?: BodyInit } {
  if (body === undefined) return { headers: {} };
  if ("json" in body) return { headers: { "content-type": "application/json" }, body: JSON.stringify(body.json) };
  // The browser writes the multipart boundary itself: no content-type of ours.
  if ("form" in body) return { headers: {}, body: body.form };
  const type = body.type ?? body.file.type;
  return { headers: type ? { "content-type": type } : {}, body: body.file };
}

async function request<T>(
  method: string,
  path: string,
  body?: Body,
  schema?: z.ZodType<T>,
  headers?: Record<string, string>,
  signal?: AbortSignal,
  /** Reads a successful answer's body (instead of res.json() and `schema`). */
  read?: (res: Response) => Promise<T>,
): Promise<T> {
  const sent = encode(body);
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(path, {
        method,
        credentials: "same-origin",
        headers: { accept: "application/json", ...sent.headers, ...headers },
        body: sent.body,
        signal,
      });
    } catch (err) {
      // Given up by the caller (a list no longer wanted): not a connection problem to show.
      if (signal?.aborted) throw signal.reason ?? err;
      throw new ApiError(0, "We could not reach the server. Check your connection and try again.", {}, undefined, false);
    }
    if (res.ok) {
      if (res.status === 204) return undefined as T;
      if (read) return read(res);
      const json = await res.json();
      return schema ? schema.parse(json) : (json as T);
    }
    // shouldRetry counts the requests already sent.
    if (shouldRetry(method, res.status, attempt + 1)) continue;
    let payload: { message?: string; fields?: Record<string, string>; data?: unknown } = {};
    try {
      payload = await res.json();
    } catch {
      // not JSON: keep the generic message
    }
    const own = typeof payload.message === "string" && payload.message.trim() !== "";
    throw new ApiError(res.status, own ? payload.message! : res.statusText || "Request failed", payload.fields ?? {}, payload.data, own);
  }
}

/** Lets the browser paint and handle input before going on (between chunks of long work). */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Lets tasks already queued run first (a task posted to the back of the queue, as React's scheduler
 * posts its own work: the two take turns). scheduler.yield's continuation goes ahead of them instead.
 */
export function yieldInTurn(): Promise<void> {
  if (typeof MessageChannel !== "function") return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Lets every task of ordinary priority run first (scheduler.postTask's background priority, where the
 * browser has it): what the page queued (a render React has started, the frame that shows it, a key
 * typed) goes before the work that called it. Elsewhere it is yieldInTurn.
 */
export function yieldBehind(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { postTask?: (task: () => void, options: { priority: string }) => Promise<void> } }).scheduler;
  if (scheduler?.postTask) return scheduler.postTask(() => undefined, { priority: "background" });
  return yieldInTurn();
}

/** Items parsed between two yields: a few milliseconds of schema checks on a slow machine. */
const PARSE_CHUNK = 250;

/**
 * Parses a long list (or its items in batches as they are read: jsonArrayBatches) item by item,
 * yielding to the browser between chunks, so checking thousands of
 * items (the store's 5,000 products) never holds the main thread in one long task. Fails as
 * `z.array(item).parse` does, on the first item that does not fit. `reuse`, when given, is applied to
 * each parsed item in the same chunk (e.g. to keep the object already cached when nothing in it
 * changed), so that work is split too. `onFirstChunk`, when given, receives the first chunk's items as
 * soon as they are parsed (only for a list longer than one chunk), e.g. to show them while the rest is:
 * from then on the parse yields to the page's other work (yieldBehind), so showing them (a render and
 * its frame) goes first, not by turns with the rest of the parse (issue 30). When `signal` aborts (the list is no longer
 * wanted: the buyer chose another date), the parse stops at the next chunk with the signal's reason,
 * so the list wanted now does not wait behind it.
 */
export async function parseListInChunks<T>(
  value: unknown,
  item: z.ZodType<T>,
  reuse?: (parsed: T) => T,
  onFirstChunk?: (first: T[]) => void,
  signal?: AbortSignal,
): Promise<T[]> {
  if (!Array.isArray(value) && !isBatches(value)) throw new TypeError("expected a list");
  signal?.throwIfAborted();
  const out: T[] = [];
  const take = async (batch: unknown[]) => {
    for (const raw of batch) {
      const i = out.length;
      if (i > 0 && i % PARSE_CHUNK === 0) {
        if (i === PARSE_CHUNK) onFirstChunk?.(out.slice(0, i));
        await (onFirstChunk ? yieldBehind() : yieldToBrowser());
        signal?.throwIfAborted();
      }
      const parsed = item.parse(raw);
      out.push(reuse ? reuse(parsed) : parsed);
    }
  };
  // A list: its first chunk parsed before this returns. Or its items in batches as they are read
  // (jsonArrayBatches), each parsed as it comes.
  if (Array.isArray(value)) await take(value);
  else {
    for await (const batch of value) {
      signal?.throwIfAborted();
      await take(batch);
    }
  }
  return out;
}

function isBatches(value: unknown): value is AsyncIterable<unknown[]> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/**
 * The one client of our /api: reads retry once on the SPEC §7 statuses, writes never. Given a
 * contract schema, the answer is parsed with it (the same schema the server answers with), so a
 * changed answer fails here rather than somewhere in a screen.
 */
export const api = {
  get: <T>(path: string, query?: Query, schema?: z.ZodType<T>) => request<T>("GET", withQuery(path, query), undefined, schema),
  /** A long list, each item parsed with `item` in chunks (see parseListInChunks); `signal` gives it up, reading or parsing. */
  getList: <T>(path: string, query: Query | undefined, item: z.ZodType<T>, reuse?: (parsed: T) => T, onFirstChunk?: (first: T[]) => void, signal?: AbortSignal) =>
    request<T[]>("GET", withQuery(path, query), undefined, undefined, undefined, signal, (res) =>
      // Parsed as it arrives (json-array-stream.ts): the first chunk's items before the answer's end.
      parseListInChunks(res.body && jsonArrayBatches(res.body), item, reuse, onFirstChunk, signal),
    ),
  post: <T>(path: string, body?: unknown, query?: Query, headers?: Record<string, string>, schema?: z.ZodType<T>) =>
    request<T>("POST", withQuery(path, query), { json: body ?? {} }, schema, headers),
  put: <T>(path: string, body?: unknown, query?: Query, schema?: z.ZodType<T>) => request<T>("PUT", withQuery(path, query), { json: body ?? {} }, schema),
  /**
   * Sends a file: as it is, with its own content type (or `type`), or as multipart form data when
   * `file` is a FormData. Never retried (a write); the answer is parsed with `schema`.
   */
  upload: <T>(method: "POST" | "PUT", path: string, file: Blob | FormData, schema: z.ZodType<T>, options: { query?: Query; type?: string } = {}) =>
    request<T>(method, withQuery(path, options.query), file instanceof FormData ? { form: file } : { file, type: options.type }, schema),
  del: <T>(path: string, query?: Query, schema?: z.ZodType<T>) => request<T>("DELETE", withQuery(path, query), undefined, schema),
};
