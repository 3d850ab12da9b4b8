import crypto from "node:crypto";
import { DataSource, EntityManager } from "typeorm";
import { Actor, authorize } from "../actor";
import { AuditRecord, recordAudit, recordAudits } from "../audit/audit.service";
import { AuditAction, AuditEntityType, Snapshot } from "../audit/audit-entry.entity";
import { MAX, STOCK } from "../limits";
import { centsToDollars, dollarsToCents } from "../money";
import {
  LaptopModelName,
  MAX_BRAND_LENGTH,
  MAX_MODEL_LENGTH,
  MAX_MODELS_PER_PART,
  replaceCompatibleModelsOfParts,
  splitModelName,
} from "./compatibility.service";
import { MAX_ALTERNATIVE_NUMBERS, partNumberKey, partNumberProblem } from "./part-numbers";

/*
 * Bulk import and export of parts (issue 48). The file's format is the API's business (api/rest/
 * part-csv.ts); here are the rules: what a line may give, what it does to the catalogue, and how
 * an import is applied and recorded. Lines come in batches as the file is read, so a file of any
 * size is never held whole; each batch is read against the catalogue in a few statements and, when
 * applied, written in one transaction with its history.
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
  compatibleModels?: LaptopModelName[];
  alternativeNumbers?: string[];
  /** The part's images, the first its main one (http(s) URLs or paths on this shop). */
  images?: string[];
  retired?: boolean;
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
}

/** How many lines a batch reads and writes together, in one transaction when applied. */
export const IMPORT_BATCH_LINES = 1000;
/** How many of the lines that do something (or are refused) a report lists. */
export const SHOWN_LINES_MAX = 1000;

const IMAGE_URL = /^(https?:\/\/[^\s]+|\/[^\s]*)$/i;
/** The fields a new part needs, by their labels. */
const REQUIRED_TO_CREATE: Array<[keyof ImportedPart, string]> = [
  ["name", "name"],
  ["price", "price"],
  ["available", "stock"],
  ["minOrderQuantity", "minimum order quantity"],
  ["shortDesc", "description"],
  ["images", "an image"],
];

const codePoints = (text: string) => [...text].length;

function wholeProblem(value: number | undefined, label: string, min: number, max: number): string | null {
  if (value === undefined) return null;
  return Number.isSafeInteger(value) && value >= min && value <= max
    ? null
    : `${label} must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`;
}

/** What is wrong with the fields a line gives, each problem naming its field. */
export function importedPartProblems(part: ImportedPart): string[] {
  const problems: string[] = [];
  const add = (problem: string | null) => problem && problems.push(problem);
  add(partNumberProblem(part.partNumber));
  if (part.name !== undefined)
    add(
      !part.name.trim()
        ? "Name is required"
        : codePoints(part.name.trim()) > MAX.name
          ? `Name must be at most ${MAX.name} characters`
          : null,
    );
  if (part.shortDesc !== undefined) {
    const text = part.shortDesc.trim();
    add(
      !text
        ? "Description is required"
        : codePoints(text) > STOCK.partDescription
          ? `Description must be at most ${STOCK.partDescription} characters`
          : null,
    );
  }
  if (part.price !== undefined) {
    add(
      dollarsToCents(part.price) === null
        ? "Price must be an amount in dollars with at most two decimals"
        : part.price > 1_000_000
          ? "Price must be at most 1,000,000 dollars"
          : null,
    );
  }
  add(wholeProblem(part.available, "Stock", 0, STOCK.maxAvailable));
  add(wholeProblem(part.minOrderQuantity, "Minimum order quantity", 1, STOCK.maxMinOrderQuantity));
  add(wholeProblem(part.lowStockThreshold, "Low-stock threshold", 0, STOCK.maxLowStockThreshold));
  if (part.images !== undefined) {
    if (part.images.length === 0) add("Images: a part needs at least one image");
    for (const image of part.images) {
      if (codePoints(image) > MAX.url) add(`Images: each must be at most ${MAX.url} characters`);
      else if (!IMAGE_URL.test(image))
        add(`Images: "${image}" is not an http(s) URL, a path on this shop or an image uploaded to it`);
    }
  }
  if (part.compatibleModels !== undefined) {
    if (part.compatibleModels.length > MAX_MODELS_PER_PART)
      add(`A part can list at most ${MAX_MODELS_PER_PART} laptop models`);
    for (const { brand, model } of part.compatibleModels) {
      if (!brand || !model)
        add(
          `Compatible models: "${`${brand} ${model}`.trim()}" needs a brand and a model, like "Lenovo ThinkPad T14 Gen 2"`,
        );
      else if (codePoints(brand) > MAX_BRAND_LENGTH)
        add(`Compatible models: a brand must be at most ${MAX_BRAND_LENGTH} characters ("${brand}")`);
      else if (codePoints(model) > MAX_MODEL_LENGTH)
        add(`Compatible models: a model must be at most ${MAX_MODEL_LENGTH} characters ("${model}")`);
    }
  }
  if (part.alternativeNumbers !== undefined) {
    if (part.alternativeNumbers.length > MAX_ALTERNATIVE_NUMBERS)
      add(`A part can list at most ${MAX_ALTERNATIVE_NUMBERS} alternative numbers`);
    for (const number of part.alternativeNumbers) add(partNumberProblem(number, `Alternative number "${number}"`));
  }
  return [...new Set(problems)];
}

/** A part as it is, read with its lock (when applying) for the lines that name it. */
interface CurrentPart extends ExportedPart {
  id: string;
  /** The number's key names this part as one of its alternatives, not as its own number. */
  asAlternative: boolean;
}

/** A line once read against the catalogue: what it does. */
interface Decision {
  report: ImportLineReport;
  /** The part as the line leaves it (created or changed). */
  wanted: ExportedPart | null;
  current: CurrentPart | null;
}

/** What the file has done so far to the numbers it names (their key, and the own number's key of the part holding it; null: released). */
interface FileState {
  lineOfNumber: Map<string, number>;
  holderOf: Map<string, string | null>;
}

const modelName = (model: LaptopModelName) => `${model.brand} ${model.model}`;
const sortedModels = (models: string[]) =>
  [...models].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()) || a.localeCompare(b));
const sameModels = (a: string[], b: string[]) =>
  JSON.stringify(sortedModels(a).map((m) => m.toLowerCase())) ===
  JSON.stringify(sortedModels(b).map((m) => m.toLowerCase()));
/** Models given twice (any letter case) count once. */
function distinctModels(models: LaptopModelName[]): LaptopModelName[] {
  const seen = new Map<string, LaptopModelName>();
  for (const model of models) seen.set(modelName(model).toLowerCase(), model);
  return [...seen.values()];
}
/** Alternative numbers in order, each once, the part's own number left out. */
function distinctNumbers(numbers: string[], own: string): string[] {
  const seen = new Set([partNumberKey(own)]);
  return numbers.filter((number) => !seen.has(partNumberKey(number)) && seen.add(partNumberKey(number)));
}

/** The history's snapshot of a part's fields (as partSnapshot keeps them; `img` is the main image). */
function snapshotOf(part: ExportedPart): Snapshot {
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
  };
}

/** The fields that differ, in the snapshot's order (models compared as sets, any letter case). */
function changesBetween(before: ExportedPart, after: ExportedPart): FieldChange[] {
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
function partialSnapshot(part: ExportedPart, changes: FieldChange[]): Snapshot {
  const whole = snapshotOf(part);
  return Object.fromEntries([["name", whole.name], ...changes.map((change) => [change.field, whole[change.field]])]);
}

/** A part's row as the import compares it and the export writes it (`p` is the parts table). */
interface PartRow {
  part_number: string;
  name: string;
  short_desc: string;
  img: string;
  price_cents: number;
  available: number;
  min_order_quantity: number;
  low_stock_threshold: number;
  retired: boolean;
  models: string[];
  alternatives: string[];
}
const PART_ROW_COLUMNS = `p.part_number, p.name, p.short_desc, p.img, p.price_cents, p.available, p.min_order_quantity, p.low_stock_threshold,
  p.retired_at IS NOT NULL AS retired,
  ARRAY(SELECT m.brand || ' ' || m.model FROM part_compatibility c JOIN laptop_models m ON m.id = c.laptop_model_id
        WHERE c.part_id = p.id ORDER BY lower(m.brand), lower(m.model)) AS models,
  ARRAY(SELECT a.number FROM part_alternative_numbers a WHERE a.part_id = p.id ORDER BY a.position) AS alternatives`;

const exportedPartOf = (row: PartRow): ExportedPart => ({
  partNumber: row.part_number,
  name: row.name,
  price: centsToDollars(row.price_cents),
  available: row.available,
  minOrderQuantity: row.min_order_quantity,
  lowStockThreshold: row.low_stock_threshold,
  shortDesc: row.short_desc,
  compatibleModels: row.models,
  alternativeNumbers: row.alternatives,
  images: [row.img],
  retired: row.retired,
});

/**
 * The wanted parts' row values as one array per column, for unnest(): name, part_number,
 * short_desc, img, price_cents, available, min_order_quantity, low_stock_threshold, retired.
 */
function rowArrays(decisions: Decision[]): unknown[][] {
  const column = <T>(value: (part: ExportedPart) => T) => decisions.map((d) => value(d.wanted!));
  return [
    column((part) => part.name),
    column((part) => part.partNumber),
    column((part) => part.shortDesc),
    column((part) => part.images[0]),
    column((part) => dollarsToCents(part.price)),
    column((part) => part.available),
    column((part) => part.minOrderQuantity),
    column((part) => part.lowStockThreshold),
    column((part) => part.retired),
  ];
}

export class PartImportService {
  constructor(private readonly db: DataSource) {}

  /**
   * Reads the lines and says what each does: creates the part its number names, changes it (the
   * fields given that differ), leaves it (nothing differs), or is refused (and why). A dry run
   * stops there; otherwise each batch is applied in one transaction, holding the lock of every
   * part it changes (the lock orders take), with a history entry for each part created or changed
   * that names the import, and the import's own entry last. Applying a file twice changes nothing
   * the second time. A failure stops the import: the batches before it are applied and recorded,
   * and applying the file again applies the rest.
   */
  async importParts(
    actor: Actor,
    batches: AsyncIterable<ImportLine[]>,
    options: { dryRun: boolean; fileName: string },
  ): Promise<ImportReport> {
    const admin = authorize(actor, "ADMIN");
    const importId = crypto.randomUUID();
    const report: ImportReport = {
      importId: null,
      dryRun: options.dryRun,
      fileName: options.fileName,
      lines: 0,
      created: 0,
      changed: 0,
      unchanged: 0,
      refused: 0,
      shown: [],
      notShown: 0,
    };
    const state: FileState = { lineOfNumber: new Map(), holderOf: new Map() };
    let stoppedBy: string | null = null;
    try {
      for await (const batch of batches) {
        const decisions = options.dryRun
          ? await this.decide(this.db.manager, batch, state, false)
          : await this.db.transaction(async (tx) => {
              const decided = await this.decide(tx, batch, state, true);
              await this.apply(tx, admin, decided, importId);
              return decided;
            });
        for (const { report: line } of decisions) this.count(report, line);
      }
    } catch (error) {
      stoppedBy = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      // The batches applied before a failure are in the catalogue: the history lists them as the import they are part of.
      if (!options.dryRun && report.created + report.changed > 0) {
        const { created, changed, unchanged, refused, lines, fileName } = report;
        await this.db.transaction((tx) =>
          recordAudit(tx, admin, {
            action: AuditAction.PARTS_IMPORTED,
            entityType: AuditEntityType.IMPORT,
            entityId: importId,
            before: null,
            after: { fileName, lines, created, changed, unchanged, refused, ...(stoppedBy ? { stoppedBy } : {}) },
          }),
        );
        report.importId = importId;
      }
    }
    return report;
  }

  private count(report: ImportReport, line: ImportLineReport): void {
    report.lines++;
    report[line.outcome]++;
    if (line.outcome === ImportOutcome.UNCHANGED) return;
    if (report.shown.length < SHOWN_LINES_MAX) report.shown.push(line);
    else report.notShown++;
  }

  /** What each line of a batch does, read against the catalogue (the parts it names locked when `locking`). */
  private async decide(
    db: EntityManager,
    batch: ImportLine[],
    state: FileState,
    locking: boolean,
  ): Promise<Decision[]> {
    const readable = batch.filter((line) => line.part !== null && line.problems.length === 0);
    const numbers = readable.map((line) => partNumberKey(line.part!.partNumber));
    const alternatives = readable.flatMap((line) => (line.part!.alternativeNumbers ?? []).map(partNumberKey));
    const current = await this.currentParts(db, numbers, locking);
    const holders = await this.holdersOf(db, alternatives);
    return batch.map((line) => this.decideLine(line, current, holders, state));
  }

  private decideLine(
    line: ImportLine,
    current: Map<string, CurrentPart>,
    holders: Map<string, { holder: string; name: string; partNumber: string }>,
    state: FileState,
  ): Decision {
    const given = line.part;
    const refused = (problems: string[]): Decision => ({
      report: {
        line: line.line,
        partNumber: given?.partNumber || null,
        name: given?.name?.trim() || null,
        outcome: ImportOutcome.REFUSED,
        partId: null,
        changes: [],
        problems,
      },
      wanted: null,
      current: null,
    });
    if (!given) return refused(line.problems);
    const problems = [...line.problems, ...importedPartProblems(given)];
    if (problems.length) return refused(problems);
    const key = partNumberKey(given.partNumber);
    const earlier = state.lineOfNumber.get(key);
    if (earlier !== undefined)
      return refused([`Part number ${given.partNumber} is on line ${earlier} already: a file names each part once`]);
    const part = current.get(key) ?? null;
    if (part?.asAlternative) {
      return refused([
        `${given.partNumber} is an alternative number of ${part.name} (part number ${part.partNumber}): a line names a part by its own number`,
      ]);
    }
    const heldInFile = state.holderOf.get(key);
    if (heldInFile !== undefined && heldInFile !== null && heldInFile !== key) {
      return refused([`${given.partNumber} is an alternative number an earlier line gave another part`]);
    }
    let wanted: ExportedPart;
    if (part) {
      wanted = {
        partNumber: given.partNumber.trim(),
        name: given.name?.trim() ?? part.name,
        price: given.price ?? part.price,
        available: given.available ?? part.available,
        minOrderQuantity: given.minOrderQuantity ?? part.minOrderQuantity,
        lowStockThreshold: given.lowStockThreshold ?? part.lowStockThreshold,
        shortDesc: given.shortDesc?.trim() ?? part.shortDesc,
        compatibleModels: given.compatibleModels
          ? sortedModels(distinctModels(given.compatibleModels).map(modelName))
          : part.compatibleModels,
        alternativeNumbers: given.alternativeNumbers
          ? distinctNumbers(given.alternativeNumbers, given.partNumber)
          : part.alternativeNumbers,
        images: given.images ?? part.images,
        retired: given.retired ?? part.retired,
      };
    } else {
      const missing = REQUIRED_TO_CREATE.filter(([field]) => given[field] === undefined).map(([, label]) => label);
      if (missing.length)
        return refused([
          `No part has the number ${given.partNumber}, and a new part needs ${missing.join(", ")}: the file has no such column`,
        ]);
      wanted = {
        partNumber: given.partNumber.trim(),
        name: given.name!.trim(),
        price: given.price!,
        available: given.available!,
        minOrderQuantity: given.minOrderQuantity!,
        lowStockThreshold: given.lowStockThreshold ?? 10,
        shortDesc: given.shortDesc!.trim(),
        compatibleModels: sortedModels(distinctModels(given.compatibleModels ?? []).map(modelName)),
        alternativeNumbers: distinctNumbers(given.alternativeNumbers ?? [], given.partNumber),
        images: given.images!,
        retired: given.retired ?? false,
      };
    }
    // Each alternative number is free, or this part's already, as the file has left it so far.
    for (const number of wanted.alternativeNumbers) {
      const alternative = partNumberKey(number);
      const inFile = state.holderOf.get(alternative);
      const holder = inFile !== undefined ? inFile : (holders.get(alternative)?.holder ?? null);
      if (holder !== null && holder !== key && !(part && holder === partNumberKey(part.partNumber))) {
        const known = holders.get(alternative);
        return refused([
          known && inFile === undefined
            ? `The alternative number ${number} belongs to ${known.name} (part number ${known.partNumber}): a number names one part`
            : `The alternative number ${number} is given to another part by an earlier line of the file`,
        ]);
      }
    }
    state.lineOfNumber.set(key, line.line);
    for (const released of part?.alternativeNumbers ?? []) state.holderOf.set(partNumberKey(released), null);
    state.holderOf.set(key, key);
    for (const number of wanted.alternativeNumbers) state.holderOf.set(partNumberKey(number), key);
    const changes = part ? changesBetween(part, wanted) : [];
    const outcome = !part ? ImportOutcome.CREATED : changes.length ? ImportOutcome.CHANGED : ImportOutcome.UNCHANGED;
    return {
      report: {
        line: line.line,
        partNumber: wanted.partNumber,
        name: wanted.name,
        outcome,
        partId: part?.id ?? null,
        changes,
        problems: [],
      },
      wanted,
      current: part,
    };
  }

  /** The parts the numbers name (by their own number or an alternative one), keyed by the number's key. */
  private async currentParts(db: EntityManager, keys: string[], locking: boolean): Promise<Map<string, CurrentPart>> {
    if (keys.length === 0) return new Map();
    const rows: Array<PartRow & { key: string; alternative: boolean; id: string }> = await db.query(
      `SELECT k.key, k.alternative, p.id, ${PART_ROW_COLUMNS}
       FROM part_number_keys k JOIN parts p ON p.id = k.part_id
       WHERE k.key = ANY($1::text[])
       ORDER BY p.id ${locking ? "FOR NO KEY UPDATE OF p" : ""}`,
      [keys],
    );
    return new Map(
      rows.map((row) => [row.key, { ...exportedPartOf(row), id: row.id, asAlternative: row.alternative }]),
    );
  }

  /** Who holds each number: the own number's key of its part, with that part's name and number. */
  private async holdersOf(
    db: EntityManager,
    keys: string[],
  ): Promise<Map<string, { holder: string; name: string; partNumber: string }>> {
    if (keys.length === 0) return new Map();
    const rows: Array<{ key: string; part_number: string; name: string }> = await db.query(
      `SELECT k.key, p.part_number, p.name FROM part_number_keys k JOIN parts p ON p.id = k.part_id WHERE k.key = ANY($1::text[])`,
      [keys],
    );
    return new Map(
      rows.map((row) => [
        row.key,
        { holder: partNumberKey(row.part_number), name: row.name, partNumber: row.part_number },
      ]),
    );
  }

  /** Writes a batch's creations and changes and their history, in the caller's transaction. */
  private async apply(
    tx: EntityManager,
    admin: { databaseId: string; email: string },
    decisions: Decision[],
    importId: string,
  ): Promise<void> {
    const changed = decisions.filter((d) => d.report.outcome === ImportOutcome.CHANGED);
    const created = decisions.filter((d) => d.report.outcome === ImportOutcome.CREATED);
    if (changed.length + created.length === 0) return;
    const touches = (d: Decision, ...fields: string[]) =>
      d.report.changes.some((change) => fields.includes(change.field));
    // Numbers a changed part gives up are free before any part takes them.
    const renumbered = changed.filter((d) => touches(d, "alternativeNumbers"));
    if (renumbered.length) {
      await tx.query(`DELETE FROM part_alternative_numbers WHERE part_id = ANY($1::uuid[])`, [
        renumbered.map((d) => d.current!.id),
      ]);
    }
    // Names and descriptions are written only where they change: writing them rebuilds the search document.
    const described = changed.filter((d) => touches(d, "name", "shortDesc", "partNumber"));
    const rest = changed.filter((d) => !touches(d, "name", "shortDesc", "partNumber"));
    if (described.length) await this.updateParts(tx, described, true);
    if (rest.length) await this.updateParts(tx, rest, false);
    const ids = created.length ? await this.insertParts(tx, created, admin.databaseId) : [];
    created.forEach((d, index) => (d.report.partId = ids[index]));
    const numbered = [...renumbered, ...created].filter((d) => d.wanted!.alternativeNumbers.length);
    if (numbered.length) {
      const partIds = numbered.flatMap((d) => d.wanted!.alternativeNumbers.map(() => d.report.partId!));
      const positions = numbered.flatMap((d) => d.wanted!.alternativeNumbers.map((_, position) => position));
      const numbers = numbered.flatMap((d) => d.wanted!.alternativeNumbers);
      await tx.query(
        `INSERT INTO part_alternative_numbers (part_id, position, number) SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[])`,
        [partIds, positions, numbers],
      );
    }
    const fitted = [
      ...changed.filter((d) => touches(d, "compatibleModels")),
      ...created.filter((d) => d.wanted!.compatibleModels.length),
    ];
    await replaceCompatibleModelsOfParts(
      tx,
      fitted.map((d) => ({
        partId: d.report.partId!,
        models: d.wanted!.compatibleModels.map(splitModelName),
      })),
    );
    const records: AuditRecord[] = [...changed, ...created]
      .sort((a, b) => a.report.line - b.report.line)
      .map((d) =>
        d.current
          ? {
              action: AuditAction.PART_UPDATED,
              entityType: AuditEntityType.PART,
              entityId: d.current.id,
              before: partialSnapshot(d.current, d.report.changes),
              after: partialSnapshot(d.wanted!, d.report.changes),
            }
          : {
              action: AuditAction.PART_CREATED,
              entityType: AuditEntityType.PART,
              entityId: d.report.partId!,
              before: null,
              after: snapshotOf(d.wanted!),
            },
      );
    await recordAudits(tx, admin, records, importId);
  }

  /** Writes changed parts' fields; the stock moves by the difference, which counts as added by an admin (the stock invariant). */
  private async updateParts(tx: EntityManager, decisions: Decision[], described: boolean): Promise<void> {
    await tx.query(
      `UPDATE parts p SET ${described ? "name = u.name, part_number = u.part_number, short_desc = u.short_desc," : ""}
         img = u.img, price_cents = u.price_cents, available = u.available, min_order_quantity = u.min_order_quantity,
         low_stock_threshold = u.low_stock_threshold, stock_adjustment = p.stock_adjustment + (u.available - p.available),
         retired_at = CASE WHEN NOT u.retired THEN NULL WHEN p.retired_at IS NULL THEN now() ELSE p.retired_at END
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::int[], $9::int[], $10::boolean[])
         AS u (id, name, part_number, short_desc, img, price_cents, available, min_order_quantity, low_stock_threshold, retired)
       WHERE p.id = u.id`,
      [decisions.map((d) => d.current!.id), ...rowArrays(decisions)],
    );
  }

  /** Inserts new parts (their initial stock counts as added by an admin) and answers their ids, in order. */
  private async insertParts(tx: EntityManager, decisions: Decision[], adminId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await tx.query(
      `INSERT INTO parts (name, part_number, short_desc, img, price_cents, available, min_order_quantity, low_stock_threshold, retired_at, created_by, stock_adjustment)
       SELECT name, part_number, short_desc, img, price_cents, available, min_order_quantity, low_stock_threshold,
              CASE WHEN retired THEN now() END, $11, available
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::int[], $9::boolean[], $10::int[])
         AS u (name, part_number, short_desc, img, price_cents, available, min_order_quantity, low_stock_threshold, retired, position)
       ORDER BY position
       RETURNING id`,
      [...rowArrays(decisions), decisions.map((_, index) => index), adminId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Every part, retired ones included, in catalogue order, as an import reads them back: pages of
   * IMPORT_BATCH_LINES read by their sequence number, so the export of any catalogue streams.
   */
  async *exportParts(actor: Actor): AsyncGenerator<ExportedPart[]> {
    authorize(actor, "ADMIN");
    let after = "0";
    for (;;) {
      const rows: Array<PartRow & { seq: string }> = await this.db.query(
        `SELECT p.seq, ${PART_ROW_COLUMNS} FROM parts p WHERE p.seq > $1 ORDER BY p.seq LIMIT $2`,
        [after, IMPORT_BATCH_LINES],
      );
      if (rows.length === 0) return;
      yield rows.map(exportedPartOf);
      after = rows[rows.length - 1].seq;
    }
  }
}
