import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PersistedDocuments } from "./persisted-documents";

const MANIFEST = path.join(__dirname, "..", "..", "..", "..", "web", "src", "lib", "gql", "persisted-documents.json");
const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

describe("the web app's persisted documents", () => {
  it("codegen's manifest loads whole, each document under the sha256 of its text", () => {
    const json = fs.readFileSync(MANIFEST, "utf8");
    const entries = Object.entries(JSON.parse(json) as Record<string, string>);
    const documents = PersistedDocuments.fromManifest(MANIFEST, json);
    expect(documents.size).toBe(entries.length);
    for (const [, text] of entries) expect(documents.documentOf(sha256(text))).toBe(text);
  });

  it("a manifest whose hash is not its text's is refused, naming the entry", () => {
    const forged = JSON.stringify({ [`sha256:${sha256("{ a }")}`]: "{ b }" });
    expect(() => PersistedDocuments.fromManifest("forged.json", forged)).toThrow(
      /forged.json: the document under sha256:/,
    );
  });

  it("the cache Apollo Server reads never learns a document", async () => {
    const documents = PersistedDocuments.fromManifest("m.json", JSON.stringify({ [sha256("{ a }")]: "{ a }" }));
    const cache = documents.apolloCache();
    await cache.set(sha256("{ b }"), "{ b }");
    expect(await cache.get(sha256("{ b }"))).toBeUndefined();
    expect(await cache.get(sha256("{ a }"))).toBe("{ a }");
  });

  it("a web build without a manifest knows no document", () => {
    expect(PersistedDocuments.ofWebBuild(path.join(__dirname, "no-such-build")).size).toBe(0);
  });
});
