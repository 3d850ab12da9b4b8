import {
  GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedDirective,
  isSpecifiedScalarType,
  isIntrospectionType,
  type GraphQLArgument,
  type GraphQLNamedType,
} from "graphql";

/*
 * The rules schema.graphql keeps besides being generated: every element says what it is for (a
 * developer reads the schema in Sandbox, where nothing else explains it), and a deprecation names
 * what replaces the element, since deprecating and later removing is the only way a field goes.
 */

const described = (description: string | null | undefined) =>
  typeof description === "string" && description.trim() !== "";

/** The shop's own types (GraphQL's built-in scalars and introspection types describe themselves). */
export const ownTypes = (schema: GraphQLSchema): GraphQLNamedType[] =>
  Object.values(schema.getTypeMap()).filter((type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type));

/** Every type, field, argument, input field, enum value, directive and directive argument without a description, by schema coordinate. */
export function undescribedElements(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  const check = (coordinate: string, description: string | null | undefined) => {
    if (!described(description)) missing.push(coordinate);
  };
  const checkArguments = (owner: string, args: readonly GraphQLArgument[]) => {
    for (const arg of args) check(`${owner}(${arg.name}:)`, arg.description);
  };
  for (const type of ownTypes(schema)) {
    check(type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        check(`${type.name}.${field.name}`, field.description);
        checkArguments(`${type.name}.${field.name}`, field.args);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) check(`${type.name}.${field.name}`, field.description);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) check(`${type.name}.${value.name}`, value.description);
    }
  }
  for (const directive of schema.getDirectives().filter((directive) => !isSpecifiedDirective(directive))) {
    check(`@${directive.name}`, directive.description);
    checkArguments(`@${directive.name}`, directive.args);
  }
  return missing;
}

/** Every deprecated element, by coordinate, with its reason. */
export function deprecatedElements(schema: GraphQLSchema): Array<{ coordinate: string; reason: string }> {
  const found: Array<{ coordinate: string; reason: string }> = [];
  const note = (coordinate: string, reason: string | null | undefined) => {
    if (reason !== null && reason !== undefined) found.push({ coordinate, reason });
  };
  for (const type of ownTypes(schema)) {
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        note(`${type.name}.${field.name}`, field.deprecationReason);
        for (const arg of field.args) note(`${type.name}.${field.name}(${arg.name}:)`, arg.deprecationReason);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) note(`${type.name}.${field.name}`, field.deprecationReason);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) note(`${type.name}.${value.name}`, value.deprecationReason);
    }
  }
  return found;
}

/** Whether a name in backticks is something a client can use instead: a type, or a field, value or argument that is not deprecated itself. */
function isLiveElement(schema: GraphQLSchema, name: string, deprecated: Set<string>, parent: string): boolean {
  if (deprecated.has(name)) return false;
  if (schema.getType(name)) return true;
  const [typeName, member] = name.includes(".") ? name.split(".", 2) : [parent, name];
  const type = schema.getType(typeName);
  if (!type || deprecated.has(`${typeName}.${member}`)) return false;
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) return member in type.getFields();
  if (isEnumType(type)) return type.getValue(member) !== undefined;
  return false;
}

/**
 * Deprecations whose reason names no replacement: a reason must name, in backticks, the type,
 * field or value to use instead (`Order.total`, or `total` for a field of the same type).
 */
export function deprecationsWithoutReplacement(schema: GraphQLSchema): string[] {
  const elements = deprecatedElements(schema);
  const deprecated = new Set(elements.map((element) => element.coordinate));
  return elements
    .filter(({ coordinate, reason }) => {
      const parent = coordinate.split(".")[0];
      const named = [...reason.matchAll(/`([A-Za-z_][A-Za-z0-9_.]*)`/g)].map((match) => match[1]);
      return !named.some((name) => isLiveElement(schema, name, deprecated, parent));
    })
    .map(({ coordinate, reason }) => `${coordinate} (reason: "${reason}")`);
}
