// A private PostgreSQL server for the fault suite: a fresh cluster in a temporary folder, on a free
// port, with its unix socket in that folder, that a test may stop, restart and terminate backends of
// without disturbing any other server on the machine. initdb refuses to run as root, so as root the
// binaries run as the `postgres` user in a folder that user owns.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import pg from "pg";

/** The folder holding initdb, pg_ctl and postgres, or null when PostgreSQL is not installed. */
export function findPostgresBin(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, "bin")));
  }
  candidates.push("/usr/local/pgsql/bin", "/usr/local/bin", "/usr/bin");
  for (const dir of candidates) {
    if (["initdb", "pg_ctl", "postgres"].every((b) => existsSync(path.join(dir, b)))) return dir;
  }
  return null;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PgCluster {
  /** Connection string of the cluster's `postgres` database (trust auth, user postgres). */
  url: string;
  port: number;
  bin: string;
  /** The cluster's temporary folder (owned by the user the server runs as): room for dump files. */
  dir: string;
  /** Runs a PostgreSQL client program of the same version (pg_dump, pg_restore) as the right user. */
  run(program: string, args: string[]): string;
  /** Stops the server (fast: ends every session, as a restart does; immediate: as a crash does). */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Starts it if a previous test left it stopped. */
  ensureStarted(): Promise<void>;
  /**
   * Ends every backend of `database` but our own (what a failover or an administrator does); with
   * `waitingOnLock`, only those waiting for a lock (a request held in flight by the test).
   */
  terminateBackends(database: string, options?: { waitingOnLock?: boolean; exceptPids?: number[] }): Promise<number>;
  /** A database for one test, created empty. Its connection string. */
  createDatabase(name: string): Promise<string>;
  destroy(): void;
}

const asRoot = userInfo().uid === 0;

const execFileAsync = promisify(execFile);

/** As runAs, without blocking the test's event loop (the load goes on meanwhile). */
async function runAsAsync(file: string, args: string[]): Promise<void> {
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  await execFileAsync(cmd as string, argv as string[], { cwd: tmpdir() });
}

function runAs(file: string, args: string[], options: { cwd?: string } = {}): string {
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
  const result = spawnSync(cmd as string, argv as string[], { encoding: "utf8", cwd: options.cwd ?? tmpdir(), maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${path.basename(file)} failed (${result.status}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** Where a cluster lives: enough to control it from another process (a test file of the suite). */
export interface ClusterInfo {
  bin: string;
  dir: string;
  port: number;
}

/** initdb and start a new cluster in a temporary folder, on a free port. */
export async function createCluster(): Promise<ClusterInfo> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL server binaries (initdb, pg_ctl, postgres) not found; set PG_BIN.");
  const dir = mkdtempSync(path.join(tmpdir(), "bloom-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  runAs(path.join(bin, "initdb"), ["-D", path.join(dir, "data"), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const info = { bin, dir, port: await freePort() };
  await attachCluster(info).start();
  return info;
}

export async function startCluster(): Promise<PgCluster> {
  return attachCluster(await createCluster());
}

/** Controls the cluster `info` describes (started by this process or another). */
export function attachCluster({ bin, dir, port }: ClusterInfo): PgCluster {
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
    "-c shared_buffers=32MB",
  ].join(" ");
  const pgCtl = (args: string[]) => runAsAsync(path.join(bin, "pg_ctl"), ["-D", data, "-l", log, ...args]);
  const start = async () => {
    try {
      await pgCtl(["start", "-w", "-t", "60", "-o", options]);
    } catch (err) {
      const tail = existsSync(log) ? readFileSync(log, "utf8").split("\n").slice(-20).join("\n") : "";
      throw new Error(`${(err as Error).message}\n${tail}`);
    }
  };
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;

  const withClient = async <T>(fn: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end().catch(() => {});
    }
  };

  return {
    url,
    port,
    bin,
    dir,
    run(program, args) {
      return runAs(path.join(bin, program), args, { cwd: dir });
    },
    async stop(mode = "fast") {
      await pgCtl(["stop", "-w", "-m", mode]);
    },
    start,
    async ensureStarted() {
      const status = spawnSync(asRoot ? "runuser" : path.join(bin, "pg_ctl"), [...(asRoot ? ["-u", "postgres", "--", path.join(bin, "pg_ctl")] : []), "-D", data, "status"]);
      if (status.status !== 0) await start();
    },
    terminateBackends: (database, options = {}) =>
      withClient(async (c) => {
        const r = await c.query(
          `select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity
            where datname = $1 and pid <> pg_backend_pid() and not (pid = any($2::int[]))
              and ($3::boolean is false or wait_event_type = 'Lock')`,
          [database, options.exceptPids ?? [], options.waitingOnLock ?? false],
        );
        return r.rows[0].n as number;
      }),
    createDatabase: (name) =>
      withClient(async (c) => {
        await c.query(`create database "${name}"`);
        return url.replace(/\/postgres$/, `/${name}`);
      }),
    destroy() {
      try {
        runAs(path.join(bin, "pg_ctl"), ["-D", data, "-l", log, "stop", "-w", "-m", "immediate"]);
      } catch {
        // already down
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
