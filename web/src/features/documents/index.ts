// The documents feature's face to routes: an order's invoice and credit notes, downloaded as PDFs.
export { OrderDocuments } from "./OrderDocuments";
export { InvoiceFieldsFragment, CreditNoteFieldsFragment } from "./documentFields";
