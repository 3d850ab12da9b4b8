import { graphql } from "@/lib/gql";

/** A signed-in shopper's cart count: accountCartCount.ts sends it by the hash the cart link carries. */
export const CartCountDocument = graphql(`
  query CartCount {
    cart {
      id
      itemCount
    }
  }
`);
