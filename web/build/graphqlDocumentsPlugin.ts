import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Production replacement for the client preset's `graphql()` lookup map (what its babel/swc plugin
 * does): each `graphql(`...`)` call is replaced by that one pre-parsed document, so a chunk carries
 * only the documents it uses and the map of every operation is left out of the bundle.
 */
export function graphqlDocumentsPlugin(gqlDir: string): Plugin {
  let documents: Map<string, string> | null = null;

  /** source text of each graphql() call → the document's AST as a JSON literal. */
  const loadDocuments = () => {
    const map = readFileSync(path.join(gqlDir, "gql.ts"), "utf8");
    const generated = readFileSync(path.join(gqlDir, "graphql.ts"), "utf8");
    const asts = new Map<string, string>();
    for (const match of generated.matchAll(
      /^export const (\w+) = (\{(?:"__meta__":\{[^{}]*\},)?"kind":"Document".*\}) as unknown as DocumentNode<.*$/gm,
    )) {
      asts.set(match[1], match[2]);
    }
    const byText = new Map<string, string>();
    // Entries of the generated map look like:  "\n  query X {...}\n": types.XDocument,
    for (const match of map
      .slice(map.indexOf("const documents"))
      .matchAll(/^\s*("(?:[^"\\]|\\.)*"): types\.(\w+),$/gm)) {
      const ast = asts.get(match[2]);
      if (ast) byText.set(JSON.parse(match[1]) as string, ast);
    }
    return byText;
  };

  return {
    name: "partshop:graphql-documents",
    apply: "build",
    enforce: "pre",
    buildStart() {
      documents = loadDocuments();
    },
    transform(code, id) {
      const file = id.split("?")[0];
      if (!/\.(ts|tsx)$/.test(file) || file.startsWith(gqlDir) || !code.includes("graphql(`")) return null;
      const known = documents ?? loadDocuments();
      const output = code.replace(/\bgraphql\(`([^`]*)`\)/g, (_call, text: string) => {
        const ast = known.get(text);
        if (!ast) throw new Error(`${file}: a graphql() document is not in the generated code; run codegen first.`);
        return `(${ast})`;
      });
      return { code: output, map: null };
    },
  };
}

/** codegen's manifest of the web app's documents (hash -> text), which the shop reads at start. */
export const PERSISTED_DOCUMENTS = "persisted-documents.json";

/**
 * Ships the manifest with the server entry (dist/server, which the shop never serves to browsers):
 * the server of a production image runs exactly the documents of the bundle built with it.
 */
export function persistedDocumentsPlugin(gqlDir: string): Plugin {
  return {
    name: "partshop:persisted-documents",
    apply: (_config, env) => env.command === "build" && Boolean(env.isSsrBuild),
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: PERSISTED_DOCUMENTS,
        source: readFileSync(path.join(gqlDir, PERSISTED_DOCUMENTS), "utf8"),
      });
    },
  };
}
