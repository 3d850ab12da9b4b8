import { addressOneLine } from "../addresses/address-rules";
import { formatDollars } from "../orders/reservation-rules";
import type { SaleSummary } from "../orders/sale-summary";

/**
 * The shop's transactional emails, each in plain text and HTML, rendered when the change they
 * report is written (the outbox keeps them as sent): who they greet, which orders they are about,
 * each line (part, quantity, unit price, total) and the total, in dollars.
 */

export const SHOP_NAME = "Partshop";

export type EmailKind =
  | "order_placed"
  | "payment_received"
  | "hold_ending"
  | "hold_ended"
  | "order_cancelled"
  | "order_refunded"
  | "order_shipped";

export interface EmailLine {
  /** The order's number, as the customer quotes it (order-number.ts). */
  number: string;
  partName: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}

/** What an email says: to whom, about which lines, and what only some kinds need. */
export interface EmailFacts {
  customerName: string;
  lines: readonly EmailLine[];
  /** When the reservation ends (order_placed, hold_ending). */
  holdEndsAt?: Date | null;
  /** How much was paid or refunded, when it is not the lines' total. */
  amountCents?: number;
  /** The payment's reference (payment_received). */
  paymentReference?: string | null;
  /** Why, in a few words (order_cancelled, order_refunded). */
  reason?: string | null;
  /** The invoice of the payment, attached (payment_received). */
  invoiceNumber?: string | null;
  /** The credit note of the refund, attached (order_refunded). */
  creditNoteNumber?: string | null;
  /**
   * What the whole order comes to, as its header froze it (order_placed, payment_received): with
   * shipping or tax, or an address, the email lists subtotal, shipping, tax and total, and where it ships.
   */
  sale?: SaleSummary | null;
  /** The parcel (order_shipped): its carrier, tracking number and link; `lines` are its units, not what was ordered. */
  parcel?: ParcelFacts;
}

/** A parcel as its shipping email names it. */
export interface ParcelFacts {
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** Text made safe to put into HTML, as element content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A time as a customer anywhere reads it: "2026-11-28 16:45 UTC". */
export const formatTime = (time: Date) => `${time.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** The orders' numbers, the first few of a long checkout and how many more (a subject stays one short line). */
function numbersOf(lines: readonly EmailLine[]): string {
  const shown = lines.slice(0, lines.length > 4 ? 3 : 4).map((line) => `#${line.number}`);
  return lines.length > shown.length ? `${shown.join(", ")} and ${lines.length - shown.length} more` : shown.join(", ");
}
const ordersWord = (lines: readonly EmailLine[]) => (lines.length === 1 ? "order" : "orders");
const totalOf = (lines: readonly EmailLine[]) => lines.reduce((sum, line) => sum + line.totalCents, 0);

/** What each kind says: its subject and the paragraphs before the lines (plain text; escaped for HTML). */
const WORDING: Record<EmailKind, (facts: EmailFacts, refs: string) => { subject: string; lead: string[] }> = {
  order_placed: (facts, refs) => ({
    subject: `Your ${SHOP_NAME} ${refs}`,
    lead: [
      "Thank you for your order. These parts are reserved for you" +
        (facts.holdEndsAt ? ` until ${formatTime(facts.holdEndsAt)}` : "") +
        ": pay before then to keep them.",
    ],
  }),
  payment_received: (facts, refs) => ({
    subject: `Receipt for your ${SHOP_NAME} ${refs}`,
    lead: [
      `We received your payment of ${formatDollars(facts.amountCents ?? totalOf(facts.lines))}. Thank you!`,
      ...(facts.paymentReference ? [`Payment reference: ${facts.paymentReference}`] : []),
      ...(facts.invoiceNumber ? [`Your invoice ${facts.invoiceNumber} is attached.`] : []),
    ],
  }),
  hold_ending: (facts, refs) => ({
    subject: `Your reservation ends soon: ${refs}`,
    lead: [
      "Your reservation ends" +
        (facts.holdEndsAt ? ` at ${formatTime(facts.holdEndsAt)}` : " soon") +
        ". Pay before then to keep these parts; after that they go back on sale.",
    ],
  }),
  hold_ended: (_facts, refs) => ({
    subject: `Your reservation has ended: ${refs}`,
    lead: [
      "The reservation was not paid in time, so these parts went back on sale. Nothing was charged; add them to your cart again to order them.",
    ],
  }),
  order_cancelled: (facts, refs) => ({
    subject: `Cancelled: your ${SHOP_NAME} ${refs}`,
    lead: [
      `Your ${refs} ${facts.lines.length === 1 ? "is" : "are"} cancelled${facts.reason ? ` ${facts.reason}` : ""}.`,
    ],
  }),
  order_shipped: (facts, refs) => ({
    subject: `Shipped: your ${SHOP_NAME} ${refs}`,
    lead: [
      `Good news: a parcel with these parts is on its way${facts.parcel ? ` with ${facts.parcel.carrierName}` : ""}.`,
      ...(facts.parcel
        ? [`Tracking number: ${facts.parcel.trackingNumber}`, `Track it: ${facts.parcel.trackingUrl}`]
        : []),
    ],
  }),
  order_refunded: (facts, refs) => ({
    subject: `Refund for your ${SHOP_NAME} ${refs}`,
    lead: [
      `We refunded ${formatDollars(facts.amountCents ?? totalOf(facts.lines))} to your card${facts.reason ? `: ${facts.reason}` : ""}. It may take a few days to show on your statement.`,
      ...(facts.creditNoteNumber ? [`Your credit note ${facts.creditNoteNumber} is attached.`] : []),
    ],
  }),
};

const columns = ["Order", "Part", "Quantity", "Unit price", "Total"];

/**
 * A sale with shipping, tax or an address to show: null for an order that has none of them yet (a
 * part reserved on its own before its delivery is chosen), whose email lists its lines as before.
 */
function shownSale(facts: EmailFacts): SaleSummary | null {
  const sale = facts.sale;
  return sale &&
    (sale.shipTo !== null || sale.shippingMethodName !== null || sale.shippingCents > 0 || sale.taxCents > 0)
    ? sale
    : null;
}

/** A line's amount: with a sale shown, its price alone (unit price × quantity; shipping and tax are rows of their own). */
const lineAmount = (line: EmailLine, sale: SaleSummary | null) =>
  sale ? line.unitPriceCents * line.quantity : line.totalCents;

const cellsOf = (line: EmailLine, sale: SaleSummary | null) => [
  `#${line.number}`,
  line.partName,
  String(line.quantity),
  formatDollars(line.unitPriceCents),
  formatDollars(lineAmount(line, sale)),
];

/** The estimate as a customer reads it: "3–5 working days" (as the web app writes it), "1 working day". */
function estimateOf(sale: SaleSummary): string | null {
  if (sale.minDays === null || sale.maxDays === null) return null;
  const days = sale.minDays === sale.maxDays ? `${sale.maxDays}` : `${sale.minDays}–${sale.maxDays}`;
  return `${days} working ${sale.maxDays === 1 ? "day" : "days"}`;
}

/** The sale's amounts, label and dollars, in the order they add up. */
function saleRows(sale: SaleSummary): Array<[string, string]> {
  const method = [sale.shippingMethodName, estimateOf(sale)].filter(Boolean).join(", ");
  const zone = [sale.taxZoneName, sale.pricesIncludeTax ? "included in shown prices" : null].filter(Boolean).join(", ");
  return [
    ["Subtotal", formatDollars(sale.subtotalCents - sale.discountCents)],
    [method ? `Shipping (${method})` : "Shipping", formatDollars(sale.shippingCents)],
    [zone ? `Tax (${zone})` : "Tax", formatDollars(sale.taxCents)],
    ["Total", formatDollars(sale.totalCents)],
  ];
}

/** Where it ships, one line after the other. */
function shipToLines(sale: SaleSummary): string[] {
  return sale.shipTo ? [sale.shipTo.name, addressOneLine(sale.shipTo), `Phone: ${sale.shipTo.phone}`] : [];
}

function textOf(facts: EmailFacts, lead: string[]): string {
  const sale = shownSale(facts);
  return [
    `Hello ${facts.customerName},`,
    "",
    ...lead.flatMap((paragraph) => [paragraph, ""]),
    ...facts.lines.map(
      (line) =>
        `#${line.number}  ${line.partName}  ${line.quantity} x ${formatDollars(line.unitPriceCents)} = ${formatDollars(lineAmount(line, sale))}`,
    ),
    "",
    ...(sale
      ? [
          ...saleRows(sale).map(([label, amount]) => `${label}: ${amount}`),
          ...(sale.shipTo ? ["", "Ships to:", ...shipToLines(sale)] : []),
        ]
      : [`Total: ${formatDollars(totalOf(facts.lines))}`]),
    "",
    `${SHOP_NAME}`,
    "",
  ].join("\n");
}

function htmlOf(subject: string, facts: EmailFacts, lead: string[]): string {
  const sale = shownSale(facts);
  const footRows: Array<[string, string]> = sale ? saleRows(sale) : [["Total", formatDollars(totalOf(facts.lines))]];
  const cell = (tag: "td" | "th", text: string, right = false) =>
    `<${tag} style="padding:4px 8px;text-align:${right ? "right" : "left"}">${escapeHtml(text)}</${tag}>`;
  const row = (cells: string[], tag: "td" | "th" = "td") =>
    `<tr>${cells.map((text, index) => cell(tag, text, index >= 2)).join("")}</tr>`;
  return [
    `<!doctype html>`,
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:sans-serif;color:#222">`,
    `<h1 style="font-size:20px">${escapeHtml(SHOP_NAME)}</h1>`,
    `<p>Hello ${escapeHtml(facts.customerName)},</p>`,
    ...lead.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<table style="border-collapse:collapse">`,
    `<thead>${row(columns, "th")}</thead>`,
    `<tbody>${facts.lines.map((line) => row(cellsOf(line, sale))).join("")}</tbody>`,
    `<tfoot>${footRows.map(([label, amount]) => `<tr><th colspan="4" style="padding:4px 8px;text-align:right">${escapeHtml(label)}</th>${cell("th", amount, true)}</tr>`).join("")}</tfoot>`,
    `</table>`,
    ...(sale?.shipTo ? [`<p><strong>Ships to:</strong><br>${shipToLines(sale).map(escapeHtml).join("<br>")}</p>`] : []),
    `<p>${escapeHtml(SHOP_NAME)}</p>`,
    `</body></html>`,
  ].join("\n");
}

/** A shipping email: the parcel's lines and units (no amounts: they were on the receipt) and its tracking link. */
function parcelEmail(subject: string, facts: EmailFacts, lead: string[]): RenderedEmail {
  const text = [
    `Hello ${facts.customerName},`,
    "",
    ...lead.flatMap((paragraph) => [paragraph, ""]),
    "In this parcel:",
    ...facts.lines.map((line) => `#${line.number}  ${line.partName}  x ${line.quantity}`),
    "",
    `${SHOP_NAME}`,
    "",
  ].join("\n");
  const [greeting, ...rest] = lead;
  const link = facts.parcel
    ? `<p><a href="${escapeHtml(facts.parcel.trackingUrl)}">Track your parcel (${escapeHtml(facts.parcel.carrierName)} ${escapeHtml(facts.parcel.trackingNumber)})</a></p>`
    : "";
  const cell = (tag: "td" | "th", value: string, right = false) =>
    `<${tag} style="padding:4px 8px;text-align:${right ? "right" : "left"}">${escapeHtml(value)}</${tag}>`;
  const html = [
    `<!doctype html>`,
    `<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:sans-serif;color:#222">`,
    `<h1 style="font-size:20px">${escapeHtml(SHOP_NAME)}</h1>`,
    `<p>Hello ${escapeHtml(facts.customerName)},</p>`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...rest
      .filter((paragraph) => !paragraph.startsWith("Track it: "))
      .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    link,
    `<table style="border-collapse:collapse">`,
    `<thead><tr>${cell("th", "Order")}${cell("th", "Part")}${cell("th", "Quantity", true)}</tr></thead>`,
    `<tbody>${facts.lines.map((line) => `<tr>${cell("td", `#${line.number}`)}${cell("td", line.partName)}${cell("td", String(line.quantity), true)}</tr>`).join("")}</tbody>`,
    `</table>`,
    `<p>${escapeHtml(SHOP_NAME)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject, text, html };
}

/** The email of `kind` about `facts`, in plain text and HTML (everything put into the HTML escaped). */
export function renderEmail(kind: EmailKind, facts: EmailFacts): RenderedEmail {
  const refs = `${ordersWord(facts.lines)} ${numbersOf(facts.lines)}`;
  const { subject, lead } = WORDING[kind](facts, refs);
  if (kind === "order_shipped") return parcelEmail(subject, facts, lead);
  return { subject, text: textOf(facts, lead), html: htmlOf(subject, facts, lead) };
}
