import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";

/** The first GraphQL error code (extensions.code) of an Apollo error, or the HTTP status mapped to one. */
export function errorCode(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) {
    const code = error.errors.find((e) => e.extensions?.code)?.extensions?.code;
    return typeof code === "string" ? code : undefined;
  }
  if (ServerError.is(error)) {
    if (error.statusCode === 401) return "UNAUTHENTICATED";
    if (error.statusCode === 403) return "FORBIDDEN";
  }
  return undefined;
}

export function isAuthError(error: unknown): boolean {
  const code = errorCode(error);
  return code === "UNAUTHENTICATED" || code === "FORBIDDEN";
}

/** A message a person can read: the server's own message for GraphQL errors. */
export function errorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? "Something went wrong";
  if (error instanceof Error) return error.message;
  return "Something went wrong";
}

/** The fields a GraphQL error names (extensions.fields), each with its first message: what a form shows on them. */
export function fieldErrors(error: unknown): Record<string, string> {
  const named: Record<string, string> = {};
  if (!CombinedGraphQLErrors.is(error)) return named;
  for (const { extensions } of error.errors) {
    const fields = extensions?.fields;
    if (!fields || typeof fields !== "object") continue;
    for (const [field, messages] of Object.entries(fields))
      if (Array.isArray(messages) && typeof messages[0] === "string") named[field] ??= messages[0];
  }
  return named;
}
