import { beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import type { User } from "../../src/domain/accounts/user.entity";
import { DEVELOPMENT_SELLER } from "../../src/config";
import { InvoicingService } from "../../src/domain/invoicing/invoicing.service";
import { CheckoutService } from "../../src/domain/orders/checkout.service";
import type { Order } from "../../src/domain/orders/order.entity";
import { PaymentService } from "../../src/domain/payments/payment.service";
import { inTurn } from "../../src/domain/payments/payment-effects";
import { SILENT_COUNTERS } from "../../src/domain/counters";
import { payInSandbox } from "../support/fixtures";
import { methodsOf, salePart, SHIP_TO } from "./support/sale";
import {
  ADDRESS,
  customer,
  database,
  orderServices,
  paymentSandbox,
  saleServices,
  seededZones,
} from "./support/services";
import pino from "pino";

/*
 * Invoices and credit notes as the payment flow writes them (docs/product.md, "Invoices and credit
 * notes"): two payment services on pools of their own stand for two shop processes; payments go
 * through the payment sandbox and are settled as the shopper's report settles them.
 */

const { name, taxId, ...sellerAddress } = DEVELOPMENT_SELLER;
const SELLER = { name, taxId, address: { ...sellerAddress, name, company: null } };
const silent = pino({ level: "silent" });
const HOLDS = { minutes: 60, maxUnpaidOrders: 1000, maxUnpaidCents: 100_000_000 };

type Db = Awaited<ReturnType<typeof database>>;
let db: Db;
let sandbox: Awaited<ReturnType<typeof paymentSandbox>>;
/** Two "processes": each its own pool, invoicing and payments wired as services.ts wires them. */
let processes: Array<{ invoicing: InvoicingService; payments: PaymentService }>;
let checkouts: CheckoutService;
let orders: ReturnType<typeof orderServices>["orders"];
let admin: User;
let standardUs: string;
let partIds: string[];

function processOn(pool: Db) {
  const invoicing = new InvoicingService(pool, SELLER);
  const payments = new PaymentService(pool, sandbox.stripe, null, SILENT_COUNTERS, silent, inTurn(invoicing));
  return { invoicing, payments };
}

beforeAll(async () => {
  db = await database(8);
  sandbox = await paymentSandbox();
  processes = [processOn(db), processOn(await database(8))];
  checkouts = new CheckoutService(db, HOLDS, SILENT_COUNTERS, saleServices(db).sales);
  orders = orderServices(db, sandbox.stripe, HOLDS).orders;
  admin = await customer(db, "admin", "admin");
  await seededZones(db);
  standardUs = (await methodsOf(db, "United States")).standard;
  partIds = await Promise.all([
    salePart(db, { priceCents: 4_999, weightGrams: 300, available: 1_000, category: "standard" }),
    salePart(db, { priceCents: 1_205, weightGrams: 100, available: 1_000, category: "reduced" }),
    salePart(db, { priceCents: 890, weightGrams: 50, available: 1_000, category: "zero" }),
  ]);
});

/** A checkout of `buyer` shipped to New York (taxed, shipping taxed), its lines one per part. */
async function placeCheckout(buyer: User, lines = 3) {
  return checkouts.place(buyer, {
    lines: partIds.slice(0, lines).map((partId, index) => ({ partId, quantity: index + 1 })),
    shipTo: { address: SHIP_TO.newYork },
    shippingMethodId: standardUs,
  });
}

/** Pays a checkout at the sandbox and settles it through `process`'s payment service. */
async function payCheckout(buyer: User, checkoutId: string, process = processes[0]) {
  const { clientSecret } = await process.payments.createCheckoutIntent(buyer, checkoutId);
  const intentId = await payInSandbox(sandbox.url, sandbox.publishableKey, clientSecret);
  return { intentId, settle: () => process.payments.confirmCheckout(buyer, checkoutId, intentId) };
}

const year = new Date().getUTCFullYear();
const placeOf = (number: string) => Number(number.split("-")[2]);
const numbersOf = async (table: "invoices" | "credit_notes", prefix: string): Promise<string[]> =>
  (await db.query(`SELECT number FROM ${table} WHERE number LIKE $1 ORDER BY number`, [`${prefix}-${year}-%`])).map(
    (row: { number: string }) => row.number,
  );

/** The numbers form 1..n of the year, each once. */
function expectGapless(numbers: string[]) {
  expect(numbers.map(placeOf)).toEqual(numbers.map((_, index) => index + 1));
  expect(new Set(numbers).size).toBe(numbers.length);
}

async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

describe("invoice numbers", () => {
  it("checkouts paid at once through two processes get consecutive invoice numbers, none twice, each adding up to its order", async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, (_, index) => customer(db, `buyer${index}`)));
    const placed = await Promise.all(buyers.map((buyer) => placeCheckout(buyer)));
    const payments = await Promise.all(
      placed.map((checkout, index) => payCheckout(buyers[index], checkout.databaseId, processes[index % 2])),
    );
    await Promise.all(payments.map((payment) => payment.settle()));

    const numbers = await numbersOf("invoices", "INV");
    expect(numbers).toHaveLength(8);
    expectGapless(numbers);
    const [invoice] = await processes[0].invoicing.invoicesOfHeaders([placed[0].databaseId]);
    expect(invoice).not.toBeNull();
    expect(invoice!.totalCents).toBe(placed[0].totalCents);
    expect(invoice!.subtotalCents + invoice!.shippingCents + invoice!.taxCents).toBe(invoice!.totalCents);
    expect(invoice!.taxCents).toBe(placed[0].taxCents);
    expect(invoice!.lines.map((line) => line.quantity)).toEqual([1, 2, 3]);
    expect(invoice!.buyer.shipTo).toMatchObject({ city: "New York" });
  });

  it("a payment whose transaction is rolled back gives its number back: the next invoice takes it", async () => {
    const buyer = await customer(db, "rollback");
    const checkout = await placeCheckout(buyer, 1);
    const before = await numbersOf("invoices", "INV");
    await expect(
      db.transaction(async (tx) => {
        await processes[1].invoicing.paid(tx, checkout.orders as Order[]);
        throw new Error("the payment's transaction fails after its invoice was written");
      }),
    ).rejects.toThrow("fails after");
    expect(await numbersOf("invoices", "INV")).toEqual(before);

    const payment = await payCheckout(buyer, checkout.databaseId, processes[1]);
    await payment.settle();
    const after = await numbersOf("invoices", "INV");
    expect(after).toHaveLength(before.length + 1);
    expectGapless(after);
  });
});

describe("credit notes", () => {
  it("lines refunded at once get consecutive credit notes pointing to their invoice, repaying what each line cost", async () => {
    const buyer = await customer(db, "refunds");
    const checkout = await placeCheckout(buyer);
    await (await payCheckout(buyer, checkout.databaseId)).settle();
    const before = await numbersOf("credit_notes", "CN");
    await Promise.all(checkout.orders.map((line) => processes[0].payments.refundOrder(admin, line.databaseId)));

    const after = await numbersOf("credit_notes", "CN");
    expect(after).toHaveLength(before.length + 3);
    expectGapless(after);
    const [invoice] = await processes[0].invoicing.invoicesOfHeaders([checkout.databaseId]);
    const [notes] = await processes[0].invoicing.creditNotesOfInvoices([invoice!.databaseId]);
    expect(notes).toHaveLength(3);
    for (const note of notes) {
      expect(note.invoiceNumber).toBe(invoice!.number);
      const line = checkout.orders.find((order) => order.databaseId === note.lines[0].orderId)!;
      expect(note.totalCents).toBe(line.totalCents);
      expect(note.lines[0]).toMatchObject({ quantity: line.quantity, amountCents: line.totalCents });
    }
    expect(notes.reduce((sum, note) => sum + note.totalCents, 0)).toBe(invoice!.totalCents);
  });

  it("a partial refund at Stripe gets a credit note of its amount, and the rest refunded later one of the rest", async () => {
    const buyer = await customer(db, "partial");
    const line = await orders.place(buyer, { partId: partIds[0], quantity: 2, ...ADDRESS });
    const { clientSecret } = await processes[0].payments.createIntent(buyer, line.databaseId);
    const intentId = await payInSandbox(sandbox.url, sandbox.publishableKey, clientSecret);
    await processes[0].payments.confirm(buyer, line.databaseId, intentId);

    await sandbox.stripe.refunds.create({ payment_intent: intentId, amount: 700 });
    await processes[1].payments.reconcile(1);
    await sandbox.stripe.refunds.create({ payment_intent: intentId });
    await processes[0].payments.reconcile(1);

    const [invoice] = await processes[0].invoicing.invoicesOfHeaders([line.checkoutId]);
    const [notes] = await processes[0].invoicing.creditNotesOfInvoices([invoice!.databaseId]);
    expect(notes.map((note) => [note.totalCents, note.lines[0].quantity])).toEqual([
      [700, null],
      [line.totalCents - 700, 2],
    ]);
    expect(notes.reduce((sum, note) => sum + note.totalCents, 0)).toBe(invoice!.totalCents);
    expectGapless(await numbersOf("credit_notes", "CN"));
  });

  it("the database refuses a credit note that repays more than its line was charged", async () => {
    const [line] = await db.query(
      `SELECT l.invoice_id, l.order_id, l.charged_cents FROM invoice_lines l ORDER BY l.invoice_id LIMIT 1`,
    );
    await expect(
      db.transaction(async (tx) => {
        const [note] = await tx.query(
          `INSERT INTO credit_notes (number, invoice_id, issued_at, total_cents, line_count) VALUES ($1, $2, now(), $3, 1) RETURNING id`,
          [`CN-${year}-999999`, line.invoice_id, line.charged_cents + 1],
        );
        await tx.query(
          `INSERT INTO credit_note_lines (credit_note_id, position, order_id, order_number, part_name, amount_cents)
           VALUES ($1, 1, $2, '100001', 'x', $3)`,
          [note.id, line.order_id, line.charged_cents + 1],
        );
      }),
    ).rejects.toThrow(/beyond what its invoice charged/);
  });
});

describe("who may read them", () => {
  it("a customer reads their own invoice and credit notes, an admin anyone's; another customer finds none", async () => {
    const owner = await customer(db, "owner");
    const other = await customer(db, "other");
    const checkout = await placeCheckout(owner, 2);
    await (await payCheckout(owner, checkout.databaseId)).settle();
    await processes[0].payments.refundOrder(admin, checkout.orders[1].databaseId);
    const { invoicing } = processes[0];
    const line = checkout.orders[0] as Order;
    const invoice = (await invoicing.invoiceOfOrder(owner, line))!;
    const [note] = await invoicing.creditNotesOfOrder(owner, line);

    const own = await invoicing.invoicePdf(owner, invoice.number);
    expect(own.filename).toBe(`${invoice.number}.pdf`);
    const text = await pdfText(own.pdf);
    for (const expected of [
      invoice.number,
      "Partshop Ltd",
      "Grace Hopper",
      `$${(invoice.totalCents / 100).toFixed(2)}`,
    ])
      expect(text).toContain(expected);
    expect((await invoicing.creditNotePdf(admin, note.number)).filename).toBe(`${note.number}.pdf`);
    expect(await pdfText((await invoicing.creditNotePdf(owner, note.number)).pdf)).toContain(invoice.number);

    await expect(invoicing.invoicePdf(other, invoice.number)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(invoicing.creditNotePdf(other, note.number)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(invoicing.invoiceOfOrder(other, line)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(invoicing.invoicePdf(null, invoice.number)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(invoicing.invoicePdf(owner, "INV-12")).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      details: { fields: { number: expect.any(Array) } },
    });
  });
});

describe("what a document keeps", () => {
  it("an invoice and its credit note keep the seller they were issued with, after the shop's details change", async () => {
    const owner = await customer(db, "keeps-seller");
    const checkout = await placeCheckout(owner, 2);
    await (await payCheckout(owner, checkout.databaseId)).settle();
    await processes[0].payments.refundOrder(admin, checkout.orders[1].databaseId);
    const line = checkout.orders[0] as Order;
    const invoice = (await processes[0].invoicing.invoiceOfOrder(owner, line))!;
    const [note] = await processes[0].invoicing.creditNotesOfOrder(owner, line);

    // The shop restarts with a new name and tax number: documents already issued stay as they were.
    const moved = new InvoicingService(db, { ...SELLER, name: "Partshop Moved Inc", taxId: "US-NEW-999" });
    for (const pdf of [
      (await moved.invoicePdf(owner, invoice.number)).pdf,
      (await moved.creditNotePdf(owner, note.number)).pdf,
    ]) {
      const text = await pdfText(pdf);
      expect(text).toContain(SELLER.name);
      expect(text).not.toContain("Partshop Moved Inc");
      expect(text).not.toContain("US-NEW-999");
    }
  });
});
