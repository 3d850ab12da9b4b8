import { graphql } from "@/lib/gql";

/**
 * The To-ship queue: paid orders with something left to ship, oldest payment first, what is left of
 * each line. Twenty at a time, written into the document: the server prices a page-size variable
 * at its largest page, and a hundred orders of this shape would cost most of an operation's limit.
 */
export const ToShipQueueDocument = graphql(`
  query ToShipQueue($after: String) {
    toShip(first: 20, after: $after) {
      totalCount
      edges {
        cursor
        node {
          paidAt
          customerName
          customerEmail
          address
          shippingMethodName
          fulfilment
          order {
            id
            databaseId
            number
          }
          shipTo {
            name
            company
            line1
            line2
            city
            region
            postalCode
            countryName
            phone
          }
          lines {
            partName
            partNumber
            quantity
            shipped
            toShip
            order {
              id
              databaseId
              number
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
