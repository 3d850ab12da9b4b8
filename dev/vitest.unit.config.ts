import { defineConfig } from "vitest/config";

// The unit tier (npm run test:unit): *.spec.ts beside the code, pure functions only.
export default defineConfig({
  test: {
    include: ["src/**/*.spec.ts"],
    // Pure functions keep no state between files: one module graph in threads is enough.
    pool: "threads",
    isolate: false,
    reporters: ["default"],
  },
});
