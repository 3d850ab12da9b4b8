import { graphql, getFragmentData, type FragmentType } from "@/gql";
import { DataCell } from "@/ui/DataTable";
import { formatDateTime } from "@/ui/formatFigures";
import { ACTION_LABELS, fieldLabel, shownValue } from "./auditLabels";

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
      before
      after
    }
  }
`);

/** Changes nobody made by hand: the shop's own rules, and what Stripe told it. */
const ACTORS: Record<string, string> = { partshop: "Partshop (automatically)", stripe: "Stripe" };

/** One admin change: when, who, what, and each field before and after. */
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
        {entry.entityName && (
          <>
            <br />
            <span className="small">{entry.entityName}</span>
          </>
        )}
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
                      <del>{shownValue(change.before)}</del>
                      {" → "}
                    </>
                  )}
                  {change.after !== null ? (
                    <ins>{shownValue(change.after)}</ins>
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
