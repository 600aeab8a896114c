// The mark a browser carries for a few seconds after a write (WROTE_COOKIE): what counts as recent.
import { describe, expect, it } from "vitest";
import { recentWrite, WROTE_MS } from "./session.ts";

describe("recentWrite", () => {
  const now = 1_790_000_000_000;
  it("counts a mark from the last few seconds", () => {
    expect(recentWrite(String(now), now)).toBe(true);
    expect(recentWrite(String(now - WROTE_MS + 1), now)).toBe(true);
    expect(recentWrite(String(now + 500), now)).toBe(true); // another instance's clock a little ahead
  });
  it("ignores an old mark, one from the future, and anything that is not a time in ms", () => {
    expect(recentWrite(String(now - WROTE_MS), now)).toBe(false);
    expect(recentWrite(String(now + 5_000), now)).toBe(false);
    for (const bad of [undefined, "", "1", "abc", `${now}x`, "9".repeat(20), "-1790000000000"]) expect(recentWrite(bad, now)).toBe(false);
  });
});
