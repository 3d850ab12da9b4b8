import crypto from "node:crypto";
import { DataSource, EntityManager } from "typeorm";
import { Actor, authorize } from "../actor";
import { AuditRecord, recordAudit, recordAudits } from "../audit/audit.service";
import { AuditAction, AuditEntityType } from "../audit/audit-entry.entity";
import { replaceCompatibleModelsOfParts } from "./compatibility.service";
import {
  type Decision,
  decideLine,
  emptyReport,
  type ExportedPart,
  countLine,
  type FileState,
  IMPORT_BATCH_LINES,
  type ImportLine,
  ImportOutcome,
  type ImportReport,
  newFileState,
  numbersNamed,
  partialSnapshot,
  snapshotOf,
} from "./part-import-decisions";
import { splitModelName } from "./part-rules";
import {
  insertAlternativeNumbers,
  insertParts,
  numberHolders,
  partsNamed,
  partsPage,
  removeAlternativeNumbers,
  updateParts,
} from "./queries/part-import";

/*
 * Bulk import and export of parts. The file's format is the API's business (api/rest/part-csv.ts);
 * what a line does is part-import-decisions.ts's; here an import is run: lines come in batches as
 * the file is read, so a file of any size is never held whole; each batch is read against the
 * catalogue in a few statements and, when applied, written in one transaction with its history.
 */

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
    const report = emptyReport(options.dryRun, options.fileName);
    const state = newFileState();
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
        for (const { report: line } of decisions) countLine(report, line);
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

  /** What each line of a batch does, read against the catalogue (the parts it names locked when `locking`). */
  private async decide(
    db: EntityManager,
    batch: ImportLine[],
    state: FileState,
    locking: boolean,
  ): Promise<Decision[]> {
    const { own, alternatives } = numbersNamed(batch);
    const catalogue = { parts: await partsNamed(db, own, locking), holders: await numberHolders(db, alternatives) };
    return batch.map((line) => decideLine(line, catalogue, state));
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
    if (renumbered.length)
      await removeAlternativeNumbers(
        tx,
        renumbered.map((d) => d.current!.id),
      );
    // Names and descriptions are written only where they change: writing them rebuilds the search document.
    const rows = (list: Decision[]) => list.map((d) => ({ id: d.current!.id, part: d.wanted! }));
    const described = (d: Decision) => touches(d, "name", "shortDesc", "partNumber");
    await updateParts(tx, rows(changed.filter(described)), true);
    await updateParts(tx, rows(changed.filter((d) => !described(d))), false);
    const ids = await insertParts(
      tx,
      created.map((d) => d.wanted!),
      admin.databaseId,
    );
    created.forEach((d, index) => (d.report.partId = ids[index]));
    await insertAlternativeNumbers(
      tx,
      [...renumbered, ...created].map((d) => ({ partId: d.report.partId!, numbers: d.wanted!.alternativeNumbers })),
    );
    const fitted = [
      ...changed.filter((d) => touches(d, "compatibleModels")),
      ...created.filter((d) => d.wanted!.compatibleModels.length),
    ];
    await replaceCompatibleModelsOfParts(
      tx,
      fitted.map((d) => ({ partId: d.report.partId!, models: d.wanted!.compatibleModels.map(splitModelName) })),
    );
    await recordAudits(tx, admin, historyOf([...changed, ...created]), importId);
  }

  /**
   * Every part, retired ones included, in catalogue order, as an import reads them back: pages of
   * IMPORT_BATCH_LINES read by their sequence number, so the export of any catalogue streams.
   */
  async *exportParts(actor: Actor): AsyncGenerator<ExportedPart[]> {
    authorize(actor, "ADMIN");
    let after = "0";
    for (;;) {
      const { parts, last } = await partsPage(this.db, after, IMPORT_BATCH_LINES);
      if (last === null) return;
      yield parts;
      after = last;
    }
  }
}

/** The history entries of the parts a batch created or changed, in the file's order. */
function historyOf(decisions: Decision[]): AuditRecord[] {
  return [...decisions]
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
}
