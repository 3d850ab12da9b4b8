import type { ReactNode } from "react";
import "./DataTable.css";

interface Props {
  /** Read by screen readers only: the page heading already names the table. */
  caption: string;
  columns: string[];
  /** The rows (<tr>). */
  children: ReactNode;
}

/** The dashboard's list tables: a scrollable wrapper, a hidden caption and column headers. */
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
