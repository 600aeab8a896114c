import { describe, expect, it } from "vitest";
import { noncePool } from "./nonce-pool.ts";

describe("the nonce pool", () => {
  it("hands out 16-byte base64 nonces, never the same one twice, across refills", () => {
    const pool = noncePool(16, 8);
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const n = pool.next();
      expect(Buffer.from(n, "base64")).toHaveLength(16);
      seen.add(n);
    }
    expect(seen.size).toBe(1000);
  });
});
