import { graphql } from "@/lib/gql";

/** What the address book and checkout show of an address, and what its form is filled from. */
export const AddressFieldsFragment = graphql(`
  fragment AddressFields on Address {
    id
    databaseId
    name
    company
    line1
    line2
    city
    region
    postalCode
    country
    countryName
    phone
    isDefault
  }
`);

/** The countries the form lists: their regions where an address there needs one. */
export const AddressCountriesDocument = graphql(`
  query AddressCountries {
    countries {
      code
      name
      regionRequired
      regions {
        code
        name
      }
    }
  }
`);
