import type { Snapshot } from "./audit-entry.entity";

/** What a recorded value is, so the history can show it as such (money as dollars, lists as lists...). */
export enum AuditValueKind {
  MONEY = "money",
  WEIGHT = "weight",
  LIST = "list",
  DATE = "date",
  BOOLEAN = "boolean",
  NUMBER = "number",
  TEXT = "text",
}

/** The fields the history records as amounts of dollars (a number, or text like "$12.00"). */
const MONEY_FIELDS = new Set(["price", "amount", "refunded", "total", "unitPrice", "freeOver"]);
/** The fields the history records as weights, in grams (shown as grams or kilograms). */
const WEIGHT_FIELDS = new Set(["weightGrams"]);
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** The kind of a field's values before and after a change, by the field and what was recorded. */
export function kindOfValues(field: string, values: readonly unknown[]): AuditValueKind {
  const given = values.filter((value) => value !== null && value !== undefined);
  if (MONEY_FIELDS.has(field)) return AuditValueKind.MONEY;
  if (WEIGHT_FIELDS.has(field)) return AuditValueKind.WEIGHT;
  if (given.length === 0) return AuditValueKind.TEXT;
  if (given.every(Array.isArray)) return AuditValueKind.LIST;
  if (given.every((value) => typeof value === "boolean")) return AuditValueKind.BOOLEAN;
  if (given.every((value) => typeof value === "number")) return AuditValueKind.NUMBER;
  if (given.every((value) => typeof value === "string" && ISO_MOMENT.test(value))) return AuditValueKind.DATE;
  return AuditValueKind.TEXT;
}

/** One field a change touched: its kind, and each side as text (lists: also item by item). */
export interface FieldChange {
  field: string;
  kind: AuditValueKind;
  before: string | null;
  after: string | null;
  beforeItems: string[] | null;
  afterItems: string[] | null;
}

/** A value of a snapshot as a person reads it: a record (a part's image) as its fields, "url: …, alt: …". */
function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "object" && !Array.isArray(value))
    return Object.entries(value)
      .map(([field, inner]) => `${field}: ${shown(inner) ?? "none"}`)
      .join(", ");
  return JSON.stringify(value);
}

const itemsOf = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.map((item) => shown(item) ?? "") : null;

/**
 * One field's change as the history shows it: its kind, each side as text (`text`: how a value
 * reads, a list as JSON by default) and, for a list, item by item.
 */
export function fieldChange(
  field: string,
  before: unknown,
  after: unknown,
  text: (value: unknown) => string | null = shown,
): FieldChange {
  return {
    field,
    kind: kindOfValues(field, [before, after]),
    before: text(before),
    after: text(after),
    beforeItems: itemsOf(before),
    afterItems: itemsOf(after),
  };
}

/** The fields whose values differ between two snapshots, in the order the record lists them. */
export function changesBetween(before: Snapshot | null, after: Snapshot | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  return fields
    .filter((field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after?.[field] ?? null))
    .map((field) => fieldChange(field, before?.[field], after?.[field]));
}

/** A snapshot's value as text (how the history names a record). */
export const shownValue = shown;
