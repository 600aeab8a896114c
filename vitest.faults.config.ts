import { defineConfig } from "vitest/config";

// The fault suite (npm run test:faults): each file starts its own PostgreSQL cluster in a temporary
// folder and app instances in their own processes, then breaks things. Files run one at a time.
export default defineConfig({
  test: {
    include: ["tests/faults/**/*.fault.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: "forks",
  },
});
