import type { DocumentFile } from "../../domain/invoicing/invoicing.service";
import { Services } from "../../domain/services";
import type { Reply, RestRoute } from "./route";
import { type Answer, schemas } from "./route-doc";

const { ref } = schemas;

/** The OpenAPI answer of a document's PDF. */
const pdfAnswer = (example: string): Answer => ({
  description: "The PDF (Content-Disposition: attachment)",
  content: { "application/pdf": { schema: { type: "string", format: "binary", description: "A PDF document" } } },
  headers: {
    "content-disposition": { type: "string", description: `attachment; filename="${example}.pdf"` },
  },
});

/** A document's PDF as a download; never kept by a shared cache (it is one customer's). */
function pdfDownload(file: DocumentFile): Reply {
  return {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "private, no-store",
    },
    body: file.pdf,
  };
}

const numberParam = (example: string, what: string) => ({
  number: {
    type: "string",
    pattern: `^${example.slice(0, example.indexOf("-"))}-[0-9]{4}-[0-9]{6,9}$`,
    description: `The ${what}'s number, e.g. ${example}`,
  },
});

/** Invoices and credit notes as PDFs (docs/product.md, "Invoices and credit notes"): the order's customer or an admin. */
export function documentRoutes(services: Services): RestRoute[] {
  return [
    {
      method: "GET",
      path: "/invoices/:number",
      auth: "USER",
      doc: {
        operationId: "downloadInvoice",
        summary: "One of your invoices as a PDF (admins: anyone's)",
        description:
          "The invoice of a paid order, by its number (Order.invoice.downloadPath in GraphQL). Another customer's invoice is not found, exactly like an unknown number.",
        tag: "Orders",
        params: numberParam("INV-2026-000123", "invoice"),
        answers: {
          200: pdfAnswer("INV-2026-000123"),
          404: { description: "No such invoice of yours", schema: ref("Error") },
        },
      },
      handle: async (request, caller) =>
        pdfDownload(await services.invoicing.invoicePdf(caller, request.params.number)),
    },
    {
      method: "GET",
      path: "/credit-notes/:number",
      auth: "USER",
      doc: {
        operationId: "downloadCreditNote",
        summary: "One of your credit notes as a PDF (admins: anyone's)",
        description:
          "A refund's credit note, by its number (Order.creditNotes[].downloadPath in GraphQL). Another customer's is not found, exactly like an unknown number.",
        tag: "Orders",
        params: numberParam("CN-2026-000045", "credit note"),
        answers: {
          200: pdfAnswer("CN-2026-000045"),
          404: { description: "No such credit note of yours", schema: ref("Error") },
        },
      },
      handle: async (request, caller) =>
        pdfDownload(await services.invoicing.creditNotePdf(caller, request.params.number)),
    },
  ];
}
