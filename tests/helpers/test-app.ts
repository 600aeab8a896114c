import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { openDatabase, type Database, type Db } from "../../db/client.ts";
import { buildApp, type BuildOptions } from "../../server/app.ts";
import { loadConfig, type Config } from "../../server/config.ts";
import { withDatabase } from "./global-setup.ts";
import { DEFAULT_TEST_PASSWORD, insertUser, type InsertUserOptions } from "../factories/index.ts";

/** A test file's database; `url` is its connection string on PostgreSQL (for a second instance). */
export type TestDatabase = Database & { url?: string };

/** A fresh, migrated database for one test file: PGlite from the snapshot, or a clone of the Postgres template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject("dbTemplate");
  const url = process.env.DATABASE_URL;
  if (url) {
    // Named after the run's template, so the run's teardown finds and drops it.
    const name = `${template.replace(/_template$/, "")}_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.end();
    const databaseUrl = withDatabase(url, name);
    const database = await openDatabase({ databaseUrl, poolSize: 20 });
    return {
      ...database,
      url: databaseUrl,
      async close() {
        await database.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists "${name}" with (force)`);
        await c.end();
      },
    };
  }
  return openDatabase({ loadDataDir: templateDump(template), sharedBuffers: TEST_SHARED_BUFFERS });
}

/** A test file's embedded database holds a few hundred rows: a small buffer pool starts faster. */
const TEST_SHARED_BUFFERS = "8MB";

let loaded: { file: string; bytes: ArrayBuffer } | undefined;

/**
 * The run's migrated snapshot (an uncompressed tar), read from disk once per process and handed to
 * every database started from it as it is. PGlite unpacks a dump through its arrayBuffer(): a Blob of
 * the file copied its tens of MB and then read them back in chunks for each database, a third of
 * starting one. PGlite copies each file it unpacks, so the bytes are never changed.
 */
export function templateDump(file: string): Blob {
  if (loaded?.file !== file) {
    const read = readFileSync(file);
    loaded = { file, bytes: read.buffer.slice(read.byteOffset, read.byteOffset + read.byteLength) };
  }
  const bytes = loaded.bytes;
  return new (class extends Blob {
    override arrayBuffer() {
      return Promise.resolve(bytes);
    }
  })();
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export async function buildTestApp(env: Record<string, string> = {}, database?: TestDatabase, options: Pick<BuildOptions, "ssrBuildPath" | "pageViews"> = {}): Promise<TestApp> {
  const db = database ?? (await createTestDatabase());
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_MODE: "false", PUBLIC_URL: "http://localhost:3000", ...env });
  const app = await buildApp({ db: db.db, config, logger: false, ...options });
  await app.ready();
  return {
    app,
    db: db.db,
    database: db,
    config,
    async close() {
      await app.close();
      if (!database) await db.close();
    },
  };
}

/** Two app instances on one database: on PostgreSQL the second has its own pool and its own LISTEN connection. */
export interface TwoInstances {
  a: TestApp;
  b: TestApp;
  /** Closes b, its own connection, then a (and the database). */
  close(): Promise<void>;
}

export async function buildTwoInstances(): Promise<TwoInstances> {
  const a = await buildTestApp();
  let second: Database | undefined;
  let b: TestApp | undefined;
  const close = async () => {
    await b?.close();
    await second?.close();
    await a.close();
  };
  try {
    second = a.database.url ? await openDatabase({ databaseUrl: a.database.url, poolSize: 5 }) : undefined;
    b = await buildTestApp({}, second ?? a.database);
  } catch (e) {
    await close();
    throw e;
  }
  return { a, b, close };
}

/** Builds two instances for the test file (beforeAll), hands them to `use`, and closes them (afterAll). */
export function twoInstancesPerFile(use: (two: { a: TestApp; b: TestApp }) => void): void {
  let pair: TwoInstances | undefined;
  beforeAll(async () => {
    pair = await buildTwoInstances();
    use(pair);
  });
  afterAll(async () => {
    await pair?.close();
  });
}

/**
 * What tests send requests through: a FastifyInstance (inject, in this process) or a server in
 * another process reached over HTTP (tests/helpers/server-process.ts).
 */
export interface Injector {
  inject(options: { method: "GET" | "POST" | "PUT" | "DELETE"; url: string; headers?: Record<string, string>; payload?: object }): Promise<LightMyRequestResponse>;
}

/**
 * What a browser sends with a write from our own pages (PUBLIC_URL is http://localhost:3000 in tests):
 * /api refuses a write on a cookie session without it (docs/security.md "Cross-site writes").
 */
export const SAME_ORIGIN = { origin: "http://localhost:3000" } as const;

/** Signs in through the real endpoint and returns the cookie header to send with later requests. */
export async function loginAs(app: Injector, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/Auth/login/", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

/** A user with these roles, inserted and signed in: its row and the cookie header to send. */
export async function signedInUser(t: { app: Injector; db: Db }, roles: NonNullable<InsertUserOptions["roles"]>, extra: InsertUserOptions = {}) {
  const u = await insertUser(t.db, { roles, ...extra });
  return { ...u, cookie: await loginAs(t.app, u.email, DEFAULT_TEST_PASSWORD) };
}

export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}

/**
 * inject() for a route that may answer with a stream that stays open (text/event-stream, the live
 * availability routes): the answer's status and headers once they are out, the stream then closed
 * from the client's side; any other answer as inject() gives it.
 */
export async function injectOrStream(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  if (String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) {
    res.raw.res.destroy();
    return { ...res, body: "", payload: "", json: () => null } as unknown as LightMyRequestResponse;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  return { ...res, body, payload: body, json: () => JSON.parse(body) } as unknown as LightMyRequestResponse;
}
