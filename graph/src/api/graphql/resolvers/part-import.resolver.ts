import { Readable } from "node:stream";
import { Args, Ctx, Directive, Mutation, Resolver } from "type-graphql";
import { fieldChange } from "../../../domain/audit/value-kinds";
import { ImportReport } from "../../../domain/catalogue/part-import-decisions";
import { ImportPartsArgs } from "../../inputs/parts";
import { readPartCsv } from "../../rest/part-csv";
import { GraphContext } from "../context";
import { toGlobalId } from "../global-id";
import { PartImportReport } from "../types/part-import.type";

/** A value a line changes, as text: lists separated as the CSV separates them. */
const shown = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : Array.isArray(value)
      ? value.join("; ")
      : typeof value === "string"
        ? value
        : String(value);

function reportOf(report: ImportReport): PartImportReport {
  return {
    ...report,
    importId: report.importId && toGlobalId("PartImport", report.importId),
    shown: report.shown.map((line) => ({
      ...line,
      partId: line.partId && toGlobalId("Part", line.partId),
      changes: line.changes.map((change) => fieldChange(change.field, change.before, change.after, shown)),
    })),
  };
}

@Resolver()
export class PartImportResolver {
  @Directive("@auth(requires: ADMIN)")
  @Mutation(() => PartImportReport, {
    description:
      "Imports parts from CSV text (the format of GET /admin/parts.csv): a dry run says what each line would do; otherwise the parts are created or changed by part number, and the history records the import",
  })
  async importParts(
    @Args() { csv, dryRun, fileName }: ImportPartsArgs,
    @Ctx() { services, actor }: GraphContext,
  ): Promise<PartImportReport> {
    return reportOf(
      await services.partImports.importParts(await actor(), readPartCsv(Readable.from([Buffer.from(csv, "utf8")])), {
        dryRun,
        fileName,
      }),
    );
  }
}
