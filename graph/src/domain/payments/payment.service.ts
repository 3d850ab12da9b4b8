import Stripe from "stripe";
import type { DataSource } from "typeorm";
import { type Actor, authorize } from "../actor";
import { PAYMENT_PROVIDER, recordAudit } from "../audit/audit.service";
import { AuditAction, AuditEntityType } from "../audit/audit-entry.entity";
import type { ShopCounters } from "../counters";
import { badInput, conflict, notFound, ShopError } from "../errors";
import { databaseIdOf } from "../ids";
import { logOf, type DomainLog } from "../log";
import { dollarsToCents } from "../money";
import { sumOfTotals } from "../pricing/quote";
import { type Checkout, OrderSource } from "../orders/checkout.entity";
import {
  giveBackNoted,
  headerIdOfLine,
  headerIdsPaidBy,
  lockHeaderLines,
  markPaid,
  noteDispute,
  notePartialRefund,
  notePaymentError,
  orderSnapshot,
  readHeader,
  recordGiveBack,
  recordRefund,
  rememberPaymentIntent,
} from "../orders/order-changes";
import { Order, OrderStatus } from "../orders/order.entity";
import type { PaymentRelease } from "../orders/order.service";
import { formatDollars } from "../orders/reservation-rules";
import { NO_PAYMENT_EFFECTS, type PaymentEffects, type ReconcileReport, type SettleOutcome } from "./payment-effects";
import {
  AMOUNT_CHANGEABLE,
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

export type { PaymentEffects, ReconcileReport, SettleOutcome } from "./payment-effects";
export { NO_PAYMENT_EFFECTS } from "./payment-effects";

/** The metadata `why` of the refunds the shop makes on its own of money a payment holds but no line kept. */
const GIVE_BACK = "checkout_give_back";

/** Why money a payment holds is given back, for the line it was for (the history's words), and the metric's label. */
const GIVE_BACK_REASONS = {
  cancelled: { anomaly: "paid_after_cancel", why: "the order was cancelled before the payment succeeded" },
  paidElsewhere: { anomaly: "duplicate_payment", why: "the order was already paid by another payment" },
  mismatch: {
    anomaly: "amount_mismatch",
    why: "the payment's amount is less than the order's lines cost; it pays none of them",
  },
} as const;
type GiveBackReason = (typeof GIVE_BACK_REASONS)[keyof typeof GIVE_BACK_REASONS];

/** What opening a payment answers: what the card form needs. */
export interface OpenedPayment {
  clientSecret: string;
  amountCents: number;
}

/** The words a refusal to open a payment uses, which differ between the spec's flow and a checkout's. */
interface OpeningWords {
  holdEnded: string;
  nothingLeft(header: Checkout): string;
}

const RESERVATION_WORDS: OpeningWords = {
  holdEnded: "This reservation has ended and its units are going back on sale; reserve the part again",
  nothingLeft: (header) => lineRefusal(header.orders[0]) ?? "This order is already paid",
};
const CHECKOUT_WORDS: OpeningWords = {
  holdEnded: "This reservation has ended and its units are going back on sale; add the parts to your cart again",
  nothingLeft: (header) =>
    header.orders.every((line) => line.status === OrderStatus.CANCELLED)
      ? "Every order of this checkout was cancelled: nothing is left to pay"
      : "This checkout is paid: none of its orders is left to pay",
};

/** Why a line of the spec's flow cannot be paid, or null while it can. */
function lineRefusal(line: Order | undefined): string | null {
  if (line?.status === OrderStatus.PAID) return "This order is already paid";
  if (line?.status === OrderStatus.CANCELLED) return "This order was cancelled";
  if (line?.status === OrderStatus.REFUNDED) return "This order was refunded";
  return null;
}

/**
 * Card payments: one flow for whatever can be paid. Today that is an order (its header and
 * lines): a part reserved on its own, or a cart's checkout. Nothing about the money comes from the
 * browser: the amount is what the order's lines still unpaid cost, from the price calculation, and
 * lines are marked paid only after the provider confirms a succeeded PaymentIntent made for that
 * very order. Whatever the order of events (a webhook late, lost or repeated, a cancellation
 * crossing a payment), the shop ends where Stripe is: money a payment holds that no line keeps is
 * given back, a refund or dispute made at Stripe shows on the lines it paid.
 *
 * A PaymentIntent names the order it pays by one id, `metadata.checkoutId` (the header's). Those
 * opened before orders had headers name a line, `metadata.orderId`: they pay that line's order.
 *
 * Settling a succeeded payment, in two steps under the order's header lock (so that webhooks,
 * reconciliation and the shopper's own report settle it one at a time):
 * 1. its unpaid lines are marked paid, when the payment covers them (a payment for less pays none);
 * 2. whatever it holds beyond the lines it paid is given back: lines cancelled after the amount
 *    was set, or paid meanwhile by another payment. A refund, made once: what the shop already gave
 *    back of this payment is read from Stripe first.
 * The first step commits before Stripe is called, so a provider outage never undoes a payment
 * already recorded; the second is redone by the next webhook or reconciliation.
 */
export class PaymentService implements PaymentRelease {
  private readonly calls: StripeCalls;

  constructor(
    private readonly db: DataSource,
    stripe: Stripe,
    private readonly webhookSecret: string | null,
    private readonly counters: ShopCounters,
    private readonly log: DomainLog,
    private readonly effects: PaymentEffects = NO_PAYMENT_EFFECTS,
  ) {
    this.calls = new StripeCalls(stripe);
  }

  private get stripe(): Stripe {
    return this.calls.stripe;
  }

  /**
   * The spec's flow: opens (or reopens) the payment of the order a line of the customer's belongs
   * to. A `shownPrice` (dollars) must be what the shop charges.
   */
  async createIntent(actor: Actor, lineId: string, shownPrice?: number | null): Promise<OpenedPayment> {
    const line = await this.ownLine(actor, lineId);
    const refusal = lineRefusal(line);
    if (refusal) throw conflict(refusal);
    const shownCents = shownPrice === undefined || shownPrice === null ? undefined : dollarsToCents(shownPrice);
    return this.open(await this.headerOf(line.checkoutId), RESERVATION_WORDS, shownCents);
  }

  /** A checkout's flow: opens (or reopens) the one payment of a checkout of the customer's. */
  async createCheckoutIntent(actor: Actor, checkoutId: string): Promise<OpenedPayment> {
    return this.open(await this.ownCheckout(actor, checkoutId), CHECKOUT_WORDS);
  }

  /**
   * The payment of what is left to pay of an order: its unpaid lines, as priced when placed. An
   * open one is reused; when lines were cancelled since, its amount is changed while it can still
   * be paid (the customer pays for what they keep, rather than for everything and a refund days
   * later). One that succeeded before its webhook came is settled first, rather than opening a
   * second payment.
   */
  private async open(header: Checkout, words: OpeningWords, shownCents?: number | null): Promise<OpenedPayment> {
    let existing = header.paymentIntentId
      ? await this.calls.call(() => this.stripe.paymentIntents.retrieve(header.paymentIntentId!))
      : null;
    if (existing?.status === "succeeded") {
      await this.settle(existing);
      header = await this.headerOf(header.databaseId);
      existing = null;
    }
    const unpaid = header.unpaid;
    if (unpaid.length === 0) throw conflict(words.nothingLeft(header));
    if (unpaid.some((line) => line.holdExpiresAt && line.holdExpiresAt.getTime() <= Date.now()))
      throw conflict(words.holdEnded);
    const amount = sumOfTotals(unpaid);
    if (shownCents !== undefined && shownCents !== amount)
      throw badInput(`The price does not match the order total of ${formatDollars(amount)}`);
    if (existing && STILL_OPEN.has(existing.status)) {
      if (!AMOUNT_CHANGEABLE.has(existing.status))
        throw conflict("A payment of this order is being processed; try again in a moment");
      if (existing.amount !== amount) {
        const changing = existing;
        // Setting an amount is idempotent as it is. A key naming the amount would replay an old
        // answer, and leave the amount unchanged, when a reservation's delivery is changed back and forth.
        existing = await this.calls.call(() => this.stripe.paymentIntents.update(changing.id, { amount }));
      }
      return this.opened(existing);
    }
    const intent = await this.calls.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount,
          currency: CURRENCY,
          description: describePayment(unpaid),
          metadata: paymentMetadata(header),
        },
        {
          idempotencyKey: `checkout-${header.databaseId}-after-${header.paymentIntentId ?? "none"}-amount-${amount}`,
        },
      ),
    );
    await rememberPaymentIntent(this.db.manager, header.databaseId, intent.id);
    return this.opened(intent);
  }

  private opened(intent: Stripe.PaymentIntent): OpenedPayment {
    if (!intent.client_secret)
      throw new ShopError("SERVICE_UNAVAILABLE", "The payment provider did not return a client secret");
    return { clientSecret: intent.client_secret, amountCents: intent.amount };
  }

  /**
   * The spec's flow: the shopper reports a payment of their line's order; it counts only once the
   * provider confirms it. Idempotent. A payment for a line cancelled meanwhile is given back, and
   * the shopper told so.
   */
  async confirm(actor: Actor, lineId: string, transactionId: string): Promise<{ order: Order; modified: boolean }> {
    const line = await this.ownLine(actor, lineId);
    if (line.status === OrderStatus.PAID) {
      if (line.transactionId === transactionId) return { order: line, modified: false };
      throw conflict("This order is already paid with another transaction");
    }
    if (line.status === OrderStatus.REFUNDED) throw conflict("This order was refunded");
    const intent = await this.calls.call(
      () => this.stripe.paymentIntents.retrieve(transactionId),
      "That payment does not exist",
    );
    if ((await this.headerIdOf(intent)) !== line.checkoutId) throw badInput("That payment was not made for this order");
    if (intent.status !== "succeeded") throw badInput("That payment has not succeeded");
    if (line.status === OrderStatus.UNPAID) {
      // What it must cover: the lines still unpaid, and those it paid meanwhile (a report sent twice
      // at once). More is fine: what no line keeps is given back when it is settled.
      const { orders } = await this.headerOf(line.checkoutId);
      const due = sumOfTotals(
        orders.filter((other) => other.status === OrderStatus.UNPAID || other.transactionId === intent.id),
      );
      if (intent.amount < due || intent.currency !== CURRENCY)
        throw badInput(`That payment's amount does not match the order total of ${formatDollars(due)}`);
    }
    const modified = (await this.settle(intent)) !== "unchanged";
    const current = await this.db.getRepository(Order).findOneByOrFail({ databaseId: line.databaseId });
    if (current.status === OrderStatus.PAID && current.transactionId === intent.id) return { order: current, modified };
    if (current.status === OrderStatus.CANCELLED) throw conflict("This order was cancelled; its payment is refunded");
    throw conflict("This order is already paid with another transaction; this payment is refunded");
  }

  /** A checkout's flow: the shopper reports its payment; it is settled once the provider confirms it succeeded. Idempotent. */
  async confirmCheckout(actor: Actor, checkoutId: string, transactionId: string): Promise<Checkout> {
    const checkout = await this.ownCheckout(actor, checkoutId);
    const intent = await this.calls.call(
      () => this.stripe.paymentIntents.retrieve(transactionId),
      "That payment does not exist",
    );
    if ((await this.headerIdOf(intent)) !== checkout.databaseId)
      throw badInput("That payment was not made for this checkout");
    if (intent.status !== "succeeded") throw badInput("That payment has not succeeded");
    await this.settle(intent);
    return this.headerOf(checkout.databaseId);
  }

  /**
   * An admin gives a paid line's money back in full: what the line cost less what was already
   * given back of it, never more than its order's payment still holds (checked under the order's
   * lock, and by the database). The units return to stock, the history records it.
   */
  async refundOrder(actor: Actor, lineId: string): Promise<Order> {
    const admin = authorize(actor, "ADMIN");
    const databaseId = databaseIdOf(lineId);
    const headerId = databaseId ? await headerIdOfLine(this.db.manager, databaseId) : null;
    if (!databaseId || !headerId) throw notFound("Order");
    const refunded = await this.db.transaction(async (tx) => {
      const locked = await lockHeaderLines(tx, headerId);
      const line = locked?.lines.find((candidate) => candidate.databaseId === databaseId);
      if (!locked || !line || line.status === OrderStatus.CANCELLED) throw notFound("Order");
      if (line.status === OrderStatus.REFUNDED) throw conflict("This order is already refunded");
      if (line.status === OrderStatus.UNPAID)
        throw conflict("Only a paid order can be refunded; an unpaid one is cancelled instead");
      // Under the header's lock: a second refund waits, then finds the line refunded.
      const amount = line.totalCents - line.refundedCents;
      if (amount > locked.header.paidCents - locked.header.refundedCents)
        throw conflict("This order's payment holds less than the refund; refund it at Stripe");
      try {
        if (amount > 0)
          await this.calls.refundIntent(
            line.transactionId!,
            {
              amount,
              metadata: { orderId: line.databaseId, checkoutId: headerId },
              reason: "requested_by_customer",
            },
            `admin-refund-${line.databaseId}`,
          );
      } catch (error) {
        if (isDisputedRefusal(error))
          throw conflict(
            "The customer disputed this payment (a chargeback): Stripe refunds it only through the dispute",
          );
        throw error;
      }
      await recordRefund(tx, line, admin);
      await this.effects.refunded(tx, line);
      return line;
    });
    this.counters.ordersRefunded(1);
    return refunded;
  }

  /**
   * After lines were cancelled: the payments of their orders are called off once none of an
   * order's lines is left to pay; one that succeeded meanwhile is settled (what no line keeps is
   * given back). A failure here is logged and left to reconciliation (the cancellation itself is
   * committed).
   */
  async release(lines: readonly Order[]): Promise<void> {
    const intentsByHeader = new Map<string, Set<string>>();
    for (const line of lines) {
      const intents = intentsByHeader.get(line.checkoutId) ?? new Set<string>();
      // A line's own PaymentIntent was opened by a release before orders had headers.
      if (line.paymentIntentId) intents.add(line.paymentIntentId);
      intentsByHeader.set(line.checkoutId, intents);
    }
    for (const [headerId, intents] of intentsByHeader) {
      const header = await readHeader(this.db.manager, headerId);
      if (header?.paymentIntentId) intents.add(header.paymentIntentId);
      for (const intentId of intents) {
        try {
          const intent = await this.stripe.paymentIntents.retrieve(intentId);
          if (STILL_OPEN.has(intent.status) && (await this.nothingLeftToPay(headerId)))
            await this.calls.cancelIntent(intent.id);
          else if (intent.status === "succeeded") await this.settle(intent);
        } catch (error) {
          logOf(this.log).warn(
            { err: error, checkoutId: headerId, paymentIntent: intentId },
            "Could not call off a cancelled order's payment; reconciliation will",
          );
        }
      }
    }
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
   * shop's orders created in the last `lookbackHours` is settled as its webhook would have (paid,
   * given back when no line can keep it, called off when its order was cancelled, refunds made at
   * Stripe). Idempotent: a second pass changes nothing.
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
      const headerId = await this.headerIdOf(intent);
      if (!headerId) continue;
      report.intents++;
      if (intent.status === "succeeded") {
        const outcome = await this.settle(intent);
        if (outcome === "paid") report.markedPaid++;
        if (outcome === "refunded") report.refunded++;
        const charge = intent.latest_charge;
        if (charge && typeof charge === "object") await this.followRefunds(charge);
      } else if (STILL_OPEN.has(intent.status) && (await this.nothingLeftToPay(headerId))) {
        await this.calls.cancelIntent(intent.id);
        report.canceled++;
      }
    }
    return report;
  }

  /** Whether none of an order's lines is left to pay. */
  private async nothingLeftToPay(headerId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM orders WHERE checkout_id = $1 AND status = 'unpaid' LIMIT 1`,
      [headerId],
    );
    return rows.length === 0;
  }

  /** The order (header) a PaymentIntent pays, by its one id, or the line an older one names; null for payments not the shop's. */
  private async headerIdOf(intent: Stripe.PaymentIntent): Promise<string | null> {
    const headerId = databaseIdOf(String(intent.metadata?.checkoutId ?? ""));
    if (headerId) return headerId;
    const lineId = databaseIdOf(String(intent.metadata?.orderId ?? ""));
    return lineId ? headerIdOfLine(this.db.manager, lineId) : null;
  }

  /** Makes the shop agree with a succeeded PaymentIntent (see the class's comment). */
  private async settle(intent: Stripe.PaymentIntent): Promise<SettleOutcome> {
    const headerId = intent.status === "succeeded" ? await this.headerIdOf(intent) : null;
    if (!headerId) return "unchanged";
    const paid = await this.db.transaction(async (tx) => {
      const locked = await lockHeaderLines(tx, headerId);
      if (!locked) return [];
      const { lines } = locked;
      const unpaid = lines.filter((line) => line.status === OrderStatus.UNPAID);
      const kept = sumOfTotals(unpaid) + sumOfTotals(lines.filter((line) => line.transactionId === intent.id));
      if (unpaid.length === 0 || intent.currency !== CURRENCY || intent.amount < kept) return [];
      // In part order, as every transaction takes parts: each line's paid row also adds to its
      // part's daily sales row, and two checkouts paid at once must not take those in crossed orders.
      for (const line of [...unpaid].sort((a, b) => a.partId.localeCompare(b.partId))) {
        await markPaid(tx, line.databaseId, intent.id);
        Object.assign(line, { status: OrderStatus.PAID, transactionId: intent.id, paidAt: new Date() });
      }
      await this.effects.paid(tx, unpaid, intent.id);
      return unpaid;
    });
    if (paid.length) this.counters.ordersPaid(paid.length);
    const gaveBack = await this.giveBackOverpayment(headerId, intent);
    return paid.length ? "paid" : gaveBack ? "refunded" : "unchanged";
  }

  /**
   * Gives back what a succeeded payment holds beyond the lines it paid; true when it refunded (or
   * recorded) something now. The lines it is for: when it paid none (an amount short of its
   * lines), those left unpaid; otherwise the lines that could not keep it, latest cancelled first,
   * as many as the amount accounts for (earlier ones were taken off the amount before it was paid).
   */
  private async giveBackOverpayment(headerId: string, intent: Stripe.PaymentIntent): Promise<boolean> {
    // A payment whose lines keep all of it (the usual case) needs no call to the provider.
    const header = await readHeader(this.db.manager, headerId);
    const paidByIt = header?.orders.filter((line) => line.transactionId === intent.id) ?? [];
    if (!header || (paidByIt.length > 0 && intent.amount <= sumOfTotals(paidByIt))) return false;
    const refunds = await this.calls.refundsOf(intent.id);
    const givenBack = refunds
      .filter((refund) => refund.metadata?.why === GIVE_BACK)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const refundedAtAll = refunds.reduce((sum, refund) => sum + refund.amount, 0);
    return this.db.transaction(async (tx) => {
      const locked = await lockHeaderLines(tx, headerId);
      if (!locked) return false;
      const { lines } = locked;
      const paidByIt = lines.filter((line) => line.transactionId === intent.id);
      const owed = paidByIt.length ? intent.amount - sumOfTotals(paidByIt) : intent.amount;
      const due = Math.min(owed - givenBack, intent.amount - refundedAtAll);
      const unpaid = lines.filter((line) => line.status === OrderStatus.UNPAID);
      const mismatch = paidByIt.length === 0 && unpaid.length > 0 && intent.amount < sumOfTotals(unpaid);
      const forLines = mismatch ? unpaid : notKept(lines, intent.id, owed);
      const reasonOf = (line: Order): GiveBackReason =>
        mismatch
          ? GIVE_BACK_REASONS.mismatch
          : line.status === OrderStatus.CANCELLED
            ? GIVE_BACK_REASONS.cancelled
            : GIVE_BACK_REASONS.paidElsewhere;
      let refund: Stripe.Refund | null = null;
      let disputed = false;
      if (due > 0) {
        try {
          refund = await this.calls.refundIntent(
            intent.id,
            { amount: due, reason: "duplicate", metadata: { checkoutId: headerId, why: GIVE_BACK } },
            `checkout-give-back-${intent.id}-${givenBack}-${due}`,
          );
        } catch (error) {
          // A charged-back payment cannot be refunded: the dispute gives the money back or decides it.
          if (!isDisputedRefusal(error)) throw error;
          disputed = true;
        }
      }
      const unnoted: Order[] = [];
      for (const line of forLines) if (!(await giveBackNoted(tx, line.databaseId, intent.id))) unnoted.push(line);
      for (const line of unnoted) {
        const { why } = reasonOf(line);
        await recordGiveBack(tx, line, {
          intentId: intent.id,
          refundedCents: disputed ? null : line.totalCents,
          refundId: refund?.id ?? null,
          why: disputed ? `${why}; not refunded: the customer disputed the payment, the dispute decides` : why,
          checkoutId: line.checkoutId === line.databaseId ? undefined : headerId,
        });
      }
      if (unnoted.length && !disputed) await this.effects.givenBack(tx, unnoted, intent.id, sumOfTotals(unnoted));
      if (due <= 0 && unnoted.length === 0) return false;
      const reasons = forLines.map(reasonOf);
      this.counters.paymentAnomaly((reasons[0] ?? GIVE_BACK_REASONS.paidElsewhere).anomaly);
      logOf(this.log).warn(
        {
          checkoutId: headerId,
          paymentIntent: intent.id,
          refundedCents: due,
          orderIds: forLines.map((line) => line.databaseId),
        },
        `Refunded a payment the shop cannot keep: ${[...new Set(reasons.map((reason) => reason.why))].join("; ")}`,
      );
      return true;
    });
  }

  /**
   * Refunds made at Stripe show on the lines the payment paid: a refund naming a line (an admin's,
   * see refundOrder) is that line's; the shop's own give-backs are for lines that did not keep the
   * money; a refund of the whole payment refunds every line it paid. A partial refund made in
   * Stripe's dashboard names no line: it is the line's when the payment paid one line, and
   * otherwise logged for an operator, not guessed.
   */
  private async followRefunds(charge: Stripe.Charge): Promise<void> {
    const intentId = idOf(charge.payment_intent);
    if (!intentId || charge.amount_refunded <= 0) return;
    const headerIds = await headerIdsPaidBy(this.db.manager, intentId);
    if (headerIds.length === 0) return;
    const refunds = await this.calls.refundsOf(intentId);
    const refundedInFull = charge.amount_refunded >= charge.amount;
    const byLine = new Map<string, number>();
    let unnamed = 0;
    for (const refund of refunds) {
      const lineId = refund.metadata?.orderId;
      if (lineId) byLine.set(lineId, (byLine.get(lineId) ?? 0) + refund.amount);
      else if (refund.metadata?.why !== GIVE_BACK) unnamed += refund.amount;
    }
    let attributed = false;
    const refunded = await this.db.transaction(async (tx) => {
      let count = 0;
      for (const headerId of headerIds) {
        const locked = await lockHeaderLines(tx, headerId);
        const paidByIt = (locked?.lines ?? []).filter((line) => line.transactionId === intentId);
        const onlyLine = paidByIt.length === 1 ? paidByIt[0] : null;
        for (const line of paidByIt) {
          if (line.status !== OrderStatus.PAID) continue;
          const own = (byLine.get(line.databaseId) ?? 0) + (line === onlyLine ? unnamed : 0);
          if (line === onlyLine) attributed = true;
          if (refundedInFull || own >= line.totalCents) {
            await recordRefund(tx, line, PAYMENT_PROVIDER);
            await this.effects.refunded(tx, line);
            count++;
          } else if (own > line.refundedCents) {
            await notePartialRefund(tx, line.databaseId, own);
            await this.effects.partlyRefunded(tx, line, own);
          }
        }
      }
      return count;
    });
    if (refunded) this.counters.ordersRefunded(refunded);
    if (unnamed > 0 && !refundedInFull && !attributed) {
      logOf(this.log).warn(
        { paymentIntent: intentId, unnamedRefundCents: unnamed },
        "Part of a checkout's payment was refunded at Stripe without naming an order; refund orders from Manage All Orders so that their stock goes back",
      );
    }
  }

  private async notePaymentFailure(intent: Stripe.PaymentIntent): Promise<void> {
    const headerId = await this.headerIdOf(intent);
    if (!headerId) return;
    const message = intent.last_payment_error?.message ?? "The payment failed";
    await this.db.transaction((tx) => notePaymentError(tx, headerId, message));
  }

  /** A dispute (chargeback) of a payment: its status shows on the lines it paid; its opening is in the history and the log. */
  private async followDispute(dispute: Stripe.Dispute, opened: boolean): Promise<void> {
    const intentId = idOf(dispute.payment_intent);
    if (!intentId) return;
    const headerIds = await headerIdsPaidBy(this.db.manager, intentId);
    await this.db.transaction(async (tx) => {
      const lines: Order[] = [];
      for (const headerId of headerIds) {
        const locked = await lockHeaderLines(tx, headerId);
        lines.push(...(locked?.lines ?? []).filter((line) => line.transactionId === intentId));
      }
      for (const line of lines) {
        await noteDispute(tx, line.databaseId, dispute.status);
        await recordAudit(tx, PAYMENT_PROVIDER, {
          action: AuditAction.ORDER_DISPUTED,
          entityType: AuditEntityType.ORDER,
          entityId: line.databaseId,
          before: { ...orderSnapshot(line), dispute: line.disputeStatus },
          after: {
            ...orderSnapshot(line),
            dispute: dispute.status,
            reason: dispute.reason,
            amount: formatDollars(dispute.amount),
          },
        });
      }
      if (opened && lines.length) {
        this.counters.paymentAnomaly("dispute");
        logOf(this.log).warn(
          {
            orderIds: lines.map((line) => line.databaseId),
            paymentIntent: intentId,
            dispute: dispute.id,
            reason: dispute.reason,
          },
          "A customer disputed a payment",
        );
      }
    });
  }

  /** An order's header with its lines; it exists (its line or checkout was just read). */
  private async headerOf(headerId: string): Promise<Checkout> {
    const header = await readHeader(this.db.manager, headerId);
    if (!header) throw notFound("Order");
    return header;
  }

  private async ownLine(actor: Actor, lineId: string): Promise<Order> {
    const caller = authorize(actor, "USER");
    const databaseId = databaseIdOf(lineId);
    const line = databaseId ? await this.db.getRepository(Order).findOneBy({ databaseId }) : null;
    // Someone else's order is answered exactly like a missing one.
    if (!line || line.userId !== caller.databaseId) throw notFound("Order");
    return line;
  }

  private async ownCheckout(actor: Actor, checkoutId: string): Promise<Checkout> {
    const caller = authorize(actor, "USER");
    const databaseId = databaseIdOf(checkoutId);
    const header = databaseId ? await readHeader(this.db.manager, databaseId) : null;
    // Someone else's checkout is answered exactly like a missing one.
    if (!header || header.source !== OrderSource.CHECKOUT || header.userId !== caller.databaseId)
      throw notFound("Checkout");
    return header;
  }
}

/** What the card statement and Stripe's dashboard say a payment is for. */
function describePayment(lines: readonly Order[]): string {
  if (lines.length === 1) return `Partshop order #${lines[0].number}: ${lines[0].quantity} x ${lines[0].partName}`;
  return `Partshop orders ${lines.map((line) => `#${line.number}`).join(", ")}`.slice(0, 1000);
}

/** A payment names its order by the header's id; a reservation's also by its line's, which is the same. */
function paymentMetadata(header: Checkout): Record<string, string> {
  return header.source === OrderSource.RESERVATION
    ? { checkoutId: header.databaseId, orderId: header.databaseId }
    : { checkoutId: header.databaseId };
}

/** The lines a payment holds money for but did not pay, latest cancelled first, up to `owed`. */
function notKept(lines: readonly Order[], intentId: string, owed: number): Order[] {
  const candidates = lines
    .filter((line) => line.transactionId !== intentId && line.status !== OrderStatus.UNPAID)
    .sort(
      (a, b) =>
        (b.cancelledAt ?? b.paidAt ?? b.createdAt).getTime() - (a.cancelledAt ?? a.paidAt ?? a.createdAt).getTime(),
    );
  const taken: Order[] = [];
  let accounted = 0;
  for (const line of candidates) {
    if (accounted >= owed) break;
    taken.push(line);
    accounted += line.totalCents;
  }
  return taken;
}
