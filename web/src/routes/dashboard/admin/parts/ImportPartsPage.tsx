import { useState } from "react";
import { Link } from "react-router-dom";
import { useApolloClient } from "@apollo/client/react";
import { DataCell, DataTable } from "@/ui/DataTable";
import { EmptyState } from "@/ui/QueryStates";
import { formatCount } from "@/ui/formatFigures";
import { useToast } from "@/ui/toast";
import { fieldLabel } from "../history/auditLabels";
import { downloadCsv, importPartsCsv, type ImportChange, type ImportLine, type ImportReport } from "../csvFiles";
import "../adminLists.css";
import "@/ui/ListFilters.css";
import "../history/HistoryPage.css";
import "./ImportPartsPage.css";

const OUTCOMES: Record<ImportLine["outcome"], { label: string; badge: string }> = {
  created: { label: "New part", badge: "badge--success" },
  changed: { label: "Changed", badge: "badge--info" },
  unchanged: { label: "No change", badge: "" },
  refused: { label: "Refused", badge: "badge--warning" },
};

/** A value a line sets, as people read it: lists item by item, money in dollars, yes or no. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "none";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (field === "price" && typeof value === "number")
    return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(value);
  return String(value);
}

function Changes({ changes }: { changes: ImportChange[] }) {
  return (
    <dl className="audit-changes">
      {changes.map((change) => (
        <div key={change.field}>
          <dt>{fieldLabel(change.field)}</dt>
          <dd>
            <del>{shown(change.field, change.before)}</del> → <ins>{shown(change.field, change.after)}</ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** "12 lines: 3 new parts, 2 changed, 6 unchanged, 1 refused". */
function Counts({ report }: { report: ImportReport }) {
  return (
    <p className="import-counts" aria-live="polite">
      {formatCount(report.lines)} lines: <strong>{formatCount(report.created)} new</strong>,{" "}
      <strong>{formatCount(report.changed)} changed</strong>, {formatCount(report.unchanged)} unchanged,{" "}
      <strong>{formatCount(report.refused)} refused</strong>
    </p>
  );
}

/**
 * Parts by CSV (the format of the export): choose a file, read what each line would do (a dry run,
 * nothing changed), then apply it. The import is then one entry in History, its lines behind it.
 */
export function ImportPartsPage() {
  const toast = useToast();
  const client = useApolloClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<"checking" | "applying" | "exporting" | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (chosen: File, dryRun: boolean) => {
    setBusy(dryRun ? "checking" : "applying");
    setProblem(null);
    try {
      const answer = await importPartsCsv(chosen, dryRun);
      setReport(answer);
      if (!dryRun) {
        // The parts lists and the history now differ from what is cached.
        for (const fieldName of ["adminParts", "parts", "auditLog"])
          client.cache.evict({ id: "ROOT_QUERY", fieldName });
        client.cache.gc();
        toast.success(`Imported ${chosen.name}: ${answer.created} new, ${answer.changed} changed`);
      }
    } catch (importError) {
      setProblem(importError instanceof Error ? importError.message : String(importError));
    } finally {
      setBusy(null);
    }
  };

  const choose = (chosen: File | undefined) => {
    setReport(null);
    setFile(chosen ?? null);
    if (chosen) void run(chosen, true);
  };

  const exportCsv = async () => {
    setBusy("exporting");
    try {
      await downloadCsv("/admin/parts.csv", "partshop-parts.csv");
    } catch (exportError) {
      toast.error(exportError instanceof Error ? exportError.message : String(exportError));
    } finally {
      setBusy(null);
    }
  };

  const applied = report !== null && !report.dryRun;
  const worthApplying = report !== null && report.dryRun && report.created + report.changed > 0;
  return (
    <div className="dashboard-page">
      <p className="small">
        <Link to="/dashboard/manage_parts">← Manage Parts</Link>
      </p>
      <div className="page-heading">
        <h1>Import parts</h1>
        <button type="button" className="btn btn--outline" disabled={busy !== null} onClick={() => void exportCsv()}>
          {busy === "exporting" ? "Exporting…" : "Export CSV"}
        </button>
      </div>
      <p className="page-intro">
        A CSV in the format of the export: a header line naming the columns (part_number required; name, price, stock,
        min_order_quantity, low_stock_threshold, description, compatible_models, alternative_numbers, images, retired),
        then a part a line, lists separated by semicolons. Each line creates the part with its number or changes it. You
        first see what each line would do; nothing changes until you apply it.
      </p>
      <div className="card filters filters--single">
        <div className="filters__field">
          <label htmlFor="import-file" className="field__label">
            CSV file
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            disabled={busy === "checking" || busy === "applying"}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </div>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {busy === "checking" && <p role="status">Checking {file?.name}…</p>}
      {busy === "applying" && <p role="status">Importing {file?.name}…</p>}
      {report && (
        <section className="card import-report" aria-labelledby="import-report-heading">
          <h2 id="import-report-heading">
            {applied
              ? `Imported ${report.fileName}`
              : `What ${report.fileName} would do (dry run: nothing changed yet)`}
          </h2>
          <Counts report={report} />
          {applied && (
            <p>
              {report.importId ? (
                <Link to={`/dashboard/history?import=${report.importId}`}>See this import in History</Link>
              ) : (
                "Nothing changed: every part was already as the file says."
              )}
            </p>
          )}
          {worthApplying && file && (
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy !== null}
              onClick={() => void run(file, false)}
            >
              Apply the import
            </button>
          )}
          {report.dryRun && report.created + report.changed === 0 && (
            <p className="small">Nothing to apply: no line creates or changes a part.</p>
          )}
          {report.shown.length === 0 ? (
            <EmptyState>No line creates, changes or is refused.</EmptyState>
          ) : (
            <DataTable
              caption="Lines that create, change or are refused"
              columns={["Line", "Part number", "Name", "Outcome", "Details"]}
            >
              {report.shown.map((line) => (
                <tr key={line.line}>
                  <DataCell label="Line" kind="number">
                    {line.line}
                  </DataCell>
                  <DataCell label="Part number">{line.partNumber ?? "—"}</DataCell>
                  <DataCell label="Name">
                    {line.partId && applied ? (
                      <Link to={`/dashboard/manage_parts/${line.partId}`}>{line.name ?? line.partNumber}</Link>
                    ) : (
                      (line.name ?? "—")
                    )}
                  </DataCell>
                  <DataCell label="Outcome">
                    <span className={`badge ${OUTCOMES[line.outcome].badge}`}>{OUTCOMES[line.outcome].label}</span>
                  </DataCell>
                  <DataCell label="Details">
                    {line.outcome === "refused" ? (
                      <ul className="import-problems">
                        {line.problems.map((why) => (
                          <li key={why}>{why}</li>
                        ))}
                      </ul>
                    ) : line.outcome === "changed" ? (
                      <Changes changes={line.changes} />
                    ) : (
                      "—"
                    )}
                  </DataCell>
                </tr>
              ))}
            </DataTable>
          )}
          {report.notShown > 0 && (
            <p className="small">{formatCount(report.notShown)} more lines are not shown here.</p>
          )}
        </section>
      )}
    </div>
  );
}
