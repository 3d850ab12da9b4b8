import type Stripe from "stripe";
import type { DataSource, EntityManager } from "typeorm";
import { type Actor, authorize } from "../actor";
import { PAYMENT_PROVIDER } from "../audit/audit.service";
import type { ShopCounters } from "../counters";
import { badInput, conflict, notFound, ShopError } from "../errors";
import { databaseIdOf } from "../ids";
import { logOf, type DomainLog } from "../log";
import { withOrders } from "./checkout.service";
import { Checkout } from "./checkout.entity";
import {
  giveBackNoted,
  lockCheckoutOrders,
  lockOrdersPaidBy,
  markPaid,
  notePartialRefund,
  recordGiveBack,
  recordRefund,
} from "./order-changes";
import { type Order, OrderStatus } from "./order.entity";
import type { PaymentEffects, SettleOutcome } from "./payment.service";
import { AMOUNT_CHANGEABLE, CURRENCY, isDisputedRefusal, STILL_OPEN, type StripeCalls } from "./stripe-calls";

const sumOf = (orders: readonly Order[]) => orders.reduce((sum, order) => sum + order.totalCents, 0);
/** The metadata `why` of the refunds the shop makes of a checkout's payment on its own (see giveBackOverpayment). */
const GIVE_BACK = "checkout_give_back";
const CANCELLED_WHY = "the order was cancelled before the checkout's payment succeeded";
const PAID_ELSEWHERE_WHY = "the order was already paid by another payment";
const MISMATCH_WHY = "the payment's amount is less than the checkout's orders cost; it pays none of them";

/**
 * A checkout's one card payment, for the total of its orders still unpaid (PaymentService hands
 * over every PaymentIntent whose metadata names a `checkoutId`).
 *
 * Settling a succeeded payment, in two steps under the checkout's row lock (so that repeated
 * webhooks, reconciliation and the shopper's own report settle it one at a time):
 * 1. its unpaid orders are marked paid, when the payment covers them (a payment for less pays none);
 * 2. whatever the payment holds beyond the orders it paid is given back: the lines cancelled (by
 *    the customer, an admin or their hold's end) after the amount was set, or orders paid
 *    meanwhile by a payment of their own. A partial refund, recorded like the shop's other
 *    automatic refunds (the history of each order it is for), made once: what the shop already
 *    gave back of this payment is read from Stripe first.
 * The first step commits before Stripe is called, so a provider outage never undoes a payment
 * already recorded; the second is redone by the next webhook or reconciliation.
 */
export class CheckoutPayments {
  constructor(
    private readonly db: DataSource,
    private readonly calls: StripeCalls,
    private readonly counters: ShopCounters,
    private readonly log: DomainLog,
    private readonly effects: PaymentEffects,
  ) {}

  private get stripe(): Stripe {
    return this.calls.stripe;
  }

  /**
   * The checkout's PaymentIntent for what is left to pay, computed here. An open one is reused;
   * when lines were cancelled since, its amount is changed while it can still be paid (the
   * customer pays for what they keep, rather than for everything and a refund days later).
   */
  async createIntent(actor: Actor, checkoutId: string): Promise<{ clientSecret: string; amountCents: number }> {
    const checkout = await this.ownCheckout(actor, checkoutId);
    let existing = checkout.paymentIntentId
      ? await this.calls.call(() => this.stripe.paymentIntents.retrieve(checkout.paymentIntentId!))
      : null;
    if (existing?.status === "succeeded") {
      // Its webhook has not come yet: settle it now rather than open a second payment.
      await this.settle(existing);
      await withOrders(this.db.manager, checkout);
      existing = null;
    }
    const unpaid = checkout.orders.filter((order) => order.status === OrderStatus.UNPAID);
    if (unpaid.length === 0) {
      if (checkout.orders.every((order) => order.status === OrderStatus.CANCELLED))
        throw conflict("Every order of this checkout was cancelled: nothing is left to pay");
      throw conflict("This checkout is paid: none of its orders is left to pay");
    }
    if (unpaid.some((order) => order.holdExpiresAt && order.holdExpiresAt.getTime() <= Date.now())) {
      throw conflict(
        "This reservation has ended and its units are going back on sale; add the parts to your cart again",
      );
    }
    const amount = sumOf(unpaid);
    if (existing && STILL_OPEN.has(existing.status)) {
      if (!AMOUNT_CHANGEABLE.has(existing.status))
        throw conflict("A payment of this checkout is being processed; try again in a moment");
      if (existing.amount !== amount) {
        const changing = existing;
        existing = await this.calls.call(() =>
          this.stripe.paymentIntents.update(
            changing.id,
            { amount },
            { idempotencyKey: `checkout-${checkout.databaseId}-${changing.id}-amount-${amount}` },
          ),
        );
      }
      if (!existing.client_secret)
        throw new ShopError("SERVICE_UNAVAILABLE", "The payment provider did not return a client secret");
      return { clientSecret: existing.client_secret, amountCents: existing.amount };
    }
    const numbers = unpaid.map((order) => `#${order.number}`).join(", ");
    const intent = await this.calls.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount,
          currency: CURRENCY,
          description: `Partshop orders ${numbers}`.slice(0, 1000),
          metadata: { checkoutId: checkout.databaseId },
        },
        {
          idempotencyKey: `checkout-${checkout.databaseId}-after-${checkout.paymentIntentId ?? "none"}-amount-${amount}`,
        },
      ),
    );
    await this.db.query(`UPDATE checkouts SET payment_intent_id = $2 WHERE id = $1`, [checkout.databaseId, intent.id]);
    if (!intent.client_secret)
      throw new ShopError("SERVICE_UNAVAILABLE", "The payment provider did not return a client secret");
    return { clientSecret: intent.client_secret, amountCents: intent.amount };
  }

  /** The shopper reports the checkout's payment: it is settled once the provider confirms it succeeded. Idempotent. */
  async confirm(actor: Actor, checkoutId: string, transactionId: string): Promise<Checkout> {
    const checkout = await this.ownCheckout(actor, checkoutId);
    const intent = await this.calls.call(
      () => this.stripe.paymentIntents.retrieve(transactionId),
      "That payment does not exist",
    );
    if (intent.metadata?.checkoutId !== checkout.databaseId)
      throw badInput("That payment was not made for this checkout");
    if (intent.status !== "succeeded") throw badInput("That payment has not succeeded");
    await this.settle(intent);
    return withOrders(this.db.manager, checkout);
  }

  /** Settles a succeeded PaymentIntent of a checkout (see the class's comment). */
  async settle(intent: Stripe.PaymentIntent): Promise<SettleOutcome> {
    const checkoutId = databaseIdOf(String(intent.metadata?.checkoutId ?? ""));
    if (intent.status !== "succeeded" || !checkoutId) return "unchanged";
    const paid = await this.db.transaction(async (tx) => {
      const orders = await this.lockCheckout(tx, checkoutId);
      if (!orders) return [];
      const unpaid = orders.filter((order) => order.status === OrderStatus.UNPAID);
      const kept = sumOf(unpaid) + sumOf(orders.filter((order) => order.transactionId === intent.id));
      if (unpaid.length === 0 || intent.currency !== CURRENCY || intent.amount < kept) return [];
      for (const order of unpaid) {
        await markPaid(tx, order.databaseId, intent.id);
        Object.assign(order, { status: OrderStatus.PAID, transactionId: intent.id, paidAt: new Date() });
      }
      await this.effects.paid(tx, unpaid, intent.id);
      return unpaid;
    });
    if (paid.length) this.counters.ordersPaid(paid.length);
    const gaveBack = await this.giveBackOverpayment(checkoutId, intent);
    return paid.length ? "paid" : gaveBack ? "refunded" : "unchanged";
  }

  /** The checkout's row locked (its payment settles one at a time), then its orders; null when there is no such checkout. */
  private async lockCheckout(tx: EntityManager, checkoutId: string): Promise<Order[] | null> {
    const rows: unknown[] = await tx.query(`SELECT id FROM checkouts WHERE id = $1 FOR UPDATE`, [checkoutId]);
    return rows.length ? lockCheckoutOrders(tx, checkoutId) : null;
  }

  /**
   * Gives back what a succeeded payment holds beyond the orders it paid; true when it refunded (or
   * recorded) something now. The orders it is for: when it paid none (an amount short of its
   * orders), those left unpaid; otherwise the lines that could not keep it, latest cancelled first,
   * as many as the amount accounts for (earlier ones were taken off the amount before it was paid).
   */
  private async giveBackOverpayment(checkoutId: string, intent: Stripe.PaymentIntent): Promise<boolean> {
    const refunds = await this.calls.refundsOf(intent.id);
    const givenBack = refunds
      .filter((refund) => refund.metadata?.why === GIVE_BACK)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const refundedAtAll = refunds.reduce((sum, refund) => sum + refund.amount, 0);
    return this.db.transaction(async (tx) => {
      const orders = await this.lockCheckout(tx, checkoutId);
      if (!orders) return false;
      const paidByIt = orders.filter((order) => order.transactionId === intent.id);
      const owed = paidByIt.length ? intent.amount - sumOf(paidByIt) : intent.amount;
      const due = Math.min(owed - givenBack, intent.amount - refundedAtAll);
      const unpaid = orders.filter((order) => order.status === OrderStatus.UNPAID);
      const mismatch = paidByIt.length === 0 && intent.amount < sumOf(unpaid);
      const forOrders = mismatch ? unpaid : this.notKept(orders, intent.id, owed);
      const whyOf = (order: Order) =>
        mismatch ? MISMATCH_WHY : order.status === OrderStatus.CANCELLED ? CANCELLED_WHY : PAID_ELSEWHERE_WHY;
      let refund: Stripe.Refund | null = null;
      let disputed = false;
      if (due > 0) {
        try {
          refund = await this.calls.refundIntent(
            intent.id,
            { amount: due, reason: "duplicate", metadata: { checkoutId, why: GIVE_BACK } },
            `checkout-give-back-${intent.id}-${givenBack}-${due}`,
          );
        } catch (error) {
          // A charged-back payment cannot be refunded: the dispute gives the money back or decides it.
          if (!isDisputedRefusal(error)) throw error;
          disputed = true;
        }
      }
      const unnoted: Order[] = [];
      for (const order of forOrders) if (!(await giveBackNoted(tx, order.databaseId, intent.id))) unnoted.push(order);
      for (const order of unnoted) {
        await recordGiveBack(tx, order, {
          intentId: intent.id,
          refundedCents: disputed ? null : order.totalCents,
          refundId: refund?.id ?? null,
          why: disputed
            ? `${whyOf(order)}; not refunded: the customer disputed the payment, the dispute decides`
            : whyOf(order),
          checkoutId,
        });
      }
      if (unnoted.length && !disputed) await this.effects.givenBack(tx, unnoted, intent.id, sumOf(unnoted));
      if (due <= 0 && unnoted.length === 0) return false;
      this.counters.paymentAnomaly(mismatch ? "amount_mismatch" : "paid_after_cancel");
      logOf(this.log).warn(
        {
          checkoutId,
          paymentIntent: intent.id,
          refundedCents: due,
          orderIds: forOrders.map((order) => order.databaseId),
        },
        `Gave back ${mismatch ? "a checkout's payment" : "part of a checkout's payment"}: ${forOrders.map(whyOf).join("; ")}`,
      );
      return true;
    });
  }

  /** The orders a checkout's payment holds money for but did not pay, latest cancelled first, up to `owed`. */
  private notKept(orders: readonly Order[], intentId: string, owed: number): Order[] {
    const candidates = orders
      .filter((order) => order.transactionId !== intentId && order.status !== OrderStatus.UNPAID)
      .sort(
        (a, b) =>
          (b.cancelledAt ?? b.paidAt ?? b.createdAt).getTime() - (a.cancelledAt ?? a.paidAt ?? a.createdAt).getTime(),
      );
    const taken: Order[] = [];
    let accounted = 0;
    for (const order of candidates) {
      if (accounted >= owed) break;
      taken.push(order);
      accounted += order.totalCents;
    }
    return taken;
  }

  /**
   * After some of a checkout's orders were cancelled: once none is left to pay, its open payment is
   * called off; one that succeeded meanwhile is settled. Failures are logged for reconciliation.
   */
  async release(checkoutId: string, settle: (intent: Stripe.PaymentIntent) => Promise<unknown>): Promise<void> {
    const [row]: Array<{ payment_intent_id: string | null }> = await this.db.query(
      `SELECT payment_intent_id FROM checkouts WHERE id = $1`,
      [checkoutId],
    );
    if (!row?.payment_intent_id) return;
    try {
      const intent = await this.stripe.paymentIntents.retrieve(row.payment_intent_id);
      if (STILL_OPEN.has(intent.status) && (await this.nothingLeftToPay(checkoutId)))
        await this.calls.cancelIntent(intent.id);
      else if (intent.status === "succeeded") await settle(intent);
    } catch (error) {
      logOf(this.log).warn(
        { err: error, checkoutId, paymentIntent: row.payment_intent_id },
        "Could not call off a cancelled checkout's payment; reconciliation will",
      );
    }
  }

  /** Whether none of the checkout's orders is left to pay. */
  async nothingLeftToPay(checkoutId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM orders WHERE checkout_id = $1 AND status = 'unpaid' LIMIT 1`,
      [checkoutId],
    );
    return rows.length === 0;
  }

  /**
   * Refunds made at Stripe of a payment that paid several orders: a refund naming an order (an
   * admin's, see PaymentService.refundOrder) is that order's; the shop's own give-backs are for
   * cancelled lines; a refund of the whole payment refunds every order it paid. A partial refund
   * made in Stripe's dashboard names no order: it is logged for an operator, not guessed.
   */
  async followRefunds(intentId: string, charge: Stripe.Charge): Promise<void> {
    const refunds = await this.calls.refundsOf(intentId);
    const refundedInFull = charge.amount_refunded >= charge.amount;
    const byOrder = new Map<string, number>();
    let unnamed = 0;
    for (const refund of refunds) {
      const orderId = refund.metadata?.orderId;
      if (orderId) byOrder.set(orderId, (byOrder.get(orderId) ?? 0) + refund.amount);
      else if (refund.metadata?.why !== GIVE_BACK) unnamed += refund.amount;
    }
    const refunded = await this.db.transaction(async (tx) => {
      let count = 0;
      for (const order of await lockOrdersPaidBy(tx, intentId)) {
        if (order.status !== OrderStatus.PAID) continue;
        const ownRefunds = byOrder.get(order.databaseId) ?? 0;
        if (refundedInFull || ownRefunds >= order.totalCents) {
          await recordRefund(tx, order, PAYMENT_PROVIDER);
          await this.effects.refunded(tx, order);
          count++;
        } else if (ownRefunds > 0) {
          await notePartialRefund(tx, order.databaseId, ownRefunds);
        }
      }
      return count;
    });
    if (refunded) this.counters.ordersRefunded(refunded);
    if (unnamed > 0 && !refundedInFull) {
      logOf(this.log).warn(
        { paymentIntent: intentId, unnamedRefundCents: unnamed },
        "Part of a checkout's payment was refunded at Stripe without naming an order; refund orders from Manage All Orders so that their stock goes back",
      );
    }
  }

  async notePaymentFailure(checkoutId: string, message: string): Promise<void> {
    await this.db.query(`UPDATE orders SET payment_error = $2 WHERE checkout_id = $1 AND status = 'unpaid'`, [
      checkoutId,
      message.slice(0, 500),
    ]);
  }

  private async ownCheckout(actor: Actor, checkoutId: string): Promise<Checkout> {
    const caller = authorize(actor, "USER");
    const databaseId = databaseIdOf(checkoutId);
    const checkout = databaseId ? await this.db.getRepository(Checkout).findOneBy({ databaseId }) : null;
    // Someone else's checkout is answered exactly like a missing one.
    if (!checkout || checkout.userId !== caller.databaseId) throw notFound("Checkout");
    return withOrders(this.db.manager, checkout);
  }
}
