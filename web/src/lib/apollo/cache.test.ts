import { describe, expect, it } from "vitest";
import { gql } from "@apollo/client";
import { createCache, forgetUserData } from "./cache";

const SHOWN = gql`
  query Shown {
    priceDisplay {
      pricesIncludeTax
      taxZoneName
      country
    }
    part(id: "p-1") {
      id
      name
      price
      shownPrice
    }
  }
`;

describe("what a sign-in or sign-out forgets", () => {
  it("prices as the previous caller's place showed them, and keeps the rest of each part", () => {
    const cache = createCache();
    cache.writeQuery({
      query: SHOWN,
      data: {
        priceDisplay: { __typename: "PriceDisplay", pricesIncludeTax: true, taxZoneName: "Germany", country: "DE" },
        part: { __typename: "Part", id: "p-1", name: "Battery", price: 59.99, shownPrice: 71.39 },
      },
    });
    forgetUserData(cache);
    expect(cache.readQuery({ query: SHOWN })).toBeNull();
    const part = cache.extract()["Part:p-1"] as Record<string, unknown>;
    expect(part).toMatchObject({ name: "Battery", price: 59.99 });
    expect(part).not.toHaveProperty("shownPrice");
    expect(cache.extract().ROOT_QUERY).not.toHaveProperty("priceDisplay");
  });
});
