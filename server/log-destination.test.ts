import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { GATHER_MAX, logDestination } from "./log-destination.ts";

const dir = mkdtempSync(path.join(tmpdir(), "bloom-log-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a script in a process of its own that logs through logDestination into `file`, then ends as `end` says. */
function runLogging(file: string, end: string) {
  const script = path.join(dir, `logger-${Math.random().toString(36).slice(2)}.ts`);
  const module = fileURLToPath(new URL("./log-destination.ts", import.meta.url));
  writeFileSync(
    script,
    `import { openSync } from "node:fs";
import { logDestination } from ${JSON.stringify(module)};
const log = logDestination(openSync(${JSON.stringify(file)}, "a"));
for (let i = 0; i < 500; i++) log.write(JSON.stringify({ n: i, msg: "request completed" }) + "\\n");
${end}
`,
  );
  return spawnSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8" });
}

const numbers = (file: string) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { n: number }).n);

describe("the log destination", () => {
  it("writes the lines of one turn together when the turn ends, in order", async () => {
    const file = path.join(dir, "turn.log");
    const fd = openSync(file, "a");
    const log = logDestination(fd);
    for (let i = 0; i < 3; i++) log.write(`${JSON.stringify({ n: i })}\n`);
    // Gathered, not yet written: one write for the whole turn.
    expect(readFileSync(file, "utf8")).toBe("");
    await new Promise((r) => setImmediate(r));
    expect(numbers(file)).toEqual([0, 1, 2]);
    log.write(`${JSON.stringify({ n: 3 })}\n`);
    log.flushSync();
    expect(numbers(file)).toEqual([0, 1, 2, 3]);
    // A log that can no longer be written is dropped without an error (the turn's write is still due).
    log.write(`${JSON.stringify({ n: 4 })}\n`);
    closeSync(fd);
    await new Promise((r) => setImmediate(r));
  });

  it("hands a long turn's lines over once they pass GATHER_MAX characters, whole lines in order", async () => {
    const file = path.join(dir, "long-turn.log");
    const fd = openSync(file, "a");
    const log = logDestination(fd);
    const line = (n: number) => `${JSON.stringify({ n, pad: "x".repeat(200) })}\n`;
    const count = Math.ceil(GATHER_MAX / line(0).length) + 10;
    for (let i = 0; i < count; i++) log.write(line(i));
    // Past the limit within the turn: what was gathered is already written, in whole lines.
    const early = numbers(file);
    expect(early.length).toBeGreaterThan(0);
    expect(early.length).toBeLessThan(count);
    expect(early).toEqual(Array.from({ length: early.length }, (_, i) => i));
    await new Promise((r) => setImmediate(r));
    expect(numbers(file)).toEqual(Array.from({ length: count }, (_, i) => i));
    closeSync(fd);
  });

  it("loses no line when the process crashes or exits before the turn ends", { timeout: 90_000 }, () => {
    const expected = Array.from({ length: 500 }, (_, i) => i);
    const crashed = path.join(dir, "crash.log");
    const crash = runLogging(crashed, `throw new Error("a request crashed the process");`);
    expect(crash.status).not.toBe(0);
    expect(crash.stderr).toContain("a request crashed the process");
    expect(numbers(crashed)).toEqual(expected);

    const exited = path.join(dir, "exit.log");
    expect(runLogging(exited, "process.exit(0);").status).toBe(0);
    expect(numbers(exited)).toEqual(expected);

    // A SIGTERM handled as server/lifecycle.ts handles it: the process exits once it has finished.
    const stopped = path.join(dir, "sigterm.log");
    const term = runLogging(stopped, `process.on("SIGTERM", () => process.exit(0)); setTimeout(() => {}, 10_000); process.kill(process.pid, "SIGTERM");`);
    expect(term.status).toBe(0);
    expect(numbers(stopped)).toEqual(expected);
  });
});
