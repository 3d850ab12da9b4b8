import { describe, expect, it } from "vitest";
import { databaseIdFor, fromGlobalId, toDatabaseId, toGlobalId } from "./global-id";

const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

describe("Relay global ids", () => {
  it("read back as the type and database id they were made of", () => {
    const globalId = toGlobalId("Order", id);
    expect(globalId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromGlobalId(globalId)).toEqual({ type: "Order", databaseId: id });
  });

  it.each([
    ["an unknown type", Buffer.from(`Receipt:${id}`).toString("base64url")],
    ["no separator", Buffer.from(`Part${id}`).toString("base64url")],
    ["characters outside base64url", "UGFydDox=="],
    ["over 200 characters", "A".repeat(201)],
    ["empty", ""],
  ])("name nothing when %s", (_, globalId) => {
    expect(fromGlobalId(globalId)).toBeNull();
  });

  it("map to a database id only for the expected type and a uuid inside", () => {
    expect(toDatabaseId("Part", toGlobalId("Part", id.toUpperCase()))).toBe(id);
    expect(toDatabaseId("Part", toGlobalId("Order", id))).toBeNull();
    expect(toDatabaseId("Part", toGlobalId("Part", "42"))).toBeNull();
  });

  it("a bare uuid (REST's ids) is taken as it is, lower-cased", () => {
    expect(toDatabaseId("Review", id.toUpperCase())).toBe(id);
  });

  it("for a service call, an id that names nothing becomes the empty string (not found), never null", () => {
    expect(databaseIdFor("User", "nonsense")).toBe("");
    expect(databaseIdFor("User", toGlobalId("User", id))).toBe(id);
  });
});
