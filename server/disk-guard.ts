// The embedded database's disk (issue 23, item 7). PGlite keeps its files in DATA_DIR; when that
// filesystem fills, a write fails with 53100 "could not extend file", and a checkpoint that cannot
// write leaves PGlite answering nothing at all (seen: a later query never settles). So the instance
// refuses writes *before* the disk is full: below DATA_DIR_MIN_FREE_MB free, every write request
// answers 503 with a clear message and Retry-After, /readyz reports `disk: "full"`, and one log line
// says so; reads go on. Free space is read (statfs) every second, so freeing space lets writes in
// again within about a second, without a restart. A disk-full error that gets through anyway (space
// taken faster than a second) is answered the same way and marks the disk full at once.
import { statfsSync } from "node:fs";
import { pgCode } from "../db/client.ts";

export interface DiskGuard {
  /** Whether writes are refused now. */
  readonly full: boolean;
  /** Bytes free at the last reading (for the log and /readyz). */
  readonly freeBytes: number;
  /** A disk-full error was seen: refuse writes until the next reading shows room. */
  noteFull(): void;
  /** Reads the free space now. */
  check(): void;
  /** Where its lines go from now on (the app's logger, once it exists). */
  useLog(log: GuardLog): void;
  stop(): void;
}

export interface GuardLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DiskGuardOptions {
  dir: string;
  minFreeBytes: number;
  intervalMs?: number;
  /** Until the app's logger exists: standard error. */
  log?: GuardLog;
  /** Reads the free bytes of `dir` (tests replace it). */
  freeBytesOf?: (dir: string) => number;
}

const toStderr: GuardLog = { info: () => {}, warn: (o: object, m: string) => console.error(m, o), error: (o: object, m: string) => console.error(m, o) };

const statfsFree = (dir: string) => {
  const s = statfsSync(dir);
  return Number(s.bavail) * Number(s.bsize);
};

/** Whether an error is the database (or the filesystem under it) out of space. */
export function isDiskFull(err: unknown): boolean {
  if (pgCode(err) === "53100") return true;
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === "ENOSPC") return true;
    if (typeof e.message === "string" && e.message.includes("No space left on device")) return true;
  }
  return false;
}

export function startDiskGuard(options: DiskGuardOptions): DiskGuard {
  const { dir, minFreeBytes, freeBytesOf = statfsFree } = options;
  let log = options.log ?? toStderr;
  let full = false;
  let freeBytes = Infinity;
  // After a disk-full error: full until this much is free (what was free then + 1 MB, at least the floor).
  let roomAgainAt = 0;
  const mb = (n: number) => Math.round(n / 1_048_576);
  const set = (now: boolean, why: string) => {
    if (now === full) return;
    full = now;
    if (now) log.error({ dataDir: dir, freeMb: mb(freeBytes), minFreeMb: mb(minFreeBytes), why }, "database disk full: writes answer 503 until space is freed in DATA_DIR");
    else log.info({ dataDir: dir, freeMb: mb(freeBytes) }, "database disk has room again: writes accepted");
  };
  const check = () => {
    try {
      freeBytes = freeBytesOf(dir);
    } catch (err) {
      log.warn({ err, dataDir: dir }, "could not read the free space of DATA_DIR");
      return;
    }
    if (freeBytes >= roomAgainAt) roomAgainAt = 0;
    set(freeBytes < minFreeBytes || roomAgainAt > 0, "free space below DATA_DIR_MIN_FREE_MB");
  };
  check();
  const timer = setInterval(check, options.intervalMs ?? 1_000);
  timer.unref();
  return {
    get full() {
      return full;
    },
    get freeBytes() {
      return freeBytes;
    },
    noteFull: () => {
      try {
        freeBytes = freeBytesOf(dir);
      } catch {
        // the last reading stands
      }
      roomAgainAt = Math.max(minFreeBytes, (Number.isFinite(freeBytes) ? freeBytes : 0) + 1_048_576);
      set(true, "the database reported no space left");
    },
    check,
    useLog: (l) => (log = l),
    stop: () => clearInterval(timer),
  };
}
