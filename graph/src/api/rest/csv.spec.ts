import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv";

describe("CSV fields (RFC 4180)", () => {
  it("writes plain text and numbers as they are, and nothing for a missing value", () => {
    expect(csvLine(["Battery 57Wh", 12.5, 3, null, undefined, ""])).toBe("Battery 57Wh,12.5,3,,,\r\n");
  });

  it.each([
    ["a comma", "12 Harbour Road, Bristol", '"12 Harbour Road, Bristol"'],
    ["a quote, doubled", 'the "good" one', '"the ""good"" one"'],
    ["a line break", "line one\nline two", '"line one\nline two"'],
    ["a carriage return", "a\rb", '"a\rb"'],
  ])("quotes a field holding %s", (_, value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it.each(['=HYPERLINK("http://evil")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\tTAB", "\rCR"])(
    "defuses %j, which a spreadsheet would run as a formula, with an apostrophe",
    (value) => {
      const written = csvField(value);
      const unquoted = written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written;
      expect(unquoted).toBe(`'${value}`);
    },
  );

  it("leaves signed numbers written as text alone: they are numbers to a spreadsheet, not formulas", () => {
    expect(csvField("-12.50")).toBe("-12.50");
    expect(csvField("+44")).toBe("+44");
    expect(csvField(-3)).toBe("-3");
  });

  it("ends every line with CRLF and joins fields with commas", () => {
    expect(csvLine(["a", "b,c"]) + csvLine([1])).toBe('a,"b,c"\r\n1\r\n');
  });
});
