import type { FastifyInstance } from "fastify";
import { badRequest } from "../errors.ts";

export const NUL_MESSAGE = "Text may not contain the NUL character (U+0000)";
const MAX_DEPTH = 64;

/** The path of the first string (or object key) holding U+0000, or null when there is none. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  // Raw bodies (the page routes' form posts arrive as a Buffer) are checked where they are parsed.
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH || ArrayBuffer.isView(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "\\u0000")];
    const found = findNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in text, so a NUL anywhere in a path parameter, query or body is
 * refused before validation, for every route at once: 400 with the field it was found in.
 */
export function refuseNul(app: FastifyInstance) {
  app.addHook("preValidation", (request, _reply, done) => {
    // Path parameters and the query are decoded from the URL, where a NUL can only come as %00 (or
    // as itself, which Node's parser refuses): a request without one and without a body (every GET)
    // has nothing to look through.
    const url = request.url;
    if (request.body === undefined && !url.includes("%00") && !url.includes("\u0000")) return done();
    const parts: [string, unknown][] = [
      ["params", request.params],
      ["querystring", request.query],
      ["body", request.body],
    ];
    for (const [where, data] of parts) {
      const path = findNul(data);
      if (!path) continue;
      const field = path.join(".") || where;
      return done(badRequest(`${field}: ${NUL_MESSAGE}`, { [field]: NUL_MESSAGE }));
    }
    done();
  });
}
