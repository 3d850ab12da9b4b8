import { describe, expect, it } from "vitest";
import { describeChange } from "./auditLabels";

describe("a part's shipping fields in the history", () => {
  it("shows a weight in grams, or kilograms from a kilogram up; watt-hours as a number; the category as text", () => {
    expect(describeChange({ field: "weightGrams", kind: "WEIGHT", before: "0", after: "800" })).toBe(
      "Weight: 0 g → 800 g",
    );
    expect(describeChange({ field: "weightGrams", kind: "WEIGHT", before: "800", after: "1250" })).toBe(
      "Weight: 800 g → 1.25 kg",
    );
    expect(describeChange({ field: "batteryWh", kind: "NUMBER", before: null, after: "99.5" })).toBe(
      "Battery (Wh): 99.5",
    );
    expect(describeChange({ field: "taxCategory", kind: "TEXT", before: "standard", after: "reduced" })).toBe(
      "Tax category: standard → reduced",
    );
  });
});
