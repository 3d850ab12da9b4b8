import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router-dom";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { AUTOMATIC_ACTOR, AuditLogDocument, HistoryAdminsDocument, HistoryPage } from "./HistoryPage";

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

const change = (
  field: string,
  kind: string,
  before: string | null,
  after: string | null,
  items?: [string[], string[]],
) => ({
  __typename: "AuditChange",
  field,
  kind,
  before,
  after,
  beforeItems: items?.[0] ?? null,
  afterItems: items?.[1] ?? null,
});

const restock = entry(1, {
  action: "PART_RESTOCKED",
  entityType: "PART",
  entityName: "NVMe SSD",
  changes: [change("available", "NUMBER", "40", "90"), change("restocked", "NUMBER", null, "50")],
});
const promotion = entry(2, {
  action: "USER_PROMOTED",
  entityType: "USER",
  entityName: "bob@example.com",
  changes: [change("role", "TEXT", "user", "admin")],
});
const edit = entry(3, {
  action: "PART_UPDATED",
  entityType: "PART",
  entityName: "Hinge",
  changes: [
    change("price", "MONEY", "59.5", "54.25"),
    change("compatibleModels", "LIST", "[]", '["Dell Latitude 5410","Lenovo ThinkPad T14"]', [
      [],
      ["Dell Latitude 5410", "Lenovo ThinkPad T14"],
    ]),
    change("retired", "BOOLEAN", "false", "true"),
  ],
});

const adminsMock = {
  request: { query: HistoryAdminsDocument },
  result: {
    data: {
      users: {
        __typename: "UserConnection",
        edges: [
          {
            __typename: "UserEdge",
            node: { __typename: "User", id: "g-ada", databaseId: "ada-id", email: "ada@partshop.dev" },
          },
        ],
      },
    },
  },
};

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
        adminsMock,
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
        adminsMock,
        {
          request: { query: AuditLogDocument, variables: { first: 25, entityType: "PART", entityId: "e-1" } },
          result: log([restock]),
        },
      ],
    });
    expect(await screen.findByText("Showing one record: NVMe SSD.", { exact: false })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Show all" })).toHaveAttribute("href", "/dashboard/history?type=PART");
  });

  it("shows values as their kind says (dollars, lists item by item, yes or no) and links each entry to its record", async () => {
    renderApp({
      route: "/dashboard/history",
      ui: (
        <Routes>
          <Route path="/dashboard/history" element={<HistoryPage />} />
        </Routes>
      ),
      auth: createFakeAuth({ user: admin }),
      mocks: [
        adminsMock,
        { request: { query: AuditLogDocument, variables: { first: 25 } }, result: log([edit, promotion]) },
      ],
    });
    const row = (await screen.findByText("Edited part")).closest("tr")!;
    expect(within(row).getByText("Price").closest("div")).toHaveTextContent("Price$59.50 → $54.25");
    const fits = within(row).getByText("Fits").closest("div")!;
    expect(
      within(fits)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Dell Latitude 5410", "Lenovo ThinkPad T14"]);
    expect(within(row).getByText("Retired").closest("div")).toHaveTextContent("RetiredNo → Yes");
    expect(within(row).getByRole("link", { name: "Hinge" })).toHaveAttribute("href", "/dashboard/manage_parts/e-3");
    expect(screen.getByRole("link", { name: "bob@example.com" })).toHaveAttribute("href", "/dashboard/all_users/e-2");
  });

  it("filters by admin and by days, sending the range as moments", async () => {
    const from = new Date(2026, 0, 5).toISOString();
    const to = new Date(2026, 0, 7).toISOString();
    renderApp({
      route: "/dashboard/history",
      ui: (
        <Routes>
          <Route path="/dashboard/history" element={<HistoryPage />} />
        </Routes>
      ),
      auth: createFakeAuth({ user: admin }),
      mocks: [
        adminsMock,
        { request: { query: AuditLogDocument, variables: { first: 25 } }, result: log([restock, promotion]) },
        {
          request: { query: AuditLogDocument, variables: { first: 25, actorId: "ada-id" } },
          result: log([restock]),
        },
        {
          request: { query: AuditLogDocument, variables: { first: 25, actorId: "ada-id", from } },
          result: log([restock]),
        },
        {
          request: { query: AuditLogDocument, variables: { first: 25, actorId: "ada-id", from, to } },
          result: log([]),
        },
      ],
    });
    await screen.findByText("Made admin");
    expect(screen.getByRole("option", { name: "Partshop or Stripe (automatically)" })).toHaveAttribute(
      "value",
      AUTOMATIC_ACTOR,
    );
    // The admins come in their own answer, which may follow the log's.
    await screen.findByRole("option", { name: "ada@partshop.dev" });
    await userEvent.selectOptions(screen.getByLabelText("Made by"), "ada-id");
    await waitFor(() => expect(screen.queryByText("Made admin")).not.toBeInTheDocument());
    expect(screen.getByText("Restocked part")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-01-05" } });
    await screen.findByText("Restocked part");
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-01-06" } });
    expect(await screen.findByText("No change matches these filters.")).toBeInTheDocument();
  });
});
