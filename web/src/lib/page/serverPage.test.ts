import { describe, expect, it } from "vitest";
import { addMissingServerState, mergeServerState } from "./serverPage";

describe("a page's server cache added to the islands' cache", () => {
  it("keeps what the client had, adds the new page's queries and objects, the new answers winning", () => {
    const current = {
      ROOT_QUERY: { __typename: "Query", laptopBrands: ["Dell"], 'parts({"first":12})': { edges: [] } },
      "Part:1": { __typename: "Part", id: "1", name: "Battery", price: 1000 },
    };
    const fresh = {
      ROOT_QUERY: {
        __typename: "Query",
        'parts({"filter":{"inStock":true},"first":12})': { edges: [{ __ref: "Part:1" }] },
      },
      "Part:1": { __typename: "Part", id: "1", price: 900 },
      "Part:2": { __typename: "Part", id: "2", name: "Charger" },
    };
    expect(mergeServerState(current, fresh)).toEqual({
      ROOT_QUERY: {
        __typename: "Query",
        laptopBrands: ["Dell"],
        'parts({"first":12})': { edges: [] },
        'parts({"filter":{"inStock":true},"first":12})': { edges: [{ __ref: "Part:1" }] },
      },
      "Part:1": { __typename: "Part", id: "1", name: "Battery", price: 900 },
      "Part:2": { __typename: "Part", id: "2", name: "Charger" },
    });
  });

  it("puts back what a sign-out dropped from the cache the page was rendered from, and nothing newer is undone", () => {
    const rendered = {
      ROOT_QUERY: { __typename: "Query", priceDisplay: { pricesIncludeTax: false }, laptopBrands: ["Dell"] },
      "Part:1": { __typename: "Part", id: "1", available: 500, shownPrice: 4999 },
    };
    const afterSignOut = {
      ROOT_QUERY: { __typename: "Query", laptopBrands: ["Dell", "HP"] },
      "Part:1": { __typename: "Part", id: "1", available: 490 },
    };
    expect(addMissingServerState(afterSignOut, rendered)).toEqual({
      ROOT_QUERY: { __typename: "Query", priceDisplay: { pricesIncludeTax: false }, laptopBrands: ["Dell", "HP"] },
      "Part:1": { __typename: "Part", id: "1", available: 490, shownPrice: 4999 },
    });
  });
});
