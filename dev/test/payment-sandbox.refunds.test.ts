/**
 * Money going back or never taken, through the real stripe SDK: refunds (full, partial, refused as
 * Stripe refuses them), cancelling only what has not been paid, and how a failed payment reads.
 */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { client, rejection, sandboxWithWebhooks, withCard } from "./support/sandbox-client";

const SECRET_KEY = "sk_test_partshop_refunds";
const PUBLISHABLE_KEY = "pk_test_partshop_refunds";
const WEBHOOK_SECRET = "whsec_partshop_refunds";

describe("payment sandbox refunds, cancellations and failed payments", () => {
  const suite = sandboxWithWebhooks({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
  });
  const { receiver } = suite;

  const paidIntent = (amount = 12_999) =>
    suite.stripe.paymentIntents.create({
      amount,
      currency: "eur",
      metadata: { orderId: "order-refund" },
      confirm: true,
      payment_method: "pm_card_visa",
    });

  describe("refunds", () => {
    it("refunds a paid intent in full by default, and its charge says it is refunded", async () => {
      const intent = await paidIntent();
      const refund = await suite.stripe.refunds.create(
        { payment_intent: intent.id, reason: "requested_by_customer", metadata: { orderId: "order-refund" } },
        { idempotencyKey: `refund-${intent.id}` },
      );
      expect(refund).toMatchObject({
        object: "refund",
        amount: 12_999,
        currency: "eur",
        charge: intent.latest_charge,
        payment_intent: intent.id,
        payment_method: intent.payment_method,
        reason: "requested_by_customer",
        metadata: { orderId: "order-refund" },
        status: "succeeded",
        balance_transaction: null,
        destination_details: { type: "card" },
      });
      expect(refund.id).toMatch(/^re_\w+$/);
      expect(await suite.stripe.refunds.retrieve(refund.id)).toEqual(refund);

      const after = await suite.stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] });
      expect(after.status).toBe("succeeded");
      expect(after.latest_charge).toMatchObject({
        id: intent.latest_charge,
        amount: 12_999,
        amount_refunded: 12_999,
        refunded: true,
      });
    });

    it("posts signed charge.refunded (the charge) and refund.created (the refund) events", async () => {
      const intent = await paidIntent();
      const refund = await suite.stripe.refunds.create({ payment_intent: intent.id });

      const refunded = await receiver.signedEvent(
        suite.stripe,
        "charge.refunded",
        intent.latest_charge as string,
        WEBHOOK_SECRET,
      );
      expect(refunded.data.object).toMatchObject({
        object: "charge",
        payment_intent: intent.id,
        amount_refunded: 12_999,
        refunded: true,
      });
      expect(refunded.data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });
      expect(refunded.request).toMatchObject({ id: expect.stringMatching(/^req_/) });

      const created = await receiver.signedEvent(suite.stripe, "refund.created", refund.id, WEBHOOK_SECRET);
      expect(created.data.object).toMatchObject({
        object: "refund",
        amount: 12_999,
        charge: intent.latest_charge,
        status: "succeeded",
      });
    });

    it("refunds part of a charge, then what is left, and refuses more than is left", async () => {
      const intent = await paidIntent();
      const charge = intent.latest_charge as string;
      const part = await suite.stripe.refunds.create({ charge, amount: 5000 });
      expect(part).toMatchObject({ amount: 5000, charge, payment_intent: intent.id });
      expect(await suite.stripe.charges.retrieve(charge)).toMatchObject({ amount_refunded: 5000, refunded: false });

      const tooMuch = await rejection(suite.stripe.refunds.create({ payment_intent: intent.id, amount: 9000 }));
      expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(tooMuch).toMatchObject({ statusCode: 400, code: "amount_too_large", param: "amount" });
      expect(tooMuch.message).toBe("Refund amount (€90.00) is greater than unrefunded amount on charge (€79.99)");

      const rest = await suite.stripe.refunds.create({ payment_intent: intent.id });
      expect(rest.amount).toBe(7999);
      expect(await suite.stripe.charges.retrieve(charge)).toMatchObject({ amount_refunded: 12_999, refunded: true });

      const again = await rejection(suite.stripe.refunds.create({ payment_intent: intent.id }));
      expect(again).toMatchObject({
        statusCode: 400,
        type: "StripeInvalidRequestError",
        code: "charge_already_refunded",
      });
      expect(again.message).toBe(`Charge ${charge} has already been refunded.`);
    });

    it("refuses a first refund larger than the charge, naming the charge amount", async () => {
      const intent = await paidIntent(1000);
      const error = await rejection(suite.stripe.refunds.create({ payment_intent: intent.id, amount: 1001 }));
      expect(error).toMatchObject({ statusCode: 400, code: "amount_too_large", param: "amount" });
      expect(error.message).toBe("Refund amount (€10.01) is greater than charge amount (€10.00)");
      expect((await suite.stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(0);
    });

    it("refuses to refund a PaymentIntent that has not succeeded, or a failed charge", async () => {
      const unpaid = await suite.stripe.paymentIntents.create({ amount: 2000, currency: "eur" });
      const error = await rejection(suite.stripe.refunds.create({ payment_intent: unpaid.id }));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400 });
      expect(error.message).toBe(`This PaymentIntent (${unpaid.id}) does not have a successful charge to refund.`);

      const declined = await suite.stripe.paymentIntents.create({ amount: 2000, currency: "eur" });
      const decline = await rejection(
        suite.stripe.paymentIntents.confirm(declined.id, { payment_method: "pm_card_chargeDeclined" }),
      );
      const byCharge = await rejection(suite.stripe.refunds.create({ charge: decline.charge as string }));
      expect(byCharge.message).toBe(`This PaymentIntent (${declined.id}) does not have a successful charge to refund.`);
      const byIntent = await rejection(suite.stripe.refunds.create({ payment_intent: declined.id }));
      expect(byIntent.message).toBe(`This PaymentIntent (${declined.id}) does not have a successful charge to refund.`);
    });

    it("names the parameter at fault and refunds nothing", async () => {
      const intent = await paidIntent();
      const nothing = await rejection(suite.stripe.refunds.create({}));
      expect(nothing).toMatchObject({ statusCode: 400, code: "parameter_missing" });
      const unknownIntent = await rejection(suite.stripe.refunds.create({ payment_intent: "pi_missing" }));
      expect(unknownIntent).toMatchObject({
        statusCode: 400,
        code: "resource_missing",
        param: "payment_intent",
        message: "No such payment_intent: 'pi_missing'",
      });
      const unknownCharge = await rejection(suite.stripe.refunds.create({ charge: "ch_missing" }));
      expect(unknownCharge).toMatchObject({ statusCode: 400, code: "resource_missing", param: "charge" });
      const both = await rejection(
        suite.stripe.refunds.create({ payment_intent: intent.id, charge: intent.latest_charge as string }),
      );
      expect(both).toMatchObject({ statusCode: 400, code: "parameters_exclusive" });
      const reason = await rejection(
        suite.stripe.refunds.create({ payment_intent: intent.id, reason: "changed_my_mind" }),
      );
      expect(reason).toMatchObject({ statusCode: 400, param: "reason" });
      const zero = await rejection(suite.stripe.refunds.create({ payment_intent: intent.id, amount: 0 }));
      expect(zero).toMatchObject({ statusCode: 400, code: "parameter_invalid_integer", param: "amount" });
      const unknown = await rejection(
        suite.stripe.refunds.create({ payment_intent: intent.id, colour: "red" } as Stripe.RefundCreateParams),
      );
      expect(unknown).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "colour" });

      expect((await suite.stripe.refunds.list({ payment_intent: intent.id })).data).toEqual([]);
      expect((await suite.stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(0);
    });

    it("replays a refund sent again with the same idempotency key instead of refunding twice", async () => {
      const intent = await paidIntent();
      const key = `refund-twice-${intent.id}`;
      const first = await suite.stripe.refunds.create(
        { payment_intent: intent.id, amount: 1000 },
        { idempotencyKey: key },
      );
      const second = await suite.stripe.refunds.create(
        { payment_intent: intent.id, amount: 1000 },
        { idempotencyKey: key },
      );
      expect(second.id).toBe(first.id);
      expect(second.lastResponse.headers["idempotent-replayed"]).toBe("true");
      expect((await suite.stripe.charges.retrieve(intent.latest_charge as string)).amount_refunded).toBe(1000);
    });

    it("lists a PaymentIntent's refunds newest first, by intent or by charge, and shows them on the charge", async () => {
      const intent = await paidIntent();
      const first = await suite.stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
      const second = await suite.stripe.refunds.create({ payment_intent: intent.id, amount: 2000 });
      await suite.stripe.refunds.create({ payment_intent: (await paidIntent()).id });

      const byIntent = await suite.stripe.refunds.list({ payment_intent: intent.id });
      expect(byIntent).toMatchObject({ object: "list", url: "/v1/refunds", has_more: false });
      expect(byIntent.data.map((refund) => refund.id)).toEqual([second.id, first.id]);
      const byCharge = await suite.stripe.refunds.list({ charge: intent.latest_charge as string, limit: 1 });
      expect(byCharge.data.map((refund) => refund.id)).toEqual([second.id]);
      expect(byCharge.has_more).toBe(true);

      const charge = await suite.stripe.charges.retrieve(intent.latest_charge as string, { expand: ["refunds"] });
      expect(charge.refunds?.data.map((refund) => refund.id)).toEqual([second.id, first.id]);

      const missing = await rejection(suite.stripe.refunds.list({ payment_intent: "pi_missing" }));
      expect(missing).toMatchObject({ statusCode: 400, code: "resource_missing", param: "payment_intent" });
    });

    it("updates a refund's metadata, and only that", async () => {
      const refund = await suite.stripe.refunds.create({
        payment_intent: (await paidIntent()).id,
        metadata: { orderId: "order-9" },
      });
      const updated = await suite.stripe.refunds.update(refund.id, { metadata: { auditId: "a-1" } });
      expect(updated.metadata).toEqual({ orderId: "order-9", auditId: "a-1" });
      const error = await rejection(suite.stripe.refunds.update(refund.id, { amount: 1 } as Stripe.RefundUpdateParams));
      expect(error).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "amount" });
      const missing = await rejection(suite.stripe.refunds.retrieve("re_missing"));
      expect(missing).toMatchObject({
        statusCode: 404,
        code: "resource_missing",
        message: "No such refund: 're_missing'",
      });
    });

    it("refuses refunds to the publishable key", async () => {
      const intent = await paidIntent();
      const error = await rejection(
        client(suite.sandbox, PUBLISHABLE_KEY).refunds.create({ payment_intent: intent.id }),
      );
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect((await suite.stripe.charges.retrieve(intent.latest_charge as string)).refunded).toBe(false);
    });
  });

  describe("cancelling", () => {
    const CANCELABLE = "requires_payment_method, requires_capture, requires_confirmation, requires_action, processing";

    it("refuses to cancel a PaymentIntent that has succeeded, with Stripe's message", async () => {
      const intent = await paidIntent();
      const error = await rejection(suite.stripe.paymentIntents.cancel(intent.id));
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
      expect(error.message).toBe(
        `You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE}.`,
      );
      expect(error.payment_intent).toMatchObject({ id: intent.id, status: "succeeded" });
      expect((await suite.stripe.paymentIntents.retrieve(intent.id)).status).toBe("succeeded");
    });

    it("cancels once with a signed payment_intent.canceled event, and refuses a second cancel", async () => {
      const intent = await suite.stripe.paymentIntents.create({ amount: 2000, currency: "eur" });
      const canceled = await suite.stripe.paymentIntents.cancel(intent.id, { cancellation_reason: "abandoned" });
      expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
      expect(canceled.canceled_at).toEqual(expect.any(Number));

      const event = await receiver.signedEvent(suite.stripe, "payment_intent.canceled", intent.id, WEBHOOK_SECRET);
      expect(event.data.object).toMatchObject({ id: intent.id, status: "canceled", cancellation_reason: "abandoned" });

      const again = await rejection(suite.stripe.paymentIntents.cancel(intent.id));
      expect(again).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
      expect(again.message).toBe(
        `You cannot cancel this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE}.`,
      );
      expect(
        receiver
          .events()
          .filter(
            (delivered) => delivered.type === "payment_intent.canceled" && delivered.data.object.id === intent.id,
          ),
      ).toHaveLength(1);
    });
  });

  describe("failed payments", () => {
    it("a declined payment's event and the intent after it read as Stripe's", async () => {
      const intent = await suite.stripe.paymentIntents.create({
        amount: 4500,
        currency: "eur",
        metadata: { orderId: "order-declined" },
      });
      const decline = await rejection(
        suite.stripe.paymentIntents.confirm(intent.id, withCard({ number: "4000000000009995" })),
      );
      expect(decline).toBeInstanceOf(Stripe.errors.StripeCardError);

      const event = await receiver.signedEvent(
        suite.stripe,
        "payment_intent.payment_failed",
        intent.id,
        WEBHOOK_SECRET,
      );
      const failed = event.data.object as Stripe.PaymentIntent;
      expect(failed).toMatchObject({
        status: "requires_payment_method",
        payment_method: null,
        latest_charge: decline.charge,
        amount_received: 0,
        metadata: { orderId: "order-declined" },
        last_payment_error: {
          type: "card_error",
          code: "card_declined",
          decline_code: "insufficient_funds",
          message: "Your card has insufficient funds.",
          charge: decline.charge,
          doc_url: "https://stripe.com/docs/error-codes/card-declined",
          payment_method: { object: "payment_method", type: "card", card: { last4: "9995" } },
        },
      });

      const after = await suite.stripe.paymentIntents.retrieve(intent.id);
      expect(after.last_payment_error).toEqual(failed.last_payment_error);
      expect(after.status).toBe("requires_payment_method");
      const charge = await suite.stripe.charges.retrieve(decline.charge as string);
      expect(charge).toMatchObject({
        status: "failed",
        paid: false,
        failure_code: "card_declined",
        payment_intent: intent.id,
      });
    });
  });
});
