import type { DataSource } from "typeorm";
import { type Actor, authorize } from "../actor";
import { conflict, ShopError } from "../errors";
import { databaseIdOf } from "../ids";
import { frozenSale } from "../pricing/sale-rules";
import { saleLineOf, type SaleService, type ShipToRequest } from "../pricing/sale.service";
import { reservationOf } from "../pricing/queries/sale-reads";
import { OrderSource } from "./checkout.entity";
import { lockHeaderLines } from "./order-changes";
import { type Order, OrderStatus } from "./order.entity";
import { freezeDelivery } from "./queries/reservation-writes";

/** A delivery chosen for a reservation: where, and by which method (its database id). */
export interface ChooseDelivery {
  orderId: string;
  shipTo: ShipToRequest;
  shippingMethodId: string;
}

/** Another customer's order, or a checkout's line, is answered as no order at all. */
const orderNotFound = () => new ShopError("NOT_FOUND", "Order not found", { fields: { orderId: ["Not found"] } });

/**
 * A reservation's delivery (docs/product.md, "Shipping and tax"): the spec's order of one part is
 * reserved without shipping or tax, and its payment page asks where and how it ships. Choosing
 * prices it at the unit price it was reserved at, with its part's weight, dangerous goods and tax
 * category as they are now, and freezes the shipping and tax on it, under the order's lock (the
 * lock payments and cancellations take), so the card is charged exactly that total. It may be
 * chosen again while the order is unpaid; the payment's amount follows when it is next opened.
 */
export class OrderDeliveryService {
  constructor(
    private readonly db: DataSource,
    private readonly sales: SaleService,
  ) {}

  async choose(actor: Actor, input: ChooseDelivery): Promise<Order> {
    const customer = authorize(actor, "USER");
    const orderId = databaseIdOf(input.orderId);
    if (!orderId || !(await reservationOf(this.db.manager, customer.databaseId, orderId))) throw orderNotFound();
    const shipTo = await this.sales.shipToOf(customer, input.shipTo);
    const pricing = await this.sales.pricing(shipTo, input.shippingMethodId);
    return this.db.transaction(async (tx) => {
      const locked = await lockHeaderLines(tx, orderId);
      const line = locked?.lines[0];
      if (
        !locked ||
        locked.header.source !== OrderSource.RESERVATION ||
        locked.header.userId !== customer.databaseId ||
        !line
      )
        throw orderNotFound();
      if (line.status !== OrderStatus.UNPAID)
        throw conflict(
          line.status === OrderStatus.CANCELLED
            ? "This order was cancelled"
            : `This order is ${line.status}: its delivery cannot change`,
        );
      if (line.holdExpiresAt && line.holdExpiresAt.getTime() <= Date.now())
        throw conflict("This reservation has ended and its units are going back on sale; reserve the part again");
      // The part as it is now (read in the transaction; the line's unit price is the one it was reserved at).
      const row = await reservationOf(tx, customer.databaseId, orderId);
      if (!row) throw orderNotFound();
      const sale = await pricing.priceToPlace([saleLineOf(row)]);
      const frozen = frozenSale(sale, shipTo);
      const [priced] = sale.lines;
      Object.assign(locked.header, frozen.delivery);
      Object.assign(line, {
        discountCents: priced.discountCents,
        shippingCents: priced.shippingCents,
        taxCents: priced.taxCents,
        totalCents: priced.totalCents,
        ...frozen.lineTaxes[0],
      });
      await freezeDelivery(tx, locked.header, line);
      return line;
    });
  }
}
