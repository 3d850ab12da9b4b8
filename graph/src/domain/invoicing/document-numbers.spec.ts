import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { attachmentFilename, documentNumber, documentYear, parseDocumentNumber } from "./document-numbers";

describe("document numbers", () => {
  it("are the series, the year and the place in six digits", () => {
    expect(documentNumber("INV", 2026, 123)).toBe("INV-2026-000123");
    expect(documentNumber("CN", 2026, 45)).toBe("CN-2026-000045");
    expect(documentNumber("INV", 2027, 1_234_567)).toBe("INV-2027-1234567");
  });

  it("read back as written, each series only its own", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 9999 }), fc.integer({ min: 1, max: 999_999_999 }), (year, place) => {
        const number = documentNumber("INV", year, place);
        expect(parseDocumentNumber("INV", number)).toEqual({ year, place, number });
        expect(parseDocumentNumber("CN", number)).toBeNull();
      }),
    );
    expect(parseDocumentNumber("CN", " cn-2026-000045 ")).toEqual({ year: 2026, place: 45, number: "CN-2026-000045" });
  });

  it("refuse what is not a number of the series", () => {
    for (const text of ["", "INV-2026-123", "INV-26-000123", "INV-2026-000000", "INV-1999-000001", "INV-2026-00012a"])
      expect(parseDocumentNumber("INV", text)).toBeNull();
  });

  it("take the year in UTC", () => {
    expect(documentYear(new Date("2026-12-31T23:30:00-05:00"))).toBe(2027);
    expect(documentYear(new Date("2027-01-01T00:30:00+02:00"))).toBe(2026);
  });

  it("name the attached file after the document", () => {
    expect(attachmentFilename("INV-2026-000123")).toBe("Partshop-INV-2026-000123.pdf");
  });
});
