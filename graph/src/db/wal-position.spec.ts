import { describe, expect, it } from "vitest";
import { lostConnection } from "./replica-reads";
import { isAtLeast, parseWalPosition } from "./wal-position";

describe("WAL positions", () => {
  it("compare as PostgreSQL orders them, the high half first", () => {
    expect(parseWalPosition("0/0")).toBe(0n);
    expect(parseWalPosition("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
    expect(isAtLeast(parseWalPosition("1/0"), parseWalPosition("0/FFFFFFFF"))).toBe(true);
    expect(isAtLeast(parseWalPosition("0/2357000"), parseWalPosition("0/2357001"))).toBe(false);
    expect(isAtLeast(parseWalPosition("a/10"), parseWalPosition("A/10"))).toBe(true);
  });

  it.each(["", "16", "16/", "/1", "G/1", "123456789/0", "1/2/3"])("%j is refused as no position", (text) => {
    expect(() => parseWalPosition(text)).toThrow(/Not a WAL position/);
  });
});

describe("a replica read that may be sent again to the primary", () => {
  it.each([
    ["a server shutting down under it (57P01)", { code: "57P01" }],
    ["a broken connection (08006)", { code: "08006" }],
    ["a reset socket", { code: "ECONNRESET" }],
    ["pg's words for a connection that ended", new Error("Connection terminated unexpectedly")],
  ])("%s is a lost connection", (_, error) => {
    expect(lostConnection(error)).toBe(true);
  });

  it.each([
    ["a statement refused (syntax)", { code: "42601" }],
    ["a value refused", { code: "22P02" }],
    ["a statement cancelled by its timeout", { code: "57014" }],
    ["nothing", undefined],
  ])("%s is not", (_, error) => {
    expect(lostConnection(error)).toBe(false);
  });
});
