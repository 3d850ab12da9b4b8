import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // One graphql instance for the tests and the code they import ("another module or realm").
    alias: { graphql: require.resolve("graphql") },
  },
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // The suite drives one real server; files run one after another so timings stay honest on 2 cores.
    fileParallelism: false,
    reporters: ["default"],
  },
});
