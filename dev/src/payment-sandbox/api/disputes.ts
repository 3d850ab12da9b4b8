import type { DisputeScenario } from "../cards";
import { invalidRequest, resourceMissing } from "../errors";
import { booleanParam, objectParam, rejectUnknown, stringParam, type FormObject } from "../form";
import { newId, nowSeconds } from "../ids";
import type { Charge, Dispute, DisputeEvidence, DisputeStatus } from "../types";
import { findCharge, renderCharge } from "./charges";
import { clone, requireSecretKey, type Api, type RequestContext } from "./context";
import { emitEvent } from "./events";
import { answerList } from "./list";
import { expandFields, readExpand } from "./params/expand";
import { applyMetadata } from "./params/metadata";
import { expandedIntent } from "./payment-intents/render";

/** How each dispute test card's dispute reads (the test cards are Visa: Visa's reason codes). */
const SCENARIOS: Record<DisputeScenario, { reason: string; networkReasonCode: string }> = {
  fraudulent: { reason: "fraudulent", networkReasonCode: "10.4" },
  product_not_received: { reason: "product_not_received", networkReasonCode: "13.1" },
};

/** Evidence given as text, and evidence given as the id of a file upload (which the sandbox has none of). */
const TEXT_EVIDENCE = [
  "access_activity_log",
  "billing_address",
  "cancellation_policy_disclosure",
  "cancellation_rebuttal",
  "customer_email_address",
  "customer_name",
  "customer_purchase_ip",
  "duplicate_charge_explanation",
  "duplicate_charge_id",
  "product_description",
  "refund_policy_disclosure",
  "refund_refusal_explanation",
  "service_date",
  "shipping_address",
  "shipping_carrier",
  "shipping_date",
  "shipping_tracking_number",
  "uncategorized_text",
];
const FILE_EVIDENCE = [
  "cancellation_policy",
  "customer_communication",
  "customer_signature",
  "duplicate_charge_documentation",
  "receipt",
  "refund_policy",
  "service_documentation",
  "shipping_documentation",
  "uncategorized_file",
];
const MAX_EVIDENCE_FIELD = 20_000;
const MAX_EVIDENCE_TOTAL = 150_000;
/** Stripe's test mode: this `uncategorized_text`, submitted, decides the dispute at once. */
const DECIDING_EVIDENCE: Record<string, DisputeStatus> = { winning_evidence: "won", losing_evidence: "lost" };
const RESPONDABLE: readonly DisputeStatus[] = ["needs_response"];
const EVIDENCE_DAYS = 7;

/**
 * A dispute test card was charged: the cardholder disputes the payment straight away, Stripe takes the
 * money back (`charge.dispute.funds_withdrawn`) and the dispute awaits the shop's response.
 */
export function openDispute(api: Api, charge: Charge, scenario: DisputeScenario, ctx: RequestContext): void {
  const { reason, networkReasonCode } = SCENARIOS[scenario];
  const created = nowSeconds();
  const brand = charge.payment_method_details.card.brand;
  const dispute: Dispute = {
    id: newId("dp"),
    object: "dispute",
    amount: charge.amount,
    balance_transactions: [],
    charge: charge.id,
    created,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: emptyEvidence(),
    evidence_details: {
      due_by: created + EVIDENCE_DAYS * 24 * 60 * 60,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: "not_submitted",
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    network_reason_code: networkReasonCode,
    payment_intent: charge.payment_intent,
    payment_method_details: {
      card: { brand, case_type: "chargeback", network: brand, network_reason_code: networkReasonCode },
      type: "card",
    },
    reason,
    status: "needs_response",
  };
  api.state.disputes[dispute.id] = dispute;
  charge.disputed = true;
  ctx.dirty = true;
  emitEvent(api, "charge.dispute.created", dispute, ctx, { unprompted: true });
  emitEvent(api, "charge.dispute.funds_withdrawn", dispute, ctx, { unprompted: true });
}

/** GET /v1/disputes/:id */
export function retrieveDispute(api: Api, id: string, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, ["expand"]);
  return renderDispute(api, findDispute(api, id), ctx, readExpand(params));
}

/** GET /v1/disputes: newest first, by `charge`, `payment_intent` and `created`. */
export function listDisputes(api: Api, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  return answerList(Object.values(api.state.disputes), params, {
    kind: "dispute",
    url: "/v1/disputes",
    filters: ["charge", "payment_intent"],
    render: (dispute, expand) => renderDispute(api, dispute, ctx, expand),
  });
}

/**
 * POST /v1/disputes/:id: stages evidence, and submits it unless `submit=false`. As in Stripe's test
 * mode, submitting `uncategorized_text` "winning_evidence" wins the dispute and "losing_evidence" loses
 * it (`charge.dispute.closed`); other evidence puts it under review (`charge.dispute.updated`).
 */
export function updateDispute(api: Api, id: string, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, ["evidence", "metadata", "submit", "intended_submission_method", "expand"]);
  const dispute = findDispute(api, id);
  const evidence = readEvidence(objectParam(params, "evidence"));
  const submitParam = booleanParam(params, "submit");
  const submitting = submitParam ?? evidence !== undefined;
  const intended = readIntendedSubmissionMethod(params);
  const metadata = applyMetadata({ ...dispute.metadata }, objectParam(params, "metadata"));
  const expand = readExpand(params);
  if ((evidence !== undefined || submitting) && !RESPONDABLE.includes(dispute.status)) {
    throw invalidRequest(
      `This dispute has a status of ${dispute.status}: its evidence can no longer be changed or submitted.`,
      {
        param: evidence !== undefined ? "evidence" : "submit",
      },
    );
  }

  const before = clone(dispute);
  dispute.metadata = metadata;
  if (intended !== undefined) dispute.intended_submission_method = intended;
  if (evidence !== undefined) stageEvidence(dispute, evidence);
  if (submitting) submitEvidence(dispute);
  const previous = changedFields(before, dispute);
  if (Object.keys(previous).length > 0) {
    ctx.dirty = true;
    announceChange(api, dispute, previous, ctx);
  }
  return renderDispute(api, dispute, ctx, expand);
}

/** POST /v1/disputes/:id/close: the shop accepts the dispute, which is then lost. */
export function closeDispute(api: Api, id: string, params: FormObject, ctx: RequestContext): unknown {
  requireSecretKey(ctx);
  rejectUnknown(params, ["expand"]);
  const dispute = findDispute(api, id);
  const expand = readExpand(params);
  if (!RESPONDABLE.includes(dispute.status)) {
    throw invalidRequest(
      `This dispute cannot be closed because it has a status of ${dispute.status}. Only a dispute that needs a response can be closed.`,
    );
  }
  const previous = { status: dispute.status };
  dispute.status = "lost";
  ctx.dirty = true;
  announceChange(api, dispute, previous, ctx);
  return renderDispute(api, dispute, ctx, expand);
}

function findDispute(api: Api, id: string): Dispute {
  const dispute = api.state.disputes[id];
  if (!dispute) throw resourceMissing("dispute", id, "dispute");
  return dispute;
}

/** Every field null, in Stripe's (alphabetical) order. */
function emptyEvidence(): DisputeEvidence {
  const evidence: DisputeEvidence = {};
  for (const field of [...TEXT_EVIDENCE, ...FILE_EVIDENCE, "enhanced_evidence"].sort()) evidence[field] = null;
  evidence.enhanced_evidence = {};
  return evidence;
}

/** The evidence fields sent, checked; undefined when none were. */
function readEvidence(value: FormObject | "" | undefined): Record<string, string> | undefined {
  if (value === undefined || value === "") return undefined;
  rejectUnknown(value, [...TEXT_EVIDENCE, ...FILE_EVIDENCE], "evidence");
  const evidence: Record<string, string> = {};
  let total = 0;
  for (const field of Object.keys(value)) {
    const text = stringParam(value, field, "evidence") ?? "";
    if (FILE_EVIDENCE.includes(field) && text !== "") {
      throw invalidRequest(`No such file upload: '${text}'`, { code: "resource_missing", param: `evidence[${field}]` });
    }
    if (text.length > MAX_EVIDENCE_FIELD) {
      throw invalidRequest(`evidence[${field}] can have at most ${MAX_EVIDENCE_FIELD} characters.`, {
        param: `evidence[${field}]`,
      });
    }
    total += text.length;
    evidence[field] = text;
  }
  if (total > MAX_EVIDENCE_TOTAL) {
    throw invalidRequest(`The evidence fields can have at most ${MAX_EVIDENCE_TOTAL} characters together.`, {
      param: "evidence",
    });
  }
  return evidence;
}

function readIntendedSubmissionMethod(params: FormObject): string | undefined {
  const method = stringParam(params, "intended_submission_method");
  const allowed = ["manual", "prefer_manual", "prefer_smart_disputes", "smart_disputes"];
  if (method !== undefined && !allowed.includes(method)) {
    throw invalidRequest(`Invalid intended_submission_method: must be one of ${allowed.join(", ")}`, {
      param: "intended_submission_method",
    });
  }
  return method;
}

/** Sent fields replace the staged ones; an empty value clears a field. */
function stageEvidence(dispute: Dispute, evidence: Record<string, string>): void {
  for (const [field, text] of Object.entries(evidence)) dispute.evidence[field] = text || null;
  dispute.evidence_details.has_evidence = [...TEXT_EVIDENCE, ...FILE_EVIDENCE].some(
    (field) => dispute.evidence[field] !== null,
  );
}

function submitEvidence(dispute: Dispute): void {
  dispute.evidence_details.submission_count += 1;
  dispute.evidence_details.submission_method = "manual";
  const text = dispute.evidence.uncategorized_text;
  dispute.status = (typeof text === "string" && DECIDING_EVIDENCE[text]) || "under_review";
}

/** The top-level fields that differ, with their values before: an event's `previous_attributes`. */
function changedFields(before: Dispute, after: Dispute): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(before) as (keyof Dispute)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  return previous;
}

/** A decided dispute is closed (a won one also gives the money back); any other change is an update. */
function announceChange(api: Api, dispute: Dispute, previous: Record<string, unknown>, ctx: RequestContext): void {
  const closed = dispute.status === "won" || dispute.status === "lost";
  if (closed && previous.status !== undefined) {
    emitEvent(api, "charge.dispute.closed", dispute, ctx, { previousAttributes: previous });
    if (dispute.status === "won") emitEvent(api, "charge.dispute.funds_reinstated", dispute, ctx);
  } else {
    emitEvent(api, "charge.dispute.updated", dispute, ctx, { previousAttributes: previous });
  }
}

function renderDispute(api: Api, dispute: Dispute, ctx: RequestContext, expand: string[]): Record<string, unknown> {
  return expandFields({ ...clone(dispute) }, expand, {
    charge: () => renderCharge(api, findCharge(api, dispute.charge, "charge"), ctx, []),
    payment_intent: () => expandedIntent(api, dispute.payment_intent, ctx),
  });
}
