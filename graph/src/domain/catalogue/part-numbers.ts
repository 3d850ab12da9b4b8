import type { EntityManager } from "typeorm";
import { badInput, conflict } from "../errors";
import { alternativeNumbersProblem, MAX_PART_NUMBER_LENGTH, partNumberProblem } from "./part-rules";

/*
 * Manufacturer part numbers (migration 1764900000000): a part's own number as printed, and the
 * alternative numbers it replaces or is also sold as (FRU, OEM). A number names one part wherever
 * it is listed; it is found by its key, its letters and digits alone in upper case, so "5b10 w13930"
 * finds 5B10W13930 and "L32656005" finds L32656-005.
 */

/** A number's key: its letters and digits alone, upper case (as SQL's part_number_key). */
export const partNumberKey = (number: string) => number.replace(/[^A-Za-z0-9]+/g, "").toUpperCase();

/** A part number as stored: trimmed; refused when it is not one. */
export function checkPartNumber(number: string, label = "Part number"): string {
  const problem = partNumberProblem(number, label);
  if (problem) throw badInput(problem, { fields: { partNumber: [problem] } });
  return number.trim();
}

/**
 * Alternative numbers as stored: each checked, in the order given, a number typed twice (or the
 * part's own number again, in any form) once.
 */
export function checkAlternativeNumbers(numbers: readonly string[], own: string | null): string[] {
  const problem = alternativeNumbersProblem(numbers);
  if (problem) throw badInput(problem, { fields: { alternativeNumbers: [problem] } });
  const seen = new Set(own === null ? [] : [partNumberKey(own)]);
  const kept: string[] = [];
  for (const number of numbers.map((number) => number.trim())) {
    const key = partNumberKey(number);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(number);
  }
  return kept;
}

/**
 * The key a search stands for when it may be a part number: letters, digits, spaces and dashes
 * only, at least four letters and digits with a digit among them (no word of a part's name is
 * taken for a number: "ssd" is not one, "0YRDD6" and "451 bcje" may be). Null otherwise.
 */
export function searchedNumberKey(search: string): string | null {
  if (!/^[A-Za-z0-9\s-]+$/.test(search)) return null;
  const key = partNumberKey(search);
  return key.length >= 4 && key.length <= MAX_PART_NUMBER_LENGTH && /[0-9]/.test(key) ? key : null;
}

/** A part's numbers as its page and the admins show them. */
export interface PartNumbers {
  partNumber: string;
  alternativeNumbers: string[];
}

/** The alternative numbers of parts, in the order each part lists them (parts without any are absent). */
export async function alternativeNumbersOf(
  db: Pick<EntityManager, "query">,
  partIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byPart = new Map<string, string[]>();
  if (partIds.length === 0) return byPart;
  const rows: Array<{ part_id: string; number: string }> = await db.query(
    `SELECT part_id, number FROM part_alternative_numbers WHERE part_id = ANY($1::uuid[]) ORDER BY part_id, position`,
    [[...partIds]],
  );
  for (const row of rows) byPart.set(row.part_id, [...(byPart.get(row.part_id) ?? []), row.number]);
  return byPart;
}

/**
 * Refuses numbers another part already has (its own or an alternative), naming that part: checked
 * before anything is written, so the admin reads which part holds the number. The table's primary
 * key still refuses a number two admins gave two parts at the same moment (see numberTaken).
 */
export async function checkNumbersFree(
  tx: EntityManager,
  partId: string | null,
  numbers: readonly string[],
): Promise<void> {
  if (numbers.length === 0) return;
  const taken: Array<{ key: string; part_number: string; name: string }> = await tx.query(
    `SELECT k.key, p.part_number, p.name FROM part_number_keys k JOIN parts p ON p.id = k.part_id
     WHERE k.key = ANY($1::text[]) AND ($2::uuid IS NULL OR k.part_id <> $2::uuid)`,
    [numbers.map(partNumberKey), partId],
  );
  if (taken.length === 0) return;
  const [first] = taken;
  const number = numbers.find((given) => partNumberKey(given) === first.key)!;
  throw conflict(
    `The number ${number} already belongs to ${first.name} (part number ${first.part_number}): a number names one part`,
  );
}

/** Whether a database error is the refusal of a number another part took meanwhile. */
export const numberTaken = (error: unknown) =>
  (error as { code?: string; constraint?: string })?.code === "23505" &&
  (error as { constraint?: string }).constraint === "part_number_keys_pkey";

/** Makes `numbers` the part's alternative numbers, in this order, inside the caller's transaction. */
export async function replaceAlternativeNumbers(
  tx: EntityManager,
  partId: string,
  numbers: readonly string[],
): Promise<void> {
  await tx.query(`DELETE FROM part_alternative_numbers WHERE part_id = $1`, [partId]);
  if (numbers.length === 0) return;
  await tx.query(
    `INSERT INTO part_alternative_numbers (part_id, position, number) SELECT $1, ordinality - 1, number FROM unnest($2::text[]) WITH ORDINALITY AS given (number, ordinality)`,
    [partId, [...numbers]],
  );
}
