import { graphql } from "@/lib/gql";

/*
 * The part mutations every admin page uses (the list, the edit page, the overview's low-stock
 * list). Each answers the part's fields the pages show, so the cache updates every view of it.
 */

export const RetirePartDocument = graphql(`
  mutation RetirePart($id: ID!) {
    retirePart(id: $id) {
      id
      retired
      retiredAt
      lowStock
    }
  }
`);

export const RestorePartDocument = graphql(`
  mutation RestorePart($id: ID!) {
    restorePart(id: $id) {
      id
      retired
      retiredAt
      lowStock
    }
  }
`);

export const RestockPartDocument = graphql(`
  mutation RestockPart($id: ID!, $quantity: Int!) {
    restockPart(id: $id, quantity: $quantity) {
      id
      name
      available
      lowStock
    }
  }
`);

/** Confirmation asked before retiring: the part leaves the shop. */
export const retireQuestion = (name: string) =>
  `Retire ${name}? It leaves the shop (no new orders) but stays on the orders that have it.`;
