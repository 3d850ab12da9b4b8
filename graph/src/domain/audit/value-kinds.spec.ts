import { describe, expect, it } from "vitest";
import { AuditValueKind, changesBetween } from "./value-kinds";

describe("a change as the history shows it", () => {
  it("shows a part's images, a list of records, item by item as their fields, not as JSON", () => {
    const [change] = changesBetween(
      { images: [{ url: "/uploads/a.jpg", alt: "Front" }] },
      {
        images: [
          { url: "/uploads/b.jpg", alt: "" },
          { url: "/uploads/a.jpg", alt: "Front" },
        ],
      },
    );
    expect(change).toMatchObject({
      field: "images",
      kind: AuditValueKind.LIST,
      beforeItems: ["url: /uploads/a.jpg, alt: Front"],
      afterItems: ["url: /uploads/b.jpg, alt: ", "url: /uploads/a.jpg, alt: Front"],
    });
  });

  it("keeps money, numbers, yes/no and moments apart, and only lists the fields that changed", () => {
    const changes = changesBetween(
      { price: 59.5, available: 4, retired: false, name: "Fan", at: "2026-11-28T10:00:00Z" },
      { price: 54.25, available: 9, retired: true, name: "Fan", at: "2026-11-28T11:00:00Z" },
    );
    expect(changes.map((change) => [change.field, change.kind])).toEqual([
      ["price", AuditValueKind.MONEY],
      ["available", AuditValueKind.NUMBER],
      ["retired", AuditValueKind.BOOLEAN],
      ["at", AuditValueKind.DATE],
    ]);
  });

  it("shows a part's weight as a weight, its battery as a number and its tax category as text", () => {
    const changes = changesBetween(
      { weightGrams: 0, batteryWh: null, taxCategory: "standard", dangerousGoods: false },
      { weightGrams: 1250, batteryWh: 99.5, taxCategory: "reduced", dangerousGoods: true },
    );
    expect(changes.map((change) => [change.field, change.kind, change.after])).toEqual([
      ["weightGrams", AuditValueKind.WEIGHT, "1250"],
      ["batteryWh", AuditValueKind.NUMBER, "99.5"],
      ["taxCategory", AuditValueKind.TEXT, "reduced"],
      ["dangerousGoods", AuditValueKind.BOOLEAN, "true"],
    ]);
  });
});
