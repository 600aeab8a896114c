import { defineConfig } from "vitest/config";

// Browser flows against the built server in Debian's chromium. Two files run at a time: each starts
// its own server and browser, and a file mostly waits on its pages (one file at a time used about half
// of one core). Each server starts on its own copy of one database migrated and seeded once per run
// (tests/e2e/global-setup.ts).
//
// A failed browser test runs once more before it fails the suite: on a loaded shared machine a
// browser step can miss its deadline for reasons outside the product. A test that passes only on its
// retry is printed as FLAKY (tests/e2e/flaky-reporter.ts) and again under npm test's summary, so it
// is seen and fixed, not hidden; one that fails twice fails the run.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: true,
    maxWorkers: 2,
    pool: "forks",
    retry: 1,
    reporters: ["default", "./tests/e2e/flaky-reporter.ts"],
  },
});
