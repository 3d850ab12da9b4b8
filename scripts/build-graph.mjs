// Builds graph/ (`npm run build -w graph`) unless graph/dist already holds a build of exactly these
// sources: CI's type checks build it and `npm test` then reuses it, so a run compiles it once, and
// `npm test` alone on a fresh clone still builds it.
//
// A build of the same sources, configuration and installed packages is the same build (and its
// type check passed, or no stamp was written), so the stamp is a hash of those inputs, written into
// dist/ after a successful build. `npm run build -w graph` empties dist/ and with it the stamp.
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const GRAPH = path.join(ROOT, "graph");
const STAMP = path.join(GRAPH, "dist", ".built-from");

/** What the build reads: graph's sources and configuration, and the packages installed (their types included). */
function inputFiles() {
  const sources = readdirSync(path.join(GRAPH, "src"), { recursive: true })
    .map((name) => path.join(GRAPH, "src", name))
    .filter((file) => statSync(file).isFile());
  const installed = existsSync(path.join(ROOT, "node_modules", ".package-lock.json"))
    ? path.join(ROOT, "node_modules", ".package-lock.json")
    : path.join(ROOT, "package-lock.json");
  return [...sources.sort(), path.join(GRAPH, "tsconfig.json"), path.join(GRAPH, "package.json"), installed];
}

function fingerprint() {
  const hash = createHash("sha256");
  for (const file of inputFiles()) {
    hash.update(path.relative(ROOT, file)).update("\0");
    hash.update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex");
}

const current = fingerprint();
if (existsSync(STAMP) && readFileSync(STAMP, "utf8").trim() === current) {
  console.log("graph/dist is current (built from these very sources): not built again");
} else {
  const build = spawnSync("npm", ["run", "build", "-w", "graph"], { cwd: ROOT, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, `${current}\n`);
}
