import { graphql } from "@/lib/gql";

/*
 * The admins' shipping and tax zones (docs/product.md, "Beyond the spec": Shipping, Tax). Every
 * mutation answers the zone with the fields the list shows, so the cache updates the page itself.
 */

export const ShippingZoneFieldsFragment = graphql(`
  fragment ShippingZoneFields on ShippingZone {
    id
    databaseId
    name
    places {
      country
      countryName
      region
      regionName
    }
    methods {
      id
      databaseId
      name
      kind
      bands {
        upToGrams
        price
      }
      freeOver
      minDays
      maxDays
      carriesDangerousGoods
    }
  }
`);

export const TaxZoneFieldsFragment = graphql(`
  fragment TaxZoneFields on TaxZone {
    id
    databaseId
    name
    places {
      country
      countryName
      region
      regionName
    }
    pricesIncludeTax
    taxesShipping
    standardRate
    reducedRate
    zeroRate
  }
`);

export const ShippingZonesDocument = graphql(`
  query ShippingZones {
    shippingZones {
      id
      ...ShippingZoneFields
    }
  }
`);

export const TaxZonesDocument = graphql(`
  query TaxZones {
    taxZones {
      id
      ...TaxZoneFields
    }
  }
`);

/** The places every zone covers: the countries (and regions) the place fields suggest. */
export const KnownPlacesDocument = graphql(`
  query KnownPlaces {
    shippingZones {
      id
      places {
        country
        countryName
        region
        regionName
      }
    }
    taxZones {
      id
      places {
        country
        countryName
        region
        regionName
      }
    }
  }
`);

export const CreateShippingZoneDocument = graphql(`
  mutation CreateShippingZone($input: CreateShippingZoneInput!) {
    createShippingZone(input: $input) {
      id
      ...ShippingZoneFields
    }
  }
`);

export const UpdateShippingZoneDocument = graphql(`
  mutation UpdateShippingZone($id: ID!, $input: UpdateShippingZoneInput!) {
    updateShippingZone(id: $id, input: $input) {
      id
      ...ShippingZoneFields
    }
  }
`);

export const DeleteShippingZoneDocument = graphql(`
  mutation DeleteShippingZone($id: ID!) {
    deleteShippingZone(id: $id) {
      deletedId
      name
    }
  }
`);

export const AddShippingMethodDocument = graphql(`
  mutation AddShippingMethod($zoneId: ID!, $input: ShippingMethodInput!) {
    addShippingMethod(zoneId: $zoneId, input: $input) {
      id
      ...ShippingZoneFields
    }
  }
`);

export const UpdateShippingMethodDocument = graphql(`
  mutation UpdateShippingMethod($id: ID!, $input: ShippingMethodInput!) {
    updateShippingMethod(id: $id, input: $input) {
      id
      ...ShippingZoneFields
    }
  }
`);

export const RemoveShippingMethodDocument = graphql(`
  mutation RemoveShippingMethod($id: ID!) {
    removeShippingMethod(id: $id) {
      id
      ...ShippingZoneFields
    }
  }
`);

export const CreateTaxZoneDocument = graphql(`
  mutation CreateTaxZone($input: CreateTaxZoneInput!) {
    createTaxZone(input: $input) {
      id
      ...TaxZoneFields
    }
  }
`);

export const UpdateTaxZoneDocument = graphql(`
  mutation UpdateTaxZone($id: ID!, $input: UpdateTaxZoneInput!) {
    updateTaxZone(id: $id, input: $input) {
      id
      ...TaxZoneFields
    }
  }
`);

export const DeleteTaxZoneDocument = graphql(`
  mutation DeleteTaxZone($id: ID!) {
    deleteTaxZone(id: $id) {
      deletedId
      name
    }
  }
`);
