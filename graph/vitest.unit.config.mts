import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

// The unit tier (npm run test:unit): *.spec.ts beside the code, pure functions only. No shop, no
// database, no network, so the files run in parallel and the whole tier takes seconds.
export default defineConfig({
  resolve: {
    // One graphql instance for the specs and the code they import ("another module or realm").
    alias: { graphql: require.resolve("graphql") },
  },
  test: {
    include: ["src/**/*.spec.ts"],
    // Pure functions keep no state between files: one module graph in threads is enough.
    pool: "threads",
    isolate: false,
    reporters: ["default"],
  },
});
