import { defineConfig } from "vitest/config";

// Unit tests (domain/, app/ pure helpers) and integration tests (server/, db/) on a real database.
export default defineConfig({
  test: {
    include: ["{domain,contract,server,db,app,tests/integration}/**/*.test.{ts,tsx}"],
    exclude: ["node_modules", "build", "tests/e2e/**"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
