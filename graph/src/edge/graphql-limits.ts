import {
  ASTVisitor,
  FieldNode,
  FragmentDefinitionNode,
  getNamedType,
  GraphQLError,
  GraphQLNamedType,
  GraphQLSchema,
  isInterfaceType,
  isObjectType,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
  ValidationContext,
  ValidationRule,
} from "graphql";

/**
 * Limits on what one GraphQL request may ask for, checked by validation rules before anything
 * runs (Apollo caches validation per document, so a repeated query costs nothing to check).
 *
 * - depth: nesting of fields, `{ parts { edges { node { name } } } }` is 4 deep;
 * - aliases: aliased fields in the operation, fragments counted where they are spread;
 * - cost: every field costs 1, and a field with a `first` argument multiplies the cost of
 *   everything selected under it by `first`:
 *       cost(field) = 1 + size(field) × cost(its selections)
 *       size(field) = `first` written in the query; the largest page (100, PAGE_MAX) when
 *                     `first` is a variable (its value is not known yet, so the worst case
 *                     counts); the argument's default (20) when it is left out; 1 for a field
 *                     without `first`.
 *   A full page of 100 orders with every field and their parts is about 3,000.
 *
 * Introspection fields (`__typename`, `__schema`, `__type`) add no depth or cost (they are
 * answered from memory, and introspection is switched off in production); their aliases count.
 */
export const GRAPHQL_LIMITS = {
  maxDepth: 10,
  maxAliases: 30,
  maxCost: 5000,
} as const;

/** `largestPage` is what a `first` given as a variable counts as: the largest page allowed. */
export type GraphQLLimits = { maxDepth: number; maxAliases: number; maxCost: number; largestPage: number };

/**
 * Tokens one document may have. The parser recurses once per nesting level and stops at this
 * count, so a deeply nested document is refused before it can exhaust the stack (2000 was not
 * enough for that). The shop's largest operations have under 200 tokens; 30 aliased pages, 600.
 */
export const GRAPHQL_MAX_TOKENS = 1000;

export interface OperationMeasure {
  depth: number;
  aliases: number;
  cost: number;
}

const ZERO: OperationMeasure = { depth: 0, aliases: 0, cost: 0 };

/** Depth, alias count and cost of one operation; fragments are measured once and reused. */
export function measureOperation(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: (name: string) => FragmentDefinitionNode | undefined | null,
  largestPage: number,
): OperationMeasure {
  const fragmentMeasures = new Map<string, OperationMeasure>();
  const visiting = new Set<string>();

  const measureSelections = (
    selectionSet: SelectionSetNode | undefined,
    parent: GraphQLNamedType | undefined,
  ): OperationMeasure => {
    if (!selectionSet) return ZERO;
    let depth = 0;
    let aliases = 0;
    let cost = 0;
    for (const selection of selectionSet.selections) {
      let measured: OperationMeasure;
      if (selection.kind === Kind.FIELD) {
        measured = measureField(selection, parent);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition
          ? (schema.getType(selection.typeCondition.name.value) ?? undefined)
          : parent;
        measured = measureSelections(selection.selectionSet, condition);
      } else {
        measured = measureFragment(selection.name.value);
      }
      depth = Math.max(depth, measured.depth);
      aliases += measured.aliases;
      cost += measured.cost;
    }
    return { depth, aliases, cost };
  };

  const measureFragment = (name: string): OperationMeasure => {
    const known = fragmentMeasures.get(name);
    if (known) return known;
    const fragment = fragments(name);
    // Unknown fragments and cycles are reported by graphql's own rules.
    if (!fragment || visiting.has(name)) return ZERO;
    visiting.add(name);
    const measured = measureSelections(
      fragment.selectionSet,
      schema.getType(fragment.typeCondition.name.value) ?? undefined,
    );
    visiting.delete(name);
    fragmentMeasures.set(name, measured);
    return measured;
  };

  const measureField = (field: FieldNode, parent: GraphQLNamedType | undefined): OperationMeasure => {
    if (field.name.value.startsWith("__")) return { depth: 0, aliases: field.alias ? 1 : 0, cost: 0 };
    const definition =
      parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[field.name.value] : undefined;
    const children = measureSelections(field.selectionSet, definition ? getNamedType(definition.type) : undefined);
    let size = 1;
    const firstArgument = definition?.args.find((argument) => argument.name === "first");
    if (firstArgument) {
      const given = field.arguments?.find((argument) => argument.name.value === "first")?.value;
      if (!given) size = typeof firstArgument.defaultValue === "number" ? firstArgument.defaultValue : largestPage;
      else if (given.kind === Kind.INT) size = Math.max(1, Number(given.value));
      else size = largestPage;
    }
    return {
      depth: 1 + children.depth,
      aliases: (field.alias ? 1 : 0) + children.aliases,
      cost: 1 + size * children.cost,
    };
  };

  const root = schema.getRootType(operation.operation) ?? undefined;
  return measureSelections(operation.selectionSet, root);
}

type LimitName = "depth" | "aliases" | "cost";

function limitError(
  operation: OperationDefinitionNode,
  limit: LimitName,
  maximum: number,
  actual: number,
  message: string,
) {
  return new GraphQLError(message, { nodes: [operation], extensions: { limit, maximum, actual } });
}

/**
 * Each operation's measure within one validation: the three limit rules read the same measure
 * (measuring is most of what they cost on a new document), and a new validation measures anew.
 */
const measuresByValidation = new WeakMap<
  ValidationContext,
  Map<OperationDefinitionNode, { largestPage: number; measured: OperationMeasure }>
>();

function measureOnce(
  context: ValidationContext,
  operation: OperationDefinitionNode,
  largestPage: number,
): OperationMeasure {
  let measures = measuresByValidation.get(context);
  if (!measures) measuresByValidation.set(context, (measures = new Map()));
  const known = measures.get(operation);
  if (known?.largestPage === largestPage) return known.measured;
  const measured = measureOperation(context.getSchema(), operation, (name) => context.getFragment(name), largestPage);
  measures.set(operation, { largestPage, measured });
  return measured;
}

/** One rule per limit, so each refusal names its own limit. */
function limitRule(
  limit: LimitName,
  maximum: number,
  largestPage: number,
  message: (actual: number) => string,
): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const actual = measureOnce(context, operation, largestPage)[limit];
      if (actual > maximum) context.reportError(limitError(operation, limit, maximum, actual, message(actual)));
      return false;
    },
  });
}

export function depthLimitRule(maxDepth: number, largestPage: number): ValidationRule {
  return limitRule(
    "depth",
    maxDepth,
    largestPage,
    (depth) => `The operation is nested ${depth} fields deep; the maximum depth is ${maxDepth}`,
  );
}

export function aliasLimitRule(maxAliases: number, largestPage: number): ValidationRule {
  return limitRule(
    "aliases",
    maxAliases,
    largestPage,
    (aliases) => `The operation uses ${aliases} aliases; at most ${maxAliases} alias fields are allowed`,
  );
}

export function costLimitRule(maxCost: number, largestPage: number): ValidationRule {
  return limitRule(
    "cost",
    maxCost,
    largestPage,
    (cost) =>
      `The operation's cost is ${cost}, above the maximum cost of ${maxCost} ` +
      `(each field costs 1; a list field multiplies the cost of what is selected under it by its first argument, ${largestPage} when first is a variable): ask for smaller pages or fewer fields`,
  );
}

export function graphqlLimitRules(limits: GraphQLLimits): ValidationRule[] {
  return [
    depthLimitRule(limits.maxDepth, limits.largestPage),
    aliasLimitRule(limits.maxAliases, limits.largestPage),
    costLimitRule(limits.maxCost, limits.largestPage),
  ];
}
