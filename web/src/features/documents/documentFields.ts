import { graphql } from "@/lib/gql";

/** An invoice as the order page offers it for download. */
export const InvoiceFieldsFragment = graphql(`
  fragment InvoiceFields on Invoice {
    id
    number
    issuedAt
    total
    downloadPath
  }
`);

/** A credit note as the order page offers it for download. */
export const CreditNoteFieldsFragment = graphql(`
  fragment CreditNoteFields on CreditNote {
    id
    number
    issuedAt
    invoiceNumber
    total
    reason
    downloadPath
  }
`);
