import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { compression } from "vite-plugin-compression2";
import { graphqlDocumentsPlugin, persistedDocumentsPlugin } from "./build/graphqlDocumentsPlugin";

const webDir = path.dirname(fileURLToPath(import.meta.url));
/** The storefront's entry, as the build's manifest names it (src/ssr/entry-server.tsx reads it there). */
const STOREFRONT_ENTRY = "src/islands/storefront.ts";

// In development the API server runs on :4000; the built app is served by it on the same origin.
const apiTarget = process.env.API_PROXY_TARGET ?? "http://localhost:4000";
const proxied = ["/graphql", "/upload", "/images", "/uploads"];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    graphqlDocumentsPlugin(path.join(webDir, "src", "lib", "gql")),
    persistedDocumentsPlugin(path.join(webDir, "src", "lib", "gql")),
    react(),
    // Brotli and gzip copies of the browser's scripts, styles and drawings, which the shop serves
    // to browsers that accept them (@fastify/static's preCompressed): compressed once at build
    // time, at the highest level, rather than per request or not at all.
    !isSsrBuild &&
      compression({
        include: /\.(js|css|svg)$/,
        threshold: 1024,
        algorithms: ["brotliCompress", "gzip"],
        logLevel: "silent",
      }),
  ],
  // "@/ui/Spinner" instead of climbing "../../../ui/Spinner" (tsconfig.json's paths say the same);
  // "@part-rules" is the server's own rules of a part's fields (a pure module), so the part form
  // checks them with the server's limits and words.
  resolve: {
    alias: {
      "@part-rules": path.join(webDir, "..", "graph", "src", "domain", "catalogue", "part-rules.ts"),
      "@": path.join(webDir, "src"),
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
  },
  // The server entry (dist/server) carries its libraries: the shop loads it without web's node_modules.
  ssr: { noExternal: true },
  // ...and their production builds, as the browser's build does: React reads NODE_ENV when the
  // entry is loaded, and the local harness and the tests run the shop without NODE_ENV=production,
  // where React's development build renders a page several times slower.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Images stay files: inlining them would make the home page's JavaScript heavier.
    assetsInlineLimit: 0,
    // The server entry needs no copy of the public files (favicon...): the browser's build has them.
    copyPublicDir: !isSsrBuild,
    // dist/.vite/manifest.json: the server links the stylesheets and scripts of the page it renders.
    manifest: !isSsrBuild,
    // Two entries: the app (index.html), and the storefront's (its islands), which the server
    // links on the pages it renders instead of the app's.
    rolldownOptions: isSsrBuild
      ? undefined
      : { input: { index: path.join(webDir, "index.html"), storefront: path.join(webDir, STOREFRONT_ENTRY) } },
  },
}));
