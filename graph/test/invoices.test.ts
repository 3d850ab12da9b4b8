import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { gql, insertPart, newCustomer, rest, seededAdmin, shop, type Shopper, withDatabase } from "./support/client";
import { eventually, payInSandbox, restAt } from "./support/fixtures";
import { NEW_YORK, usMethodId } from "./support/sale";
import type { ShopProcess } from "./support/processes";
import { startSiblingShop, suiteSandbox } from "./support/siblings";

/*
 * Invoices and credit notes through the HTTP API (docs/product.md, "Invoices and credit notes"):
 * numbers stay gapless with payments and refunds recorded at once by two shop processes, the PDFs'
 * download contract and contents, and the receipt's attachment in maildev. The rules themselves
 * are proven at the service tier (test/services/invoicing.test.ts).
 */

const DECLINED_CARD = "4000000000000002";
const year = new Date().getUTCFullYear();

let sibling: ShopProcess;
let sandbox: Awaited<ReturnType<typeof suiteSandbox>>;
let admin: Shopper;
beforeAll(async () => {
  [sibling, sandbox, admin] = await Promise.all([startSiblingShop("invoices"), suiteSandbox(), seededAdmin()]);
});
afterAll(async () => {
  await sibling?.stop();
});

/** The two processes of the shop, by turn. */
const urlOf = (index: number) => (index % 2 === 0 ? shop().url : sibling.url);

const graphqlAt = async (url: string, query: string, variables: Record<string, unknown>, token: string) => {
  const answer = await restAt(url, "POST", "/graphql", { token, body: { query, variables } });
  expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
  return answer.body.data;
};

const PLACE = `mutation($input: PlaceCheckoutInput!) {
  placeCheckout(input: $input) { databaseId total orders { databaseId } summary { subtotal shipping tax total } }
}`;

/** A checkout of the customer's, shipped to New York (taxed, shipping taxed), one unit of each part. */
async function checkOut(customer: Shopper, partIds: string[]) {
  const shipping = { shipTo: { address: NEW_YORK }, shippingMethodId: await usMethodId("standard") };
  const lines = partIds.map((partId) => ({ partId, quantity: 1 }));
  const data = await graphqlAt(shop().url, PLACE, { input: { lines, ...shipping } }, customer.token);
  return data.placeCheckout as {
    databaseId: string;
    orders: Array<{ databaseId: string }>;
    summary: { subtotal: number; shipping: number; tax: number; total: number };
  };
}

/** Pays a checkout in the sandbox with `card`, then reports it to one of the shop's processes; false when the card is declined. */
async function pay(customer: Shopper, checkoutId: string, url: string, card?: string): Promise<boolean> {
  const opened = await graphqlAt(
    url,
    "mutation($checkoutId: ID!) { createCheckoutPaymentIntent(checkoutId: $checkoutId) { clientSecret } }",
    { checkoutId },
    customer.token,
  );
  const secret: string = opened.createCheckoutPaymentIntent.clientSecret;
  const intentId = await payInSandbox(sandbox.url, sandbox.publishableKey, secret, card).catch(() => null);
  if (!intentId) return false;
  await graphqlAt(
    url,
    "mutation($checkoutId: ID!, $transactionId: String!) { confirmCheckoutPayment(checkoutId: $checkoutId, transactionId: $transactionId) { id } }",
    { checkoutId, transactionId: intentId },
    customer.token,
  );
  return true;
}

/** Every number of a series this year, in order: they must be 1, 2, 3... each once. */
async function expectGaplessSeries(table: "invoices" | "credit_notes", series: string): Promise<string[]> {
  const numbers: string[] = await withDatabase(async (client) =>
    (
      await client.query(`SELECT number FROM ${table} WHERE number LIKE $1 ORDER BY number`, [`${series}-${year}-%`])
    ).rows.map((row) => row.number),
  );
  expect(numbers.map((number) => Number(number.split("-")[2]))).toEqual(numbers.map((_, index) => index + 1));
  return numbers;
}

const ORDER_DOCUMENTS = `query($id: ID!) {
  order(id: $id) {
    invoice { id number issuedAt subtotal shipping tax total downloadPath creditNotes { number } }
    creditNotes { number invoiceNumber total reason downloadPath }
  }
}`;

async function pdfText(pdf: ArrayBuffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
}

const dollars = (amount: number) => `$${amount.toFixed(2)}`;

describe("numbers under concurrency", () => {
  it("20 checkouts paid at once across two processes, some cards declined, get consecutive invoice numbers; 10 lines refunded at once consecutive credit notes", async () => {
    // A customer holds one unpaid order per part: each checkout has parts of its own.
    const customers = await Promise.all(Array.from({ length: 10 }, (_, index) => newCustomer(`invoiced${index}`)));
    const parts = await Promise.all(
      Array.from({ length: 40 }, (_, index) => insertPart({ available: 5, priceCents: 1_199 + index })),
    );
    const checkouts = await Promise.all(
      Array.from({ length: 20 }, (_, index) => checkOut(customers[index % 10], parts.slice(2 * index, 2 * index + 2))),
    );
    const paid = await Promise.all(
      checkouts.map((checkout, index) =>
        pay(customers[index % 10], checkout.databaseId, urlOf(index), index % 5 === 4 ? DECLINED_CARD : undefined),
      ),
    );
    expect(paid.filter(Boolean)).toHaveLength(16);

    const invoiced = await withDatabase(async (client) =>
      (
        await client.query(`SELECT checkout_id FROM invoices WHERE checkout_id = ANY($1::uuid[])`, [
          checkouts.map((checkout) => checkout.databaseId),
        ])
      ).rows.map((row) => row.checkout_id as string),
    );
    expect(invoiced.sort()).toEqual(
      checkouts
        .filter((_, index) => paid[index])
        .map((c) => c.databaseId)
        .sort(),
    );
    await expectGaplessSeries("invoices", "INV");

    const refunded = checkouts
      .filter((_, index) => paid[index])
      .slice(0, 5)
      .flatMap((checkout) => checkout.orders.map((line) => line.databaseId));
    expect(refunded).toHaveLength(10);
    await Promise.all(
      refunded.map((id, index) =>
        graphqlAt(urlOf(index), "mutation($id: ID!) { refundOrder(id: $id) { status } }", { id }, admin.token),
      ),
    );
    const notes = await withDatabase(
      async (client) =>
        (
          await client.query(
            `SELECT l.order_id, n.total_cents, o.total_cents AS line_cents, i.checkout_id = o.checkout_id AS same_order
             FROM credit_note_lines l JOIN credit_notes n ON n.id = l.credit_note_id JOIN invoices i ON i.id = n.invoice_id
             JOIN orders o ON o.id = l.order_id WHERE l.order_id = ANY($1::uuid[])`,
            [refunded],
          )
        ).rows,
    );
    expect(notes).toHaveLength(10);
    for (const note of notes) expect(note).toMatchObject({ total_cents: note.line_cents, same_order: true });
    await expectGaplessSeries("credit_notes", "CN");
  });
});

describe("downloads", () => {
  it("an order's invoice and credit note: in GraphQL, as PDFs for the owner and an admin, 404 for another customer, 401 without a token, 400 naming a malformed number", async () => {
    const customer = await newCustomer("download", "Grace Hopper");
    const other = await newCustomer("nosy");
    const parts = await Promise.all([
      insertPart({ available: 5, priceCents: 4_999 }),
      insertPart({ available: 5, priceCents: 1_205 }),
    ]);
    const checkout = await checkOut(customer, parts);
    expect(await pay(customer, checkout.databaseId, shop().url)).toBe(true);
    await gql(
      "mutation($id: ID!) { refundOrder(id: $id) { status } }",
      { id: checkout.orders[1].databaseId },
      admin.token,
    );

    const lineId = checkout.orders[0].databaseId;
    const { invoice, creditNotes } = (await gql(ORDER_DOCUMENTS, { id: lineId }, customer.token)).body.data.order;
    expect(invoice).toMatchObject({ ...checkout.summary, downloadPath: `/invoices/${invoice.number}` });
    expect(invoice.number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    expect(creditNotes).toHaveLength(1);
    expect(invoice.creditNotes).toEqual([{ number: creditNotes[0].number }]);
    expect(creditNotes[0]).toMatchObject({
      invoiceNumber: invoice.number,
      downloadPath: `/credit-notes/${creditNotes[0].number}`,
    });
    expect((await gql(ORDER_DOCUMENTS, { id: lineId }, other.token)).body.errors[0].extensions.code).toBe("NOT_FOUND");
    const node = (token: string) =>
      gql("query($id: ID!) { node(id: $id) { ... on Invoice { number total } } }", { id: invoice.id }, token);
    expect((await node(customer.token)).body.data.node).toEqual({ number: invoice.number, total: invoice.total });
    expect((await node(other.token)).body.data.node).toBeNull();

    const download = await fetch(`${shop().url}${invoice.downloadPath}`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const text = await pdfText(await download.arrayBuffer());
    for (const expected of [
      invoice.number,
      "Grace Hopper",
      "New York",
      "$49.99",
      dollars(invoice.subtotal),
      dollars(invoice.shipping),
      dollars(invoice.tax),
      dollars(invoice.total),
    ])
      expect(text).toContain(expected);

    const notePdf = await fetch(`${shop().url}${creditNotes[0].downloadPath}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(notePdf.status).toBe(200);
    const noteText = await pdfText(await notePdf.arrayBuffer());
    for (const expected of [creditNotes[0].number, invoice.number, dollars(creditNotes[0].total)])
      expect(noteText).toContain(expected);

    // The contract of every answer (checked against /openapi.json by rest()).
    expect((await rest("GET", invoice.downloadPath, { token: admin.token })).status).toBe(200);
    expect((await rest("GET", invoice.downloadPath)).status).toBe(401);
    expect((await rest("GET", invoice.downloadPath, { token: other.token })).status).toBe(404);
    expect((await rest("GET", creditNotes[0].downloadPath, { token: other.token })).status).toBe(404);
    expect((await rest("GET", `/invoices/INV-${year}-999999`, { token: customer.token })).status).toBe(404);
    const malformed = await rest("GET", "/credit-notes/CN-2026-45", { token: customer.token });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain("number");
  });
});

describe("the receipt and the refund email", () => {
  /** The customer's first email whose subject starts so, as maildev received it. */
  async function mailTo(email: string, subject: RegExp): Promise<any> {
    let found: any;
    await eventually(async () => {
      const inbox = (await (await fetch(`${shop().inboxUrl}/api/email`)).json()) as any[];
      found = inbox.find((mail) => mail.to.some((to: any) => to.address === email) && subject.test(mail.subject));
      expect(found).toBeDefined();
    }, 30_000);
    return found;
  }

  /** The email names the document and carries its PDF, whose text carries its number. */
  async function expectAttached(mail: any, number: string, says: string) {
    expect(mail.text).toContain(says);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: `Partshop-${number}.pdf`, contentType: "application/pdf" });
    const attached = await fetch(
      `${shop().inboxUrl}/api/email/${mail.id}/attachment/${mail.attachments[0].generatedFileName}`,
    );
    expect(await pdfText(await attached.arrayBuffer())).toContain(number);
  }

  it("the receipt carries the invoice's PDF and the refund email the credit note's, as maildev received them", async () => {
    const customer = await newCustomer("receipt-invoice");
    const checkout = await checkOut(customer, [await insertPart({ available: 5, priceCents: 3_000 })]);
    expect(await pay(customer, checkout.databaseId, sibling.url)).toBe(true);
    const line = checkout.orders[0].databaseId;
    const number: string = (await gql(ORDER_DOCUMENTS, { id: line }, customer.token)).body.data.order.invoice.number;
    await expectAttached(await mailTo(customer.email, /^Receipt/), number, `Your invoice ${number} is attached.`);

    const refunded = await gql("mutation($id: ID!) { refundOrder(id: $id) { id } }", { id: line }, admin.token);
    expect(refunded.body.errors).toBeUndefined();
    const [note] = (await gql(ORDER_DOCUMENTS, { id: line }, customer.token)).body.data.order.creditNotes;
    await expectAttached(
      await mailTo(customer.email, /^Refund/),
      note.number,
      `Your credit note ${note.number} is attached.`,
    );
  });
});
