import Stripe from "stripe";
import { DataSource } from "typeorm";
import { returnedRows } from "../../db/sql";
import { Actor, authorize } from "../actor";
import { badInput, conflict, notFound, ShopError } from "../errors";
import { databaseIdOf } from "../ids";
import { centsToDollars, dollarsToCents } from "../money";
import { Order, OrderStatus } from "./order.entity";

const CURRENCY = "usd";

/** A signed payload is Stripe's, but the shape is checked before it is read. */
const isEvent = (value: unknown): value is Stripe.Event =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Stripe.Event).type === "string" &&
  typeof (value as Stripe.Event).data === "object" &&
  (value as Stripe.Event).data !== null;
const isPaymentIntent = (value: unknown): value is Stripe.PaymentIntent =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Stripe.PaymentIntent).id === "string" &&
  typeof (value as Stripe.PaymentIntent).amount === "number";

const formatDollars = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

/**
 * Card payments. Nothing about the money comes from the browser: the amount is the stored
 * order total, and an order is marked paid only after the provider confirms a matching,
 * succeeded PaymentIntent made for that very order.
 */
export class PaymentService {
  constructor(
    private readonly db: DataSource,
    private readonly stripe: Stripe,
    private readonly webhookSecret: string | null,
  ) {}

  async createIntent(actor: Actor, orderId: string, shownPrice?: number | null): Promise<{ clientSecret: string }> {
    const order = await this.ownOrder(actor, orderId);
    this.assertPayable(order);
    if (shownPrice !== undefined && shownPrice !== null && dollarsToCents(shownPrice) !== order.totalCents) {
      throw badInput(`The price does not match the order total of ${formatDollars(order.totalCents)}`);
    }
    if (order.paymentIntentId) {
      const existing = await this.call(() => this.stripe.paymentIntents.retrieve(order.paymentIntentId!));
      if (existing.amount === order.totalCents && existing.client_secret && !["canceled", "succeeded"].includes(existing.status)) {
        return { clientSecret: existing.client_secret };
      }
    }
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: order.totalCents,
          currency: CURRENCY,
          description: `Partshop order ${order.databaseId}: ${order.quantity} x ${order.partName}`,
          metadata: { orderId: order.databaseId },
        },
        { idempotencyKey: `order-${order.databaseId}-amount-${order.totalCents}` },
      ),
    );
    await this.db.query(`UPDATE orders SET payment_intent_id = $2 WHERE id = $1 AND status = 'unpaid'`, [order.databaseId, intent.id]);
    if (!intent.client_secret) throw new ShopError("SERVICE_UNAVAILABLE", "The payment provider did not return a client secret");
    return { clientSecret: intent.client_secret };
  }

  /** The shopper reports a payment; it counts only once the provider confirms it. Idempotent. */
  async confirm(actor: Actor, orderId: string, transactionId: string): Promise<{ order: Order; modified: boolean }> {
    const order = await this.ownOrder(actor, orderId);
    if (order.status === OrderStatus.PAID) {
      if (order.transactionId === transactionId) return { order, modified: false };
      throw conflict("This order is already paid with another transaction");
    }
    this.assertPayable(order);
    const intent = await this.call(() => this.stripe.paymentIntents.retrieve(transactionId), "That payment does not exist");
    return this.markPaid(order, intent);
  }

  /** Stripe's webhook: marks the order paid even if the shopper closed the tab after paying. */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    if (!this.webhookSecret) throw new ShopError("NOT_FOUND", "Webhooks are not configured");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? "", this.webhookSecret);
    } catch {
      throw badInput("The webhook signature is invalid or too old");
    }
    if (!isEvent(event)) throw badInput("The webhook payload is not a Stripe event");
    if (event.type === "payment_intent.succeeded") {
      const intent = event.data.object;
      if (!isPaymentIntent(intent)) throw badInput("The payment_intent.succeeded event carries no PaymentIntent");
      const databaseId = databaseIdOf(String(intent.metadata?.orderId ?? ""));
      const order = databaseId ? await this.db.getRepository(Order).findOneBy({ databaseId }) : null;
      // Events for payments that are not ours, or already recorded, need no work.
      if (order && order.status === OrderStatus.UNPAID) await this.markPaid(order, intent);
    }
    return { received: true };
  }

  private async markPaid(order: Order, intent: Stripe.PaymentIntent): Promise<{ order: Order; modified: boolean }> {
    if (intent.metadata?.orderId !== order.databaseId) throw badInput("That payment was not made for this order");
    if (intent.status !== "succeeded") throw badInput("That payment has not succeeded");
    if (intent.amount !== order.totalCents || intent.currency !== CURRENCY) {
      throw badInput(`That payment's amount does not match the order total of ${formatDollars(order.totalCents)}`);
    }
    const updated = returnedRows(
      await this.db.query(`UPDATE orders SET status = 'paid', transaction_id = $2, paid_at = now() WHERE id = $1 AND status = 'unpaid' RETURNING id`, [
        order.databaseId,
        intent.id,
      ]),
    );
    const current = await this.db.getRepository(Order).findOneByOrFail({ databaseId: order.databaseId });
    if (updated.length === 0 && !(current.status === OrderStatus.PAID && current.transactionId === intent.id)) {
      throw conflict(current.status === OrderStatus.PAID ? "This order is already paid with another transaction" : "This order was cancelled");
    }
    return { order: current, modified: updated.length > 0 };
  }

  private async ownOrder(actor: Actor, orderId: string): Promise<Order> {
    const caller = authorize(actor, "USER");
    const databaseId = databaseIdOf(orderId);
    const order = databaseId ? await this.db.getRepository(Order).findOneBy({ databaseId }) : null;
    // Someone else's order is answered exactly like a missing one.
    if (!order || order.userId !== caller.databaseId) throw notFound("Order");
    return order;
  }

  private assertPayable(order: Order): void {
    if (order.status === OrderStatus.PAID) throw conflict("This order is already paid");
    if (order.status === OrderStatus.CANCELLED) throw conflict("This order was cancelled");
  }

  /** Provider failures become clear, typed errors instead of 500s. */
  private async call<T>(operation: () => Promise<T>, missingMessage = "Payment not found"): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") throw badInput(missingMessage);
      if (error instanceof Stripe.errors.StripeError) {
        if (error.type === "StripeConnectionError" || error.type === "StripeAPIError" || error.type === "StripeAuthenticationError") {
          throw new ShopError("SERVICE_UNAVAILABLE", "The payment service is unavailable right now; please try again");
        }
        throw badInput(error.message);
      }
      throw error;
    }
  }
}
