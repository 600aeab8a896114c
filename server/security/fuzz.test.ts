// Schema-driven fuzzing of every operation in the OpenAPI document (/api/openapi.json of the built
// app): fast-check generates path parameters, queries and bodies from each operation's schemas, mixed
// with hostile values (NUL, huge, negative, fractional, deeply nested, unknown properties, wrong types,
// malformed JSON), sent as a signed-in wholesaler or anonymously. Every answer must be below 500, one of
// the operation's documented statuses, and match the documented schema of that status; a refused
// request (4xx) must leave every table as it was.
//
// Reproduce a run: FUZZ_SEED=<seed> FUZZ_REQUESTS=<n> npx vitest run server/security/fuzz.test.ts
// (the seed and the figures are printed; the defaults are fixed, so CI runs the same requests).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { Ajv, type ValidateFunction } from "ajv";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/client.ts";
import { buildTestApp, injectOrStream, loginAs, SAME_ORIGIN, type TestApp } from "../../tests/helpers/test-app.ts";
import { ALL_WEEKDAYS, DEFAULT_TEST_PASSWORD, insertCustomer, insertOrder, insertRetailer, insertUser, shipTimesOn } from "../../tests/factories/index.ts";
import { offer, tomorrow } from "../../tests/helpers/store-fixtures.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_000);
/** Tables a refused request may still write: failed sign-ins and form posts count, sessions and API tokens are touched (last used). */
const MAY_CHANGE = new Set(["rate_limits", "sessions", "api_tokens"]);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
};
interface Parameter {
  in: "path" | "query" | "header" | "cookie";
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

let t: TestApp;
let cookie: string;
let known: string[] = [];
/** Valid values by parameter or property name, so most requests get past validation and ownership into the handler. */
let byName: Record<string, unknown[]> = {};
let watchedTables = 0;
/** API tokens for /api/v1: every scope, one scope no /api/v1 write or read shares with another, and a revoked one. */
const apiTokens: Record<"all" | "other" | "revoked", string> = { all: "", other: "", revoked: "" };
let doc: { paths: Record<string, Record<string, Operation>> };

// ---- generators ---------------------------------------------------------------------------------

const nest = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
};

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "A\u0000B",
  "-1",
  "0",
  "00",
  "1.5",
  "-0.5",
  "1e3",
  "0x10",
  "NaN",
  "Infinity",
  "2147483648",
  "99999999999999999999",
  "9999-12-31",
  "0000-00-00",
  "2026-02-30",
  "🌷🌷",
  "e\u0301",
  "../../etc/passwd",
  "%00",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "null",
  "true",
  "{}",
  "[]",
  "__proto__",
];

/** Anything at all, including what no schema allows. */
const wild = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(...NASTY_STRINGS),
    fc.integer({ min: 50, max: 3_000 }).chain((d) => fc.boolean().map((asArray) => nest(d, "\u0000", asArray))),
    fc.constant("x".repeat(100_000)),
    fc.jsonValue({ maxDepth: 3 }),
  );

/** A U+0000 put somewhere into a value. */
const withNul = (values: fc.Arbitrary<string>) =>
  fc.tuple(values, fc.nat()).map(([v, at]) => {
    const i = at % (v.length + 1);
    return `${v.slice(0, i)}\u0000${v.slice(i)}`;
  });

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const parts: fc.WeightedArbitrary<string>[] = [
    { arbitrary: fc.constantFrom(...known), weight: 4 },
    { arbitrary: fc.constantFrom(...NASTY_STRINGS), weight: 3 },
    { arbitrary: withNul(fc.constantFrom(...known)), weight: 2 },
    { arbitrary: fc.string({ maxLength: schema.maxLength ?? 60, unit: "grapheme" }), weight: 2 },
    { arbitrary: fc.constantFrom("x".repeat(5_000), "é".repeat(20_000)), weight: 1 },
  ];
  if (schema.pattern) parts.push({ arbitrary: fc.stringMatching(new RegExp(schema.pattern)), weight: 3 });
  if (schema.format === "email") parts.push({ arbitrary: fc.emailAddress(), weight: 3 });
  if (schema.enum) parts.push({ arbitrary: fc.constantFrom(...(schema.enum as string[])), weight: 6 });
  return fc.oneof(...parts);
}

function numberArb(schema: JsonSchema): fc.Arbitrary<number> {
  const integer = schema.type === "integer";
  return fc.oneof(
    { arbitrary: fc.integer({ min: -3, max: 12 }), weight: 4 },
    { arbitrary: fc.constantFrom(-1, 0, 1.5, -0.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 0.1 + 0.2), weight: 3 },
    { arbitrary: integer ? fc.integer() : fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 2 },
  );
}

/** Values shaped by the schema most of the time, anything else some of the time. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return wild();
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf?.length) return fromSchema(Object.assign({}, ...schema.allOf), depth + 1);
  let shaped: fc.Arbitrary<unknown>;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.const !== undefined) shaped = fc.constant(schema.const);
  else if (schema.enum) shaped = fc.constantFrom(...schema.enum);
  else if (type === "string") shaped = stringArb(schema);
  else if (type === "integer" || type === "number") shaped = numberArb(schema);
  else if (type === "boolean") shaped = fc.boolean();
  else if (type === "array") {
    shaped = fc.oneof(
      { arbitrary: fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 }), weight: 5 },
      { arbitrary: fc.integer({ min: 500, max: 20_000 }).map((n) => Array.from({ length: n }, () => ({ productId: "A", quantity: 1 }))), weight: 1 },
    );
  } else if (type === "object" || schema.properties) {
    const props = schema.properties ?? {};
    const record = fc.record(
      Object.fromEntries(Object.entries(props).map(([k, s]) => [k, named(k, fromSchema(s, depth + 1))])),
      { requiredKeys: [] },
    );
    const unknown = fc.dictionary(fc.constantFrom("extra", "__proto__", "constructor", "roles", "isAdmin", "\u0000"), wild(), { maxKeys: 2 });
    shaped = fc.oneof(
      { arbitrary: record, weight: 6 },
      { arbitrary: fc.tuple(record, unknown).map(([r, u]) => ({ ...u, ...(r as object) })), weight: 2 },
    );
  } else shaped = wild();
  if (schema.nullable) shaped = fc.oneof(shaped, fc.constant(null));
  return fc.oneof({ arbitrary: shaped, weight: 5 }, { arbitrary: wild(), weight: 1 });
}

/** A known valid value for this name most of the time, the generated one otherwise. */
function named<T>(name: string, generated: fc.Arbitrary<T>): fc.Arbitrary<T | unknown> {
  const values = byName[name];
  return values?.length ? fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 3 }, { arbitrary: generated, weight: 2 }) : generated;
}

// Up to 4,000 characters: a longer URL than that is refused by Node's header limit before any route.
function paramArb(p: Parameter): fc.Arbitrary<string> {
  const hostile = fc.oneof({ arbitrary: stringArb(p.schema), weight: 5 }, { arbitrary: numberArb({ type: "number" }).map(String), weight: 1 });
  const values = byName[p.name] ?? (p.schema.enum as string[] | undefined);
  const valid = values?.length ? fc.constantFrom(...values.map(String)) : p.schema.pattern ? fc.stringMatching(new RegExp(p.schema.pattern)) : stringArb(p.schema);
  return fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: hostile, weight: 1 }, { arbitrary: withNul(valid), weight: 1 }).map((s) => s.slice(0, 4_000));
}

interface Generated {
  anonymous: boolean;
  /** /api/v1: which API token is sent (instead of the session cookie). */
  token: "all" | "other" | "revoked" | "none";
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
  bodyMode: "json" | "malformed" | "text" | "none";
}

function requestArb(op: Operation): fc.Arbitrary<Generated> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const queryParams = params.filter((p) => p.in === "query");
  const bodySchema = op.requestBody?.content["application/json"]?.schema;
  return fc.record({
    anonymous: fc.constantFrom(false, false, false, true),
    token: fc.constantFrom("all", "all", "all", "all", "other", "revoked", "none"),
    path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, paramArb(p).filter((s) => s.length > 0)]))) as fc.Arbitrary<Record<string, string>>,
    query: fc
      .tuple(
        fc.record(Object.fromEntries(queryParams.map((p) => [p.name, paramArb(p)])), { requiredKeys: [] }),
        fc.oneof(
          { arbitrary: fc.constant({}), weight: 5 },
          { arbitrary: fc.dictionary(fc.constantFrom("extra", "debug", "admin", "retailerId", "\u0000"), fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 })), { maxKeys: 2 }), weight: 1 },
        ),
      )
      .map(([declared, extra]) => ({ ...extra, ...(declared as Record<string, string>) })),
    body: bodySchema ? fromSchema(bodySchema) : fc.option(wild(), { freq: 3 }),
    bodyMode: fc.oneof({ arbitrary: fc.constant("json"), weight: 8 }, fc.constant("malformed"), fc.constant("text"), fc.constant("none")),
  }) as fc.Arbitrary<Generated>;
}

// ---- the run ------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await buildTestApp();
  const wholesale = { shipTimes: shipTimesOn(ALL_WEEKDAYS, "23:59") };
  const c = await insertCustomer(t.db, wholesale);
  const r = await insertRetailer(t.db, { customerIds: [c.customerId] });
  const u = await insertUser(t.db, { roles: ["wholesaler"], customerIds: [c.customerId] });
  const shop = await insertUser(t.db, { roles: ["Retailer"], claims: [{ claim: "WholesalerId", value: c.customerId }] });
  const order = await insertOrder(t.db, { customerId: c.customerId, userId: u.id });
  const { catalog, products } = await offer(t.db, [c.customerId], { count: 3 });
  cookie = await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD);
  byName = {
    userId: [u.id],
    id: [u.id],
    id2: [shop.id, u.id],
    customerId: [c.customerId],
    retailerId: ["0", String(r.retailerId)],
    orderNumber: [String(order.orderNumber)],
    catalogOrderId: [String(catalog.orderId)],
    date: [tomorrow()],
    shipdate: [tomorrow()],
    shipDate: [tomorrow(), null],
    productId: products.map((p) => p.productId),
    quantity: [1, 2, 10],
    file: ["lily.svg", "garden-rose.svg"],
    form: ["contact", "apply"],
    email: [u.email],
  };
  known = [u.id, shop.id, c.customerId, String(r.retailerId), "0", String(order.orderNumber), String(catalog.orderId), tomorrow(), u.email, ...products.map((p) => p.productId)];
  const admin = await insertUser(t.db, { roles: ["Administrator"] });
  const adminCookie = await loginAs(t.app, admin.email, DEFAULT_TEST_PASSWORD);
  const makeToken = async (scopes: string[]) => {
    const res = await t.app.inject({ method: "POST", url: "/api/Admin/ApiTokens", headers: { ...SAME_ORIGIN, cookie: adminCookie }, payload: { name: "Fuzz", scopes } });
    return res.json() as { id: number; token: string };
  };
  apiTokens.all = (await makeToken(["catalog:write", "availability:write", "orders:read", "invoices:read"])).token;
  apiTokens.other = (await makeToken(["invoices:read"])).token;
  const revoked = await makeToken(["catalog:write", "availability:write", "orders:read", "invoices:read"]);
  await t.app.inject({ method: "DELETE", url: `/api/Admin/ApiTokens/${revoked.id}`, headers: { ...SAME_ORIGIN, cookie: adminCookie } });
  apiTokens.revoked = revoked.token;
  doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
  watchedTables = await installWriteCounter();
});
afterAll(async () => t?.close());

/**
 * A change counter on every table a request could write: a row trigger bumps it (and names the table)
 * inside the writing transaction, so a rolled-back write leaves it as it was.
 */
async function installWriteCounter() {
  const tables = rowsOf<{ name: string }>(
    await t.db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  )
    .map((r) => r.name)
    .filter((name) => !MAY_CHANGE.has(name));
  await t.db.execute(sql.raw(`create table fuzz_writes (n bigint not null, last_table text)`));
  await t.db.execute(sql.raw(`insert into fuzz_writes values (0, null)`));
  await t.db.execute(
    sql.raw(`create function fuzz_bump() returns trigger language plpgsql as $$ begin update fuzz_writes set n = n + 1, last_table = TG_TABLE_NAME; return null; end $$`),
  );
  for (const name of tables) {
    await t.db.execute(sql.raw(`create trigger fuzz_bump after insert or update or delete on "${name}" for each row execute function fuzz_bump()`));
  }
  return tables.length;
}

async function writes(): Promise<{ n: number; table: string | null }> {
  const [row] = rowsOf<{ n: string; last_table: string | null }>(await t.db.execute(sql`select n, last_table from fuzz_writes`));
  return { n: Number(row!.n), table: row!.last_table };
}

const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const validators = new Map<string, ValidateFunction>();
function validatorFor(key: string, schema: JsonSchema): ValidateFunction {
  let v = validators.get(key);
  if (!v) validators.set(key, (v = ajv.compile(schema)));
  return v;
}

function buildRequest(path: string, method: string, g: Generated) {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(g.path[name] ?? "x"));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(g.query)) for (const item of Array.isArray(v) ? v : [v]) search.append(k, item);
  const qs = search.toString();
  const headers: Record<string, string> = {};
  if (path.startsWith("/api/v1/")) {
    // The integration API takes an API token, never the session (tokens with each scope and without).
    if (g.token !== "none") headers.authorization = `Bearer ${apiTokens[g.token]}`;
  } else if (!g.anonymous) headers.cookie = cookie;
  if (method !== "GET") Object.assign(headers, SAME_ORIGIN);
  let payload: string | undefined;
  if (method !== "GET" && g.bodyMode !== "none") {
    if (g.bodyMode === "json") payload = JSON.stringify(g.body ?? null);
    else if (g.bodyMode === "malformed") payload = `{"a": ${JSON.stringify(g.body ?? null).slice(0, 200)}`;
    else payload = JSON.stringify(g.body ?? null).slice(0, 1000);
    headers["content-type"] = g.bodyMode === "text" ? "text/plain" : "application/json";
  }
  // A logout would end the session the rest of the run uses.
  if (/logout/i.test(path)) delete headers.cookie;
  return { method: method.toUpperCase() as "GET" | "POST" | "PUT", url: qs ? `${url}?${qs}` : url, headers, payload };
}

describe("schema-driven fuzzing of the OpenAPI document", () => {
  it(`answers ${REQUESTS} generated requests inside their documented statuses and schemas, with no 5xx and no write from a refused request`, async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(30);
    const perOperation = Math.ceil(REQUESTS / operations.length);
    const failures: string[] = [];
    const tally = { requests: 0, ok: 0, refused: 0, statuses: {} as Record<number, number> };

    let written = await writes();
    const slowest: [string, number][] = [];
    for (const [index, { path, method, op }] of operations.entries()) {
      const started = performance.now();
      const samples = fc.sample(requestArb(op), { seed: SEED + index, numRuns: perOperation });
      for (const g of samples) {
        const req = buildRequest(path, method, g);
        // A live availability stream (text/event-stream) stays open: its status is read, then it is closed.
        const res = op.responses["200"]?.content?.["text/event-stream"] ? await injectOrStream(t.app, req) : await t.app.inject(req);
        tally.requests++;
        tally.statuses[res.statusCode] = (tally.statuses[res.statusCode] ?? 0) + 1;
        const where = `${req.method} ${req.url.slice(0, 160)}${req.payload ? ` body ${req.payload.slice(0, 120)}` : ""}`;
        const problem = (why: string) => failures.push(`${path} ${method}: ${why} — ${where}`);
        if (res.statusCode >= 500) problem(`${res.statusCode} ${res.body.slice(0, 200)}`);
        const documented = op.responses[String(res.statusCode)];
        if (!documented) problem(`status ${res.statusCode} is not documented (${Object.keys(op.responses).join(", ")}): ${res.body.slice(0, 160)}`);
        const schema = documented?.content?.["application/json"]?.schema;
        if (schema && String(res.headers["content-type"] ?? "").includes("json") && res.body.length) {
          const validate = validatorFor(`${path} ${method} ${res.statusCode}`, schema);
          if (!validate(JSON.parse(res.body))) problem(`body does not match the documented ${res.statusCode} schema: ${ajv.errorsText(validate.errors)}`);
        }
        const now = await writes();
        if (res.statusCode >= 400) {
          tally.refused++;
          if (now.n !== written.n) problem(`refused with ${res.statusCode} but wrote ${now.n - written.n} row(s), the last to ${now.table}`);
        } else tally.ok++;
        written = now;
      }
      slowest.push([`${method.toUpperCase()} ${path}`, Math.round(performance.now() - started)]);
    }
    slowest.sort((a, b) => b[1] - a[1]);
    console.log(`fuzz: slowest operations (ms for ${perOperation} requests): ${slowest.slice(0, 6).map(([op, ms]) => `${op} ${ms}`).join("; ")}`);
    console.log(
      `fuzz: seed ${SEED}, ${operations.length} operations, ${watchedTables} tables watched, ${tally.requests} requests (${tally.ok} answered, ${tally.refused} refused), ` +
        `statuses ${JSON.stringify(tally.statuses)}, ${failures.length} failures`,
    );
    expect(tally.requests).toBeGreaterThanOrEqual(REQUESTS);
    expect(failures.slice(0, 25)).toEqual([]);
  }, 420_000);
});
