import { expect } from "vitest";

/** An order row as the storms read it back. */
export interface OrderRow {
  id: string;
  part_id: string;
  quantity: number;
  status: string;
  transaction_id: string | null;
}

/** What the shop acknowledged to shoppers during a storm: orders placed and payments taken. */
export interface Acknowledged {
  orders: { id: string; partId: string; quantity: number }[];
  payments: { orderId: string; transactionId: string }[];
}

/** Every acknowledged order is in the database as it was placed, and every acknowledged payment is paid with its transaction. */
export function expectAcknowledgedKept(rows: OrderRow[], { orders, payments }: Acknowledged): void {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const order of orders)
    expect(byId.get(order.id), `order ${order.id}`).toMatchObject({ part_id: order.partId, quantity: order.quantity });
  for (const payment of payments)
    expect(byId.get(payment.orderId), `payment of ${payment.orderId}`).toMatchObject({
      status: "paid",
      transaction_id: payment.transactionId,
    });
}
