/**
 * `npm test`: every check and suite, failing when any fails.
 *
 * 1. Fast ones first: typecheck and lint side by side, then the unit project (seconds). A failure here
 *    stops the run.
 * 2. Then the slow suites, TEST_JOBS at a time (default 2): the database project on PGlite, the same on
 *    PostgreSQL (scripts/test-postgres.ts), the fault suite on a private PostgreSQL cluster, and the
 *    browser suite (which builds first). They share nothing: each database test file gets its own
 *    database, the fault suite its own cluster, each browser file its own server.
 *    On two cores: the browser suite (two files at a time, each mostly waiting on its pages) beside the
 *    three others one after another, each of which keeps about one core busy.
 *
 * Each line of a suite's output is prefixed with its name; a summary with every suite's time and
 * result ends the run, and under it the lines that name what failed (failed files and tests, the
 * errors) and the browser tests that passed only on a retry, so a log cut to its last lines still
 * says which test broke. TEST_JOBS=1 runs them one after another.
 */
import { spawn } from "node:child_process";

interface Step {
  name: string;
  script: string;
}

// Each inner list runs side by side; the lists run in order.
const FIRST: Step[][] = [
  [
    { name: "typecheck", script: "typecheck" },
    { name: "lint", script: "lint" },
  ],
  [{ name: "unit", script: "test:fast" }],
];
// Longest first, so the two slots stay busy until the end.
const SLOW: Step[] = [
  { name: "e2e", script: "test:e2e" },
  { name: "database", script: "test:database" },
  { name: "postgres", script: "test:pg" },
  { name: "faults", script: "test:faults" },
];

const jobs = Math.max(1, Number.parseInt(process.env.TEST_JOBS ?? "2", 10) || 2);
const results: { name: string; ok: boolean; seconds: number }[] = [];
// Lines that say what failed (or passed only on a retry: FLAKY), kept per suite to be printed again
// under the summary.
const FAILURE_LINE = /(^|\s)(FAIL|×)\s|\b(Assertion)?Error:|Test timed out|^\s*❯ .*:\d+:\d+|^FLAKY /;
const MAX_FAILURE_LINES = 60;
const failures = new Map<string, string[]>();

function keepFailure(name: string, line: string) {
  // eslint-disable-next-line no-control-regex
  const plain = line.replace(/\x1b\[[0-9;]*m/g, "");
  if (!FAILURE_LINE.test(plain)) return;
  const kept = failures.get(name) ?? [];
  if (kept.length < MAX_FAILURE_LINES) kept.push(plain.trimEnd());
  failures.set(name, kept);
}

function run(step: Step, prefixed: boolean): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", step.script], {
      stdio: prefixed ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" },
    });
    if (prefixed) {
      for (const stream of [child.stdout!, child.stderr!]) {
        let rest = "";
        stream.setEncoding("utf8");
        stream.on("data", (chunk: string) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) {
            process.stdout.write(`[${step.name}] ${line}\n`);
            keepFailure(step.name, line);
          }
        });
        stream.on("end", () => {
          if (rest) {
            process.stdout.write(`[${step.name}] ${rest}\n`);
            keepFailure(step.name, rest);
          }
        });
      }
    }
    child.on("close", (code) => {
      const ok = code === 0;
      const seconds = Math.round((Date.now() - started) / 1000);
      results.push({ name: step.name, ok, seconds });
      console.log(`\n== ${step.name}: ${ok ? "passed" : `FAILED (exit ${code})`} in ${seconds} s\n`);
      resolve(ok);
    });
  });
}

function summary() {
  console.log("\n== npm test summary");
  for (const r of results) console.log(`   ${r.ok ? "passed" : "FAILED"}  ${r.name.padEnd(10)} ${r.seconds} s`);
  for (const r of results) {
    // A passed suite's lines are its flaky tests' only.
    const lines = r.ok ? failures.get(r.name)?.filter((l) => l.startsWith("FLAKY ")) : failures.get(r.name);
    if (!lines?.length) continue;
    console.log(`\n== ${r.ok ? "passed only on a retry" : "what failed"} in ${r.name}`);
    for (const line of lines) console.log(`   ${line}`);
  }
}

for (const group of FIRST) {
  const side = jobs > 1 && group.length > 1;
  const passed = side ? await Promise.all(group.map((step) => run(step, true))) : [];
  if (!side) for (const step of group) passed.push(await run(step, false));
  if (passed.includes(false)) {
    summary();
    process.exit(1);
  }
}

const queue = [...SLOW];
let failed = false;
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      if (!(await run(step, jobs > 1))) failed = true;
    }
  }),
);
summary();
process.exit(failed ? 1 : 0);
