import type { FieldNode, FragmentDefinitionNode, GraphQLResolveInfo, SelectionNode } from "graphql";

/**
 * A test of whether an operation asks, at `path` below the field being resolved, for none but
 * `fields` (`__typename` always allowed). Fragments are followed, whatever their type condition; a
 * field under @skip or @include counts as asked, so a list never leaves out what a request may
 * need. Lists use it to read only the columns their rows will show.
 *
 * The answer depends on the document alone, so it is kept per field node: a document seen again
 * (Apollo keeps parsed documents) is not walked again.
 */
export function asksOnlyFor(
  path: readonly string[],
  fields: ReadonlySet<string>,
): (info: GraphQLResolveInfo) => boolean {
  return perFieldNode((info) => namesAt(info, path).every((name) => name === "__typename" || fields.has(name)));
}

/** A test of whether an operation asks for `field` at `path` below the field being resolved (followed as above). */
export function asksFor(path: readonly string[], field: string): (info: GraphQLResolveInfo) => boolean {
  return perFieldNode((info) => namesAt(info, path).includes(field));
}

/** `walk`'s answer kept per field node. */
function perFieldNode(walk: (info: GraphQLResolveInfo) => boolean): (info: GraphQLResolveInfo) => boolean {
  const answers = new WeakMap<FieldNode, boolean>();
  return (info) => {
    // A field asked for twice under one name is merged from several nodes: walked each time.
    if (info.fieldNodes.length !== 1) return walk(info);
    const fieldNode = info.fieldNodes[0];
    let answer = answers.get(fieldNode);
    if (answer === undefined) answers.set(fieldNode, (answer = walk(info)));
    return answer;
  };
}

/** The names of the fields asked for at `path` below the field being resolved. */
function namesAt(info: GraphQLResolveInfo, path: readonly string[]): string[] {
  const names: string[] = [];
  for (const fieldNode of info.fieldNodes) {
    if (fieldNode.selectionSet) collect(fieldNode.selectionSet.selections, path, 0, info.fragments, names);
  }
  return names;
}

function collect(
  selections: readonly SelectionNode[],
  path: readonly string[],
  depth: number,
  fragments: Record<string, FragmentDefinitionNode>,
  names: string[],
): void {
  for (const selection of selections) {
    if (selection.kind === "Field") {
      if (depth === path.length) names.push(selection.name.value);
      else if (selection.name.value === path[depth] && selection.selectionSet)
        collect(selection.selectionSet.selections, path, depth + 1, fragments, names);
    } else if (selection.kind === "InlineFragment") {
      collect(selection.selectionSet.selections, path, depth, fragments, names);
    } else {
      const fragment = fragments[selection.name.value];
      if (fragment) collect(fragment.selectionSet.selections, path, depth, fragments, names);
    }
  }
}
