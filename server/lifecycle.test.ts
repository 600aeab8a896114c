import { describe, expect, it } from "vitest";
import { untilDatabaseAnswers } from "./lifecycle.ts";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("untilDatabaseAnswers", () => {
  it("tries again while the database cannot be reached, then goes on", async () => {
    let calls = 0;
    const waits: number[] = [];
    const result = await untilDatabaseAnswers(
      async () => {
        calls++;
        if (calls < 3) throw refused();
        return "migrated";
      },
      { timeoutMs: 5_000, intervalMs: 5, onRetry: (_err, ms) => waits.push(ms) },
    );
    expect(result).toBe("migrated");
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it("does not retry other errors", async () => {
    let calls = 0;
    const failing = untilDatabaseAnswers(
      async () => {
        calls++;
        throw Object.assign(new Error('relation "x" does not exist'), { code: "42P01" });
      },
      { timeoutMs: 5_000, intervalMs: 5 },
    );
    await expect(failing).rejects.toThrow('relation "x" does not exist');
    expect(calls).toBe(1);
  });

  it("gives up with the last error once the time is up", async () => {
    let calls = 0;
    const failing = untilDatabaseAnswers(
      async () => {
        calls++;
        throw refused();
      },
      { timeoutMs: 30, intervalMs: 10 },
    );
    await expect(failing).rejects.toThrow("ECONNREFUSED");
    expect(calls).toBeGreaterThan(1);
  });
});
