import { describe, expect, it } from "vitest";
import { JOB_RETRY_MAX_MS, jobGivesUp, jobRetryDelayMs } from "./jobs.ts";

describe("jobRetryDelayMs", () => {
  it("doubles from 30 seconds", () => {
    expect([1, 2, 3, 4].map(jobRetryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
  });
  it("is capped at an hour, also for absurd attempt counts", () => {
    expect(jobRetryDelayMs(8)).toBe(JOB_RETRY_MAX_MS);
    expect(jobRetryDelayMs(1000)).toBe(JOB_RETRY_MAX_MS);
  });
  it("refuses a count below 1", () => {
    expect(() => jobRetryDelayMs(0)).toThrow(RangeError);
    expect(() => jobRetryDelayMs(1.5)).toThrow(RangeError);
  });
});

describe("jobGivesUp", () => {
  it("gives up at the maximum", () => {
    expect(jobGivesUp(4, 5)).toBe(false);
    expect(jobGivesUp(5, 5)).toBe(true);
  });
});
