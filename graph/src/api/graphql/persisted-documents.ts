import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PrefixingKeyValueCache, type KeyValueCache } from "@apollo/utils.keyvaluecache";

/**
 * The web app's GraphQL documents, by the sha256 of their text: codegen's manifest
 * (web/src/lib/gql/persisted-documents.json), shipped by the web build beside its server entry. The
 * built web app sends `extensions.persistedQuery.sha256Hash` without the text; Apollo Server's
 * persisted-query step finds the text here. Nothing is ever added: a hash the manifest does not
 * hold answers PERSISTED_QUERY_NOT_FOUND, whoever sends it, and a document sent with its text
 * (Sandbox, API clients, automatic persisted queries) runs like any other, within the same limits,
 * without being remembered.
 */
export class PersistedDocuments {
  private constructor(private readonly byHash: ReadonlyMap<string, string>) {}

  /** The manifest inside a web build, or no documents when the build has none (an API-only shop). */
  static ofWebBuild(webDistDir: string): PersistedDocuments {
    const file = path.join(webDistDir, PERSISTED_DOCUMENTS_FILE);
    return fs.existsSync(file) ? PersistedDocuments.fromManifest(file, fs.readFileSync(file, "utf8")) : NO_DOCUMENTS;
  }

  /** Reads codegen's manifest ({ "sha256:<hex>": text }); refuses one whose hashes are not its texts'. */
  static fromManifest(file: string, json: string): PersistedDocuments {
    const manifest: unknown = JSON.parse(json);
    if (!manifest || typeof manifest !== "object" || Array.isArray(manifest))
      throw new Error(`${file} is not a manifest of persisted documents (an object of hash -> text)`);
    const byHash = new Map<string, string>();
    for (const [key, text] of Object.entries(manifest)) {
      const hash = key.replace(/^sha256:/, "");
      if (typeof text !== "string" || sha256(text) !== hash)
        throw new Error(`${file}: the document under ${key} is not the text of that sha256: build the web app again`);
      byHash.set(hash, text);
    }
    return new PersistedDocuments(byHash);
  }

  get size(): number {
    return this.byHash.size;
  }

  /** The text of a known document, by its hex sha256. */
  documentOf(hash: string): string | undefined {
    return this.byHash.get(hash);
  }

  /** Apollo Server's `persistedQueries.cache`: read-only, so no request registers a document. */
  apolloCache(): KeyValueCache<string> {
    const readOnly: KeyValueCache<string> = {
      get: async (hash) => this.byHash.get(hash),
      set: async () => undefined,
      delete: async () => false,
    };
    // Apollo would prefix the keys ("apq:"); this cache holds nothing else.
    return PrefixingKeyValueCache.cacheDangerouslyDoesNotNeedPrefixesForIsolation(readOnly);
  }
}

/** Where the web build puts codegen's manifest (web/build/graphqlDocumentsPlugin.ts), inside web/dist. */
export const PERSISTED_DOCUMENTS_FILE = path.join("server", "persisted-documents.json");

const NO_DOCUMENTS = PersistedDocuments.fromManifest("(none)", "{}");

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

/** What a client is told when it sends a hash without text that the manifest does not hold. */
export const UNKNOWN_PERSISTED_DOCUMENT =
  "No document the shop knows has this extensions.persistedQuery.sha256Hash: send the document's text in `query` (the shop runs by hash only the documents of its own web app, and does not register new ones)";

/** What a client is told when the text it sent is not the one its hash names. */
export const MISMATCHED_PERSISTED_DOCUMENT =
  "extensions.persistedQuery.sha256Hash is not the sha256 of `query`: send the hash of the exact text, or the text alone";
