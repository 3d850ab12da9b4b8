import { beforeAll, describe, expect, it } from "vitest";
import { type Answer, errorCode, gql, newCustomer, seededAdmin, shop, type Shopper } from "./support/client";
import { eventually } from "./support/fixtures";
import { paidCheckout } from "./support/sale";

/*
 * Fulfilment's HTTP contracts (docs/product.md, "Fulfilment"): the carriers, the To-ship queue,
 * recording a shipment and its delivery, what an order shows of them, who may do and read what,
 * bad input named by its field, and the shipping email in maildev. The rules themselves (partial
 * shipments, states, concurrency, the queue's order and pages) are test/services/fulfilment.test.ts.
 */

interface Mail {
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
}

let admin: Shopper;
beforeAll(async () => {
  admin = await seededAdmin();
});

const RECORD = `mutation($input: RecordShipmentInput!) {
  recordShipment(input: $input) { id databaseId trackingNumber trackingUrl carrier { code name } shippedAt deliveredAt lines { quantity partName order { databaseId } } }
}`;
const record = (input: Record<string, unknown>, token = admin.token) => gql(RECORD, { input }, token);
const DELIVER = `mutation($input: MarkShipmentDeliveredInput!) { markShipmentDelivered(input: $input) { databaseId deliveredAt } }`;
const ORDER = `query($id: ID!) {
  order(id: $id) { status shipped fulfilment deliveredAt shipments { id trackingNumber trackingUrl deliveredAt carrier { name } lines { quantity order { databaseId } } } }
}`;
const orderAs = (token: string, id: string) => gql(ORDER, { id }, token);
const fieldsOf = (answer: Answer<{ errors?: any[] }>) => [
  errorCode(answer),
  Object.keys(answer.body.errors?.[0]?.extensions?.fields ?? {}),
];

/** The queue's orders, every page of it, by their first line's id. */
async function queue(): Promise<Map<string, { fulfilment: string; toShip: number[] }>> {
  const found = new Map<string, { fulfilment: string; toShip: number[] }>();
  let after: string | null = null;
  for (let page = 0; page < 100; page++) {
    const answer: Answer = await gql(
      "query($after: String) { toShip(first: 100, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { order { databaseId } fulfilment customerEmail lines { toShip } } } } }",
      { after },
      admin.token,
    );
    expect(answer.body.errors, JSON.stringify(answer.body.errors)).toBeUndefined();
    const { edges, pageInfo }: { edges: any[]; pageInfo: { hasNextPage: boolean; endCursor: string } } =
      answer.body.data.toShip;
    for (const { node } of edges)
      found.set(node.order.databaseId, {
        fulfilment: node.fulfilment,
        toShip: node.lines.map((line: { toShip: number }) => line.toShip),
      });
    if (!pageInfo.hasNextPage) return found;
    after = pageInfo.endCursor;
  }
  throw new Error("more than 100 pages");
}

describe("fulfilment over the API", () => {
  it("lists the carriers with their tracking link templates, to anyone", async () => {
    const answer = await gql("{ carriers { code name trackingUrlTemplate } }");
    expect(answer.body.data.carriers).toContainEqual({
      code: "ups",
      name: "UPS",
      trackingUrlTemplate: "https://www.ups.com/track?tracknum={tracking}",
    });
    expect(answer.body.data.carriers.map((carrier: { code: string }) => carrier.code)).toHaveLength(10);
  });

  it("an admin ships two lines, then the third; the queue, the order's state and shipments follow, and each parcel emails its tracking link", async () => {
    const customer = await newCustomer("shipped", "Grace Hopper");
    const lines = await paidCheckout(customer.token, [2, 1, 1]);
    expect((await queue()).get(lines[0])).toEqual({ fulfilment: "TO_SHIP", toShip: [2, 1, 1] });

    const first = await record({
      orderId: lines[1],
      lines: [
        { orderId: lines[0], quantity: 2 },
        { orderId: lines[1], quantity: 1 },
      ],
      carrier: "ups",
      trackingNumber: "1z 999 aa1 0123456784",
    });
    expect(first.body.errors, JSON.stringify(first.body.errors)).toBeUndefined();
    expect(first.body.data.recordShipment).toMatchObject({
      trackingNumber: "1Z999AA10123456784",
      trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      carrier: { code: "ups", name: "UPS" },
      deliveredAt: null,
      lines: [
        { quantity: 2, order: { databaseId: lines[0] } },
        { quantity: 1, order: { databaseId: lines[1] } },
      ],
    });
    expect((await queue()).get(lines[0])).toEqual({ fulfilment: "PARTLY_SHIPPED", toShip: [0, 0, 1] });
    const partly = await orderAs(customer.token, lines[0]);
    expect(partly.body.data.order).toMatchObject({ status: "PAID", shipped: 2, fulfilment: "PARTLY_SHIPPED" });

    const rest = await record({ orderId: lines[2], carrier: "royal-mail", trackingNumber: "RR123456785GB" });
    expect(rest.body.data.recordShipment.lines).toEqual([
      expect.objectContaining({ quantity: 1, order: { databaseId: lines[2] } }),
    ]);
    expect((await queue()).has(lines[0])).toBe(false);

    for (const shipment of [first, rest]) {
      const delivered = await gql(
        DELIVER,
        { input: { shipmentId: shipment.body.data.recordShipment.id } },
        admin.token,
      );
      expect(delivered.body.errors, JSON.stringify(delivered.body.errors)).toBeUndefined();
    }
    const order = (await orderAs(customer.token, lines[2])).body.data.order;
    expect(order).toMatchObject({ status: "PAID", shipped: 1, fulfilment: "DELIVERED" });
    expect(order.shipments.map((shipment: { trackingUrl: string }) => shipment.trackingUrl)).toEqual([
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
      "https://www.royalmail.com/track-your-item#/tracking-results/RR123456785GB",
    ]);
    expect(order.deliveredAt).toBe(order.shipments[1].deliveredAt);

    // Two shipping emails in maildev, each with its tracking link.
    let mails: Mail[] = [];
    await eventually(async () => {
      const inbox = (await (await fetch(`${shop().inboxUrl}/api/email`)).json()) as Mail[];
      mails = inbox.filter(
        (mail) => mail.to.some((to) => to.address === customer.email) && mail.subject.startsWith("Shipped:"),
      );
      expect(mails).toHaveLength(2);
    }, 30_000);
    const byCarrier = (name: string) => mails.find((mail) => mail.text.includes(`with ${name}.`))!;
    expect(byCarrier("UPS").text).toContain("Track it: https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(byCarrier("UPS").html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    expect(byCarrier("Royal Mail").text).toContain("RR123456785GB");
  });

  it("refuses bad carriers, tracking numbers, quantities and delivery dates as BAD_USER_INPUT naming the field", async () => {
    const lines = await paidCheckout((await newCustomer("refused")).token, [1]);
    const base = { orderId: lines[0], carrier: "dhl", trackingNumber: "JD014600006281" };
    expect(fieldsOf(await record({ ...base, carrier: "pigeon-post" }))).toEqual(["BAD_USER_INPUT", ["carrier"]]);
    expect(fieldsOf(await record({ ...base, trackingNumber: "AB/12" }))).toEqual([
      "BAD_USER_INPUT",
      ["trackingNumber"],
    ]);
    expect(fieldsOf(await record({ ...base, lines: [{ orderId: lines[0], quantity: 2 }] }))).toEqual([
      "BAD_USER_INPUT",
      ["lines[0].quantity"],
    ]);
    expect(fieldsOf(await record({ ...base, lines: [{ orderId: lines[0], quantity: 0 }] }))).toEqual([
      "BAD_USER_INPUT",
      ["lines[0].quantity"],
    ]);
    const shipped = await record(base);
    const shipmentId = shipped.body.data.recordShipment.id;
    expect(fieldsOf(await record({ ...base, lines: [{ orderId: lines[0], quantity: 1 }] }))).toEqual([
      "BAD_USER_INPUT",
      ["lines[0].quantity"],
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(fieldsOf(await gql(DELIVER, { input: { shipmentId, deliveredAt: tomorrow } }, admin.token))).toEqual([
      "BAD_USER_INPUT",
      ["deliveredAt"],
    ]);
    expect(errorCode(await gql(DELIVER, { input: { shipmentId } }, admin.token))).toBeUndefined();
    expect(errorCode(await gql(DELIVER, { input: { shipmentId } }, admin.token))).toBe("CONFLICT");
  });

  it("a customer is refused the queue and the mutations, and cannot read another's shipments", async () => {
    const [owner, stranger] = await Promise.all([newCustomer("owner"), newCustomer("stranger")]);
    const lines = await paidCheckout(owner.token, [1]);
    const shipment = (await record({ orderId: lines[0], carrier: "fedex", trackingNumber: "449044304137821" })).body
      .data.recordShipment;
    expect(errorCode(await gql("{ toShip(first: 1) { totalCount } }", {}, owner.token))).toBe("FORBIDDEN");
    expect(
      errorCode(await record({ orderId: lines[0], carrier: "ups", trackingNumber: "1Z9999999" }, owner.token)),
    ).toBe("FORBIDDEN");
    expect(errorCode(await gql(DELIVER, { input: { shipmentId: shipment.id } }, owner.token))).toBe("FORBIDDEN");
    // The owner reads it on the order and by its id; anyone else is told neither exists.
    expect((await orderAs(owner.token, lines[0])).body.data.order.shipments).toHaveLength(1);
    expect(errorCode(await orderAs(stranger.token, lines[0]))).toBe("NOT_FOUND");
    const NODE = "query($id: ID!) { node(id: $id) { ... on Shipment { trackingNumber } } }";
    expect((await gql(NODE, { id: shipment.id }, owner.token)).body.data.node).toEqual({
      trackingNumber: "449044304137821",
    });
    expect((await gql(NODE, { id: shipment.id }, stranger.token)).body.data.node).toBeNull();
  });
});
