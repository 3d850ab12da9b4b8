import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lookupPatterns, type TrigramShares } from "./trigram-windows";

/** The text a LIKE pattern made by likePattern matches anywhere. */
const textOf = (pattern: string) => {
  expect(pattern).toMatch(/^%.*%$/s);
  return pattern.slice(1, -1).replace(/\\([\\%_])/g, "$1");
};

const everyTrigram = (share: number): TrigramShares => ({ listed: new Map(), unlisted: share });

describe("lookupPatterns", () => {
  it("only ever looks names up by parts of the search, so no name containing the search is missed; three at most", () => {
    const searches = fc.stringMatching(/^[A-Za-z0-9 %_\\.\-éÉ]{0,40}$/);
    const shares = fc.record({
      listed: fc
        .dictionary(fc.stringMatching(/^[a-z0-9 ]{3}$/), fc.double({ min: 0.0001, max: 1, noNaN: true }), {
          maxKeys: 30,
        })
        .map((o) => new Map(Object.entries(o))),
      unlisted: fc.double({ min: 0.0001, max: 0.2, noNaN: true }),
    });
    fc.assert(
      fc.property(searches, shares, (search, statistics) => {
        const patterns = lookupPatterns(search, statistics);
        expect(patterns.length).toBeLessThanOrEqual(3);
        for (const pattern of patterns) expect(search).toContain(textOf(pattern));
      }),
      { numRuns: 500 },
    );
  });

  it("takes a word by its rarest trigram alone when that is cheaper than the whole search", () => {
    const shares: TrigramShares = { listed: new Map([["lat", 0.001]]), unlisted: 0.5 };
    expect(lookupPatterns("Battery for Dell Latitude", shares)).toEqual(["%Lat%"]);
  });

  it("reads the whole search when every trigram is as rare as the rarest window", () => {
    expect(lookupPatterns("Qzx", everyTrigram(0.0001))).toEqual([]);
  });

  it("has nothing to look up by in a search without an ASCII word", () => {
    expect(lookupPatterns("日本語 — ÉÀ", everyTrigram(0.1))).toEqual([]);
    expect(lookupPatterns("", everyTrigram(0.1))).toEqual([]);
  });

  it("escapes LIKE's wildcards in a window that includes the separator before a word", () => {
    const shares: TrigramShares = { listed: new Map([["  o", 0.00001]]), unlisted: 0.9 };
    expect(lookupPatterns("battery 50%_off pack", shares)).toEqual(["%\\_o%"]);
  });

  it("looks a search up by the rarest trigram of each of its rarest words, never by a word most names share, and a few words as they are", () => {
    /** Shares of names with each trigram, as ANALYZE reports them for names like the scale seed's. */
    const seedLike: TrigramShares = {
      listed: new Map([
        ...["  f", " fo", "for", "or "].map((trigram) => [trigram, 0.9999] as const),
        ...["web", "ebc", "bca", "cam", "am "].map((trigram) => [trigram, 0.1] as const),
        ...["  l", " la", "lap", "apt", "pto", "top", "op "].map((trigram) => [trigram, 0.127] as const),
        ...[" su", "sur", "urf", "rfa", "fac", "ace", "ce "].map((trigram) => [trigram, 0.127] as const),
        ["  s", 0.24] as const,
        ["  n", 0.039] as const,
      ]),
      unlisted: 0.0027,
    };
    // "Surface" narrows what "Webcam" and "N" leave for a list a tenth as long as a name's check.
    expect(lookupPatterns("Webcam for Surface Laptop N", seedLike)).toEqual(["%Web%", "%Sur%", "% N%"]);
    // Neighbours go together: "Surface Laptop" narrows no more than one of them, and a name's
    // share of checks costs more than the whole search's lists.
    expect(lookupPatterns("for Surface Laptop", seedLike)).toEqual([]);
    expect(lookupPatterns("Webcam", seedLike)).toEqual([]);
    // Rare words apart ("50" is next to "Kit" and "off"), and LIKE's own characters in a window match themselves.
    expect(lookupPatterns("Kit 50%_off for Laptop", seedLike)).toEqual(["%Kit%", "%\\_o%"]);
  });
});
