import { describe, expect, it } from "vitest";
import {
  type CatalogueView,
  type CurrentPart,
  decideLine,
  type ImportedPart,
  type ImportLine,
  ImportOutcome,
  newFileState,
  type NumberHolder,
} from "./part-import-decisions";
import { partNumberKey } from "./part-numbers";

const hinge: CurrentPart = {
  id: "part-1",
  asAlternative: false,
  partNumber: "5B10W13930",
  name: "Hinge",
  price: 20,
  available: 5,
  minOrderQuantity: 1,
  lowStockThreshold: 10,
  shortDesc: "A hinge",
  compatibleModels: ["Lenovo ThinkPad T14 Gen 2"],
  alternativeNumbers: ["FRU-1"],
  images: ["/images/parts/hinge.svg"],
  retired: false,
  weightGrams: 140,
  lengthMm: null,
  widthMm: null,
  heightMm: null,
  dangerousGoods: false,
  batteryWh: null,
  taxCategory: "standard",
};

const newFan: ImportedPart = {
  partNumber: "FAN-001",
  name: "Fan",
  price: 12.5,
  available: 30,
  minOrderQuantity: 1,
  shortDesc: "A quiet fan",
  images: ["/images/parts/fan.svg"],
};

/** A catalogue holding `parts` (by their own numbers and alternatives) and numbers held by others. */
function catalogueOf(parts: CurrentPart[] = [hinge], holders: Record<string, NumberHolder> = {}): CatalogueView {
  const byKey = new Map<string, CurrentPart>();
  const held = new Map(Object.entries(holders));
  for (const part of parts) {
    byKey.set(partNumberKey(part.partNumber), part);
    for (const number of part.alternativeNumbers) {
      byKey.set(partNumberKey(number), { ...part, asAlternative: true });
      held.set(partNumberKey(number), {
        holder: partNumberKey(part.partNumber),
        name: part.name,
        partNumber: part.partNumber,
      });
    }
  }
  return { parts: byKey, holders: held };
}

let lineNumber = 1;
const lineOf = (part: ImportedPart | null, problems: string[] = []): ImportLine => ({
  line: ++lineNumber,
  part,
  problems,
});
/** What the lines do, read in order as one file. */
function decide(lines: ImportLine[], catalogue = catalogueOf()) {
  const state = newFileState();
  return lines.map((line) => decideLine(line, catalogue, state).report);
}

describe("what a line of an import does", () => {
  it("creates a part no number names: the default threshold, on sale, models tidied, sorted, each once", () => {
    const state = newFileState();
    const models = ["lenovo  ThinkPad X1", "Dell XPS 13", "LENOVO thinkpad x1"];
    const decision = decideLine(lineOf({ ...newFan, compatibleModels: models }), catalogueOf(), state);
    expect(decision.report).toMatchObject({ outcome: ImportOutcome.CREATED, partNumber: "FAN-001", partId: null });
    expect(decision.wanted).toMatchObject({
      lowStockThreshold: 10,
      retired: false,
      compatibleModels: ["Dell XPS 13", "LENOVO thinkpad x1"],
    });
    expect(state.lineOfNumber.get("FAN001")).toBe(decision.report.line);
  });

  it("changes the fields given that differ, and leaves a part alone when none does", () => {
    const [changed, unchanged] = decide(
      [lineOf({ partNumber: "5b10w13930", price: 24.75, name: " Hinge " }), lineOf({ partNumber: "OTHER-1" })],
      catalogueOf([hinge, { ...hinge, id: "part-2", partNumber: "OTHER-1", alternativeNumbers: [] }]),
    );
    expect(changed).toMatchObject({
      outcome: ImportOutcome.CHANGED,
      partId: "part-1",
      changes: [
        { field: "partNumber", before: "5B10W13930", after: "5b10w13930" },
        { field: "price", before: 20, after: 24.75 },
      ],
    });
    expect(unchanged).toMatchObject({ outcome: ImportOutcome.UNCHANGED, changes: [] });
  });

  it("refuses a line whose fields break the part rules, naming each field, in the words of the API", () => {
    const [line] = decide([lineOf({ ...newFan, price: -1, minOrderQuantity: 0, compatibleModels: ["Lenovo"] })]);
    expect(line.outcome).toBe(ImportOutcome.REFUSED);
    expect(line.problems).toEqual([
      "Price cannot be negative",
      "Minimum order quantity must be a whole number from 1 to 1,000,000",
      '"Lenovo" needs a model after its brand: a brand and a model, like "Lenovo ThinkPad T14 Gen 2"',
    ]);
  });

  it("a blank name is missing on a new part, and cannot replace the name of one the catalogue has", () => {
    const [created, changed] = decide([
      lineOf({ ...newFan, name: "" }),
      lineOf({ partNumber: hinge.partNumber, name: "" }),
    ]);
    expect(created.problems).toEqual(["Name is required"]);
    expect(changed.problems).toEqual(["Name cannot be blank"]);
  });

  it("keeps the problems met reading the file first", () => {
    const [line] = decide([
      lineOf({ ...newFan, available: undefined, images: ["ftp://x/a.png"] }, [
        'Stock must be a whole number, not "-2"',
      ]),
    ]);
    expect(line.problems).toEqual([
      'Stock must be a whole number, not "-2"',
      'Images: "ftp://x/a.png" is not an http(s) URL, a path on this shop or an image uploaded to it',
    ]);
    expect(
      decide([lineOf(null, ["The line has 3 fields where the header has 4: check its commas and quotes"])])[0],
    ).toMatchObject({
      outcome: ImportOutcome.REFUSED,
      partNumber: null,
    });
  });

  it("refuses a new part whose file lacks a column it needs", () => {
    const [line] = decide([lineOf({ partNumber: "NEW-9", name: "Fan", price: 3 })]);
    expect(line.problems).toEqual([
      "No part has the number NEW-9, and a new part needs stock, minimum order quantity, description, an image: the file has no such column",
    ]);
  });

  it("names each part once a file, and a part by its own number only", () => {
    const [first, again, byAlternative] = decide([
      lineOf(newFan),
      lineOf({ ...newFan, partNumber: "fan001" }),
      lineOf({ partNumber: "FRU-1", price: 3 }),
    ]);
    expect(first.outcome).toBe(ImportOutcome.CREATED);
    expect(again.problems).toEqual([
      `Part number fan001 is on line ${first.line} already: a file names each part once`,
    ]);
    expect(byAlternative.problems).toEqual([
      "FRU-1 is an alternative number of Hinge (part number 5B10W13930): a line names a part by its own number",
    ]);
  });

  it("refuses an alternative number another part holds, in the catalogue or by an earlier line", () => {
    const [taken, first, second] = decide([
      lineOf({ ...newFan, alternativeNumbers: ["FRU-1"] }),
      lineOf({ ...newFan, partNumber: "FAN-002", alternativeNumbers: ["ALT-7"] }),
      lineOf({ ...newFan, partNumber: "FAN-003", alternativeNumbers: ["alt7"] }),
    ]);
    expect(taken.problems).toEqual([
      "The alternative number FRU-1 belongs to Hinge (part number 5B10W13930): a number names one part",
    ]);
    expect(first.outcome).toBe(ImportOutcome.CREATED);
    expect(second.problems).toEqual([
      "The alternative number alt7 is given to another part by an earlier line of the file",
    ]);
  });

  it("a number a part gives up earlier in the file is free for the lines after it", () => {
    const [released, taker] = decide([
      lineOf({ partNumber: hinge.partNumber, alternativeNumbers: [] }),
      lineOf({ ...newFan, alternativeNumbers: ["FRU-1"] }),
    ]);
    expect(released).toMatchObject({
      outcome: ImportOutcome.CHANGED,
      changes: [{ field: "alternativeNumbers", before: ["FRU-1"], after: [] }],
    });
    expect(taker.outcome).toBe(ImportOutcome.CREATED);
  });

  it("shipping and tax: left out, a new part's defaults and a part's own; given, changes field by field", () => {
    const [kept] = decide([lineOf({ partNumber: hinge.partNumber, price: 21 })]);
    expect(kept.changes).toEqual([{ field: "price", before: 20, after: 21 }]);
    const state = newFileState();
    expect(decideLine(lineOf(newFan), catalogueOf(), state).wanted).toMatchObject({
      weightGrams: 0,
      lengthMm: null,
      dangerousGoods: false,
      batteryWh: null,
      taxCategory: "standard",
    });
    const [reweighed] = decide([lineOf({ partNumber: hinge.partNumber, weightGrams: 150, taxCategory: "reduced" })]);
    expect(reweighed.changes).toEqual([
      { field: "weightGrams", before: 140, after: 150 },
      { field: "taxCategory", before: "standard", after: "reduced" },
    ]);
  });

  it("a line that leaves a battery over 100 Wh unmarked is refused, whether it gives the battery or takes the mark off", () => {
    const marked: CurrentPart = { ...hinge, dangerousGoods: true, batteryWh: 150 };
    const [bigger, unmarked, both] = [
      decide([lineOf({ partNumber: hinge.partNumber, batteryWh: 120 })]),
      decide([lineOf({ partNumber: hinge.partNumber, dangerousGoods: false })], catalogueOf([marked])),
      decide([lineOf({ partNumber: hinge.partNumber, batteryWh: 120, dangerousGoods: true })]),
    ].map(([report]) => report);
    expect(bigger.problems).toEqual([
      "A battery over 100 Wh (this one: 120 Wh) must be marked as dangerous goods: carriers only take lithium batteries that large as dangerous goods",
    ]);
    expect(unmarked.problems).toEqual([
      "A battery over 100 Wh (this one: 150 Wh) must be marked as dangerous goods: carriers only take lithium batteries that large as dangerous goods",
    ]);
    expect(both).toMatchObject({ outcome: ImportOutcome.CHANGED, problems: [] });
  });
});
