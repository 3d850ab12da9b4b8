import { describe, expect, it } from "vitest";
import { addressOneLine, checkAddress, countryName, regionsOf, type AddressInput } from "./address-rules";

const base: AddressInput = {
  name: "Ada Lovelace",
  company: "Repair Bay Ltd",
  line1: "12 Harbour Road",
  city: "Bristol",
  postalCode: "BS1 5TY",
  country: "gb",
  phone: "+44 117 496 0000",
};
const fieldsAtFault = (input: AddressInput) => {
  const checked = checkAddress(input);
  return "problems" in checked ? checked.problems.map((p) => p.field) : [];
};

describe("an address", () => {
  it("is kept trimmed, its country upper case and its phone as digits", () => {
    expect(checkAddress({ ...base, name: "  Ada Lovelace ", line2: " " })).toEqual({
      address: {
        name: "Ada Lovelace",
        company: "Repair Bay Ltd",
        line1: "12 Harbour Road",
        line2: null,
        city: "Bristol",
        region: null,
        postalCode: "BS1 5TY",
        country: "GB",
        phone: "+441174960000",
      },
    });
  });

  it("accepts each shipping country's postal codes and refuses what is not one, naming the field", () => {
    const good: Array<[string, string, string | null]> = [
      ["US", "94105", "CA"],
      ["US", "94105-1420", "CA"],
      ["CA", "K1A 0B1", "ON"],
      ["GB", "SW1A 1AA", null],
      ["DE", "10115", null],
      ["FR", "75001", null],
      ["NL", "1012 AB", null],
      ["AU", "2000", "NSW"],
    ];
    for (const [country, postalCode, region] of good)
      expect(fieldsAtFault({ ...base, country, postalCode, region })).toEqual([]);
    const bad: Array<[string, string, string | null]> = [
      ["US", "9410", "CA"],
      ["CA", "12345", "ON"],
      ["GB", "XYZ", null],
      ["DE", "1011", null],
      ["FR", "7500", null],
      ["NL", "AB 1012", null],
      ["AU", "20000", "NSW"],
    ];
    for (const [country, postalCode, region] of bad)
      expect(checkAddress({ ...base, country, postalCode, region })).toEqual({
        problems: [{ field: "postalCode", message: `"${postalCode}" is not a postal code of ${countryName(country)}` }],
      });
  });

  it("needs a state or province in the US, Canada and Australia, given as its code or its name", () => {
    expect(checkAddress({ ...base, country: "US", postalCode: "10001", region: "new york" })).toMatchObject({
      address: { region: "NY" },
    });
    expect(checkAddress({ ...base, country: "US", postalCode: "10001", region: "" })).toEqual({
      problems: [{ field: "region", message: "Region is required for United States" }],
    });
    expect(checkAddress({ ...base, country: "CA", postalCode: "K1A 0B1", region: "Texas" })).toEqual({
      problems: [{ field: "region", message: '"Texas" is not a state or province of Canada' }],
    });
    expect(regionsOf("AU").map(([, code]) => code)).toContain("VIC");
  });

  it("names every field at fault at once, each once, required before its format", () => {
    expect(fieldsAtFault({ name: "", line1: " ", city: "", postalCode: "", country: "", phone: "" })).toEqual([
      "name",
      "line1",
      "city",
      "postalCode",
      "country",
      "phone",
    ]);
    expect(fieldsAtFault({ ...base, country: "XX", phone: "call me", line1: "x".repeat(121) })).toEqual([
      "line1",
      "phone",
      "country",
    ]);
  });

  it("reads on one line as a list shows it", () => {
    const checked = checkAddress({ ...base, country: "US", postalCode: "10001", region: "NY", city: "New York" });
    if (!("address" in checked)) throw new Error("expected an address");
    expect(addressOneLine(checked.address)).toBe("Repair Bay Ltd, 12 Harbour Road, New York NY 10001, United States");
  });
});
