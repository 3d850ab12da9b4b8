import type { Snapshot } from "../audit/audit-entry.entity";
import { partNumberKey } from "./part-numbers";
import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_TAX_CATEGORY,
  type PartField,
  type PartFields,
  type PartMode,
  partProblems,
  shippingFactsProblems,
  splitModelName,
  type TaxCategory,
} from "./part-rules";

/*
 * What each line of a parts import does, decided without touching the database: the service reads
 * the parts a batch names, these functions say what each line creates, changes or why it is
 * refused, and the service writes it (queries/part-import.ts). A line's fields are judged by the
 * part rules, as the API's validators judge them.
 */

/** What a line of an import gives; a field left out (its column is not in the file) is left as it is. */
export interface ImportedPart {
  /** The part's own number: a line creates the part with this number, or changes the part that has it. */
  partNumber: string;
  name?: string;
  /** Dollars. */
  price?: number;
  available?: number;
  minOrderQuantity?: number;
  lowStockThreshold?: number;
  shortDesc?: string;
  /** "Brand Model" each, as written. */
  compatibleModels?: string[];
  alternativeNumbers?: string[];
  /** The part's images, the first its main one (http(s) URLs or paths on this shop). */
  images?: string[];
  retired?: boolean;
  /** Grams. */
  weightGrams?: number;
  /** Millimetres; null: none (an empty cell). */
  lengthMm?: number | null;
  widthMm?: number | null;
  heightMm?: number | null;
  dangerousGoods?: boolean;
  /** Watt-hours; null: none (an empty cell). */
  batteryWh?: number | null;
  /** As written, lowercased: the part rules say whether it is a category. */
  taxCategory?: string;
}

export interface ImportLine {
  /** Its place in the file: the header is line 1. */
  line: number;
  /** What it gives; null when it could not be read at all (problems say why). */
  part: ImportedPart | null;
  /** What is wrong with it as written (a price that is no amount...): the line is refused. */
  problems: string[];
}

export enum ImportOutcome {
  CREATED = "created",
  CHANGED = "changed",
  UNCHANGED = "unchanged",
  REFUSED = "refused",
}

/** One field a line changes, as the history keeps it (dollars, lists of "Brand Model"). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface ImportLineReport {
  line: number;
  partNumber: string | null;
  name: string | null;
  outcome: ImportOutcome;
  /** The part it created or changes; null when refused, or created by a dry run. */
  partId: string | null;
  changes: FieldChange[];
  problems: string[];
}

export interface ImportReport {
  /** The history's entry of the import (applied, something changed); null otherwise. */
  importId: string | null;
  dryRun: boolean;
  fileName: string;
  /** Lines read (the header not counted). */
  lines: number;
  created: number;
  changed: number;
  unchanged: number;
  refused: number;
  /** The refused, created and changed lines, in the file's order, up to SHOWN_LINES_MAX (unchanged lines are counted only). */
  shown: ImportLineReport[];
  /** Refused, created and changed lines beyond those shown. */
  notShown: number;
}

/** A part as an export writes it and an import line compares with it. */
export interface ExportedPart {
  partNumber: string;
  name: string;
  price: number;
  available: number;
  minOrderQuantity: number;
  lowStockThreshold: number;
  shortDesc: string;
  /** "Brand Model", by brand then model name. */
  compatibleModels: string[];
  alternativeNumbers: string[];
  images: string[];
  retired: boolean;
  weightGrams: number;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  dangerousGoods: boolean;
  batteryWh: number | null;
  taxCategory: TaxCategory;
}

/** How many lines a batch reads and writes together, in one transaction when applied. */
export const IMPORT_BATCH_LINES = 1000;
/** How many of the lines that do something (or are refused) a report lists. */
export const SHOWN_LINES_MAX = 1000;

/** A part as it is, for the lines that name it. */
export interface CurrentPart extends ExportedPart {
  id: string;
  /** The number's key names this part as one of its alternatives, not as its own number. */
  asAlternative: boolean;
}

/** The part holding a number: the key of its own number, its name and its number. */
export interface NumberHolder {
  holder: string;
  name: string;
  partNumber: string;
}

/** What the catalogue holds of the numbers a batch names, keyed by the numbers' keys. */
export interface CatalogueView {
  parts: ReadonlyMap<string, CurrentPart>;
  holders: ReadonlyMap<string, NumberHolder>;
}

/** A line once read against the catalogue: what it does. */
export interface Decision {
  report: ImportLineReport;
  /** The part as the line leaves it (created or changed). */
  wanted: ExportedPart | null;
  current: CurrentPart | null;
}

/** What the file has done so far to the numbers it names (their key, and the own number's key of the part holding it; null: released). */
export interface FileState {
  lineOfNumber: Map<string, number>;
  holderOf: Map<string, string | null>;
}

export const newFileState = (): FileState => ({ lineOfNumber: new Map(), holderOf: new Map() });

/** The fields a new part needs, as the file's problems name them (a CSV gives `images` for the API's `img`). */
const REQUIRED_COLUMNS: Array<[keyof ImportedPart, string]> = [
  ["name", "name"],
  ["price", "price"],
  ["available", "stock"],
  ["minOrderQuantity", "minimum order quantity"],
  ["shortDesc", "description"],
  ["images", "an image"],
];

/** The fields of a line the part rules judge when given, in the order its problems are listed. */
const JUDGED = [
  "name",
  "shortDesc",
  "price",
  "available",
  "minOrderQuantity",
  "lowStockThreshold",
  "images",
  "compatibleModels",
  "alternativeNumbers",
  "weightGrams",
  "lengthMm",
  "widthMm",
  "heightMm",
  "dangerousGoods",
  "batteryWh",
  "taxCategory",
] as const satisfies ReadonlyArray<keyof ImportedPart & PartField>;

/**
 * What is wrong with the fields a line gives, by the part rules: creating (no part has its
 * number), a blank name "is required"; changing, it "cannot be blank", as over the API.
 */
export function importedPartProblems(part: ImportedPart, mode: PartMode): string[] {
  const fields: PartFields = { partNumber: part.partNumber };
  for (const field of JUDGED) if (part[field] !== undefined) fields[field] = part[field];
  // One rule may name several fields (the dimensions go together): its message is listed once.
  return [...new Set(partProblems(fields, mode).map((problem) => problem.message))];
}

const sortedModels = (models: string[]) =>
  [...models].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()) || a.localeCompare(b));
const sameModels = (a: string[], b: string[]) =>
  JSON.stringify(sortedModels(a).map((m) => m.toLowerCase())) ===
  JSON.stringify(sortedModels(b).map((m) => m.toLowerCase()));
/** "Brand Model" names tidied (one space between words), sorted; names given twice (any letter case) count once. */
function distinctModels(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const { brand, model } of names.map(splitModelName))
    seen.set(`${brand} ${model}`.toLowerCase(), `${brand} ${model}`);
  return sortedModels([...seen.values()]);
}
/** Alternative numbers in order, each once, the part's own number left out. */
function distinctNumbers(numbers: string[], own: string): string[] {
  const seen = new Set([partNumberKey(own)]);
  return numbers.filter((number) => !seen.has(partNumberKey(number)) && seen.add(partNumberKey(number)));
}

/** The history's snapshot of a part's fields (as partSnapshot keeps them; `img` is the main image). */
export function snapshotOf(part: ExportedPart): Snapshot {
  return {
    name: part.name,
    partNumber: part.partNumber,
    alternativeNumbers: part.alternativeNumbers,
    shortDesc: part.shortDesc,
    img: part.images[0] ?? "",
    price: part.price,
    available: part.available,
    minOrderQuantity: part.minOrderQuantity,
    lowStockThreshold: part.lowStockThreshold,
    retired: part.retired,
    compatibleModels: part.compatibleModels,
    weightGrams: part.weightGrams,
    lengthMm: part.lengthMm,
    widthMm: part.widthMm,
    heightMm: part.heightMm,
    dangerousGoods: part.dangerousGoods,
    batteryWh: part.batteryWh,
    taxCategory: part.taxCategory,
  };
}

/** The fields that differ, in the snapshot's order (models compared as sets, any letter case). */
export function changesBetween(before: ExportedPart, after: ExportedPart): FieldChange[] {
  const a = snapshotOf(before);
  const b = snapshotOf(after);
  return Object.keys(b)
    .filter((field) =>
      field === "compatibleModels"
        ? !sameModels(a[field] as string[], b[field] as string[])
        : JSON.stringify(a[field]) !== JSON.stringify(b[field]),
    )
    .map((field) => ({ field, before: a[field], after: b[field] }));
}

/** Only the fields a change touched, and the name (how the history names the part). */
export function partialSnapshot(part: ExportedPart, changes: FieldChange[]): Snapshot {
  const whole = snapshotOf(part);
  return Object.fromEntries([["name", whole.name], ...changes.map((change) => [change.field, whole[change.field]])]);
}

function refused(line: ImportLine, problems: string[]): Decision {
  return {
    report: {
      line: line.line,
      partNumber: line.part?.partNumber || null,
      name: line.part?.name?.trim() || null,
      outcome: ImportOutcome.REFUSED,
      partId: null,
      changes: [],
      problems,
    },
    wanted: null,
    current: null,
  };
}

/** Why a line may not name its part by this number, as the catalogue and the file's earlier lines have it; null if it may. */
function numberRefusal(given: ImportedPart, key: string, current: CurrentPart | null, state: FileState): string | null {
  const earlier = state.lineOfNumber.get(key);
  if (earlier !== undefined)
    return `Part number ${given.partNumber} is on line ${earlier} already: a file names each part once`;
  if (current?.asAlternative)
    return `${given.partNumber} is an alternative number of ${current.name} (part number ${current.partNumber}): a line names a part by its own number`;
  const heldInFile = state.holderOf.get(key);
  if (heldInFile !== undefined && heldInFile !== null && heldInFile !== key)
    return `${given.partNumber} is an alternative number an earlier line gave another part`;
  return null;
}

/** The part as a line leaves it: its fields given over the part's own. */
function changedPart(given: ImportedPart, part: CurrentPart): ExportedPart {
  return {
    partNumber: given.partNumber.trim(),
    name: given.name?.trim() ?? part.name,
    price: given.price ?? part.price,
    available: given.available ?? part.available,
    minOrderQuantity: given.minOrderQuantity ?? part.minOrderQuantity,
    lowStockThreshold: given.lowStockThreshold ?? part.lowStockThreshold,
    shortDesc: given.shortDesc?.trim() ?? part.shortDesc,
    compatibleModels: given.compatibleModels ? distinctModels(given.compatibleModels) : part.compatibleModels,
    alternativeNumbers: given.alternativeNumbers
      ? distinctNumbers(given.alternativeNumbers, given.partNumber)
      : part.alternativeNumbers,
    images: given.images ?? part.images,
    retired: given.retired ?? part.retired,
    weightGrams: given.weightGrams ?? part.weightGrams,
    // The rules have seen the three given together, or none of them.
    lengthMm: given.lengthMm !== undefined ? given.lengthMm : part.lengthMm,
    widthMm: given.widthMm !== undefined ? given.widthMm : part.widthMm,
    heightMm: given.heightMm !== undefined ? given.heightMm : part.heightMm,
    dangerousGoods: given.dangerousGoods ?? part.dangerousGoods,
    batteryWh: given.batteryWh !== undefined ? given.batteryWh : part.batteryWh,
    taxCategory: (given.taxCategory as TaxCategory | undefined) ?? part.taxCategory,
  };
}

/** The part a line creates, or why it cannot (a column a new part needs is not in the file). */
function newPart(given: ImportedPart): ExportedPart | string {
  const missing = REQUIRED_COLUMNS.filter(([field]) => given[field] === undefined).map(([, label]) => label);
  if (missing.length)
    return `No part has the number ${given.partNumber}, and a new part needs ${missing.join(", ")}: the file has no such column`;
  return {
    partNumber: given.partNumber.trim(),
    name: given.name!.trim(),
    price: given.price!,
    available: given.available!,
    minOrderQuantity: given.minOrderQuantity!,
    lowStockThreshold: given.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    shortDesc: given.shortDesc!.trim(),
    compatibleModels: distinctModels(given.compatibleModels ?? []),
    alternativeNumbers: distinctNumbers(given.alternativeNumbers ?? [], given.partNumber),
    images: given.images!,
    retired: given.retired ?? false,
    weightGrams: given.weightGrams ?? 0,
    lengthMm: given.lengthMm ?? null,
    widthMm: given.widthMm ?? null,
    heightMm: given.heightMm ?? null,
    dangerousGoods: given.dangerousGoods ?? false,
    batteryWh: given.batteryWh ?? null,
    taxCategory: (given.taxCategory as TaxCategory | undefined) ?? DEFAULT_TAX_CATEGORY,
  };
}

/** An alternative number the part would take that another part holds, as the file has left it so far; null if all are free. */
function alternativeRefusal(
  wanted: ExportedPart,
  key: string,
  current: CurrentPart | null,
  holders: CatalogueView["holders"],
  state: FileState,
): string | null {
  for (const number of wanted.alternativeNumbers) {
    const alternative = partNumberKey(number);
    const inFile = state.holderOf.get(alternative);
    const holder = inFile !== undefined ? inFile : (holders.get(alternative)?.holder ?? null);
    if (holder === null || holder === key || (current && holder === partNumberKey(current.partNumber))) continue;
    const known = holders.get(alternative);
    return known && inFile === undefined
      ? `The alternative number ${number} belongs to ${known.name} (part number ${known.partNumber}): a number names one part`
      : `The alternative number ${number} is given to another part by an earlier line of the file`;
  }
  return null;
}

/** The numbers a line takes and gives up, for the lines after it. */
function claimNumbers(state: FileState, line: number, key: string, current: CurrentPart | null, wanted: ExportedPart) {
  state.lineOfNumber.set(key, line);
  for (const released of current?.alternativeNumbers ?? []) state.holderOf.set(partNumberKey(released), null);
  state.holderOf.set(key, key);
  for (const number of wanted.alternativeNumbers) state.holderOf.set(partNumberKey(number), key);
}

/**
 * What one line does: refused (its problems, or a number another line or part has), creates the
 * part its number names, changes it (the fields given that differ) or leaves it as it is. A line
 * that does something records in `state` the numbers it takes, for the lines after it.
 */
export function decideLine(line: ImportLine, catalogue: CatalogueView, state: FileState): Decision {
  const given = line.part;
  if (!given) return refused(line, line.problems);
  const key = partNumberKey(given.partNumber);
  const current = catalogue.parts.get(key) ?? null;
  const mode: PartMode = current && !current.asAlternative ? "change" : "create";
  const problems = [...line.problems, ...importedPartProblems(given, mode)];
  if (problems.length) return refused(line, problems);
  const taken = numberRefusal(given, key, current, state);
  if (taken) return refused(line, [taken]);
  const wanted = current ? changedPart(given, current) : newPart(given);
  if (typeof wanted === "string") return refused(line, [wanted]);
  // A battery the line gives, or a mark it takes off, is judged with the part as the line leaves it.
  const unsafe = shippingFactsProblems(wanted);
  if (unsafe.length)
    return refused(
      line,
      unsafe.map((problem) => problem.message),
    );
  const held = alternativeRefusal(wanted, key, current, catalogue.holders, state);
  if (held) return refused(line, [held]);
  claimNumbers(state, line.line, key, current, wanted);
  const changes = current ? changesBetween(current, wanted) : [];
  return {
    report: {
      line: line.line,
      partNumber: wanted.partNumber,
      name: wanted.name,
      outcome: !current ? ImportOutcome.CREATED : changes.length ? ImportOutcome.CHANGED : ImportOutcome.UNCHANGED,
      partId: current?.id ?? null,
      changes,
      problems: [],
    },
    wanted,
    current,
  };
}

/** The keys of the numbers a batch names: its lines' own numbers and the alternative numbers they give. */
export function numbersNamed(batch: readonly ImportLine[]): { own: string[]; alternatives: string[] } {
  const parts = batch.flatMap((line) => (line.part ? [line.part] : []));
  return {
    own: parts.map((part) => partNumberKey(part.partNumber)),
    alternatives: parts.flatMap((part) => (part.alternativeNumbers ?? []).map(partNumberKey)),
  };
}

/** An import's report before its first line. */
export const emptyReport = (dryRun: boolean, fileName: string): ImportReport => ({
  importId: null,
  dryRun,
  fileName,
  lines: 0,
  created: 0,
  changed: 0,
  unchanged: 0,
  refused: 0,
  shown: [],
  notShown: 0,
});

/** Counts a line in the report, and lists it when it does something or is refused (up to SHOWN_LINES_MAX). */
export function countLine(report: ImportReport, line: ImportLineReport): void {
  report.lines++;
  report[line.outcome]++;
  if (line.outcome === ImportOutcome.UNCHANGED) return;
  if (report.shown.length < SHOWN_LINES_MAX) report.shown.push(line);
  else report.notShown++;
}
