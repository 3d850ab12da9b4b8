import type { Page } from "playwright-core";
import { beforeAll, describe, it } from "vitest";
import { useJourney } from "./support/journey";
import { ADMIN, expectPath, expectText, row, signIn, visible } from "./support/ui";

/*
 * Parts from a spreadsheet: the admin uploads a small CSV, reads what each line would
 * do, applies it, finds the import in History and the new part in Manage Parts by its number,
 * typed the way it is read off a label.
 */

const journey = useJourney("14-import-parts");

const NUMBER = "HG-4521-77X";
const NAME = "Hinge Set for 14-inch Laptops";
const CSV = [
  "part_number,name,price,stock,min_order_quantity,description,images,compatible_models",
  `${NUMBER},${NAME},24.5,30,1,A left and right hinge pair,/images/parts/dc-jack.svg,Lenovo ThinkPad T14 Gen 1`,
  "HG-9999-01,Hinge without a price,,3,1,A hinge,/images/parts/dc-jack.svg,",
].join("\n");

describe("an admin importing parts from a CSV", () => {
  let admin: Page;

  beforeAll(async () => {
    admin = await journey.newPage({ shared: true });
    await signIn(admin, ADMIN);
  }, 120_000);

  it("uploads a CSV, reads the dry run line by line, applies it, and finds the new part by its number typed with spaces", async () => {
    await admin.goto("/dashboard/manage_parts");
    await visible(admin.getByRole("heading", { level: 1, name: "Manage Parts" }));
    await admin.getByRole("link", { name: "Import CSV" }).click();
    await visible(admin.getByRole("heading", { level: 1, name: "Import parts" }));
    await admin
      .getByLabel("CSV file")
      .setInputFiles({ name: "hinges.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });

    // The dry run: one new part, one line refused with its reason; nothing changed yet.
    await visible(admin.getByRole("heading", { name: "What hinges.csv would do (dry run: nothing changed yet)" }));
    await expectText(admin.locator(".import-counts"), "2 lines: 1 new, 0 changed, 0 unchanged, 1 refused");
    await expectText(row(admin, NAME), /New part/);
    await expectText(row(admin, "Hinge without a price"), /Refused.*price/i);
    await admin.goto("/dashboard/manage_parts?search=hg%204521");
    await visible(admin.getByText("No part matches these filters."));

    await admin.goBack();
    await visible(admin.getByRole("heading", { level: 1, name: "Import parts" }));
    await admin
      .getByLabel("CSV file")
      .setInputFiles({ name: "hinges.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
    await admin.getByRole("button", { name: "Apply the import" }).click();
    await visible(admin.getByRole("heading", { name: "Imported hinges.csv" }));
    await expectText(admin.locator(".import-counts"), "2 lines: 1 new, 0 changed, 0 unchanged, 1 refused");

    // History shows the import's lines: the part it added.
    await admin.getByRole("link", { name: "See this import in History" }).click();
    await expectPath(admin, "/dashboard/history");
    await visible(admin.getByText("Showing the parts one import created or changed."));
    await expectText(admin.getByRole("row").filter({ hasText: "Added part" }), new RegExp(NAME));

    // Manage Parts finds it by its number typed with spaces and in lower case.
    await admin.goto("/dashboard/manage_parts");
    const search = admin.getByRole("search", { name: "Parts list" });
    await search.getByLabel("Search by name, words or part number").fill("hg 4521 77x");
    await search.getByRole("button", { name: "Search", exact: true }).click();
    await visible(row(admin, NAME));
    await expectText(row(admin, NAME), new RegExp(NUMBER));
  });
});
