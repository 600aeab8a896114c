import { defineConfig } from "vitest/config";

// The fault suite (npm run test:faults): one private PostgreSQL cluster in a temporary folder
// (global setup); each file makes its own database and app instances in their own processes, then
// breaks things. Files run one at a time: they stop and restart the same cluster.
export default defineConfig({
  test: {
    include: ["tests/faults/**/*.fault.test.ts"],
    globalSetup: ["tests/faults/global-setup.ts"],
    testTimeout: 240_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    pool: "forks",
  },
});
