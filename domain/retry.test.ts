import { describe, it, expect } from "vitest";
import { MAX_READ_RETRIES, recordChunkReload, shouldReloadOnChunkError, shouldRetry } from "./retry.ts";

describe("shouldRetry", () => {
  const retryable = [408, 409, 425, 429, 500, 502, 503, 504];

  it.each(retryable)("retries a GET once on %i", (status) => {
    expect(shouldRetry("GET", status, 1)).toBe(true);
    expect(shouldRetry("GET", status, 2)).toBe(false);
  });

  it("retries HEAD like GET and reads methods case-insensitively", () => {
    expect(shouldRetry("HEAD", 503, 1)).toBe(true);
    expect(shouldRetry("get", 503, 1)).toBe(true);
    expect(shouldRetry(" Head ", 429, 1)).toBe(true);
  });

  it.each([200, 204, 301, 400, 401, 403, 404, 410, 422, 501, 505, 510])("does not retry status %i", (status) => {
    expect(shouldRetry("GET", status, 1)).toBe(false);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "OPTIONS", "post"])("never retries %s", (method) => {
    for (const status of retryable) expect(shouldRetry(method, status, 1)).toBe(false);
  });

  it("allows exactly one retry", () => {
    expect(MAX_READ_RETRIES).toBe(1);
    expect(shouldRetry("GET", 500, 0)).toBe(false); // nothing has been sent yet
    expect(shouldRetry("GET", 500, 3)).toBe(false);
  });
});

describe("shouldReloadOnChunkError", () => {
  it("reloads a path that was never reloaded", () => {
    expect(shouldReloadOnChunkError("/store", 1_000_000, {})).toBe(true);
    expect(shouldReloadOnChunkError("/store", 1_000_000, { "/dashboard": 999_999 })).toBe(true);
  });

  it.each([
    [0, false],
    [1, false],
    [9_999, false],
    [10_000, true],
    [60_000, true],
    [-5_000, false], // clock went back
  ])("%i ms after the last reload -> %s", (elapsed, out) => {
    expect(shouldReloadOnChunkError("/store", 50_000 + elapsed, { "/store": 50_000 })).toBe(out);
  });

  it("does not read inherited keys", () => {
    expect(shouldReloadOnChunkError("toString", 5, {})).toBe(true);
    expect(shouldReloadOnChunkError("constructor", 5, {})).toBe(true);
  });

  it("limits a reload loop to one per 10 s per path", () => {
    let record: Record<string, number> = {};
    const reloads: number[] = [];
    for (let t = 0; t <= 25_000; t += 1000) {
      if (shouldReloadOnChunkError("/store", t, record)) {
        reloads.push(t);
        record = recordChunkReload("/store", t, record);
      }
    }
    expect(reloads).toEqual([0, 10_000, 20_000]);
  });

  it("records without mutating", () => {
    const before = { "/a": 1 };
    expect(recordChunkReload("/b", 2, before)).toEqual({ "/a": 1, "/b": 2 });
    expect(before).toEqual({ "/a": 1 });
  });
});
