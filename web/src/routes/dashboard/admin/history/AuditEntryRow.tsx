import { Link } from "react-router-dom";
import { graphql, getFragmentData, type FragmentType } from "@/lib/gql";
import type { AuditValueKind } from "@/lib/gql/graphql";
import { DataCell } from "@/ui/DataTable";
import { formatDateTime } from "@/ui/formatFigures";
import { ACTION_LABELS, fieldLabel, recordPath, shownValue } from "./auditLabels";

export const AuditEntryRowFragment = graphql(`
  fragment AuditEntryRow_entry on AuditEntry {
    databaseId
    at
    actorEmail
    action
    entityType
    entityDatabaseId
    entityName
    changes {
      field
      kind
      before
      after
      beforeItems
      afterItems
    }
  }
`);

/** Changes nobody made by hand: the shop's own rules, and what Stripe told it. */
const ACTORS: Record<string, string> = { partshop: "Partshop (automatically)", stripe: "Stripe" };

/** One side of a change: a list item by item, any other value as its kind reads. */
function Value({ value, items, kind }: { value: string; items: readonly string[] | null; kind: AuditValueKind }) {
  if (!items) return <>{shownValue(value, kind)}</>;
  if (items.length === 0) return <span className="small">none</span>;
  return (
    <ul className="audit-list">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

/** One admin change: when, who, what (linking to the record), and each field before and after. */
export function AuditEntryRow({ entry: entryRef }: { entry: FragmentType<typeof AuditEntryRowFragment> }) {
  const entry = getFragmentData(AuditEntryRowFragment, entryRef);
  return (
    <tr>
      <DataCell label="When">
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </DataCell>
      <DataCell label="Who">{ACTORS[entry.actorEmail] ?? entry.actorEmail}</DataCell>
      <DataCell label="What">
        <strong>{ACTION_LABELS[entry.action]}</strong>
        <br />
        <Link className="small" to={recordPath(entry.entityType, entry.entityDatabaseId)}>
          {entry.entityName ?? "Open the record"}
        </Link>
      </DataCell>
      <DataCell label="Changes">
        {entry.changes.length === 0 ? (
          "—"
        ) : (
          <dl className="audit-changes">
            {entry.changes.map((change) => (
              <div key={change.field}>
                <dt>{fieldLabel(change.field)}</dt>
                <dd>
                  {change.before !== null && (
                    <>
                      <del>
                        <Value value={change.before} items={change.beforeItems ?? null} kind={change.kind} />
                      </del>
                      {" → "}
                    </>
                  )}
                  {change.after !== null ? (
                    <ins>
                      <Value value={change.after} items={change.afterItems ?? null} kind={change.kind} />
                    </ins>
                  ) : (
                    <span className="small">(removed)</span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </DataCell>
    </tr>
  );
}
