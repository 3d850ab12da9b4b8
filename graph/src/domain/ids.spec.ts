import { describe, expect, it } from "vitest";
import { databaseIdOf, isUuid } from "./ids";

describe("record ids", () => {
  it("are uuids, in either case, stored in lower case", () => {
    expect(isUuid("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe(true);
    expect(databaseIdOf("0F8FAD5B-D9CB-469F-A165-70867728950E")).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
  });

  it.each([
    ["empty", ""],
    ["without dashes", "0f8fad5bd9cb469fa16570867728950e"],
    ["one digit short", "0f8fad5b-d9cb-469f-a165-70867728950"],
    ["with a non-hex digit", "0f8fad5b-d9cb-469f-a165-70867728950g"],
    ["with SQL after it", "0f8fad5b-d9cb-469f-a165-70867728950e' OR '1'='1"],
    ["with a line break after it", "0f8fad5b-d9cb-469f-a165-70867728950e\n"],
  ])("%s is no record's id", (_, id) => {
    expect(isUuid(id)).toBe(false);
    expect(databaseIdOf(id)).toBeNull();
  });

  it("only strings are ids", () => {
    expect(isUuid(42)).toBe(false);
    expect(isUuid(null)).toBe(false);
    expect(isUuid({ toString: () => "0f8fad5b-d9cb-469f-a165-70867728950e" })).toBe(false);
  });
});
