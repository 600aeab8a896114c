// The stall watchdog (server/stall-watchdog.ts) in a real child process: a process whose event loop
// is blocked for good (as a wedged embedded database blocks it) ignores SIGTERM on its own; with the
// watchdog it ends within the stall time, saying why on standard error. A busy but turning loop is
// left alone.
import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Runs `script` (ES module text) in a child; SIGTERM `termAfterMs` after the script has started (its
 * first output), SIGKILL `limitMs` after that; how it ended and its stderr. Both count from the
 * script's start, not the process's: loading it took 5 s and more on a loaded shared machine.
 */
function child(script: string, termAfterMs: number, limitMs = 15_000) {
  return new Promise<{ code: number | null; signal: string | null; ms: number; stderr: string; stdout: string }>((resolve) => {
    const p = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let stdout = "";
    p.stderr.on("data", (d) => (stderr += d));
    p.stdout.on("data", (d) => (stdout += d));
    let termAt = 0;
    // A script that never starts is ended too.
    let limit = setTimeout(() => p.kill("SIGKILL"), 50_000);
    p.stdout.once("data", () => {
      clearTimeout(limit);
      limit = setTimeout(() => p.kill("SIGKILL"), limitMs);
      setTimeout(() => {
        termAt = Date.now();
        p.kill("SIGTERM");
      }, termAfterMs);
    });
    p.on("exit", (code, signal) => {
      clearTimeout(limit);
      resolve({ code, signal, ms: termAt ? Date.now() - termAt : -1, stderr, stdout });
    });
  });
}

const blocked = (stallMs: number) => `
import { startStallWatchdog } from "./server/stall-watchdog.ts";
startStallWatchdog(${stallMs});
process.on("SIGTERM", () => { console.log("graceful"); process.exit(0); });
console.log("started");
setTimeout(() => { for (;;) {} }, 100);
`;

describe("the stall watchdog", { timeout: 60_000 }, () => {
  it("ends a process whose event loop is blocked for good, though its SIGTERM handler can never run", async () => {
    const r = await child(blocked(2_000), 300);
    expect(r.signal).toBe("SIGKILL");
    expect(r.stdout).not.toContain("graceful");
    // SIGTERM came 0.3 s after start; the loop stopped at 0.1 s: killed ~2 s after that.
    expect(r.ms).toBeLessThan(5_000);
    expect(r.stderr).toContain("event loop stalled");
  });

  it("without it, the same process outlives SIGTERM (what issue 23 saw)", async () => {
    const r = await child(blocked(0), 300, 5_000);
    // Killed by the test's own limit, seconds after SIGTERM.
    expect(r.signal).toBe("SIGKILL");
    expect(r.stdout).not.toContain("graceful");
    expect(r.ms).toBeGreaterThanOrEqual(1_500);
    expect(r.stderr).not.toContain("event loop stalled");
  });

  it("leaves a busy loop that still turns alone: SIGTERM is handled gracefully", async () => {
    const script = `
import { startStallWatchdog } from "./server/stall-watchdog.ts";
startStallWatchdog(2_000);
process.on("SIGTERM", () => { console.log("graceful"); process.exit(0); });
setInterval(() => {}, 1_000);
console.log("started");
// 300 ms of work at a time for 3 s: never silent for 2 s.
const until = Date.now() + 3_000;
const work = () => { const end = Date.now() + 300; while (Date.now() < end) {} if (Date.now() < until) setTimeout(work, 10); };
work();
`;
    const r = await child(script, 3_500);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("graceful");
    expect(r.stderr).not.toContain("event loop stalled");
  });
});
