// codegen's document transform (codegen.yml): `__typename` in every selection but an operation's
// root, as Apollo Client's cache adds it to a document it sends as text. The built web app sends
// its documents by hash, so the text the server runs for them must ask for it already: the cache
// normalises answers by it.
import { Kind, visit } from "graphql";

const typename = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: "__typename" } };
const asksTypename = (selections) =>
  selections.some((selection) => selection.kind === Kind.FIELD && selection.name.value === "__typename");

export const transform = ({ documents }) =>
  documents.map((source) => ({
    ...source,
    document:
      source.document &&
      visit(source.document, {
        SelectionSet(node, _key, parent) {
          if (parent?.kind === Kind.OPERATION_DEFINITION || asksTypename(node.selections)) return undefined;
          return { ...node, selections: [typename, ...node.selections] };
        },
      }),
  }));
