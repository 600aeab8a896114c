// The last resort when the event loop stops turning (issue 23, item 7): an embedded database (PGlite,
// WebAssembly in this thread) that failed a checkpoint on a full disk was seen spinning synchronously
// on its next query, at full CPU, forever. Then no JavaScript runs: /healthz does not answer, and a
// SIGTERM handler never gets its turn, so the process ignores SIGTERM. A worker thread watches a
// heartbeat the main thread writes twice a second; when it has not moved for the stall time, the
// worker writes one line to standard error and kills the process (SIGKILL: no handler can run anyway),
// so an orchestrator restarts it. A SIGTERM sent to a stalled process is thus honoured within the stall time.
import { Worker } from "node:worker_threads";

const WATCHER = `
const { workerData } = require("node:worker_threads");
const { writeSync } = require("node:fs");
const beat = new BigInt64Array(workerData.buffer);
const check = Math.min(1000, Math.max(100, workerData.stallMs / 4));
setInterval(() => {
  const silent = Date.now() - Number(Atomics.load(beat, 0));
  if (silent < workerData.stallMs) return;
  writeSync(2, JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, stalledMs: Math.round(silent), msg: "event loop stalled: no JavaScript has run for " + Math.round(silent / 1000) + " s (a wedged embedded database?); ending the process" }) + "\\n");
  process.kill(process.pid, "SIGKILL");
}, check);
`;

export interface StallWatchdog {
  stop(): Promise<void>;
}

/** Starts the watchdog; `stallMs` 0 turns it off. */
export function startStallWatchdog(stallMs: number): StallWatchdog {
  if (stallMs <= 0) return { stop: async () => {} };
  const buffer = new SharedArrayBuffer(8);
  const beat = new BigInt64Array(buffer);
  const now = () => void Atomics.store(beat, 0, BigInt(Date.now()));
  now();
  const timer = setInterval(now, 500);
  timer.unref();
  // Its own plain CommonJS, without the parent's loaders (tsx) or flags: it starts and runs without the main thread.
  const worker = new Worker(WATCHER, { eval: true, execArgv: [], workerData: { buffer, stallMs } });
  worker.unref();
  return {
    async stop() {
      clearInterval(timer);
      await worker.terminate();
    },
  };
}
