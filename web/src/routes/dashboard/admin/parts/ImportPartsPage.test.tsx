import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { admin, createFakeAuth, renderApp } from "@/test/renderApp";
import { ImportPartsPage } from "./ImportPartsPage";

const report = (dryRun: boolean) => ({
  importId: dryRun ? null : "imp-1",
  dryRun,
  fileName: "parts.csv",
  lines: 3,
  created: 1,
  changed: 1,
  unchanged: 0,
  refused: 1,
  shown: [
    {
      line: 2,
      partNumber: "NEW-1",
      name: "New fan",
      outcome: "created",
      partId: dryRun ? null : "p-1",
      changes: [],
      problems: [],
    },
    {
      line: 3,
      partNumber: "OLD-1",
      name: "Old hinge",
      outcome: "changed",
      partId: "p-2",
      changes: [
        { field: "price", before: 59.5, after: 54.25 },
        { field: "compatibleModels", before: [], after: ["Dell Latitude 5410"] },
      ],
      problems: [],
    },
    {
      line: 4,
      partNumber: null,
      name: null,
      outcome: "refused",
      partId: null,
      changes: [],
      problems: ["price must be a number"],
    },
  ],
  notShown: 0,
});

afterEach(() => vi.unstubAllGlobals());

describe("importing parts", () => {
  it("dry-runs the chosen file line by line, then applies it and links to the import in History", async () => {
    localStorage.setItem("accessToken", "token-1");
    const fetchSpy = vi.fn(async (url: string) => Response.json(report(/dryRun=true/.test(url)), { status: 200 }));
    vi.stubGlobal("fetch", fetchSpy);
    renderApp({ ui: <ImportPartsPage />, auth: createFakeAuth({ user: admin }) });
    const file = new File(["part_number,name\n"], "parts.csv", { type: "text/csv" });
    await userEvent.upload(screen.getByLabelText("CSV file"), file);

    expect(await screen.findByText(/would do \(dry run: nothing changed yet\)/)).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenLastCalledWith(
      expect.stringMatching(/\/admin\/parts\/import\?dryRun=true&fileName=parts\.csv$/),
      expect.objectContaining({
        method: "POST",
        body: file,
        headers: { authorization: "Bearer token-1", "content-type": "text/csv" },
      }),
    );
    expect(screen.getByText(/3 lines:/)).toHaveTextContent("3 lines: 1 new, 1 changed, 0 unchanged, 1 refused");
    const changed = screen.getByText("Old hinge").closest("tr")!;
    expect(within(changed).getByText("Price").closest("div")).toHaveTextContent("Price$59.50 → $54.25");
    expect(within(changed).getByText("Fits").closest("div")).toHaveTextContent("Fitsnone → Dell Latitude 5410");
    const refused = screen.getByText("Refused").closest("tr")!;
    expect(within(refused).getByText("price must be a number")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Apply the import" }));
    expect(await screen.findByRole("heading", { name: "Imported parts.csv" })).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenLastCalledWith(expect.stringMatching(/dryRun=false/), expect.anything());
    expect(screen.getByRole("link", { name: "See this import in History" })).toHaveAttribute(
      "href",
      "/dashboard/history?import=imp-1",
    );
    expect(screen.getByRole("link", { name: "New fan" })).toHaveAttribute("href", "/dashboard/manage_parts/p-1");
  });

  it("says why the server refused the file", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "The file has no part_number column" }, { status: 400 })),
    );
    renderApp({ ui: <ImportPartsPage />, auth: createFakeAuth({ user: admin }) });
    await userEvent.upload(screen.getByLabelText("CSV file"), new File(["x\n"], "bad.csv", { type: "text/csv" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The file has no part_number column");
    expect(screen.queryByRole("button", { name: "Apply the import" })).not.toBeInTheDocument();
  });
});
