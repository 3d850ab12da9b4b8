import { defineConfig } from "vitest/config";

// The highly available cluster's tier (npm run test:ha): Patroni, etcd and HAProxy from Debian's
// packages (installed first by scripts/ensure-ha-packages.sh) on loopback. Three PostgreSQL servers
// at once are heavy on 2 cores, so it runs alone, one file at a time, and not in npm test yet.
export default defineConfig({
  test: {
    include: ["test/ha/*.test.ts"],
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 240_000,
    reporters: ["default"],
  },
});
