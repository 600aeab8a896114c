// The security headers worked out once at start (security-headers.ts) are exactly the ones Helmet's
// middleware writes on a real response, on answers from memory, on errors and on refusals alike, each
// with its own script nonce.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import helmet from "helmet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, SAME_ORIGIN, type TestApp } from "../../tests/helpers/test-app.ts";
import { buyer, client } from "../../tests/helpers/store-fixtures.ts";
import { helmetOptions } from "./security-headers.ts";

/** The headers Helmet's own middleware sets on a real Node response whose nonce is `nonce`. */
async function helmetOnNode(cookieSecure: boolean, nonce: string): Promise<Record<string, string>> {
  const middleware = helmet(helmetOptions(cookieSecure));
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    (res as ServerResponse & { scriptNonce?: string }).scriptNonce = nonce;
    middleware(req, res, () => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (!["date", "connection", "keep-alive", "content-length", "transfer-encoding"].includes(name)) headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe.each([false, true])("security headers (secure cookies: %s)", (cookieSecure) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(cookieSecure ? { COOKIE_SECURE: "true" } : {});
  });
  afterAll(async () => t?.close());

  it("are Helmet's, with a fresh nonce, on answers from memory, errors and refusals", async () => {
    expect(t.config.cookieSecure).toBe(cookieSecure);
    const b = await buyer(t);
    const other = await buyer(t);
    const calls = [
      () => b.get("/api/Auth/CheckToken/"), // twice: the second comes from memory
      () => b.get("/api/Auth/CheckToken/"),
      () => b.cart(),
      () => b.cart(),
      () => client(t.app, b.cookie, b.userId, other.customerId).cart(), // someone else's cart: refused
      () => t.app.inject({ method: "GET", url: `/api/Store/Cart/${b.userId}/${b.customerId}` }), // no session: 401
      () => t.app.inject({ method: "GET", url: "/api/No/Such/Route" }),
      () => t.app.inject({ method: "GET", url: "/api/Store/Cart/a%00b/c" }), // a NUL: 400
      () => t.app.inject({ method: "POST", url: "/api/Auth/logout/", headers: { cookie: other.cookie, ...SAME_ORIGIN } }),
      () => t.app.inject({ method: "GET", url: "/healthz" }),
    ];
    const nonces = new Set<string>();
    const statuses: number[] = [];
    for (const call of calls) {
      const res = await call();
      statuses.push(res.statusCode);
      const nonce = nonceOf(res.headers["content-security-policy"]);
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      const expected = await helmetOnNode(cookieSecure, nonce!);
      const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers[name]]));
      expect(sent).toEqual(expected);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 403, 401, 404, 400, 200, 200]);
    expect(nonces.size).toBe(calls.length);
  });
});
