import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../db/client.ts";

/** Per run, so two runs on one server (two developers, or CI and a developer) never touch each other. */
const RUN_PREFIX = `bloom_run_${process.pid}`;

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Migrates once per run: a PGlite data dump that every test file loads (PGlite), or a template
 * database every test file clones (PostgreSQL, when DATABASE_URL is set).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Leftovers of runs that died (their process is gone) are dropped; live runs are left alone.
    const runs = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'bloom\\_run\\_%'");
    for (const { datname } of runs.rows) {
      const pid = Number(/^bloom_run_(\d+)/.exec(datname)?.[1]);
      if (!alive(pid) || pid === process.pid) await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    const template = `${RUN_PREFIX}_template`;
    await admin.query(`create database "${template}"`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide("dbTemplate", template);
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const left = await c.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${RUN_PREFIX}\\_%`]);
      for (const { datname } of left.rows) await c.query(`drop database if exists "${datname}" with (force)`);
      await c.end();
    };
  }
  const database = await openDatabase({ dataDir: "memory://" });
  await database.migrate();
  // Uncompressed: every test file's database unpacks it, and gunzipping it each time cost more than
  // the few tens of MB it takes in the temporary folder.
  const dump = await database.dump!("none");
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), "bloom-test-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("dbTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}
