import { graphql } from "@/lib/gql";

/** The To-ship queue: paid orders with something left to ship, oldest payment first, what is left of each line. */
export const ToShipQueueDocument = graphql(`
  query ToShipQueue($first: Int, $after: String) {
    toShip(first: $first, after: $after) {
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
