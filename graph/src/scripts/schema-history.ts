import { execFileSync } from "node:child_process";
import { diff, CriticalityLevel, type Change } from "@graphql-inspector/core";
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from "graphql";

/*
 * What clients have seen of schema.graphql, read from git. "The schema of the last commit on main"
 * is not one file when CI runs on a fresh clone of main: HEAD is main itself, and several commits
 * may have landed together, each changing the schema. So the schema being checked (the working
 * tree's) is compared with every version main has had: each commit on the first-parent line of
 * HEAD that changed schema.graphql (commits of a merged branch count once, as the merge that
 * landed them). Against each of them a breaking change fails the check, unless it removes an
 * element a version from then on marked @deprecated: deprecating first, in a commit of its own,
 * is the only way a field, argument, input field, enum value or type goes away.
 */

export interface SchemaVersion {
  /** The commit that made this version, or null for the working tree's uncommitted schema. */
  commit: string | null;
  sdl: string;
}

const git = (root: string, args: string[]) =>
  execFileSync("git", ["-C", root, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });

const isShallow = (root: string) => git(root, ["rev-parse", "--is-shallow-repository"]).trim() === "true";

/**
 * Every version of `file` on HEAD's first-parent line, oldest first; null when the clone is
 * shallow and its history cannot be fetched (the checks that need it are then skipped, loudly).
 */
export function committedVersions(root: string, file = "schema.graphql"): SchemaVersion[] | null {
  if (isShallow(root)) {
    try {
      git(root, ["fetch", "--quiet", "--unshallow"]);
    } catch {
      return null;
    }
    if (isShallow(root)) return null;
  }
  const commits = git(root, ["log", "--first-parent", "--reverse", "--format=%H", "--", file])
    .split("\n")
    .filter(Boolean);
  const versions: SchemaVersion[] = [];
  for (const commit of commits) {
    // A commit that deleted the file has no version of it.
    const listed = git(root, ["ls-tree", "--name-only", commit, "--", file]).trim();
    if (listed) versions.push({ commit, sdl: git(root, ["show", `${commit}:${file}`]) });
  }
  return versions;
}

/** The committed versions, then the working tree's schema when it differs from the last of them. */
export function versionsWith(committed: SchemaVersion[], current: string): SchemaVersion[] {
  const last = committed.at(-1);
  return last && last.sdl === current ? committed : [...committed, { commit: null, sdl: current }];
}

const short = (version: SchemaVersion) => (version.commit ? version.commit.slice(0, 10) : "the working tree");

/** Whether the element at an inspector path ("Type", "Type.field", "Type.field.argument", "Enum.VALUE") is deprecated in a schema. */
function isDeprecatedIn(schema: GraphQLSchema, path: string): boolean {
  const [typeName, member, argument] = path.split(".");
  const type = schema.getType(typeName);
  if (!type || member === undefined) return false;
  if (isObjectType(type) || isInterfaceType(type)) {
    const field = type.getFields()[member];
    if (!field) return false;
    if (argument === undefined) return Boolean(field.deprecationReason);
    return Boolean(field.args.find((arg) => arg.name === argument)?.deprecationReason);
  }
  if (isInputObjectType(type)) return Boolean(type.getFields()[member]?.deprecationReason);
  if (isEnumType(type)) return Boolean(type.getValue(member)?.deprecationReason);
  return false;
}

/** Whether every use of a type in a schema is deprecated (a field or argument of that type, an input field), so a client had notice before it went. */
function onlyDeprecatedUsesOf(schema: GraphQLSchema, typeName: string): boolean {
  const uses: boolean[] = [];
  const isIt = (type: GraphQLNamedType) => type.name === typeName;
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith("__")) continue;
    if (isObjectType(type) || isInterfaceType(type)) {
      if (type.getInterfaces().some(isIt)) return false;
      for (const field of Object.values(type.getFields())) {
        if (isIt(getNamedType(field.type))) uses.push(Boolean(field.deprecationReason));
        for (const arg of field.args)
          if (isIt(getNamedType(arg.type))) uses.push(Boolean(arg.deprecationReason || field.deprecationReason));
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields()))
        if (isIt(getNamedType(field.type))) uses.push(Boolean(field.deprecationReason));
    } else if (isUnionType(type)) {
      if (type.getTypes().some(isIt)) return false;
    }
  }
  return uses.every(Boolean);
}

const REMOVALS = new Set(["FIELD_REMOVED", "FIELD_ARGUMENT_REMOVED", "INPUT_FIELD_REMOVED", "ENUM_VALUE_REMOVED"]);

/** A breaking change is excused when it removes what one of these versions (the one compared and those after it) announced as deprecated. */
function hadNotice(change: Change, noticed: GraphQLSchema[]): boolean {
  if (!change.path) return false;
  if (REMOVALS.has(change.type)) return noticed.some((schema) => isDeprecatedIn(schema, change.path!));
  if (change.type === "TYPE_REMOVED") return noticed.some((schema) => onlyDeprecatedUsesOf(schema, change.path!));
  return false;
}

/**
 * The breaking changes of the newest version against each earlier one that no deprecation
 * excuses, as lines naming the version they break (a change found against several is named once,
 * against the oldest).
 */
export async function unexcusedBreakingChanges(versions: SchemaVersion[]): Promise<string[]> {
  if (versions.length < 2) return [];
  const schemas = versions.map((version) => buildSchema(version.sdl));
  const current = schemas.at(-1)!;
  const found = new Map<string, string>();
  const compared = new Set<string>();
  for (let index = 0; index < versions.length - 1; index++) {
    // The same schema twice (a change undone) is compared once.
    if (compared.has(versions[index].sdl) || versions[index].sdl === versions.at(-1)!.sdl) continue;
    compared.add(versions[index].sdl);
    const noticed = schemas.slice(index, -1);
    for (const change of await diff(schemas[index], current)) {
      if (change.criticality.level !== CriticalityLevel.Breaking || hadNotice(change, noticed)) continue;
      if (!found.has(change.message))
        found.set(change.message, `${change.message} (breaks the schema of ${short(versions[index])})`);
    }
  }
  return [...found.values()];
}

/** Changes that only reword descriptions: counted in the change log, not listed one by one. */
const isDescriptionChange = (change: Change) => /DESCRIPTION_(ADDED|CHANGED|REMOVED)$/.test(change.type);

const LEVELS: Array<[CriticalityLevel, string]> = [
  [CriticalityLevel.Breaking, "Removed after deprecation, or breaking"],
  [CriticalityLevel.Dangerous, "Changed (may affect clients)"],
  [CriticalityLevel.NonBreaking, "Added or changed (safe)"],
];

/**
 * docs/schema-changelog.md: what each version of schema.graphql changed, newest first, from git
 * history (the same versions the breaking-change check compares). Versions are numbered, not
 * dated or named by commit, so the file a commit carries already describes that commit's schema.
 */
export async function schemaChangelog(versions: SchemaVersion[]): Promise<string> {
  const lines = [
    "# Schema change log",
    "",
    "Generated by `npm run schema -w graph` from the git history of `schema.graphql` (every version on",
    "the first-parent line of the branch: on main, what main has had); do not edit. How the schema may",
    "change: [api-getting-started.md](api-getting-started.md#how-the-schema-changes).",
    "",
  ];
  const sections: string[][] = [];
  for (let index = 0; index < versions.length; index++) {
    const section = [`## Version ${index + 1}`, ""];
    const schema = buildSchema(versions[index].sdl);
    if (index === 0) {
      const types = Object.keys(schema.getTypeMap()).filter((name) => !name.startsWith("__")).length;
      section.push(`The first committed schema: ${types} types.`, "");
    } else {
      const changes = await diff(buildSchema(versions[index - 1].sdl), schema);
      const reworded = changes.filter(isDescriptionChange).length;
      // A new type or field is one line: what it holds (fields, arguments) is in the schema.
      const added = changes
        .filter((change) => change.type === "TYPE_ADDED" || change.type === "FIELD_ADDED")
        .map((change) => `${change.path}.`);
      const withinAddedType = (change: Change) => added.some((parent) => change.path?.startsWith(parent));
      for (const [level, title] of LEVELS) {
        const listed = changes.filter(
          (change) => change.criticality.level === level && !isDescriptionChange(change) && !withinAddedType(change),
        );
        const messages = [...new Set(listed.map((change) => `- ${change.message}`))];
        if (messages.length) section.push(`${title}:`, "", ...messages, "");
      }
      if (reworded) section.push(`Descriptions added or reworded: ${reworded}.`, "");
      if (changes.length === 0) section.push("No change a client can see (formatting only).", "");
    }
    sections.push(section);
  }
  return [...lines, ...sections.reverse().flat()].join("\n").trimEnd() + "\n";
}
