import type { DataSource, EntityManager } from "typeorm";
import type { ShopCounters } from "../counters";
import type { DomainLog } from "../log";
import type { EmailKind } from "./templates";

/** One email as the outbox keeps it, handed to the mailer. */
export interface OutboxEmail {
  id: string;
  kind: EmailKind;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** Attempts made before this one. */
  attempts: number;
  /** Files it carries (a document rendered when it is sent). */
  attachments?: MailAttachment[];
}

/** A file an email carries. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** What an outbox row refers to (a document), drawn when the email is sent: the invoicing room's renderer. */
export interface AttachmentSource {
  attachmentOf(reference: {
    invoiceId: string | null;
    creditNoteId: string | null;
  }): Promise<{ filename: string; pdf: Buffer } | null>;
}

/** What sends an email (SMTP through nodemailer: smtp-mailer.ts); throws when it could not. */
export interface Mailer {
  send(email: OutboxEmail): Promise<void>;
}

export interface DeliveryPolicy {
  /** Attempts before an email is given up. */
  maxAttempts: number;
  /** The wait after the first failure; each further failure doubles it, up to MAX_RETRY_SECONDS. */
  retrySeconds: number;
  /** How long one send may hold its row before PostgreSQL ends the claim (and another process may take it). */
  leaseSeconds: number;
}

/** How long one send may hold its claim: far beyond the SMTP timeouts (smtp-mailer.ts), so only a hung process reaches it. */
export const DELIVERY_LEASE_SECONDS = 300;

/** The longest wait between two attempts. */
export const MAX_RETRY_SECONDS = 3600;

/** Seconds to wait after the `attempt`-th failed attempt (1-based): retrySeconds, doubled each time, capped. */
export function retryDelaySeconds(attempt: number, retrySeconds: number): number {
  return Math.min(MAX_RETRY_SECONDS, retrySeconds * 2 ** Math.max(0, attempt - 1));
}

/** What one pass did. */
export interface DeliveryReport {
  sent: number;
  retried: number;
  gaveUp: number;
}

type Outcome = "sent" | "retried" | "gave_up";

/**
 * Sends the outbox's due emails, from any number of processes at once. Each email is taken by one
 * transaction (FOR UPDATE SKIP LOCKED: another process skips it), sent, and marked sent in that
 * same transaction, so that it is sent once. A process that dies mid-send leaves its transaction
 * to be rolled back: the email is due again for the next pass (a rare second copy carries the same
 * Message-ID, made from the row's id). A send that hangs past the lease is ended by PostgreSQL
 * (idle_in_transaction_session_timeout), which rolls the claim back the same way. A failure is
 * counted on the row and retried later, with a wait doubling each time; after the last attempt
 * the email is given up, logged as an error and counted.
 */
export class EmailDelivery {
  constructor(
    private readonly db: DataSource,
    private readonly mailer: Mailer,
    private readonly policy: DeliveryPolicy,
    private readonly log: DomainLog,
    private readonly counters: ShopCounters,
    private readonly documents: AttachmentSource | null = null,
  ) {}

  /** Sends what is due, up to `limit` emails. */
  async sendDue(limit = 100): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retried: 0, gaveUp: 0 };
    for (let count = 0; count < limit; count++) {
      const outcome = await this.db.transaction((tx) => this.sendNext(tx));
      if (!outcome) break;
      if (outcome === "sent") report.sent++;
      else if (outcome === "retried") report.retried++;
      else report.gaveUp++;
      this.counters.emailDelivery(outcome);
    }
    return report;
  }

  private async sendNext(tx: EntityManager): Promise<Outcome | null> {
    await tx.query(`SELECT set_config('idle_in_transaction_session_timeout', $1, true)`, [
      `${this.policy.leaseSeconds}s`,
    ]);
    const [row]: Array<OutboxEmail & { invoiceId: string | null; creditNoteId: string | null }> = await tx.query(
      `SELECT id, kind, recipient, subject, text_body AS text, html_body AS html, attempts,
              invoice_id AS "invoiceId", credit_note_id AS "creditNoteId"
       FROM email_outbox
       WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
       ORDER BY next_attempt_at
       LIMIT 1
       FOR UPDATE SKIP LOCKED`,
    );
    if (!row) return null;
    const { invoiceId, creditNoteId, ...email } = row;
    try {
      // Rendered now, from the document's id: a failure to render is a failed attempt like any other.
      const document =
        this.documents && (invoiceId || creditNoteId)
          ? await this.documents.attachmentOf({ invoiceId, creditNoteId })
          : null;
      if (document)
        email.attachments = [{ filename: document.filename, contentType: "application/pdf", content: document.pdf }];
      await this.mailer.send(email);
    } catch (error) {
      return this.failed(tx, email, error);
    }
    await tx.query(
      `UPDATE email_outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1`,
      [email.id],
    );
    return "sent";
  }

  private async failed(tx: EntityManager, email: OutboxEmail, error: unknown): Promise<Outcome> {
    const attempts = email.attempts + 1;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const details = { emailId: email.id, kind: email.kind, attempts, err: error };
    if (attempts >= this.policy.maxAttempts) {
      await tx.query(`UPDATE email_outbox SET attempts = $2, last_error = $3, failed_at = now() WHERE id = $1`, [
        email.id,
        attempts,
        message,
      ]);
      this.log.error(details, `Gave up sending an email (${email.kind}) after ${attempts} attempts: ${message}`);
      return "gave_up";
    }
    const wait = retryDelaySeconds(attempts, this.policy.retrySeconds);
    await tx.query(
      `UPDATE email_outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
      [email.id, attempts, message, wait],
    );
    this.log.warn(details, `Could not send an email (${email.kind}); trying again in ${wait} s: ${message}`);
    return "retried";
  }
}
