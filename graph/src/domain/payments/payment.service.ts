import Stripe from "stripe";
import { DataSource, EntityManager } from "typeorm";
import { Actor, authorize } from "../actor";
import { PAYMENT_PROVIDER, recordAudit } from "../audit/audit.service";
import { AuditAction, AuditEntityType } from "../audit/audit-entry.entity";
import type { ShopCounters } from "../counters";
import { badInput, conflict, notFound, ShopError } from "../errors";
import { databaseIdOf } from "../ids";
import { logOf, type DomainLog } from "../log";
import { dollarsToCents } from "../money";
import { CheckoutPayments } from "./checkout-payments";
import type { Checkout } from "./checkout.entity";
import {
  giveBackNoted,
  lockOrder,
  lockOrdersPaidBy,
  markPaid,
  noteDispute,
  notePartialRefund,
  notePaymentError,
  orderSnapshot,
  recordGiveBack,
  recordRefund,
} from "./order-changes";
import { Order, OrderStatus } from "./order.entity";
import type { PaymentRelease } from "./order.service";
import { formatDollars } from "./reservation-rules";
import {
  CURRENCY,
  idOf,
  isCharge,
  isDispute,
  isDisputedRefusal,
  isEvent,
  isPaymentIntent,
  STILL_OPEN,
  StripeCalls,
} from "./stripe-calls";

/** Why a payment the shop cannot keep is given back (the refund's reason and the history's words). */
type GiveBack = { anomaly: string; why: string };
const PAID_AFTER_CANCEL: GiveBack = {
  anomaly: "paid_after_cancel",
  why: "the order was cancelled before the payment succeeded",
};
const PAID_TWICE: GiveBack = { anomaly: "duplicate_payment", why: "the order was already paid by another payment" };
const WRONG_AMOUNT: GiveBack = { anomaly: "amount_mismatch", why: "the payment's amount is not the order's total" };

/** What a reconciliation pass found and did. */
export interface ReconcileReport {
  intents: number;
  markedPaid: number;
  refunded: number;
  canceled: number;
}

/** What a settled payment did: marked orders paid, gave (some of) the money back, or nothing. */
export type SettleOutcome = "paid" | "refunded" | "unchanged";

/**
 * What payments announce, inside the transaction that records them (the mail outbox writes its
 * emails there: a receipt is never written for a payment that was rolled back, nor lost for one
 * that was committed).
 */
export interface PaymentEffects {
  /** `orders` were just marked paid by the PaymentIntent `intentId`. */
  paid(tx: EntityManager, orders: readonly Order[], intentId: string): Promise<void>;
  /** `order` was refunded in full (by an admin, or at Stripe). */
  refunded(tx: EntityManager, order: Order): Promise<void>;
  /** The shop gave back `cents` of the PaymentIntent `intentId`, which paid for `orders` that could not keep it. */
  givenBack(tx: EntityManager, orders: readonly Order[], intentId: string, cents: number): Promise<void>;
}

export const NO_PAYMENT_EFFECTS: PaymentEffects = {
  paid: async () => undefined,
  refunded: async () => undefined,
  givenBack: async () => undefined,
};

/**
 * Card payments. Nothing about the money comes from the browser: the amount is the stored order
 * total (or a checkout's unpaid orders' totals), and an order is marked paid only after the
 * provider confirms a matching, succeeded PaymentIntent made for that very order or checkout.
 * Whatever the order of events (a webhook late, lost or repeated, a cancellation crossing a
 * payment), the shop ends where Stripe is: a payment it cannot keep is refunded, a refund or
 * dispute made at Stripe shows on the order. A PaymentIntent's metadata names what it pays:
 * `orderId` (one order, the spec's flow) or `checkoutId` (a checkout's orders: checkout-payments.ts).
 */
export class PaymentService implements PaymentRelease {
  private readonly calls: StripeCalls;
  private readonly checkouts: CheckoutPayments;

  constructor(
    private readonly db: DataSource,
    stripe: Stripe,
    private readonly webhookSecret: string | null,
    private readonly counters: ShopCounters,
    private readonly log: DomainLog,
    private readonly effects: PaymentEffects = NO_PAYMENT_EFFECTS,
  ) {
    this.calls = new StripeCalls(stripe);
    this.checkouts = new CheckoutPayments(db, this.calls, counters, log, effects);
  }

  private get stripe(): Stripe {
    return this.calls.stripe;
  }

  async createIntent(
    actor: Actor,
    orderId: string,
    shownPrice?: number | null,
  ): Promise<{ clientSecret: string; amountCents: number }> {
    const order = await this.ownOrder(actor, orderId);
    this.assertPayable(order);
    if (order.holdExpiresAt && order.holdExpiresAt.getTime() <= Date.now()) {
      throw conflict("This reservation has ended and its units are going back on sale; reserve the part again");
    }
    if (shownPrice !== undefined && shownPrice !== null && dollarsToCents(shownPrice) !== order.totalCents) {
      throw badInput(`The price does not match the order total of ${formatDollars(order.totalCents)}`);
    }
    if (order.paymentIntentId) {
      const existing = await this.calls.call(() => this.stripe.paymentIntents.retrieve(order.paymentIntentId!));
      if (
        existing.amount === order.totalCents &&
        existing.client_secret &&
        !["canceled", "succeeded"].includes(existing.status)
      ) {
        return { clientSecret: existing.client_secret, amountCents: existing.amount };
      }
    }
    const intent = await this.calls.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: order.totalCents,
          currency: CURRENCY,
          description: `Partshop order #${order.number}: ${order.quantity} x ${order.partName}`,
          metadata: { orderId: order.databaseId },
        },
        { idempotencyKey: `order-${order.databaseId}-amount-${order.totalCents}` },
      ),
    );
    await this.db.query(`UPDATE orders SET payment_intent_id = $2 WHERE id = $1 AND status = 'unpaid'`, [
      order.databaseId,
      intent.id,
    ]);
    if (!intent.client_secret)
      throw new ShopError("SERVICE_UNAVAILABLE", "The payment provider did not return a client secret");
    return { clientSecret: intent.client_secret, amountCents: intent.amount };
  }

  /** Opens (or reopens) the one card payment of a checkout: the total of its orders still unpaid. */
  createCheckoutIntent(actor: Actor, checkoutId: string): Promise<{ clientSecret: string; amountCents: number }> {
    return this.checkouts.createIntent(actor, checkoutId);
  }

  /** The shopper reports the checkout's payment; it counts only once the provider confirms it. Idempotent. */
  confirmCheckout(actor: Actor, checkoutId: string, transactionId: string): Promise<Checkout> {
    return this.checkouts.confirm(actor, checkoutId, transactionId);
  }

  /**
   * The shopper reports a payment; it counts only once the provider confirms it. Idempotent. A
   * payment for an order cancelled meanwhile is refunded, and the shopper told so.
   */
  async confirm(actor: Actor, orderId: string, transactionId: string): Promise<{ order: Order; modified: boolean }> {
    const order = await this.ownOrder(actor, orderId);
    if (order.status === OrderStatus.PAID) {
      if (order.transactionId === transactionId) return { order, modified: false };
      throw conflict("This order is already paid with another transaction");
    }
    if (order.status === OrderStatus.REFUNDED) throw conflict("This order was refunded");
    const intent = await this.calls.call(
      () => this.stripe.paymentIntents.retrieve(transactionId),
      "That payment does not exist",
    );
    if (intent.metadata?.orderId !== order.databaseId) throw badInput("That payment was not made for this order");
    if (intent.status !== "succeeded") throw badInput("That payment has not succeeded");
    if (order.status === OrderStatus.UNPAID && (intent.amount !== order.totalCents || intent.currency !== CURRENCY)) {
      throw badInput(`That payment's amount does not match the order total of ${formatDollars(order.totalCents)}`);
    }
    const modified = await this.settle(intent);
    const current = await this.db.getRepository(Order).findOneByOrFail({ databaseId: order.databaseId });
    if (current.status === OrderStatus.PAID && current.transactionId === intent.id) return { order: current, modified };
    if (current.status === OrderStatus.CANCELLED) throw conflict("This order was cancelled; its payment is refunded");
    throw conflict("This order is already paid with another transaction; this payment is refunded");
  }

  /**
   * An admin gives a paid order's payment back in full: the card is refunded (by the order's total
   * when its payment paid a whole checkout), the units return to stock, the history records it.
   */
  async refundOrder(actor: Actor, orderId: string): Promise<Order> {
    const admin = authorize(actor, "ADMIN");
    const databaseId = databaseIdOf(orderId);
    if (!databaseId) throw notFound("Order");
    const refunded = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, databaseId);
      if (!order || order.status === OrderStatus.CANCELLED) throw notFound("Order");
      if (order.status === OrderStatus.REFUNDED) throw conflict("This order is already refunded");
      if (order.status === OrderStatus.UNPAID)
        throw conflict("Only a paid order can be refunded; an unpaid one is cancelled instead");
      // Under the order's lock: a second refund waits, then finds it refunded.
      try {
        await this.calls.refundIntent(
          order.transactionId!,
          {
            ...(order.checkoutId ? { amount: order.totalCents } : {}),
            metadata: { orderId: order.databaseId },
            reason: "requested_by_customer",
          },
          `admin-refund-${order.databaseId}`,
        );
      } catch (error) {
        if (isDisputedRefusal(error))
          throw conflict(
            "The customer disputed this payment (a chargeback): Stripe refunds it only through the dispute",
          );
        throw error;
      }
      await recordRefund(tx, order, admin);
      await this.effects.refunded(tx, order);
      return order;
    });
    this.counters.ordersRefunded(1);
    return refunded;
  }

  /**
   * After orders were cancelled: their open card payments are called off (a checkout's, once none
   * of its orders is left to pay), and one that succeeded meanwhile is settled (what the orders
   * cannot keep is refunded). A failure here is logged and left to reconciliation (the
   * cancellation itself is committed).
   */
  async release(orders: readonly Order[]): Promise<void> {
    for (const order of orders) {
      if (!order.paymentIntentId) continue;
      try {
        const intent = await this.stripe.paymentIntents.retrieve(order.paymentIntentId);
        if (STILL_OPEN.has(intent.status)) {
          await this.calls.cancelIntent(intent.id);
        } else if (intent.status === "succeeded") {
          await this.settle(intent);
        }
      } catch (error) {
        logOf(this.log).warn(
          { err: error, orderId: order.databaseId, paymentIntent: order.paymentIntentId },
          "Could not call off a cancelled order's payment; reconciliation will",
        );
      }
    }
    const checkouts = new Set(orders.map((order) => order.checkoutId).filter((id): id is string => id !== null));
    for (const checkoutId of checkouts) await this.checkouts.release(checkoutId, (intent) => this.settle(intent));
  }

  /** Stripe's webhook: the order follows what happened to its payment, even if the shopper closed the tab. */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    if (!this.webhookSecret) throw new ShopError("NOT_FOUND", "Webhooks are not configured");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? "", this.webhookSecret);
    } catch {
      throw badInput("The webhook signature is invalid or too old");
    }
    if (!isEvent(event)) throw badInput("The webhook payload is not a Stripe event");
    const object: unknown = event.data.object;
    switch (event.type) {
      case "payment_intent.succeeded":
        if (!isPaymentIntent(object)) throw badInput(`The ${event.type} event carries no PaymentIntent`);
        await this.settle(object);
        break;
      case "payment_intent.payment_failed":
        if (!isPaymentIntent(object)) throw badInput(`The ${event.type} event carries no PaymentIntent`);
        await this.notePaymentFailure(object);
        break;
      case "charge.refunded":
        if (!isCharge(object)) throw badInput(`The ${event.type} event carries no charge`);
        await this.followRefunds(object);
        break;
      case "charge.dispute.created":
      case "charge.dispute.updated":
      case "charge.dispute.closed":
        if (!isDispute(object)) throw badInput(`The ${event.type} event carries no dispute`);
        await this.followDispute(object, event.type === "charge.dispute.created");
        break;
    }
    return { received: true };
  }

  /**
   * Compares the shop with Stripe and repairs what lost webhooks left: every PaymentIntent of the
   * shop's orders and checkouts created in the last `lookbackHours` is settled as its webhook
   * would have (paid, refunded when its orders cannot take it, called off when its orders were
   * cancelled, refunds made at Stripe). Idempotent: a second pass changes nothing.
   */
  async reconcile(lookbackHours: number): Promise<ReconcileReport> {
    const report: ReconcileReport = { intents: 0, markedPaid: 0, refunded: 0, canceled: 0 };
    const since = Math.floor(Date.now() / 1000) - lookbackHours * 3600;
    const intents = this.stripe.paymentIntents.list({
      created: { gte: since },
      limit: 100,
      expand: ["data.latest_charge"],
    });
    for await (const intent of intents) {
      const orderId = databaseIdOf(String(intent.metadata?.orderId ?? ""));
      const checkoutId = databaseIdOf(String(intent.metadata?.checkoutId ?? ""));
      if (!orderId && !checkoutId) continue;
      report.intents++;
      if (intent.status === "succeeded") {
        const outcome = await this.settleOutcome(intent);
        if (outcome === "paid") report.markedPaid++;
        if (outcome === "refunded") report.refunded++;
        const charge = intent.latest_charge;
        if (charge && typeof charge === "object") await this.followRefunds(charge);
      } else if (STILL_OPEN.has(intent.status) && (await this.nothingLeftToPay(orderId, checkoutId))) {
        await this.calls.cancelIntent(intent.id);
        report.canceled++;
      }
    }
    return report;
  }

  /** Whether the order (or every order of the checkout) a PaymentIntent was opened for was cancelled, so it can be called off. */
  private async nothingLeftToPay(orderId: string | null, checkoutId: string | null): Promise<boolean> {
    if (checkoutId) return this.checkouts.nothingLeftToPay(checkoutId);
    const order = await this.db.getRepository(Order).findOneBy({ databaseId: orderId! });
    return order?.status === OrderStatus.CANCELLED;
  }

  /** Makes the shop agree with a PaymentIntent; true when it changed an order. */
  private async settle(intent: Stripe.PaymentIntent): Promise<boolean> {
    return (await this.settleOutcome(intent)) !== "unchanged";
  }

  /**
   * A succeeded PaymentIntent and its order: an unpaid order is marked paid by it; a cancelled or
   * refunded order, or one paid by another payment, cannot keep it, and it is refunded in full.
   * A checkout's payment is settled by CheckoutPayments.
   */
  private async settleOutcome(intent: Stripe.PaymentIntent): Promise<SettleOutcome> {
    if (intent.status !== "succeeded") return "unchanged";
    if (intent.metadata?.checkoutId !== undefined) return this.checkouts.settle(intent);
    const databaseId = databaseIdOf(String(intent.metadata?.orderId ?? ""));
    // Events for payments that are not the shop's need no work.
    if (!databaseId) return "unchanged";
    const outcome = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, databaseId);
      if (!order) return null;
      if (order.transactionId === intent.id) return "unchanged" as const;
      if (order.status === OrderStatus.UNPAID) {
        if (intent.amount === order.totalCents && intent.currency === CURRENCY) {
          await markPaid(tx, order.databaseId, intent.id);
          Object.assign(order, { status: OrderStatus.PAID, transactionId: intent.id });
          await this.effects.paid(tx, [order], intent.id);
          return "paid" as const;
        }
        return this.giveBack(tx, order, intent, WRONG_AMOUNT);
      }
      return this.giveBack(tx, order, intent, order.status === OrderStatus.CANCELLED ? PAID_AFTER_CANCEL : PAID_TWICE);
    });
    if (outcome === "paid") this.counters.ordersPaid(1);
    return outcome ?? "unchanged";
  }

  /**
   * Refunds a payment the order cannot keep, in the order's transaction (its history entry commits
   * with it). Idempotent: a payment refunded already is not refunded again, and its history entry
   * is written once (also when a crash came between Stripe's refund and the commit).
   */
  private async giveBack(
    tx: EntityManager,
    order: Order,
    intent: Stripe.PaymentIntent,
    reason: GiveBack,
  ): Promise<"refunded" | "unchanged"> {
    const noted = await giveBackNoted(tx, order.databaseId, intent.id);
    const refundedAlready = (await this.calls.refundedCents(intent.id)) >= intent.amount;
    if (noted && refundedAlready) return "unchanged";
    let refund: Stripe.Refund | null = null;
    let disputed = false;
    if (!refundedAlready) {
      try {
        refund = await this.calls.refundIntent(
          intent.id,
          { reason: "duplicate", metadata: { orderId: order.databaseId, why: reason.anomaly } },
          `auto-refund-${intent.id}`,
        );
      } catch (error) {
        // A charged-back payment cannot be refunded: the dispute gives the money back or decides it.
        if (!isDisputedRefusal(error)) throw error;
        disputed = true;
      }
    }
    if (!noted) {
      await recordGiveBack(tx, order, {
        intentId: intent.id,
        refundedCents: disputed ? null : intent.amount,
        refundId: refund?.id ?? null,
        why: disputed
          ? `${reason.why}; not refunded: the customer disputed the payment, the dispute decides`
          : reason.why,
      });
      if (!disputed) await this.effects.givenBack(tx, [order], intent.id, intent.amount);
    }
    this.counters.paymentAnomaly(reason.anomaly);
    logOf(this.log).warn(
      { orderId: order.databaseId, paymentIntent: intent.id, amountCents: intent.amount, anomaly: reason.anomaly },
      `Refunded a payment the shop cannot keep: ${reason.why}`,
    );
    return "refunded";
  }

  /**
   * A refund made at Stripe (its dashboard, or one the shop made whose answer was lost) shows on
   * the order it paid; a checkout's payment pays several (CheckoutPayments.followRefunds).
   */
  private async followRefunds(charge: Stripe.Charge): Promise<void> {
    const intentId = idOf(charge.payment_intent);
    if (!intentId || charge.amount_refunded <= 0) return;
    const paidBy: Array<{ id: string; checkout_id: string | null }> = await this.db.query(
      `SELECT id, checkout_id FROM orders WHERE transaction_id = $1`,
      [intentId],
    );
    if (paidBy.length === 0) return;
    if (paidBy.length > 1 || paidBy[0].checkout_id !== null) return this.checkouts.followRefunds(intentId, charge);
    const refundedInFull = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, paidBy[0].id);
      if (!order || order.status !== OrderStatus.PAID) return false;
      if (charge.amount_refunded < order.totalCents) {
        await notePartialRefund(tx, order.databaseId, charge.amount_refunded);
        return false;
      }
      await recordRefund(tx, order, PAYMENT_PROVIDER);
      await this.effects.refunded(tx, order);
      return true;
    });
    if (refundedInFull) this.counters.ordersRefunded(1);
  }

  private async notePaymentFailure(intent: Stripe.PaymentIntent): Promise<void> {
    const message = intent.last_payment_error?.message ?? "The payment failed";
    const checkoutId = databaseIdOf(String(intent.metadata?.checkoutId ?? ""));
    if (checkoutId) return this.checkouts.notePaymentFailure(checkoutId, message);
    const databaseId = databaseIdOf(String(intent.metadata?.orderId ?? ""));
    if (!databaseId) return;
    await this.db.transaction((tx) => notePaymentError(tx, databaseId, message));
  }

  /** A dispute (chargeback) of a payment: its status shows on the orders it paid; its opening is in the history and the log. */
  private async followDispute(dispute: Stripe.Dispute, opened: boolean): Promise<void> {
    const intentId = idOf(dispute.payment_intent);
    if (!intentId) return;
    await this.db.transaction(async (tx) => {
      const orders = await lockOrdersPaidBy(tx, intentId);
      for (const order of orders) {
        await noteDispute(tx, order.databaseId, dispute.status);
        await recordAudit(tx, PAYMENT_PROVIDER, {
          action: AuditAction.ORDER_DISPUTED,
          entityType: AuditEntityType.ORDER,
          entityId: order.databaseId,
          before: { ...orderSnapshot(order), dispute: order.disputeStatus },
          after: {
            ...orderSnapshot(order),
            dispute: dispute.status,
            reason: dispute.reason,
            amount: formatDollars(dispute.amount),
          },
        });
      }
      if (opened && orders.length) {
        this.counters.paymentAnomaly("dispute");
        logOf(this.log).warn(
          {
            orderIds: orders.map((order) => order.databaseId),
            paymentIntent: intentId,
            dispute: dispute.id,
            reason: dispute.reason,
          },
          "A customer disputed a payment",
        );
      }
    });
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
    if (order.status === OrderStatus.REFUNDED) throw conflict("This order was refunded");
  }
}
