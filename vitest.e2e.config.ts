import { defineConfig } from "vitest/config";

// Browser flows against the built server in Debian's chromium. Files run one at a time: each starts
// its own server and browser, and the machine has two cores.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    pool: "forks",
  },
});
