import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { AuditLogDocument, HistoryPage } from "./HistoryPage";

const entry = (n: number, fields: Record<string, unknown>) => ({
  __typename: "AuditEntry",
  databaseId: `a-${n}`,
  at: "2026-01-05T10:00:00.000Z",
  actorEmail: "admin@partshop.dev",
  entityDatabaseId: `e-${n}`,
  changes: [],
  ...fields,
});

const log = (entries: object[]) => ({
  data: {
    auditLog: {
      __typename: "AuditEntryConnection",
      edges: entries.map((node, i) => ({ __typename: "AuditEntryEdge", cursor: `c${i}`, node })),
      pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: null },
    },
  },
});

const restock = entry(1, {
  action: "PART_RESTOCKED",
  entityType: "PART",
  entityName: "NVMe SSD",
  changes: [
    { __typename: "AuditChange", field: "available", before: "40", after: "90" },
    { __typename: "AuditChange", field: "restocked", before: null, after: "50" },
  ],
});
const promotion = entry(2, {
  action: "USER_PROMOTED",
  entityType: "USER",
  entityName: "bob@example.com",
  changes: [{ __typename: "AuditChange", field: "role", before: "user", after: "admin" }],
});

describe("the history", () => {
  it("lists who changed what, each field before and after, and narrows to one kind of record", async () => {
    renderApp({
      route: "/dashboard/history",
      ui: (
        <Routes>
          <Route path="/dashboard/history" element={<HistoryPage />} />
        </Routes>
      ),
      auth: createFakeAuth({ user: admin }),
      mocks: [
        { request: { query: AuditLogDocument, variables: { first: 25 } }, result: log([restock, promotion]) },
        {
          request: { query: AuditLogDocument, variables: { first: 25, entityType: "USER" } },
          result: log([promotion]),
        },
      ],
    });
    const restocked = (await screen.findByText("Restocked part")).closest("tr")!;
    expect(within(restocked).getByText("NVMe SSD")).toBeInTheDocument();
    expect(within(restocked).getByText("admin@partshop.dev")).toBeInTheDocument();
    expect(within(restocked).getByText("Stock").closest("div")).toHaveTextContent("Stock40 → 90");
    expect(within(restocked).getByText("Units added").closest("div")).toHaveTextContent("Units added50");
    expect(screen.getByText("Made admin")).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Show changes to"), "USER");
    expect(await screen.findByText("Made admin")).toBeInTheDocument();
    expect(screen.queryByText("Restocked part")).not.toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/dashboard/history");
  });

  it("shows one record's changes from ?type=&id=", async () => {
    renderApp({
      route: "/dashboard/history?type=PART&id=e-1",
      ui: (
        <Routes>
          <Route path="/dashboard/history" element={<HistoryPage />} />
        </Routes>
      ),
      auth: createFakeAuth({ user: admin }),
      mocks: [
        {
          request: { query: AuditLogDocument, variables: { first: 25, entityType: "PART", entityId: "e-1" } },
          result: log([restock]),
        },
      ],
    });
    expect(await screen.findByText("Showing one record: NVMe SSD.", { exact: false })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Show all" })).toHaveAttribute("href", "/dashboard/history?type=PART");
  });
});
