/**
 * Disputes through the real stripe SDK: Stripe's dispute test cards pay and are then disputed at once;
 * evidence, submission and acceptance decide them as Stripe's test mode does.
 */
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { rejection, sandboxWithWebhooks, withCard } from "./support/sandbox-client";

const SECRET_KEY = "sk_test_partshop_disputes";
const PUBLISHABLE_KEY = "pk_test_partshop_disputes";
const WEBHOOK_SECRET = "whsec_partshop_disputes";

describe("payment sandbox disputes", () => {
  const suite = sandboxWithWebhooks({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
  });
  const { receiver } = suite;

  /** Pays with a dispute test card and returns the paid intent and the dispute that followed. */
  const disputedPayment = async (payment: Stripe.PaymentIntentConfirmParams) => {
    const intent = await suite.stripe.paymentIntents.create({
      amount: 8000,
      currency: "usd",
      metadata: { orderId: "order-disputed" },
    });
    const paid = await suite.stripe.paymentIntents.confirm(intent.id, payment);
    const disputes = await suite.stripe.disputes.list({ payment_intent: intent.id });
    expect(disputes.data).toHaveLength(1);
    return { paid, dispute: disputes.data[0] };
  };

  it("the 0259 card pays, then the payment is disputed as fraudulent and the charge is marked disputed", async () => {
    const { paid, dispute } = await disputedPayment(withCard({ number: "4000000000000259" }));
    expect(paid.status).toBe("succeeded");
    expect(dispute).toMatchObject({
      object: "dispute",
      amount: 8000,
      currency: "usd",
      charge: paid.latest_charge,
      payment_intent: paid.id,
      reason: "fraudulent",
      status: "needs_response",
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      evidence: { uncategorized_text: null, customer_name: null, receipt: null },
      evidence_details: {
        has_evidence: false,
        past_due: false,
        submission_count: 0,
        submission_method: "not_submitted",
      },
      payment_method_details: { type: "card", card: { brand: "visa", case_type: "chargeback" } },
    });
    expect(dispute.id).toMatch(/^dp_\w+$/);
    expect(dispute.evidence_details.due_by).toBeGreaterThan(dispute.created);
    expect(await suite.stripe.disputes.retrieve(dispute.id)).toEqual(dispute);
    expect(await suite.stripe.charges.retrieve(paid.latest_charge as string)).toMatchObject({
      disputed: true,
      status: "succeeded",
      refunded: false,
    });
  });

  it("posts payment_intent.succeeded, then a signed charge.dispute.created carrying the dispute", async () => {
    const { paid, dispute } = await disputedPayment({ payment_method: "pm_card_createDispute" });
    const created = await receiver.signedEvent(suite.stripe, "charge.dispute.created", dispute.id, WEBHOOK_SECRET);
    expect(created.data.object).toMatchObject({
      id: dispute.id,
      object: "dispute",
      status: "needs_response",
      charge: paid.latest_charge,
    });
    // Stripe raised it on its own, not the request that paid.
    expect(created.request).toEqual({ id: null, idempotency_key: null });
    await receiver.signedEvent(suite.stripe, "charge.dispute.funds_withdrawn", dispute.id, WEBHOOK_SECRET);
    expect(receiver.indexOf("payment_intent.succeeded", paid.id)).toBeGreaterThanOrEqual(0);
    expect(receiver.indexOf("payment_intent.succeeded", paid.id)).toBeLessThan(
      receiver.indexOf("charge.dispute.created", dispute.id),
    );
  });

  it("the 2685 card is disputed as product not received", async () => {
    const { dispute } = await disputedPayment(withCard({ number: "4000 0000 0000 2685" }));
    expect(dispute).toMatchObject({ reason: "product_not_received", status: "needs_response" });
    const byTestMethod = await disputedPayment({ payment_method: "pm_card_createDisputeProductNotReceived" });
    expect(byTestMethod.dispute.reason).toBe("product_not_received");
  });

  it("a charged-back payment cannot be refunded", async () => {
    const { paid } = await disputedPayment({ payment_method: "pm_card_createDispute" });
    const error = await rejection(suite.stripe.refunds.create({ payment_intent: paid.id }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code: "charge_disputed" });
    expect(error.message).toBe(`Charge ${paid.latest_charge} has been charged back; cannot issue a refund.`);
  });

  it("submitting winning_evidence wins the dispute, closes it with charge.dispute.closed and freezes its evidence", async () => {
    const { paid, dispute } = await disputedPayment({ payment_method: "pm_card_createDispute" });
    const won = await suite.stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: "winning_evidence", customer_name: "Ada Lovelace" },
    });
    expect(won).toMatchObject({
      status: "won",
      evidence: { uncategorized_text: "winning_evidence", customer_name: "Ada Lovelace" },
      evidence_details: { has_evidence: true, submission_count: 1, submission_method: "manual" },
    });

    const closed = await receiver.signedEvent(suite.stripe, "charge.dispute.closed", dispute.id, WEBHOOK_SECRET);
    expect(closed.data.object).toMatchObject({ status: "won" });
    expect(closed.data.previous_attributes).toMatchObject({ status: "needs_response" });
    await receiver.signedEvent(suite.stripe, "charge.dispute.funds_reinstated", dispute.id, WEBHOOK_SECRET);

    const frozen = await rejection(
      suite.stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: "more" } }),
    );
    expect(frozen).toMatchObject({ statusCode: 400, param: "evidence" });
    // Metadata can still change on a closed dispute.
    expect((await suite.stripe.disputes.update(dispute.id, { metadata: { ticket: "T-1" } })).metadata).toEqual({
      ticket: "T-1",
    });
    // The money came back: the charge may be refunded again.
    expect((await suite.stripe.refunds.create({ payment_intent: paid.id })).status).toBe("succeeded");
  });

  it("submitting losing_evidence loses the dispute", async () => {
    const { dispute } = await disputedPayment({ payment_method: "pm_card_createDispute" });
    const lost = await suite.stripe.disputes.update(dispute.id, {
      evidence: { uncategorized_text: "losing_evidence" },
    });
    expect(lost.status).toBe("lost");
    const closed = await receiver.signedEvent(suite.stripe, "charge.dispute.closed", dispute.id, WEBHOOK_SECRET);
    expect(closed.data.object).toMatchObject({ status: "lost" });
  });

  it("staged evidence keeps the dispute awaiting a response; other submitted evidence puts it under review", async () => {
    const { dispute } = await disputedPayment({ payment_method: "pm_card_createDispute" });
    const staged = await suite.stripe.disputes.update(dispute.id, {
      evidence: { product_description: "ThinkPad T480 keyboard" },
      submit: false,
    });
    expect(staged).toMatchObject({
      status: "needs_response",
      evidence: { product_description: "ThinkPad T480 keyboard" },
      evidence_details: { has_evidence: true, submission_count: 0 },
    });
    const updated = await receiver.signedEvent(suite.stripe, "charge.dispute.updated", dispute.id, WEBHOOK_SECRET);
    expect(updated.data.previous_attributes).toMatchObject({ evidence: { product_description: null } });

    const submitted = await suite.stripe.disputes.update(dispute.id, {
      evidence: { shipping_tracking_number: "1Z999" },
    });
    expect(submitted).toMatchObject({
      status: "under_review",
      evidence: { product_description: "ThinkPad T480 keyboard", shipping_tracking_number: "1Z999" },
      evidence_details: { submission_count: 1 },
    });
    await receiver.waitFor(() =>
      receiver
        .events()
        .some((event) => event.type === "charge.dispute.updated" && event.data.object.status === "under_review"),
    );

    const close = await rejection(suite.stripe.disputes.close(dispute.id));
    expect(close).toMatchObject({ statusCode: 400, type: "StripeInvalidRequestError" });
    expect((await suite.stripe.disputes.retrieve(dispute.id)).status).toBe("under_review");
  });

  it("closing accepts the dispute, which is then lost, and cannot be closed again", async () => {
    const { dispute } = await disputedPayment({ payment_method: "pm_card_createDispute" });
    const accepted = await suite.stripe.disputes.close(dispute.id);
    expect(accepted.status).toBe("lost");
    const closed = await receiver.signedEvent(suite.stripe, "charge.dispute.closed", dispute.id, WEBHOOK_SECRET);
    expect(closed.data.object).toMatchObject({ status: "lost" });
    const again = await rejection(suite.stripe.disputes.close(dispute.id));
    expect(again).toMatchObject({ statusCode: 400 });
  });

  it("refuses evidence it cannot take, and changes nothing", async () => {
    const { dispute } = await disputedPayment({ payment_method: "pm_card_createDispute" });
    const file = await rejection(suite.stripe.disputes.update(dispute.id, { evidence: { receipt: "file_missing" } }));
    expect(file).toMatchObject({ statusCode: 400, code: "resource_missing", param: "evidence[receipt]" });
    const unknown = await rejection(
      suite.stripe.disputes.update(dispute.id, { evidence: { favourite_colour: "red" } } as Stripe.DisputeUpdateParams),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: "parameter_unknown", param: "evidence[favourite_colour]" });
    const long = await rejection(
      suite.stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: "x".repeat(20_001) } }),
    );
    expect(long).toMatchObject({ statusCode: 400, param: "evidence[uncategorized_text]" });
    expect(await suite.stripe.disputes.retrieve(dispute.id)).toEqual(dispute);
    const missing = await rejection(suite.stripe.disputes.retrieve("dp_missing"));
    expect(missing).toMatchObject({
      statusCode: 404,
      code: "resource_missing",
      message: "No such dispute: 'dp_missing'",
    });
  });

  it("lists disputes newest first, by charge, and expands their charge", async () => {
    const first = await disputedPayment({ payment_method: "pm_card_createDispute" });
    const second = await disputedPayment({ payment_method: "pm_card_createDispute" });
    const recent = await suite.stripe.disputes.list({ limit: 2 });
    expect(recent.data.map((dispute) => dispute.id)).toEqual([second.dispute.id, first.dispute.id]);
    const byCharge = await suite.stripe.disputes.list({
      charge: first.paid.latest_charge as string,
      expand: ["data.charge"],
    });
    expect(byCharge.data).toHaveLength(1);
    expect(byCharge.data[0].charge).toMatchObject({ object: "charge", id: first.paid.latest_charge, disputed: true });
  });

  it("other cards pay without any dispute", async () => {
    const intent = await suite.stripe.paymentIntents.create({
      amount: 8000,
      currency: "usd",
      confirm: true,
      payment_method: "pm_card_visa",
    });
    expect((await suite.stripe.disputes.list({ payment_intent: intent.id })).data).toEqual([]);
    expect((await suite.stripe.charges.retrieve(intent.latest_charge as string)).disputed).toBe(false);
  });
});
