import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

// The service tier (npm run test:services): domain services from their TypeScript source, with no
// build, each test file on a database cloned from a migrated template (test/services/support).
// No shop process, no identity provider: a rule of a service is tested where it is written. Files
// at a wholesaler's scale (test/services/at-scale) take minutes of the database's time, and run
// among the API tier's files instead (vitest.config.mts).
export default defineConfig({
  resolve: {
    // One graphql instance for the tests and the code they import ("another module or realm").
    alias: { graphql: require.resolve("graphql") },
  },
  test: {
    include: ["test/services/*.test.ts"],
    globalSetup: ["test/services/support/global-setup.ts"],
    maxWorkers: Number(process.env.PARTSHOP_TEST_WORKERS) || 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
