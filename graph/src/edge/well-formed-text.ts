import type { ApolloServerPlugin } from "@apollo/server";
import { HeaderMap } from "@apollo/server";
import { ASTNode, GraphQLError, Kind, ValidationContext, ValidationRule } from "graphql";
import { findIllFormedText, textProblem, type IllFormedText } from "../api/inputs/text";

/** Where a string literal sits in a document: `subscribeNewsletter(email:)`, `placeOrder(input.address:)`. */
function literalField(ancestors: ReadonlyArray<ASTNode | ReadonlyArray<ASTNode>>): string {
  const names: string[] = [];
  let field = "";
  for (const ancestor of ancestors) {
    if (Array.isArray(ancestor)) continue;
    const node = ancestor as ASTNode;
    if (node.kind === Kind.FIELD) field = node.name.value;
    else if (node.kind === Kind.ARGUMENT || node.kind === Kind.OBJECT_FIELD) names.push(node.name.value);
  }
  return field ? `${field}(${names.join(".")}:)` : names.join(".") || "a string in the document";
}

/**
 * String literals in a document (arguments, input objects, defaults) hold no ill-formed text. A
 * validation rule, so Apollo checks each document once and remembers the verdict.
 */
export const wellFormedTextRule: ValidationRule = (context: ValidationContext) => ({
  StringValue(node, _key, parent, _path, ancestors) {
    const problem = textProblem(node.value);
    if (!problem) return;
    const field = literalField(parent ? [...ancestors, parent] : ancestors);
    context.reportError(
      new GraphQLError(`${field} ${problem}`, { nodes: [node], extensions: { code: "BAD_USER_INPUT", field } }),
    );
  },
});

const refusal = ({ field, problem }: IllFormedText) =>
  new GraphQLError(`Variable ${field} ${problem}`, {
    extensions: { code: "BAD_USER_INPUT", field, http: { status: 400, headers: new HeaderMap() } },
  });

/** Variables hold no ill-formed text: checked before anything runs, whatever types they are declared as. */
export function wellFormedVariablesPlugin<Context extends object>(): ApolloServerPlugin<Context> {
  const requestListener = {
    async didResolveOperation({ request }: { request: { variables?: Record<string, unknown> } }) {
      const found = findIllFormedText(request.variables ?? {}, "$");
      if (found) throw refusal({ ...found, field: found.field.replace(/^\$\./, "$") });
    },
  };
  return { requestDidStart: async () => requestListener };
}
