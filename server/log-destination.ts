// Where the server's JSON log lines go (docs/operations.md "Logs"): standard output, one write per turn
// of the event loop. Lines logged while the loop handles a batch of requests gather in memory and go
// out together in a single synchronous write when the turn ends (setImmediate), so a request's log line
// costs neither a system call nor a hand-off to libuv's thread pool of its own (issue 30: the
// asynchronous destination's thread-pool round trip per batch cost as much as the front door's checks).
// What is still gathered is written when the process exits: on SIGTERM (server/lifecycle.ts exits
// once requests in flight are answered), on process.exit and on an uncaught exception. Only a process
// killed outright (SIGKILL) loses what the current turn logged.
import pino from "pino";

export interface LogDestination {
  write(line: string): void;
  /** Writes out what is gathered, at once. */
  flushSync(): void;
}

/**
 * A log destination on a file descriptor (standard output unless told), written out at the end of each
 * turn and on exit. The turn's lines are kept in an array and joined once: SonicBoom's own write per
 * line (its length bookkeeping) cost as much as building the line. SonicBoom does the writing (partial
 * writes, a full pipe retried). A turn that gathers more than GATHER_MAX characters hands them over at
 * once, so a long turn cannot hold much in memory.
 */
export function logDestination(fd = 1): LogDestination {
  const boom = pino.destination({ dest: fd, sync: true, minLength: 0 });
  // A log that can no longer be written (standard output closed) must not take the server down with it.
  boom.on("error", () => {});
  let lines: string[] = [];
  let gathered = 0;
  let scheduled = false;
  const handOver = () => {
    if (!lines.length) return;
    const text = lines.length === 1 ? lines[0]! : lines.join("");
    lines = [];
    gathered = 0;
    boom.write(text);
  };
  const flush = () => {
    scheduled = false;
    handOver();
  };
  const flushSync = () => {
    try {
      handOver();
      boom.flushSync();
    } catch {
      // The descriptor is closed: nothing more can be written.
    }
  };
  process.once("exit", flushSync);
  return {
    write(line) {
      lines.push(line);
      gathered += line.length;
      if (gathered > GATHER_MAX) handOver();
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flushSync,
  };
}

/** The characters of log lines a turn gathers before they are handed to the file descriptor at once. */
export const GATHER_MAX = 64 * 1024;
