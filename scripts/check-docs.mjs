// Keeps the documentation true to the repository (run by `npm run lint`):
// - README.md stays a newcomer's guide (at most 350 lines) and docs/performance.md holds the latest
//   figures only (at most 300 lines): history lives in git, not in the documents;
// - every relative link in README.md and docs/*.md points to a file that exists, and a link to a
//   heading (file.md#heading) to a heading that exists; the README links every document in docs/;
// - README.md and docs/performance.md cite no commit hash.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const MAX_LINES = { "README.md": 350, "docs/performance.md": 300 };

/** Documents that must not cite a commit hash: the git history is where commits are named. */
const NO_COMMIT_HASHES = ["README.md", "docs/performance.md"];

/**
 * Links to documents another change is writing at the same time: accepted while the file does not
 * exist yet, checked like any other once it does. Remove an entry when its document has landed.
 */
const EXPECTED_DOCUMENTS = new Map();

const read = (file) => readFileSync(path.join(ROOT, file), "utf8");

function documents() {
  const docs = existsSync(path.join(ROOT, "docs"))
    ? readdirSync(path.join(ROOT, "docs"))
        .filter((name) => name.endsWith(".md"))
        .map((name) => `docs/${name}`)
    : [];
  return ["README.md", ...docs.sort()];
}

/** The text outside fenced code blocks, line by line (numbers kept); inline code dropped unless kept. */
function proseLines(text, { keepInlineCode = false } = {}) {
  let fence = null;
  return text.split("\n").map((line) => {
    const opening = /^\s*(```+|~~~+)/.exec(line);
    if (opening) {
      if (fence === null) fence = opening[1][0];
      else if (opening[1][0] === fence) fence = null;
      return "";
    }
    if (fence !== null) return "";
    return keepInlineCode ? line.replace(/`/g, "") : line.replace(/`[^`]*`/g, "");
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

const anchorsCache = new Map();
function anchorsOf(file) {
  if (!anchorsCache.has(file)) {
    const seen = new Map();
    const anchors = new Set();
    for (const line of proseLines(read(file), { keepInlineCode: true })) {
      const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!heading) continue;
      const slug = slugOf(heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"));
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    anchorsCache.set(file, anchors);
  }
  return anchorsCache.get(file);
}

/** Inline links and images `[text](target)` and reference definitions `[name]: target`. */
function linksOf(file) {
  const links = [];
  proseLines(read(file)).forEach((line, index) => {
    for (const match of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ target: match[1], line: index + 1 });
    const definition = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (definition) links.push({ target: definition[1], line: index + 1 });
  });
  return links;
}

function checkLink(file, { target, line }) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return null;
  const [rawPath, anchor] = target.split("#");
  const linked =
    rawPath === ""
      ? file
      : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(rawPath)));
  const where = `${file}:${line}`;
  if (linked.startsWith("../"))
    return `${where}: ${target} points outside the repository (someone who clones it does not have it)`;
  if (!existsSync(path.join(ROOT, linked))) {
    if (EXPECTED_DOCUMENTS.has(linked)) return null;
    return `${where}: ${target} points to ${linked}, which does not exist`;
  }
  if (
    anchor &&
    linked.endsWith(".md") &&
    statSync(path.join(ROOT, linked)).isFile() &&
    !anchorsOf(linked).has(anchor.toLowerCase())
  ) {
    return `${where}: ${target} names a heading ${linked} does not have (#${anchor})`;
  }
  return null;
}

/** A 7-to-40-digit hexadecimal word with at least one digit: an abbreviated or full commit hash. */
const COMMIT_HASH = /(?<![\p{L}\p{N}_])(?=[0-9a-f]*[0-9])[0-9a-f]{7,40}(?![\p{L}\p{N}_])/giu;

function problems() {
  const found = [];
  for (const [file, max] of Object.entries(MAX_LINES)) {
    if (!existsSync(path.join(ROOT, file))) {
      found.push(`${file} is missing`);
      continue;
    }
    const lines = read(file).replace(/\n$/, "").split("\n").length;
    if (lines > max)
      found.push(`${file} has ${lines} lines, more than ${max}: move reference to docs/ and history to git, not here`);
  }
  for (const file of documents()) {
    for (const link of linksOf(file)) {
      const problem = checkLink(file, link);
      if (problem) found.push(problem);
    }
  }
  const fromReadme = new Set(linksOf("README.md").map(({ target }) => path.posix.normalize(target.split("#")[0])));
  for (const file of documents().filter((name) => name !== "README.md" && !fromReadme.has(name))) {
    found.push(`README.md does not link ${file}: a newcomer finds the documents from the README`);
  }
  for (const file of NO_COMMIT_HASHES.filter((name) => existsSync(path.join(ROOT, name)))) {
    read(file)
      .split("\n")
      .forEach((line, index) => {
        for (const match of line.matchAll(COMMIT_HASH)) {
          found.push(
            `${file}:${index + 1}: "${match[0]}" reads as a commit hash; name no commits here (write long numbers with separators: 1,000,000)`,
          );
        }
      });
  }
  return found;
}

const found = problems();
const landed = [...EXPECTED_DOCUMENTS.keys()].filter((file) => existsSync(path.join(ROOT, file)));
if (landed.length)
  console.log(
    `check-docs: ${landed.join(", ")} now exist${landed.length === 1 ? "s" : ""}: remove from EXPECTED_DOCUMENTS`,
  );
if (found.length) {
  console.error(
    `check-docs: ${found.length} problem${found.length === 1 ? "" : "s"}\n${found.map((problem) => `  ${problem}`).join("\n")}`,
  );
  process.exit(1);
}
console.log(`check-docs: ${documents().length} documents, links and limits hold`);
