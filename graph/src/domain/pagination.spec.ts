import { describe, expect, it } from "vitest";
import { ShopError } from "./errors";
import { decodeCursor, encodeCursor, pageOf } from "./pagination";

const refusal = (cursor: string) => {
  try {
    decodeCursor(cursor);
  } catch (error) {
    return error;
  }
  return null;
};

describe("seq cursors", () => {
  it("decode to the seq they were made from, up to PostgreSQL's largest bigint", () => {
    for (const seq of ["1", "42", "9223372036854775807".slice(0, 18)])
      expect(decodeCursor(encodeCursor(seq))).toBe(seq);
  });

  it("are opaque URL-safe text: no padding, no + or /", () => {
    const cursor = encodeCursor("123456789012345678");
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain("123456789012345678");
  });

  it.each([
    ["empty", ""],
    ["not base64url", "c2VxOjE=?"],
    ["another prefix", Buffer.from("id:5").toString("base64url")],
    ["a seq that is not a number", Buffer.from("seq:5;DROP").toString("base64url")],
    ["a negative seq", Buffer.from("seq:-5").toString("base64url")],
    ["a seq longer than a bigint", Buffer.from(`seq:${"9".repeat(19)}`).toString("base64url")],
    ["a cursor of the search's orders", Buffer.from(JSON.stringify(["newest", "5"])).toString("base64url")],
    ["longer than 100 characters", "A".repeat(101)],
  ])("refuse %s as a client's mistake naming `after`", (_, cursor) => {
    const error = refusal(cursor);
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toMatchObject({ code: "BAD_USER_INPUT", status: 400, message: "after is not a valid cursor" });
  });
});

describe("pageOf", () => {
  const rows = [{ seq: "1" }, { seq: "2" }, { seq: "3" }];
  const cursorOf = (node: { seq: string }) => encodeCursor(node.seq);

  it("keeps the first rows and says another page follows when a row past the page was read", () => {
    const page = pageOf(rows, 2, cursorOf);
    expect(page.edges.map((edge) => edge.node)).toEqual(rows.slice(0, 2));
    expect(page.pageInfo).toEqual({ hasNextPage: true, endCursor: encodeCursor("2") });
  });

  it("says no page follows when the rows fit, and has no end cursor when there are none", () => {
    expect(pageOf(rows, 3, cursorOf).pageInfo).toEqual({ hasNextPage: false, endCursor: encodeCursor("3") });
    expect(pageOf([], 5, cursorOf).pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it("encodes an edge's cursor only when it is read, once, with the row's index", () => {
    const calls: number[] = [];
    const page = pageOf(rows, 3, (node, index) => {
      calls.push(index);
      return `${node.seq}@${index}`;
    });
    // endCursor reads the last edge's cursor.
    expect(calls).toEqual([2]);
    expect(page.edges[0].cursor).toBe("1@0");
    expect(page.edges[0].cursor).toBe("1@0");
    expect(calls).toEqual([2, 0]);
  });
});
