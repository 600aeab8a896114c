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
  app.addHook("preValidation", async (request) => {
    const parts: [string, unknown][] = [
      ["params", request.params],
      ["querystring", request.query],
      ["body", request.body],
    ];
    for (const [where, data] of parts) {
      const path = findNul(data);
      if (!path) continue;
      const field = path.join(".") || where;
      throw badRequest(`${field}: ${NUL_MESSAGE}`, { [field]: NUL_MESSAGE });
    }
  });
}
