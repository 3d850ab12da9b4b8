import { badInput } from "../../domain/errors";

/**
 * Text the shop refuses in any field, wherever it arrives (REST bodies, query strings and paths;
 * GraphQL arguments and variables), checked once at the edge before anything else reads it:
 * nothing below the edge, and no third-party validator, ever sees such a string.
 */
export const MAX_TEXT_LENGTH = 10_000;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one: not text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0 controls but tab, newline and carriage return; DEL; C1 controls. (PostgreSQL refuses NUL outright.) */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Code points Unicode reserves as never being characters (U+FFFE, U+FFFF, U+FDD0..U+FDEF, ...). */
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u;

const codePoint = (text: string) => `U+${text.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** Why a string is not acceptable text, or null when it is. */
export function textProblem(value: string): string | null {
  if (value.length > MAX_TEXT_LENGTH) return `is longer than ${MAX_TEXT_LENGTH} characters`;
  if (LONE_SURROGATE.test(value)) return "contains an unpaired UTF-16 surrogate (not valid Unicode text)";
  const control = CONTROL.exec(value);
  if (control) return `contains a control character (${codePoint(control[0])})`;
  const nonCharacter = NONCHARACTER.exec(value);
  if (nonCharacter) return `contains a Unicode noncharacter (${codePoint(nonCharacter[0])})`;
  return null;
}

export interface IllFormedText {
  /** Where in the value: `email`, `input.name`, `items[2]`. */
  field: string;
  problem: string;
}

const MAX_DEPTH = 32;
const fieldIn = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

/** The first ill-formed string in a JSON value (object keys included), or null. */
export function findIllFormedText(value: unknown, field: string, depth = 0): IllFormedText | null {
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? { field: field || "the value", problem } : null;
  }
  if (value === null || typeof value !== "object" || Buffer.isBuffer(value)) return null;
  if (depth > MAX_DEPTH)
    return { field: field || "the value", problem: `is nested more than ${MAX_DEPTH} levels deep` };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findIllFormedText(value[index], `${field}[${index}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { field: fieldIn(field, "(a field name)"), problem: keyProblem };
    const found = findIllFormedText(item, fieldIn(field, key), depth + 1);
    if (found) return found;
  }
  return null;
}

/** The refusal of ill-formed text: 400 / BAD_USER_INPUT, naming the field. */
export function illFormedTextError({ field, problem }: IllFormedText) {
  return badInput(`${field} ${problem}`, { fields: { [field]: [`${field} ${problem}`] } });
}

/** Refuses a value that holds ill-formed text anywhere. */
export function assertWellFormedText(value: unknown, field: string): void {
  const found = findIllFormedText(value, field);
  if (found) throw illFormedTextError(found);
}
