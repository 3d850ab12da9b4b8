// One lint configuration for every workspace: typescript-eslint's recommended rules, React's
// hooks rules for the web app, and the layer rule of the server (edge -> api -> domain -> db).
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Imports a server layer may not make: nothing points upward. */
const upward = (...layers) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: layers.map((layer) => ({
        group: [`**/${layer}/**`, `../${layer}`, `../../${layer}`],
        message: `The server's layers point one way (edge -> api -> domain -> db): this module may not import from ${layer}/.`,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "web/src/gql/**", "coverage/**", "test-results/**", "bench-results/**", "data/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Tests and a few adapters read untyped JSON; `unknown` is preferred but not required there.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // `catch {}` where a failure is expected and means nothing (a process already gone, text that is not JSON).
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  { files: ["graph/src/domain/**/*.ts"], rules: upward("api", "edge") },
  { files: ["graph/src/db/**/*.ts"], rules: upward("api", "edge") },
  { files: ["graph/src/api/**/*.ts"], rules: upward("edge") },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ["**/*.mjs", "**/*.cjs", "**/*.js"], languageOptions: { globals: { ...globals.node } } },
);
