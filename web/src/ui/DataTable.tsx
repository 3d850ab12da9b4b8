import type { ReactNode } from "react";
import "./DataTable.css";

interface Props {
  /** Read by screen readers only: the page heading already names the table. */
  caption: string;
  columns: string[];
  /** The rows (<tr>), their cells made with DataCell. */
  children: ReactNode;
}

/**
 * The dashboard's list tables. From 1024 px every column fits the width (long text wraps);
 * below that each row is a card of "label: value" lines with its actions underneath.
 */
export function DataTable({ caption, columns, children }: Props) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const CELL_CLASS = { text: undefined, number: "table__number", actions: "table__actions" } as const;

interface CellProps {
  /** The column's header: shown beside the value when the row is a card. */
  label: string;
  /** number: never broken across lines; actions: the row's buttons, a full-width strip on a card. */
  kind?: keyof typeof CELL_CLASS;
  children?: ReactNode;
}

export function DataCell({ label, kind = "text", children }: CellProps) {
  return (
    <td data-label={label} className={CELL_CLASS[kind]}>
      {children}
    </td>
  );
}
