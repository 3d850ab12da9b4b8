import { defineConfig } from "vitest/config";

// The highly available cluster's files alone (npm run test:ha): Patroni, etcd and HAProxy from
// Debian's packages (installed first by scripts/ensure-ha-packages.sh) on loopback, one file at a
// time (three PostgreSQL servers each). npm test runs the same files among the API tier's
// (vitest.config.mts).
export default defineConfig({
  test: {
    include: ["test/ha/*.test.ts"],
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 240_000,
    reporters: ["default"],
  },
});
