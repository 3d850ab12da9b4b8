import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

const webDir = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [react()],
  // As vite.config.ts resolves them.
  resolve: {
    alias: {
      "@part-rules": path.join(webDir, "..", "graph", "src", "domain", "catalogue", "part-rules.ts"),
      "@": path.join(webDir, "src"),
    },
  },
  test: {
    environment: "happy-dom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    testTimeout: 20000,
  },
});
