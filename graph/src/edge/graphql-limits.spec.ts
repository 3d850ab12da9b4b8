import { buildSchema, Kind, parse, validate, type FragmentDefinitionNode, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { graphqlLimitRules, measureOperation } from "./graphql-limits";

const schema = buildSchema(`
  type Query { parts(first: Int = 20): PartConnection!  part(id: ID!): Part  orders(first: Int): [Part!]! }
  type PartConnection { edges: [PartEdge!]! }
  type PartEdge { node: Part! }
  type Part { name: String!  price: Float!  related(first: Int = 5): PartConnection! }
`);

const LARGEST_PAGE = 100;

function measure(source: string) {
  const document = parse(source);
  const operation = document.definitions.find(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  ) as OperationDefinitionNode;
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((fragment) => [fragment.name.value, fragment]),
  );
  return measureOperation(schema, operation, (name) => fragments.get(name), LARGEST_PAGE);
}

describe("measuring an operation", () => {
  it("counts depth as the nesting of fields", () => {
    expect(measure("{ parts { edges { node { name } } } }").depth).toBe(4);
    expect(
      measure("{ part(id: 1) { name } parts(first: 1) { edges { node { related { edges { node { name } } } } } } }")
        .depth,
    ).toBe(7);
  });

  it("costs 1 a field, and multiplies what a list field selects by its first argument", () => {
    // node { name } costs 2, edges { ... } 3, parts(first: 2) 1 + 2 × 3.
    expect(measure("{ parts(first: 2) { edges { node { name } } } }").cost).toBe(7);
    expect(measure("{ part(id: 1) { name price } }").cost).toBe(3);
  });

  it("counts the argument's default when first is left out, and the largest page when it is a variable", () => {
    expect(measure("{ parts { edges { node { name } } } }").cost).toBe(1 + 20 * 3);
    expect(measure("query($n: Int) { parts(first: $n) { edges { node { name } } } }").cost).toBe(1 + LARGEST_PAGE * 3);
    // A list field without a default, first left out: the worst case.
    expect(measure("{ orders { name } }").cost).toBe(1 + LARGEST_PAGE * 1);
    // first: 0 or a negative page still costs its selections once.
    expect(measure("{ parts(first: 0) { edges { node { name } } } }").cost).toBe(4);
  });

  it("multiplies nested pages", () => {
    // related(first: 3) { edges { node { name } } } = 1 + 3 × 3 = 10; node { related } = 11; edges = 12.
    expect(
      measure("{ parts(first: 10) { edges { node { related(first: 3) { edges { node { name } } } } } } }").cost,
    ).toBe(1 + 10 * 12);
  });

  it("counts aliases, a fragment's once for each place it is spread", () => {
    expect(measure("{ a: part(id: 1) { n: name } b: part(id: 2) { name } }").aliases).toBe(3);
    expect(
      measure("{ a: part(id: 1) { ...F } b: part(id: 2) { ...F } } fragment F on Part { x: name y: price }").aliases,
    ).toBe(2 + 2 * 2);
    expect(measure("{ part(id: 1) { ... on Part { x: name } } }").aliases).toBe(1);
  });

  it("measures a fragment through its type condition, as deep and dear as written inline", () => {
    const inline = measure("{ parts(first: 2) { edges { node { name related { edges { node { name } } } } } } }");
    const spread = measure(
      "{ parts(first: 2) { edges { node { ...P } } } } fragment P on Part { name related { edges { node { name } } } }",
    );
    expect(spread).toEqual(inline);
  });

  it("adds no depth or cost for introspection fields, but counts their aliases", () => {
    expect(measure("{ __typename t: __typename part(id: 1) { __typename } }")).toEqual({
      depth: 1,
      aliases: 1,
      cost: 1,
    });
  });

  it("ends on fragments that spread each other and on unknown fragments (graphql's own rules report them)", () => {
    expect(
      measure("{ part(id: 1) { ...A } } fragment A on Part { name ...B } fragment B on Part { price ...A }"),
    ).toEqual({ depth: 2, aliases: 0, cost: 3 });
    expect(measure("{ part(id: 1) { ...Missing } }")).toEqual({ depth: 1, aliases: 0, cost: 1 });
  });
});

describe("the limit rules", () => {
  const rules = graphqlLimitRules({ maxDepth: 3, maxAliases: 1, maxCost: 50, largestPage: LARGEST_PAGE });
  const errorsOf = (source: string) =>
    validate(schema, parse(source), rules).map((error) => ({ message: error.message, ...error.extensions }));

  it("let an operation within every limit through", () => {
    expect(errorsOf("{ a: part(id: 1) { name } }")).toEqual([]);
  });

  it("refuse each limit passed, naming it, its maximum and what the operation asked for", () => {
    expect(errorsOf("{ parts(first: 1) { edges { node { name } } } }")).toEqual([
      {
        message: "The operation is nested 4 fields deep; the maximum depth is 3",
        limit: "depth",
        maximum: 3,
        actual: 4,
      },
    ]);
    expect(errorsOf("{ a: part(id: 1) { name } b: part(id: 2) { name } }")).toEqual([
      {
        message: "The operation uses 2 aliases; at most 1 alias fields are allowed",
        limit: "aliases",
        maximum: 1,
        actual: 2,
      },
    ]);
    const [cost] = errorsOf("query($n: Int) { orders(first: $n) { name } }");
    expect(cost).toMatchObject({ limit: "cost", maximum: 50, actual: 101 });
    expect(cost.message).toMatch(
      /^The operation's cost is 101, above the maximum cost of 50 .*100 when first is a variable/,
    );
  });

  it("measure each operation of a document apart", () => {
    const errors = errorsOf(
      "query One { a: part(id: 1) { name } } query Two { a: part(id: 1) { name } b: part(id: 2) { name } }",
    );
    expect(errors).toEqual([expect.objectContaining({ limit: "aliases", actual: 2 })]);
  });
});
