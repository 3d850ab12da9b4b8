import { graphql } from "@/lib/gql";

/** The parts suggested as the shopper types: searchSuggestions.ts sends it by the hash written on the list. */
export const SearchSuggestionsDocument = graphql(`
  query SearchSuggestions($search: String!) {
    parts(first: 6, search: $search) {
      edges {
        node {
          id
          name
          slug
        }
      }
    }
  }
`);
