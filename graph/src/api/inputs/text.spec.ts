import { describe, expect, it } from "vitest";
import { ShopError } from "../../domain/errors";
import { assertWellFormedText, findIllFormedText, MAX_TEXT_LENGTH, textProblem } from "./text";

describe("textProblem", () => {
  it.each([
    ["plain text", "Battery for a ThinkPad T14"],
    ["tabs and line breaks", "line one\r\n\tline two"],
    ["any script and emoji sequences", "Ünïcødé 日本語 العربية 👩‍🔧🏳️‍🌈"],
    ["a surrogate pair", "\uD83D\uDE00"],
    ["the longest text", "x".repeat(MAX_TEXT_LENGTH)],
    ["the empty string", ""],
  ])("accepts %s", (_, text) => {
    expect(textProblem(text)).toBeNull();
  });

  it.each([
    ["a lone high surrogate", "a\uD800b", "contains an unpaired UTF-16 surrogate (not valid Unicode text)"],
    ["a lone low surrogate", "\uDC00", "contains an unpaired UTF-16 surrogate (not valid Unicode text)"],
    ["NUL", "a\u0000", "contains a control character (U+0000)"],
    ["an escape", "\u001B[31m", "contains a control character (U+001B)"],
    ["DEL", "\u007F", "contains a control character (U+007F)"],
    ["a C1 control", "\u0085", "contains a control character (U+0085)"],
    ["U+FFFE", "\uFFFE", "contains a Unicode noncharacter (U+FFFE)"],
    ["U+FDD0", "\uFDD0", "contains a Unicode noncharacter (U+FDD0)"],
    ["a noncharacter beyond the BMP", "\u{10FFFF}", "contains a Unicode noncharacter (U+10FFFF)"],
    ["text over the limit", "x".repeat(MAX_TEXT_LENGTH + 1), `is longer than ${MAX_TEXT_LENGTH} characters`],
  ])("refuses %s", (_, text, problem) => {
    expect(textProblem(text)).toBe(problem);
  });
});

describe("findIllFormedText", () => {
  it("names where in a JSON value the first ill-formed string is", () => {
    expect(findIllFormedText({ input: { name: "ok", tags: ["fine", "bad\u0000"] } }, "")).toEqual({
      field: "input.tags[1]",
      problem: "contains a control character (U+0000)",
    });
    expect(findIllFormedText("\uD800", "email")).toEqual({
      field: "email",
      problem: expect.stringContaining("surrogate"),
    });
    expect(findIllFormedText("\uD800", "")).toMatchObject({ field: "the value" });
  });

  it("checks object keys too", () => {
    expect(findIllFormedText({ ["na\u0007me"]: "x" }, "input")).toEqual({
      field: "input.(a field name)",
      problem: "contains a control character (U+0007)",
    });
  });

  it("ignores numbers, booleans, null and buffers, and finds nothing in well-formed values", () => {
    expect(findIllFormedText({ a: 1, b: true, c: null, d: Buffer.from([0]), e: ["x", { f: "y" }] }, "")).toBeNull();
  });

  it("refuses values nested deeper than 32 levels instead of walking them", () => {
    let value: unknown = "leaf";
    for (let depth = 0; depth < 40; depth++) value = [value];
    expect(findIllFormedText(value, "input")?.problem).toBe("is nested more than 32 levels deep");
    let shallow: unknown = "leaf";
    for (let depth = 0; depth < 32; depth++) shallow = [shallow];
    expect(findIllFormedText(shallow, "input")).toBeNull();
  });
});

describe("assertWellFormedText", () => {
  it("throws a 400 naming the field, with the problem under that field", () => {
    let thrown: unknown;
    try {
      assertWellFormedText({ address: "12 Road\u0000" }, "order");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ShopError);
    expect(thrown).toMatchObject({
      code: "BAD_USER_INPUT",
      message: "order.address contains a control character (U+0000)",
      details: { fields: { "order.address": ["order.address contains a control character (U+0000)"] } },
    });
    expect(() => assertWellFormedText({ address: "12 Road" }, "order")).not.toThrow();
  });
});
