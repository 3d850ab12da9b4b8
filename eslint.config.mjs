// One lint configuration for every workspace: typescript-eslint's recommended rules, React's
// hooks rules for the web app, the layer rule of the server (edge -> api -> domain -> db), and
// frozen migrations (only their registry imports them; they import nothing of the project's).
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Imports a server layer may not make: nothing points upward. */
const upward = (...layers) =>
  layers.map((layer) => ({
    group: [`**/${layer}/**`, `../${layer}`, `../../${layer}`],
    message: `The server's layers point one way (edge -> api -> domain -> db): this module may not import from ${layer}/.`,
  }));

/** A migration runs once and for all: editing other code must never change the SQL one ran. */
const FROM_MIGRATIONS = {
  group: ["**/migrations/*", "**/migrations/**"],
  message:
    "Migrations are frozen: only their registry (graph/src/db/data-source.ts) imports them. Give this code its own copy of what it needs.",
};
const FROM_THE_PROJECT = {
  group: ["./**", "../**"],
  message:
    "Migrations are frozen: a migration keeps its own copy of what it uses, so editing other code never changes the SQL it ran.",
};

const restrictImports = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "web/src/lib/gql/**",
      "coverage/**",
      "test-results/**",
      "bench-results/**",
      "data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Tests and a few adapters read untyped JSON; `unknown` is preferred but not required there.
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      // `catch {}` where a failure is expected and means nothing (a process already gone, text that is not JSON).
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  { files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs}"], rules: restrictImports(FROM_MIGRATIONS) },
  { files: ["graph/src/domain/**/*.ts"], rules: restrictImports(...upward("api", "edge"), FROM_MIGRATIONS) },
  { files: ["graph/src/db/**/*.ts"], rules: restrictImports(...upward("api", "edge"), FROM_MIGRATIONS) },
  { files: ["graph/src/db/data-source.ts"], rules: restrictImports(...upward("api", "edge")) },
  { files: ["graph/src/db/migrations/*.ts"], rules: restrictImports(FROM_THE_PROJECT) },
  { files: ["graph/src/api/**/*.ts"], rules: restrictImports(...upward("edge"), FROM_MIGRATIONS) },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ["**/*.mjs", "**/*.cjs", "**/*.js"], languageOptions: { globals: { ...globals.node } } },
);
