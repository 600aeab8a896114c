import { defineConfig } from "vitest/config";

// Two projects. "unit": domain/, contract/ and pure app/ helpers, no database, in seconds
// (`npx vitest run --project unit`). "database": the server and db/ integration tests, each file on its
// own migrated database (PGlite from a snapshot, or a PostgreSQL clone when DATABASE_URL is set).
// A test file belongs to the database project by where it lives, never by what it imports.
const UNIT = ["{domain,contract,app,art,scripts}/**/*.test.{ts,tsx}"];
const DATABASE = ["{server,db,tests/integration}/**/*.test.{ts,tsx}"];

export default defineConfig({
  test: {
    exclude: ["node_modules", "build", "tests/e2e/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      { extends: true, test: { name: "unit", include: UNIT, pool: "threads" } },
      // The database files share one process and its loaded modules (isolate: false): importing the
      // server afresh for each file was a quarter of the project's time. Every file still has its own
      // database; a file that changes process.env or a driver's prototype puts it back.
      { extends: true, test: { name: "database", include: DATABASE, isolate: false, globalSetup: ["tests/helpers/global-setup.ts"] } },
    ],
  },
});
