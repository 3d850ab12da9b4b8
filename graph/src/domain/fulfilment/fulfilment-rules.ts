import { badInput, conflict } from "../errors";
import { OrderStatus } from "../orders/order.entity";

/**
 * The rules of fulfilment (docs/product.md, "Fulfilment"), pure: where an order stands from its
 * lines and shipments, and what a requested shipment may take of its lines.
 */

/** Where a paid order stands in its shipping. */
export enum FulfilmentStatus {
  /** Paid, nothing shipped yet. */
  TO_SHIP = "to_ship",
  /** Some units shipped, some paid ones not yet. */
  PARTLY_SHIPPED = "partly_shipped",
  /** Every paid unit shipped. */
  SHIPPED = "shipped",
  /** Every paid unit shipped, and every shipment delivered. */
  DELIVERED = "delivered",
}

/** A line as fulfilment sees it. */
export interface LineToFulfil {
  id: string;
  status: OrderStatus;
  quantity: number;
  /** Units of it shipped so far. */
  shipped: number;
}

/** A line's units a shipment takes. */
export interface LineTaken {
  lineId: string;
  quantity: number;
}

/** A line of a requested shipment, its line named by database id ("" for an id that names none). */
export interface RequestedLine {
  orderId: string;
  quantity: number;
}

/** Units of a line still to ship: only a paid line ships (a refunded one has nothing to send). */
export const leftToShip = (line: Pick<LineToFulfil, "status" | "quantity" | "shipped">): number =>
  line.status === OrderStatus.PAID ? Math.max(0, line.quantity - line.shipped) : 0;

/**
 * Where an order stands, from its lines and its shipments' delivery dates: null when no line is
 * paid and none shipped (unpaid, cancelled, or refunded before anything left). A line refunded after
 * some of it shipped keeps the order's state (what shipped stays shipped).
 */
export function fulfilmentStatusOf(
  lines: readonly Pick<LineToFulfil, "status" | "quantity" | "shipped">[],
  shipments: readonly { deliveredAt: Date | null }[],
): FulfilmentStatus | null {
  const paid = lines.filter((line) => line.status === OrderStatus.PAID);
  const shipped = lines.reduce((sum, line) => sum + line.shipped, 0);
  if (paid.length === 0 && shipped === 0) return null;
  if (shipped === 0) return FulfilmentStatus.TO_SHIP;
  if (paid.some((line) => leftToShip(line) > 0)) return FulfilmentStatus.PARTLY_SHIPPED;
  return shipments.length > 0 && shipments.every((shipment) => shipment.deliveredAt !== null)
    ? FulfilmentStatus.DELIVERED
    : FulfilmentStatus.SHIPPED;
}

/** When the whole order was delivered: the last shipment's date, once everything is shipped and delivered. */
export function deliveredAtOf(
  status: FulfilmentStatus | null,
  shipments: readonly { deliveredAt: Date | null }[],
): Date | null {
  if (status !== FulfilmentStatus.DELIVERED) return null;
  const times = shipments.map((shipment) => shipment.deliveredAt!.getTime());
  return new Date(Math.max(...times));
}

const WHY_NOT_SHIPPED: Record<OrderStatus, string> = {
  [OrderStatus.UNPAID]: "This line is not paid yet: only paid lines ship",
  [OrderStatus.PAID]: "",
  [OrderStatus.CANCELLED]: "This line was cancelled: it does not ship",
  [OrderStatus.REFUNDED]: "This line was refunded: it does not ship",
};

/**
 * What a shipment of `requested` takes of an order's `lines`, or everything left to ship when it
 * names no lines. Refused (BAD_USER_INPUT naming the field) for a line not of the order, named
 * twice or not paid (`lines[i].orderId`), and for a quantity below 1 or above what is left of its
 * line (`lines[i].quantity`); refused (CONFLICT) for a whole order with nothing paid left to ship.
 */
export function shipmentTake(lines: readonly LineToFulfil[], requested: readonly RequestedLine[] | null): LineTaken[] {
  if (requested === null) {
    const taken = lines
      .filter((line) => leftToShip(line) > 0)
      .map((line) => ({ lineId: line.id, quantity: leftToShip(line) }));
    if (taken.length > 0) return taken;
    if (lines.some((line) => line.status === OrderStatus.PAID)) throw conflict("Everything of this order has shipped");
    throw conflict("This order is not paid: only paid orders ship");
  }
  if (requested.length === 0)
    throw badInput("lines must name at least one line, or be left out to ship everything left", {
      fields: { lines: ["Name at least one line"] },
    });
  const byId = new Map(lines.map((line) => [line.id, line]));
  const named = new Set<string>();
  return requested.map((request, index) => {
    const line = byId.get(request.orderId);
    const refuse = (field: "orderId" | "quantity", message: string) =>
      badInput(`lines[${index}].${field}: ${message}`, { fields: { [`lines[${index}].${field}`]: [message] } });
    if (!line) throw refuse("orderId", "Not a line of this order");
    if (named.has(line.id)) throw refuse("orderId", "This line is named twice");
    named.add(line.id);
    if (line.status !== OrderStatus.PAID) throw refuse("orderId", WHY_NOT_SHIPPED[line.status]);
    const left = leftToShip(line);
    if (left === 0) throw refuse("quantity", "Nothing is left to ship of this line");
    if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > left)
      throw refuse("quantity", `Ship 1 to ${left} units of this line`);
    return { lineId: line.id, quantity: request.quantity };
  });
}
