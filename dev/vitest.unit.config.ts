import { defineConfig } from "vitest/config";

// The unit tier (npm run test:unit): *.spec.ts beside the code, pure functions only.
export default defineConfig({
  test: {
    include: ["src/**/*.spec.ts"],
    reporters: ["default"],
  },
});
