import type { ApolloCache, Reference } from "@apollo/client";

/** Removes one node from a cached root connection (Query.orders, Query.products...) without a refetch. */
export function removeFromRootConnection(cache: ApolloCache, fieldName: string, nodeId: string): void {
  cache.modify({
    id: "ROOT_QUERY",
    fields: {
      [fieldName]: (existing: unknown, { readField }: { readField: (field: string, ref: Reference) => unknown }) => {
        const connection = existing as { edges?: { node: Reference }[] } | undefined;
        if (!connection?.edges) return existing;
        return { ...connection, edges: connection.edges.filter((edge) => readField("id", edge.node) !== nodeId) };
      },
    },
  });
}
