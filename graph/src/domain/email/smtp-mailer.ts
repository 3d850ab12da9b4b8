import nodemailer from "nodemailer";
import SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Mailer, OutboxEmail } from "./delivery";

/** Bounds on one SMTP conversation, well inside a delivery's lease (so a hung server fails the attempt instead). */
const TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/** The domain of the address in a From such as "Partshop <orders@shop.example>". */
function domainOf(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "partshop.invalid";
}

/**
 * Sends over SMTP with nodemailer, at `url` (smtp://user:pass@host:587, smtps://... for TLS from
 * the start). The Message-ID is the outbox row's, so that a copy sent again after a crash is the
 * same message to the provider and the customer's mail client.
 */
export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  // The transport itself, not createTransport(url): that drops every option beside the URL.
  const transport = nodemailer.createTransport(new SMTPTransport({ url, ...TIMEOUTS }));
  const domain = domainOf(from);
  return {
    async send(email: OutboxEmail) {
      await transport.sendMail({
        from,
        to: email.recipient,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: `<outbox-${email.id}@${domain}>`,
        attachments: email.attachments?.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content,
        })),
      });
    },
    close: () => transport.close(),
  };
}
