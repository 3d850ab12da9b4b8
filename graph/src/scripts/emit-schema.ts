/**
 * Writes (or with --check, verifies) what is generated from the code: schema.graphql, its change
 * log from git history (docs/schema-changelog.md) and the error codes (docs/error-codes.md); and
 * checks the schema's rules: every element described, every deprecation naming its replacement,
 * no breaking change against any version main has had (schema-history.ts says why every one).
 */
import fs from "node:fs";
import path from "node:path";
import { buildSchema } from "graphql";
import { printShopSchema } from "../api/graphql/schema";
import { errorCodesDocument } from "./error-codes-doc";
import { committedVersions, schemaChangelog, unexcusedBreakingChanges, versionsWith } from "./schema-history";
import { deprecationsWithoutReplacement, undescribedElements } from "./schema-rules";

const root = path.resolve(__dirname, "..", "..", "..");
const check = process.argv.includes("--check");

async function main(): Promise<number> {
  const sdl = printShopSchema();
  const history = committedVersions(root);
  if (!history) {
    console.warn(
      "WARNING: this is a shallow clone whose history cannot be fetched: the schema's change log and the breaking-change check need it and are skipped (git fetch --unshallow)",
    );
  }
  const versions = versionsWith(history ?? [], sdl);
  const generated: Array<[file: string, content: string]> = [
    ["schema.graphql", sdl],
    ...(history ? [["docs/schema-changelog.md", await schemaChangelog(versions)] as [string, string]] : []),
    ["docs/error-codes.md", errorCodesDocument()],
  ];
  const problems: string[] = [];
  for (const [file, content] of generated) {
    const target = path.join(root, file);
    const committed = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : null;
    if (committed === content) continue;
    if (check) {
      problems.push(`${file} is stale: run \`npm run schema -w graph\` and commit it`);
    } else {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, content);
      console.log(`wrote ${file}`);
    }
  }
  const schema = buildSchema(sdl);
  problems.push(
    ...undescribedElements(schema).map(
      (coordinate) => `${coordinate} has no description: say what it is for (units, limits, who may use it)`,
    ),
  );
  problems.push(
    ...deprecationsWithoutReplacement(schema).map(
      (element) => `${element} is deprecated without naming its replacement in backticks, e.g. "Use \`total\`"`,
    ),
  );
  problems.push(
    ...(await unexcusedBreakingChanges(versions)).map(
      (change) => `breaking change: ${change}; deprecate it first (@deprecated) and remove it later`,
    ),
  );
  for (const problem of problems) console.error(problem);
  if (problems.length === 0)
    console.log(
      `schema.graphql keeps its rules: every element described, no breaking change against ${versions.length - 1} earlier versions`,
    );
  return problems.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
