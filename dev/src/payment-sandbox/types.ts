import type { CardDetails, CardOutcome, DisputeScenario } from "./cards";

/** The subset of Stripe's API objects the sandbox serves, shaped like the real ones. */

export type PaymentIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded";

export interface Address {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface BillingDetails {
  address: Address;
  email: string | null;
  name: string | null;
  phone: string | null;
  tax_id: string | null;
}

export interface PaymentMethod {
  id: string;
  object: "payment_method";
  allow_redisplay: string;
  billing_details: BillingDetails;
  card: CardDetails;
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
  type: "card";
}

export interface LastPaymentError {
  type: "card_error";
  code: string;
  decline_code: string;
  doc_url: string;
  message: string;
  param?: string;
  charge?: string;
  payment_method: PaymentMethod | null;
}

export interface Shipping {
  address: Address;
  carrier: string | null;
  name: string | null;
  phone: string | null;
  tracking_number: string | null;
}

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  /** The list given with `allowed_payment_method_types` (newer API versions' name for payment_method_types). */
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_details: { tip: Record<string, never> };
  amount_received: number;
  application: null;
  application_fee_amount: number | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: string;
  client_secret: string;
  confirmation_method: string;
  created: number;
  currency: string;
  customer: string | null;
  customer_account: string | null;
  description: string | null;
  excluded_payment_method_types: string[] | null;
  last_payment_error: LastPaymentError | null;
  latest_charge: string | null;
  livemode: false;
  managed_payments: null;
  metadata: Record<string, string>;
  next_action: null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: Record<string, unknown>;
  payment_method_types: string[];
  payment_record: null;
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: string | null;
  shipping: Shipping | null;
  source: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
  status: PaymentIntentStatus;
  transfer_data: null;
  transfer_group: string | null;
}

export interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: null;
  billing_details: BillingDetails;
  calculated_statement_descriptor: string;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: boolean;
  failure_code: string | null;
  failure_message: string | null;
  fraud_details: Record<string, never>;
  livemode: false;
  metadata: Record<string, string>;
  outcome: {
    network_status: string;
    reason: string | null;
    risk_level: string;
    seller_message: string;
    type: string;
  };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { card: CardDetails; type: "card" };
  receipt_email: string | null;
  receipt_url: null;
  refunded: boolean;
  status: "succeeded" | "failed";
}

export interface Refund {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  customer: string | null;
  customer_account: null;
  destination_details: { card: { reference_status: string; reference_type: string; type: string }; type: "card" };
  metadata: Record<string, string>;
  payment_intent: string;
  payment_method: string;
  reason: RefundReason | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: "succeeded";
  transfer_reversal: null;
}

export type RefundReason = "duplicate" | "fraudulent" | "requested_by_customer";

export type DisputeStatus = "needs_response" | "under_review" | "won" | "lost";

/** The evidence Stripe keeps on a dispute: every field null until given, and `enhanced_evidence` ({} in the sandbox). */
export type DisputeEvidence = Record<string, string | null | Record<string, never>>;

export interface Dispute {
  id: string;
  object: "dispute";
  amount: number;
  balance_transactions: never[];
  charge: string;
  created: number;
  currency: string;
  enhanced_eligibility_types: string[];
  evidence: DisputeEvidence;
  evidence_details: {
    due_by: number | null;
    enhanced_eligibility: Record<string, never>;
    has_evidence: boolean;
    past_due: boolean;
    submission_count: number;
    submission_method: "manual" | "not_submitted";
  };
  intended_submission_method: string | null;
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Record<string, string>;
  network_reason_code: string;
  payment_intent: string;
  payment_method_details: {
    card: { brand: string; case_type: "chargeback"; network: string; network_reason_code: string };
    type: "card";
  };
  reason: string;
  status: DisputeStatus;
}

/** What an event can be about. */
export type EventObject = PaymentIntent | Charge | Refund | Dispute;

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  /** `previous_attributes`: on events about a change, the changed fields' values before it. */
  data: { object: EventObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface StoredPaymentMethod {
  paymentMethod: PaymentMethod;
  /** What charging this card does (a test card's behaviour); never the card number. */
  outcome: CardOutcome;
  /** A dispute test card: the payment succeeds, then the cardholder disputes it (absent in older state files). */
  dispute?: DisputeScenario;
}

export interface IdempotencyRecord {
  endpoint: string;
  paramsHash: string;
  status: number;
  body: string;
  requestId: string;
  createdAt: number;
}

export interface SandboxState {
  version: 1;
  paymentIntents: Record<string, PaymentIntent>;
  /** Stripe-Version the intent was created with: events about it are rendered with it. */
  intentApiVersions: Record<string, string>;
  paymentMethods: Record<string, StoredPaymentMethod>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  disputes: Record<string, Dispute>;
  /** Most recent events, oldest first. */
  events: StripeEvent[];
  /** Keyed by "<secret|publishable>:<Idempotency-Key>". */
  idempotency: Record<string, IdempotencyRecord>;
}

export function emptyState(): SandboxState {
  return {
    version: 1,
    paymentIntents: {},
    intentApiVersions: {},
    paymentMethods: {},
    charges: {},
    refunds: {},
    disputes: {},
    events: [],
    idempotency: {},
  };
}
