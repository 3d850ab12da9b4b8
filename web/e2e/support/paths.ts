import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export const WEB_DIR = path.resolve(here, "..", "..");
export const REPO_ROOT = path.resolve(WEB_DIR, "..");
/** What `npm start` runs: the local harness (dev/) around the shop. */
export const SERVER_MAIN = path.join(REPO_ROOT, "dev", "dist", "start-local.js");
export const WEB_DIST_DIR = path.join(WEB_DIR, "dist");
/** Screenshots of every journey (git-ignored). */
export const RESULTS_DIR = path.join(REPO_ROOT, "test-results", "e2e");
/** The layout journey's screenshots: <role>/<width>/<route>.png, and its report.json (git-ignored). */
export const LAYOUT_RESULTS_DIR = path.join(REPO_ROOT, "test-results", "layout");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const PROJECT_ID = "demo-partshop";
