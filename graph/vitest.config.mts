import { createRequire } from "node:module";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

/**
 * Test files run at once, each worker on a shop and a database of its own (test/support/global-setup.ts).
 * The files mostly wait on their shop, its database and the Auth Emulator, so on 2 cores more
 * workers than cores still pay; PARTSHOP_TEST_WORKERS (or --maxWorkers) changes it.
 */
const workers = Number(process.env.PARTSHOP_TEST_WORKERS) || 3;

/**
 * The fuzz files and the service files at scale first: they are the longest, so no worker is left
 * alone with one at the end, and the fuzzers read their whole database before and after every
 * case, which costs least while it is new. The highly available cluster's files next: they mostly
 * wait on failovers, so they start while the fuzzers keep the cores busy, each as a worker frees
 * up, and end before the run does. The others in vitest's order (the last run's slowest
 * first, by size on a fresh clone).
 */
class FuzzFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longest = (file: TestSpecification) =>
      /[\\/]fuzz[\\/][^\\/]+\.fuzz\.test\.ts$/.test(file.moduleId) || /[\\/]at-scale[\\/]/.test(file.moduleId);
    const cluster = (file: TestSpecification) => /[\\/]test[\\/]ha[\\/]/.test(file.moduleId);
    return [
      ...sorted.filter(longest),
      ...sorted.filter(cluster),
      ...sorted.filter((file) => !longest(file) && !cluster(file)),
    ];
  }
}

export default defineConfig({
  resolve: {
    // One graphql instance for the tests and the code they import ("another module or realm").
    alias: { graphql: require.resolve("graphql") },
  },
  test: {
    include: ["test/**/*.test.ts"],
    // The service tier runs on its own (vitest.services.config.mts): no shop, no build. Its files
    // at a wholesaler's scale (test/services/at-scale) run here, in a worker beside the fuzzers.
    // The highly available cluster's files (test/ha) run here too, in a worker beside the others:
    // they mostly wait on failovers, so beside the API files they cost CI little more than their
    // CPU (docs/testing.md). vitest.ha.config.mts runs them alone (npm run test:ha).
    exclude: ["test/services/*.test.ts", "**/node_modules/**"],
    globalSetup: ["test/support/global-setup.ts", "test/services/support/global-setup.ts"],
    maxWorkers: workers,
    sequence: { sequencer: FuzzFirst },
    // Workers share the cores: a test that starts shops of its own can take a minute when others do too.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ["default"],
  },
});
