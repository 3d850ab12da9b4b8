import { useState } from "react";
import { getFragmentData, type FragmentType } from "@/lib/gql";
import { downloadFile } from "@/lib/download";
import { errorMessage } from "@/lib/apollo/errors";
import { formatPrice } from "@/ui/format";
import { formatDateTime } from "@/ui/formatFigures";
import { useToast } from "@/ui/toast";
import { CreditNoteFieldsFragment, InvoiceFieldsFragment } from "./documentFields";
import "./documents.css";

interface Props {
  invoice: FragmentType<typeof InvoiceFieldsFragment> | null | undefined;
  creditNotes: ReadonlyArray<FragmentType<typeof CreditNoteFieldsFragment>>;
  headingId: string;
}

interface Document {
  number: string;
  downloadPath: string;
}

/**
 * An order's invoice and credit notes, each a PDF the shop renders for its owner or an admin. A
 * plain link cannot send the bearer token, so each is fetched with it and saved under its number.
 */
export function OrderDocuments({ invoice: invoiceRef, creditNotes: creditNoteRefs, headingId }: Props) {
  const invoice = getFragmentData(InvoiceFieldsFragment, invoiceRef);
  const creditNotes = creditNoteRefs.map((ref) => getFragmentData(CreditNoteFieldsFragment, ref));
  const toast = useToast();
  const [downloading, setDownloading] = useState<string | null>(null);
  if (!invoice && creditNotes.length === 0) return null;

  const download = async (document: Document) => {
    setDownloading(document.number);
    try {
      await downloadFile(document.downloadPath, `${document.number}.pdf`, `The download of ${document.number}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section className="card order-documents" aria-labelledby={headingId}>
      <h2 id={headingId}>Invoice and credit notes</h2>
      <ul className="order-documents__list">
        {invoice && (
          <li className="order-documents__item" data-testid="invoice">
            <p className="order-documents__what">
              Invoice <strong>{invoice.number}</strong>
              <span className="small">
                {" "}
                issued <time dateTime={invoice.issuedAt}>{formatDateTime(invoice.issuedAt)}</time>,{" "}
                {formatPrice(invoice.total)}
              </span>
            </p>
            <button
              type="button"
              className="btn btn--small btn--outline"
              disabled={downloading === invoice.number}
              onClick={() => void download(invoice)}
            >
              {downloading === invoice.number ? "Downloading…" : "Download invoice"}
            </button>
          </li>
        )}
        {creditNotes.map((note) => (
          <li key={note.id} className="order-documents__item" data-testid="credit-note">
            <p className="order-documents__what">
              Credit note <strong>{note.number}</strong>
              <span className="small">
                {" "}
                for {note.invoiceNumber}, issued <time dateTime={note.issuedAt}>{formatDateTime(note.issuedAt)}</time>,{" "}
                {formatPrice(note.total)}
                {note.reason ? `: ${note.reason}` : ""}
              </span>
            </p>
            <button
              type="button"
              className="btn btn--small btn--outline"
              disabled={downloading === note.number}
              onClick={() => void download(note)}
              aria-label={`Download credit note ${note.number}`}
            >
              {downloading === note.number ? "Downloading…" : "Download credit note"}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
