import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

/** Journeys run in the order of their numbered file names (01-visitor first). */
class ByFileName extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

// Browser journeys (npm run test:e2e -w web): Debian's Chromium driven by playwright-core against
// real shops started from graph/dist with web/dist. See e2e/support/journey.ts.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.test.ts"],
    environment: "node",
    globalSetup: ["e2e/support/global-setup.ts"],
    // Two journeys at once, each worker with its own Auth Emulator and each journey with its own
    // shop and database (e2e/support/global-setup.ts): one journey alone leaves a core idle while it
    // waits on the browser or the shop. PARTSHOP_E2E_WORKERS (or --maxWorkers) changes it.
    maxWorkers: Number(process.env.PARTSHOP_E2E_WORKERS) || 2,
    sequence: { sequencer: ByFileName },
    testTimeout: 90_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
    reporters: ["default"],
  },
});
