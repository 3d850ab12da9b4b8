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

describe("a shipment in the history", () => {
  it("names the units shipped, the carrier and the tracking number", () => {
    expect(describeChange({ field: "shipped", kind: "NUMBER", before: "0", after: "5" })).toBe("Units shipped: 0 → 5");
    expect(describeChange({ field: "carrier", kind: "TEXT", before: null, after: "UPS" })).toBe("Carrier: UPS");
    expect(describeChange({ field: "trackingNumber", kind: "TEXT", before: null, after: "1Z999AA1" })).toBe(
      "Tracking number: 1Z999AA1",
    );
  });
});
