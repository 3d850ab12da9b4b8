import { graphql } from "@/lib/gql";

/** A parcel as the order page lists it: carrier and tracking link, what is in it, when it left and arrived. */
export const ShipmentFieldsFragment = graphql(`
  fragment ShipmentFields on Shipment {
    id
    databaseId
    trackingNumber
    trackingUrl
    shippedAt
    deliveredAt
    carrier {
      code
      name
    }
    lines {
      partName
      quantity
      order {
        id
        number
      }
    }
  }
`);

export const MarkShipmentDeliveredDocument = graphql(`
  mutation MarkShipmentDelivered($input: MarkShipmentDeliveredInput!) {
    markShipmentDelivered(input: $input) {
      id
      deliveredAt
    }
  }
`);

export const CarriersDocument = graphql(`
  query Carriers {
    carriers {
      code
      name
    }
  }
`);

export const RecordShipmentDocument = graphql(`
  mutation RecordShipment($input: RecordShipmentInput!) {
    recordShipment(input: $input) {
      id
      trackingNumber
      carrier {
        code
        name
      }
    }
  }
`);
