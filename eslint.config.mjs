// One lint configuration for every workspace: typescript-eslint's recommended rules, React's
// hooks rules for the web app, the layer rule of the server (edge -> api -> domain -> db), the
// web app's floors (routes -> features -> ui -> lib), no import cycle in web/ or graph/, and
// frozen migrations (only their registry imports them; they import nothing of the project's).
import fs from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
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

/** The part rules run in the web app too (its part form imports them): they and what they import stay pure. */
const ONLY_PURE = (...allowed) => ({
  regex: `^(?!(${allowed.map((path) => path.replace(/[./]/g, "\\$&")).join("|")})$)`,
  message:
    "The part rules are shared with the web app as they are: they import nothing but the shop's limits, money rule and tax categories (themselves pure).",
});

/**
 * The web app's floors (docs/architecture.md, "The web app's floors"): the app's entry (main,
 * AppRoutes, AppProviders, ssr/) composes routes/; a route composes features/, ui/ and lib/ and
 * never another route's files; a feature takes ui/ and lib/, and another feature only through its
 * index.ts; ui/ takes lib/; lib/ takes nothing above it. Tests sit beside their subject but render
 * the whole app (src/test/renderApp), so the zones are for the app's own files.
 */
const WEB_SRC = path.join(import.meta.dirname, "web", "src");
const web = (...parts) => path.join(WEB_SRC, ...parts);
const foldersOf = (dir) =>
  fs
    .readdirSync(web(dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/** The app's entry: what composes the routes (globs, as a zone's `from` holds only globs or only folders). */
const APP = [web("{main,App*}.tsx"), web("ssr", "**"), web("islands", "**")];
const floorZone = (floor, above) => ({
  target: web(floor),
  from: above,
  message: `The web app's floors point one way (routes -> features -> ui -> lib): ${floor}/ may not import from above it.`,
});
const WEB_FLOORS = [
  ...[
    ["lib", ["ui", "features", "routes"]],
    ["ui", ["features", "routes"]],
    ["features", ["routes"]],
  ].flatMap(([floor, above]) => [
    floorZone(
      floor,
      above.map((dir) => web(dir)),
    ),
    floorZone(floor, APP),
  ]),
  floorZone("routes", APP),
  ...foldersOf("routes").map((route) => ({
    target: web("routes", route),
    from: web("routes"),
    except: [`./${route}`],
    message: `A route composes features, ui and lib: code that routes/${route} shares with another page belongs in features/.`,
  })),
  ...foldersOf("features").map((feature) => ({
    target: web("features", feature),
    from: [web("features", "**")],
    except: [web("features", feature, "**"), web("features", "*", "index.ts")],
    message: `features/${feature} may take another feature only through its index.ts ("@/features/<name>").`,
  })),
];

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
    plugins: { "import-x": importX },
    settings: {
      // Read TypeScript files when following imports (no-cycle parses what a file imports).
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [
        // Only the web app maps paths ("@/" is web/src); the server's imports are relative.
        createTypeScriptImportResolver({ project: "web/tsconfig.json" }),
      ],
    },
  },
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
  {
    files: ["graph/src/domain/catalogue/part-rules.ts"],
    rules: restrictImports(ONLY_PURE("../limits", "../money", "../tax/tax-lines")),
  },
  { files: ["graph/src/domain/tax/tax-lines.ts"], rules: restrictImports(ONLY_PURE("../addresses/places")) },
  { files: ["graph/src/domain/addresses/places.ts"], rules: restrictImports(ONLY_PURE()) },
  { files: ["graph/src/domain/limits.ts", "graph/src/domain/money.ts"], rules: restrictImports(ONLY_PURE()) },
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
  {
    files: ["web/src/**/*.{ts,tsx}"],
    ignores: ["web/src/**/*.test.{ts,tsx}", "web/src/test/**"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: WEB_FLOORS }] },
  },
  {
    // No file of the web app or the server reaches itself through its imports. Packages are not
    // followed (ignoreExternal): a cycle of ours never passes through node_modules.
    files: ["web/src/**/*.{ts,tsx}", "graph/src/**/*.ts"],
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  { files: ["**/*.mjs", "**/*.cjs", "**/*.js"], languageOptions: { globals: { ...globals.node } } },
);
