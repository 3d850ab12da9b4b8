// @vitest-environment node
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const codegenCli = path.join(repoRoot, "node_modules/@graphql-codegen/cli/cjs/bin.js");

describe("generated GraphQL code", () => {
  it("matches schema.graphql and the documents in web/src (run `npm run codegen -w web` if not)", async () => {
    // --check generates in memory and compares with the files on disk; it writes nothing.
    const outcome = await promisify(execFile)(process.execPath, [codegenCli, "--config", "codegen.yml", "--check"], {
      cwd: repoRoot,
    }).then(
      () => "up to date",
      (error: { stdout?: string; stderr?: string; message: string }) =>
        `${error.stdout ?? ""}${error.stderr ?? ""}` || error.message,
    );
    expect(outcome).toBe("up to date");
  }, 60_000);
});
