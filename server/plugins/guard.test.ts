// The declared-auth guard on its own: a route that declares nothing cannot register; roles and
// ids are checked before the handler runs. (The store, order and user tests cover it in the app.)
import Fastify, { type FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-app.ts";
import { checkedIds } from "./access.ts";
import { guardPlugin } from "./guard.ts";
import type { AuthContext } from "./session.ts";

const user = (roles: string[], id = "u1"): AuthContext => ({
  sessionId: "s",
  user: { id, email: `${id}@example.com`, firstName: "A", lastName: "B", roles, claims: [] },
  originalUserId: null,
  currentCustomerId: null,
});

/** A stand-in for the session plugin: the test names the caller in a header. */
const fakeSession = fp(
  async (app) => {
    app.decorateRequest("auth", null);
    app.addHook("onRequest", async (request) => {
      const roles = request.headers["x-roles"];
      request.auth = typeof roles === "string" ? user(roles ? roles.split(",") : []) : null;
    });
  },
  { name: "session" },
);

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

async function appWith(register: (app: FastifyInstance) => void) {
  const app = Fastify({ logger: false });
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    reply.status(error.statusCode ?? 500).send({ message: error.message });
  });
  await app.register(fakeSession);
  await app.register(guardPlugin, { db: database.db });
  register(app);
  return app;
}

describe("declared access", () => {
  it("refuses to register a route that declares no access", async () => {
    await expect(appWith((a) => a.get("/open-by-omission", async () => "oops"))).rejects.toThrow(/GET \/open-by-omission declares no access/);
  });

  it("answers 401 without a session and 403 without an allowed role, before the handler runs", async () => {
    let ran = 0;
    const app = await appWith((a) =>
      a.get("/staff", { config: { access: { roles: ["Administrator", "SalesPerson"] } } }, async () => {
        ran++;
        return "ok";
      }),
    );
    expect((await app.inject("/staff")).statusCode).toBe(401);
    expect((await app.inject({ url: "/staff", headers: { "x-roles": "wholesaler" } })).statusCode).toBe(403);
    expect(ran).toBe(0);
    const ok = await app.inject({ url: "/staff", headers: { "x-roles": "salesperson" } });
    expect(ok.statusCode).toBe(200);
    expect(ran).toBe(1);
    await app.close();
  });

  it("lets anyone call a public route", async () => {
    const app = await appWith((a) => a.get("/p", { config: { access: "public" } }, async () => "hello"));
    expect((await app.inject("/p")).body).toBe("hello");
    await app.close();
  });

  it("checks a named user id against the caller, read from the declared place", async () => {
    const app = await appWith((a) =>
      a.get<{ Params: { id: string } }>("/u/:id", { config: { access: { ids: { userId: "params.id" } } } }, async (request) => checkedIds(request).userId),
    );
    expect((await app.inject({ url: "/u/u1", headers: { "x-roles": "" } })).body).toBe("u1");
    const other = await app.inject({ url: "/u/u2", headers: { "x-roles": "" } });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe("You can only act for your own account.");
    await app.close();
  });

  it("resolves an omitted retailer to 0 for a customer's own people, or to every retailer when the route says so", async () => {
    const app = await appWith((a) => {
      a.get("/own", { config: { access: { ids: { retailerId: "query" } } } }, async (request) => ({ r: checkedIds(request).retailerId ?? "all" }));
      a.get("/all", { config: { access: { ids: { retailerId: "query" }, anyRetailer: true } } }, async (request) => ({ r: checkedIds(request).retailerId ?? "all" }));
    });
    expect((await app.inject({ url: "/own", headers: { "x-roles": "wholesaler" } })).json()).toEqual({ r: 0 });
    expect((await app.inject({ url: "/all", headers: { "x-roles": "wholesaler" } })).json()).toEqual({ r: "all" });
    await app.close();
  });
});
